import type { ReactNode } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicField } from '@contracts/public-booking';
import type { VisitSegment } from '@contracts/visit-segments';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { formatPhone } from '@core/phone';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label / value rows (review, success and manage pages); long e-mail addresses wrap instead of overflowing. */
export function DetailsList({ items, className }: { items: DetailItem[]; className?: string }) {
  return (
    <dl className={cn('divide-y rounded-xl border bg-card', className)}>
      {items.map((item) => (
        <div
          key={item.label}
          className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)]"
        >
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="text-sm font-medium [overflow-wrap:anywhere] whitespace-pre-line">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The answered fields as rows of a review (a booking's or a visit's), phone numbers written out. */
export function answerItems(fields: readonly PublicField[], answers: Record<string, string>): DetailItem[] {
  return fields
    .filter((f) => (answers[f.fieldName] ?? '').trim())
    .map((f) => {
      const value = (answers[f.fieldName] ?? '').trim();
      return { label: f.fieldName, value: f.fieldType === 'phone' ? formatPhone(value) : value };
    });
}

/**
 * A visit's segments as rows: the date once, then each service with its start, end and person (and
 * anything else it occupies); the done screen and the manage page show them. The person only where
 * `showPerson` says the service offers a choice of people, as for one booking (one agenda's name is
 * the owner's business alone).
 */
export function segmentItems(
  segments: readonly VisitSegment[],
  showPerson: (eventId: string) => boolean,
): DetailItem[] {
  const first = segments[0];
  if (!first) return [];
  return [
    {
      label: nl.wizard.date,
      value: <span className="inline-block first-letter:uppercase">{formatLongDutchDate(first.date)}</span>,
    },
    ...segments.map((s) => ({
      label: s.service,
      value: [
        fill(nl.visits.segmentTime, { start: s.time, end: s.endTime }),
        ...[showPerson(s.eventId) ? s.agendaName : '', ...s.otherAgendaNames].filter(Boolean),
      ].join(' · '),
    })),
  ];
}
