import { nl } from '@contracts/messages';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { fill } from '@web/lib/fill-message';

const t = nl.analyticsUi;

export interface RankedItem {
  key: string;
  label: string;
  count: number;
}

const countText = (count: number) => (count === 1 ? t.bookingsCountOne : fill(t.bookingsCount, { count }));

/** A short ranking (busiest days, hours, events) with proportional bars. */
export function RankedBars({
  title,
  items,
  limit = 5,
}: {
  title: string;
  items: readonly RankedItem[];
  limit?: number;
}) {
  const ranked = [...items]
    .filter((i) => i.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
  const max = Math.max(1, ...ranked.map((i) => i.count));
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {ranked.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noData}</p>
        ) : (
          <ol className="grid gap-3">
            {ranked.map((item) => (
              <li key={item.key} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="truncate font-medium">{item.label}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">{countText(item.count)}</span>
                </div>
                <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
                  <div
                    className="h-full rounded-full bg-primary"
                    style={{ width: `${(item.count / max) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
