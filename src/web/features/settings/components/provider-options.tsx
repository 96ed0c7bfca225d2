import { EMAIL_PROVIDERS } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { Label } from '@web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import { cn } from '@web/lib/utils';

const t = nl.settingsUi;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** System, Gmail or SMTP as radio cards; Gmail can only be chosen once Gmail is connected. */
export function ProviderOptions({
  value,
  onChange,
  gmailConnected,
  disabled,
}: {
  value: EmailProvider;
  onChange: (provider: EmailProvider) => void;
  gmailConnected: boolean;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">{t.provider}</legend>
      <RadioGroup
        value={value}
        onValueChange={(v) => onChange(v as EmailProvider)}
        disabled={disabled}
        className="grid gap-3 md:grid-cols-3"
      >
        {EMAIL_PROVIDERS.map((p) => {
          const unavailable = p === 'gmail' && !gmailConnected;
          const id = `email-provider-${p}`;
          return (
            <div
              key={p}
              className={cn(
                'relative flex gap-3 rounded-lg border p-4 transition-colors has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-brand-soft/60',
                unavailable && 'border-dashed bg-muted/30',
              )}
            >
              <RadioGroupItem
                value={p}
                id={id}
                disabled={unavailable}
                aria-describedby={`${id}-hint`}
                className="relative z-10 mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor={id} className="after:absolute after:inset-0 after:content-['']">
                  {t.providers[p]}
                </Label>
                <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                  {unavailable ? t.gmailNeedsConnection : t.providerHints[p]}
                </p>
              </div>
            </div>
          );
        })}
      </RadioGroup>
    </fieldset>
  );
}
