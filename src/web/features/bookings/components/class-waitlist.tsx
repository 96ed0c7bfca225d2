import { Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { nl } from '@contracts/messages';
import type { WaitlistEntryDto } from '@contracts/waitlist';
import { formatDutchDeadline } from '@core/dutch-calendar';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useWaitlist, useWaitlistActions } from '../api/waitlist';

const t = nl.waitlistOwner;

/**
 * The waitlist of a class time in its attendee list (docs/PRODUCT.md#waitlist): who waits for this
 * time and who for any time of the day, in order, with 'Plek aanbieden' (a day's entry is offered
 * this time) and remove. Nothing while nobody waits, so a service without a waitlist shows nothing.
 */
export function ClassWaitlist({
  eventId,
  date,
  time,
  timeZone,
}: {
  eventId: string;
  date: string;
  time: string;
  timeZone?: string;
}) {
  const id = useId();
  const list = useWaitlist(eventId, date);
  const { remove, offer } = useWaitlistActions(eventId, date);
  const [removing, setRemoving] = useState<WaitlistEntryDto | null>(null);
  const entries = (list.data?.entries ?? []).filter((e) => e.time === time || e.time === null);
  if (list.isError) return <p className="text-sm text-muted-foreground">{t.loadFailed}</p>;
  if (!entries.length) return null;

  const onOffer = (entry: WaitlistEntryDto) =>
    offer.mutate(
      { id: entry.id, body: entry.time === null ? { time } : {} },
      {
        onSuccess: () => toast({ title: t.offerDone }),
        onError: (error) =>
          toast({ variant: 'destructive', title: nl.errors.genericTitle, description: describeError(error) }),
      },
    );

  return (
    <section aria-labelledby={id} className="grid content-start gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {t.title}
      </h3>
      <ul className="grid gap-2">
        {entries.map((e) => (
          <li key={e.id} className="grid gap-2 rounded-lg border p-3 text-sm">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium tabular-nums">{fill(t.position, { position: e.position })}</span>
              <span className="min-w-0 font-medium break-words">{e.customerName}</span>
              {e.time === null && <Badge variant="outline">{t.anyTime}</Badge>}
              {e.seats > 1 && <Badge variant="secondary">{fill(t.seats, { count: e.seats })}</Badge>}
            </div>
            <p className="text-muted-foreground break-all">
              {e.customerEmail}
              {e.customerPhone ? ` · ${e.customerPhone}` : ''}
            </p>
            {e.status === 'offered' && e.offerExpiresAt && (
              <p className="text-muted-foreground">
                {fill(t.offered, { until: formatDutchDeadline(new Date(e.offerExpiresAt), timeZone) })}
              </p>
            )}
            <div
              className="flex flex-wrap gap-2"
              role="group"
              aria-label={fill(t.actionsFor, { name: e.customerName })}
            >
              {e.status === 'waiting' && (
                <Button size="sm" variant="outline" disabled={offer.isPending} onClick={() => onOffer(e)}>
                  <Send aria-hidden="true" />
                  {offer.isPending && offer.variables?.id === e.id ? t.offering : t.offer}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setRemoving(e)}>
                <Trash2 aria-hidden="true" />
                {t.remove}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t.removeTitle}
        description={fill(t.removeText, { name: removing?.customerName ?? '' })}
        confirmLabel={t.removeConfirm}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast({ title: t.removed });
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: nl.errors.genericTitle,
                description: describeError(error),
              }),
          })
        }
      />
    </section>
  );
}
