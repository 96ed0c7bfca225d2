import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { PublicUser } from '@contracts/auth';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Card, CardContent } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { useUpdatePaymentKeys } from '../api/update-payment-keys';

/** The on/off settings PATCH /api/user/settings takes on their own, each saved at once. */
type SwitchSetting = 'autoRefund' | 'calendarShowAnswers';

export type SettingSwitchTexts = {
  title: string;
  text: string;
  label: string;
  hint: string;
  saved: string;
  failed: string;
};

/**
 * A settings card with one switch that saves the moment it is flipped: the switch shows the value
 * being saved while the request runs, then the saved user's, and a toast says how it went.
 */
export function SettingSwitchCard({
  user,
  setting,
  icon,
  texts,
}: {
  user: PublicUser;
  setting: SwitchSetting;
  icon: LucideIcon;
  texts: SettingSwitchTexts;
}) {
  const id = useId();
  const save = useUpdatePaymentKeys({
    onSuccess: () => toast({ title: texts.saved }),
    onError: (error) =>
      toast({ variant: 'destructive', title: texts.failed, description: describeError(error) }),
  });
  const pending = save.isPending ? save.variables?.[setting] : undefined;
  const checked = pending ?? user[setting];
  return (
    <Card>
      <SettingsCardHeader icon={icon} title={texts.title} description={texts.text} />
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={id}>{texts.label}</Label>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {texts.hint}
            </p>
          </div>
          <Switch
            id={id}
            aria-describedby={`${id}-hint`}
            checked={checked}
            disabled={save.isPending}
            onCheckedChange={(value) => save.mutate({ [setting]: value })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
