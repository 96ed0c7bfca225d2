/**
 * How late a planned message may still go out. A job queue that was down, a clock that jumped or a
 * connection that was broken for days can deliver a message long after it was due; some messages
 * are then only confusing: a reminder after the appointment began, a "how was it?" a week later.
 * Confirmations, changes and cancellations still inform, however late; webhooks are for machines,
 * which want every event.
 */
export const FOLLOW_UP_LATE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

export type LateMessageKind = 'reminder' | 'follow_up' | (string & {});

/** Why a message due at `dueAt` for an appointment at `startsAt` is too late at `now`, or null. */
export function tooLate(
  kind: LateMessageKind,
  { dueAt, startsAt, now }: { dueAt: Date; startsAt: Date; now: Date },
): 'appointment_started' | 'follow_up_late' | null {
  if (kind === 'reminder' && startsAt.getTime() <= now.getTime()) return 'appointment_started';
  if (kind === 'follow_up' && now.getTime() - dueAt.getTime() > FOLLOW_UP_LATE_AFTER_MS)
    return 'follow_up_late';
  return null;
}
