/**
 * The recharts bar chart of the statistics page. Default-exported and only ever imported lazily, so
 * recharts lands in its own chunk that only this page loads.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { nl } from '@contracts/messages';
import type { ChartPoint } from '../lib/chart-data';

export default function BookingsChart({ points }: { points: readonly ChartPoint[] }) {
  const dense = points.length > 16;
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart
        data={points as ChartPoint[]}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={false}
          tickMargin={8}
          interval={dense ? 'preserveStartEnd' : 0}
          minTickGap={dense ? 12 : 4}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
        />
        <YAxis
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          width={40}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
        />
        <Tooltip
          cursor={{ fill: 'var(--color-muted)', opacity: 0.6 }}
          labelFormatter={(_, payload) => (payload?.[0]?.payload as ChartPoint | undefined)?.fullLabel ?? ''}
          formatter={(value) => [value, nl.analyticsUi.count]}
          contentStyle={{
            background: 'var(--color-popover)',
            border: '1px solid var(--color-border)',
            borderRadius: 8,
            color: 'var(--color-popover-foreground)',
            fontSize: 13,
          }}
          labelStyle={{ fontWeight: 600, marginBottom: 4 }}
        />
        <Bar
          dataKey="count"
          fill="var(--color-primary)"
          radius={[4, 4, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
