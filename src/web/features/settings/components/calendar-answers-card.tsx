import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Card, CardContent } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { useUpdatePaymentKeys } from '../api/update-payment-keys';

const a = nl.dataOut.answers;

/**
 * Whether the customers' answers go along into the calendar feed and Google Calendar
 * (docs/PRODUCT.md#calendar-feed): calendars outside the app, so off by default. Saved at once
 * through PATCH /api/user/settings { calendarShowAnswers }, like the automatic refund.
 */
export function CalendarAnswersCard({ user }: { user: PublicUser }) {
  const id = useId();
  const save = useUpdatePaymentKeys({
    onSuccess: () => toast({ title: a.saved }),
    onError: (error) => toast({ variant: 'destructive', title: a.failed, description: describeError(error) }),
  });
  const checked =
    save.isPending && save.variables?.calendarShowAnswers !== undefined
      ? save.variables.calendarShowAnswers
      : user.calendarShowAnswers;
  return (
    <Card>
      <SettingsCardHeader icon={ShieldCheck} title={a.title} description={a.text} />
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={id}>{a.label}</Label>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {a.hint}
            </p>
          </div>
          <Switch
            id={id}
            aria-describedby={`${id}-hint`}
            checked={checked}
            disabled={save.isPending}
            onCheckedChange={(calendarShowAnswers) => save.mutate({ calendarShowAnswers })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
