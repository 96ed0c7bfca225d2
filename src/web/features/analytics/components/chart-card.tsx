import { lazy, Suspense, useId } from 'react';
import { nl } from '@contracts/messages';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { ChartPoint } from '../lib/chart-data';

const BookingsChart = lazy(() => import('./bookings-chart'));

/**
 * The chart is decorative for assistive technology (aria-hidden); the same numbers are in a
 * visually hidden table beside it.
 */
export function ChartCard({ title, points }: { title: string; points: readonly ChartPoint[] }) {
  const id = useId();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h3" id={`${id}-title`}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div aria-hidden="true" className="h-[260px]">
          <Suspense fallback={<Skeleton className="h-full w-full" />}>
            <BookingsChart points={points} />
          </Suspense>
        </div>
        <table className="sr-only" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{nl.analyticsUi.count}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.key}>
                <th scope="row">{p.fullLabel}</th>
                <td>{p.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
