import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { nl } from '@contracts/messages';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CopyField } from '@web/components/copy-field';
import { LoadError } from '@web/components/load-error';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useDeleteCalendarFeed } from '../api/delete-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';

const t = nl.dataOut.card;
const copied = { title: t.copied, text: t.copiedText };

/** The same address for apps that open subscriptions by the webcal scheme (Apple Agenda). */
const webcalOf = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/**
 * 'Agenda-abonnement' (docs/PRODUCT.md#calendar-feed): a secret address calendar apps subscribe to,
 * made, replaced or removed here (replacing and removing ask first: the old address stops working).
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const [confirming, setConfirming] = useState<'replace' | 'remove' | null>(null);
  const failed = (error: Error) =>
    toast({ variant: 'destructive', title: t.failed, description: describeError(error) });
  const create = useCreateCalendarFeed({
    onSuccess: (_data, { replace }) => {
      setConfirming(null);
      toast(
        replace
          ? { title: t.replaced, description: t.replacedText }
          : { title: t.created, description: t.createdText },
      );
    },
    onError: failed,
  });
  const remove = useDeleteCalendarFeed({
    onSuccess: () => {
      setConfirming(null);
      toast({ title: t.removed, description: t.removedText });
    },
    onError: failed,
  });
  const url = feed.data?.url ?? null;

  return (
    <Card>
      <SettingsCardHeader icon={CalendarClock} title={t.title} description={t.description} />
      <CardContent className="grid gap-4">
        {feed.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-2">
            <span className="sr-only">{t.loading}</span>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-40" />
          </div>
        ) : feed.isError ? (
          <LoadError error={feed.error} onRetry={() => void feed.refetch()} />
        ) : url === null ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">{t.none}</p>
            <PendingButton
              onClick={() => create.mutate({ replace: false })}
              pending={create.isPending}
              pendingLabel={t.creating}
            >
              {t.create}
            </PendingButton>
          </div>
        ) : (
          <>
            <CopyField label={t.urlLabel} copyLabel={t.copyHttps} value={url} copied={copied} />
            <CopyField label={t.webcalLabel} copyLabel={t.copyWebcal} value={webcalOf(url)} copied={copied} />
            <p className="text-sm text-muted-foreground">{t.secret}</p>
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setConfirming('replace')}>
                {t.replace}
              </Button>
              <Button variant="outline" onClick={() => setConfirming('remove')}>
                {t.remove}
              </Button>
            </div>
            <section aria-labelledby="calendar-feed-howto" className="grid gap-2">
              <h3 id="calendar-feed-howto" className="text-sm font-medium">
                {t.howTo}
              </h3>
              {t.apps.map((app) => (
                <details key={app.name} className="rounded-lg border px-3 py-2 text-sm">
                  <summary className="cursor-pointer font-medium">{app.name}</summary>
                  <p className="mt-2 text-muted-foreground">{app.text}</p>
                </details>
              ))}
            </section>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming === 'replace'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t.replaceTitle}
        description={t.replaceText}
        keepLabel={t.keep}
        confirmLabel={t.confirmReplace}
        pending={create.isPending}
        onConfirm={() => create.mutate({ replace: true })}
      />
      <ConfirmDialog
        open={confirming === 'remove'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t.removeTitle}
        description={t.removeText}
        keepLabel={t.keep}
        confirmLabel={t.confirmRemove}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
