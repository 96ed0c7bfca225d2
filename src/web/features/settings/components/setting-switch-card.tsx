import type { LucideIcon } from 'lucide-react';
import type { PublicUser } from '@contracts/auth';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Card, CardContent } from '@web/components/ui/card';
import { SwitchRow } from '@web/components/switch-row';
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
        <SwitchRow
          label={texts.label}
          hint={texts.hint}
          checked={checked}
          disabled={save.isPending}
          onCheckedChange={(value) => save.mutate({ [setting]: value })}
        />
      </CardContent>
    </Card>
  );
}
