import { useId, useMemo, useState } from 'react';
import { History } from 'lucide-react';
import { ACTIVITY_GROUPS, type ActivityEntryDto } from '@contracts/activity';
import { nl } from '@contracts/messages';
import { instantParts, formatShortDutchDate, WEEKDAYS_MONDAY_FIRST } from '@core/index';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useActivity, type ActivityFilters } from '../api/get-activity';

const t = nl.activity;

/** A before or after value as the owner reads it: yes/no, set/not set, lists joined. */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '')
    return key.endsWith('Set') ? t.notSet : t.empty_value;
  if (typeof value === 'boolean')
    return key.endsWith('Set') ||
      key === 'calendarFeed' ||
      key === 'googleCalendar' ||
      key === 'gmail' ||
      key === 'logo'
      ? value
        ? t.set
        : t.notSet
      : value
        ? t.yes
        : t.no;
  if (Array.isArray(value)) return value.map(String).join(', ') || t.empty_value;
  // An agenda's own week and its pauses (docs/PRODUCT.md#agenda-hours): per weekday, Monday first.
  if ((key === 'workingDays' || key === 'dailyPauseTimes') && typeof value === 'object')
    return weekText(key, value as Record<string, unknown>) || t.empty_value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** 'Maandag 09:00–17:00, Dinsdag …' or 'Maandag 12:00–12:30, …' for a week or its pauses. */
function weekText(key: string, value: Record<string, unknown>): string {
  return WEEKDAYS_MONDAY_FIRST.flatMap(({ key: day, label }) => {
    const entry = value[day];
    if (key === 'workingDays') {
      const d = entry as { enabled?: boolean; startTime?: string; endTime?: string } | undefined;
      return d?.enabled ? [`${label} ${d.startTime}–${d.endTime}`] : [];
    }
    const pauses = (entry ?? []) as Array<{ start: string; end: string }>;
    return pauses.map((p) => `${label} ${p.start}–${p.end}`);
  }).join(', ');
}

function changes(
  entry: ActivityEntryDto,
): Array<{ key: string; before: string | null; after: string | null }> {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) => ({
    key,
    before: entry.before && key in entry.before ? valueText(key, entry.before[key]) : null,
    after: entry.after && key in entry.after ? valueText(key, entry.after[key]) : null,
  }));
}

function whoText(entry: ActivityEntryDto) {
  if (entry.actor.kind === 'member') return entry.actor.name ?? t.actors.member;
  return t.actors[entry.actor.kind];
}

function EntryItem({ entry, timeZone }: { entry: ActivityEntryDto; timeZone: string }) {
  const { date, time } = instantParts(new Date(entry.at), timeZone);
  return (
    <li className="grid gap-1 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="text-sm font-medium">
          {t.kinds[entry.kind] ?? entry.kind}
          {entry.subjectName ? `: ${entry.subjectName}` : ''}
        </p>
        <time dateTime={entry.at} className="text-xs text-muted-foreground">
          {formatShortDutchDate(date)} {time}
        </time>
      </div>
      <p className="text-xs text-muted-foreground">{whoText(entry)}</p>
      {changes(entry).length > 0 && (
        <dl className="grid gap-0.5 text-xs">
          {changes(entry).map((c) => (
            <div key={c.key} className="flex flex-wrap gap-x-1">
              <dt className="font-medium">{t.fields[c.key] ?? c.key}:</dt>
              <dd className="break-all">
                {c.before !== null && c.after !== null ? `${c.before} → ${c.after}` : (c.after ?? c.before)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** Instellingen → 'Activiteit' (docs/PRODUCT.md#activity-log): who changed what when, with filters. */
export function ActivityCard({ timeZone }: { timeZone: string }) {
  const id = useId();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const query = useActivity(filters);
  const entries = useMemo(() => query.data?.pages.flatMap((p) => p.entries) ?? [], [query.data]);
  // The members the loaded entries name: the choice of "Wie" without another call.
  const [known, setKnown] = useState(new Map<string, string>());
  const seen = entries.filter((e) => e.actor.memberId && !known.has(e.actor.memberId));
  if (seen.length) {
    const next = new Map(known);
    for (const e of seen) next.set(e.actor.memberId!, e.actor.name ?? t.actors.member);
    setKnown(next);
  }
  const set = (key: keyof ActivityFilters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value || undefined }));
  const selectClass =
    'h-9 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

  return (
    <Card id="activiteit">
      <SettingsCardHeader icon={History} title={t.title} description={t.text} />
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-3 sm:grid-cols-4">
          <legend className="sr-only">{t.filters}</legend>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-member`}>{t.memberFilter}</Label>
            <select
              id={`${id}-member`}
              className={selectClass}
              value={filters.memberId ?? ''}
              onChange={(e) => set('memberId')(e.target.value)}
            >
              <option value="">{t.allMembers}</option>
              {[...known].map(([memberId, name]) => (
                <option key={memberId} value={memberId}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-kind`}>{t.kindFilter}</Label>
            <select
              id={`${id}-kind`}
              className={selectClass}
              value={filters.kind ?? ''}
              onChange={(e) => set('kind')(e.target.value)}
            >
              <option value="">{t.allKinds}</option>
              {ACTIVITY_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t.groups[g] ?? g}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>{t.fromFilter}</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={filters.from ?? ''}
              onChange={(e) => set('from')(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>{t.toFilter}</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={filters.to ?? ''}
              onChange={(e) => set('to')(e.target.value)}
            />
          </div>
        </fieldset>
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-2">
            <span className="sr-only">{t.loading}</span>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : entries.length === 0 ? (
          <div className="text-sm">
            <p className="font-medium">{t.empty}</p>
            <p className="text-muted-foreground">{t.emptyText}</p>
          </div>
        ) : (
          <ul aria-label={t.list} className="grid">
            {entries.map((e) => (
              <EntryItem key={e.id} entry={e} timeZone={timeZone} />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {t.loadMore}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
