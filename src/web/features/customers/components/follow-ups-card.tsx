import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import { nl } from '@contracts/messages';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { CUSTOMERS_PATH, customerPath } from '@web/lib/customer-paths';
import { fill } from '@web/lib/fill-message';
import { useFollowUps } from '../api/get-follow-ups';

const t = nl.customersUi;

/** The dashboard's 'Opvolgen': today's notes with a follow-up day, each linking to the customer's card. */
export function FollowUpsCard() {
  const followUps = useFollowUps();
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <CardTitle>{t.followUpsTitle}</CardTitle>
          <CardDescription>{t.followUpsText}</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm" className="-mt-1 shrink-0 sm:-mr-2">
          <Link href={CUSTOMERS_PATH}>
            {t.allCustomers}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {followUps.isError && !followUps.data ? (
          <LoadError error={followUps.error} onRetry={() => void followUps.refetch()} />
        ) : !followUps.data ? (
          <div aria-hidden="true" className="grid gap-3">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        ) : followUps.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
            <p className="font-medium">{t.followUpsEmpty}</p>
            <p className="max-w-xs text-sm text-muted-foreground">{t.followUpsEmptyText}</p>
          </div>
        ) : (
          <ul className="grid gap-3">
            {followUps.data.map((f) => (
              <li key={f.noteId} className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground"
                >
                  <CalendarClock className="size-4" />
                </span>
                <div className="grid min-w-0 gap-0.5">
                  <Link
                    href={customerPath(f.customerId)}
                    className="rounded-sm font-medium break-words underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {fill(nl.customers.followUp, { name: f.customerName })}
                  </Link>
                  <p className="line-clamp-2 text-sm break-words text-muted-foreground">{f.text}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
