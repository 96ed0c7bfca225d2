import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { TEXT_KINDS, WHATSAPP_PROVIDERS, type TextChannel, type TextKind } from '@contracts/enums';
import { nl } from '@contracts/messages';
import type { MessagingDto } from '@contracts/messaging';
import { MAX_TEXT_TEMPLATE } from '@contracts/text-messages';
import { TEXT_PARTS_WARNING, textMessageLength } from '@core/text-message-length';
import { TEXT_VARIABLES } from '@core/text-render';
import { ChoiceSelect } from '@web/components/choice-select';
import { FormField } from '@web/components/form-field';
import { InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { SwitchRow } from '@web/components/switch-row';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { fill } from '@web/lib/fill-message';
import { messageAt } from '@web/lib/form-errors';
import type { EventFormValues } from '../lib/event-form-model';

const t = nl.textMessages.form;
const DEFAULTS = nl.textMessages.defaults;
/** As owners write them: the e-mail templates' `{{name}}`, the short link as the defaults have it. */
const VARIABLES = TEXT_VARIABLES.map((v) => (v === 'beheerlink' ? `{${v}}` : `{{${v}}}`)).join(', ');

/** What the page knows of the owner's provider (GET /api/messaging); undefined while it loads. */
export type TextProvider = Pick<MessagingDto, 'status' | 'provider' | 'whatsappSender'>;

/** WhatsApp goes through Twilio with an approved WhatsApp sender only (docs/PRODUCT.md#messaging). */
const sendsWhatsapp = (provider: TextProvider | undefined) =>
  Boolean(provider?.provider && WHATSAPP_PROVIDERS.includes(provider.provider) && provider.whatsappSender);

/**
 * 'Sms en WhatsApp' on the Webhooks tab (docs/PRODUCT.md#text-messages): which of the service's
 * customer messages also go by text, by which channel, the reminder's hours and the owner's own texts
 * with their length in SMS parts. Without a provider it points to Instellingen instead; settings
 * made before the provider was disconnected stay editable, so they can be switched off.
 */
export function TextMessagesSection({ provider }: { provider: TextProvider | undefined }) {
  const id = useId();
  const { control, register, formState } = useFormContext<EventFormValues>();
  const error = (path: string) => messageAt(formState.errors, path);
  const enabled = useWatch({ control, name: 'textMessages.enabled' });
  const channel = useWatch({ control, name: 'textMessages.channel' });
  const send = useWatch({ control, name: 'textMessages.send' });
  const missing = provider?.status === 'missing';
  const channels: TextChannel[] =
    sendsWhatsapp(provider) || channel === 'whatsapp' ? ['sms', 'whatsapp'] : ['sms'];

  return (
    <SectionCard title={t.title} description={t.description}>
      <div className="grid gap-5">
        {missing && (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            {t.noProvider}{' '}
            <Link href="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
              {t.toSettings}
            </Link>
          </p>
        )}
        {(!missing || enabled) && (
          <Controller
            control={control}
            name="textMessages.enabled"
            render={({ field }) => (
              <SwitchRow
                label={t.enabled}
                hint={t.enabledHint}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        )}
        {enabled && (
          <>
            <div className="grid gap-5 sm:grid-cols-2">
              <Controller
                control={control}
                name="textMessages.channel"
                render={({ field }) => (
                  <ChoiceSelect
                    label={t.channel}
                    hint={channels.length === 1 ? t.channelHint : undefined}
                    error={error('textMessages.channel')}
                    value={field.value}
                    onChange={field.onChange}
                    choices={channels.map((c) => [c, t.channels[c]] as const)}
                    className="sm:w-48"
                  />
                )}
              />
              {send.includes('reminder') && (
                <FormField
                  label={t.reminderHours}
                  hint={t.reminderHoursHint}
                  error={error('textMessages.reminderHours')}
                  className="content-start"
                >
                  {(input) => (
                    <Input
                      {...input}
                      {...register('textMessages.reminderHours', { valueAsNumber: true })}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={168}
                      step={1}
                      className="sm:w-32"
                    />
                  )}
                </FormField>
              )}
            </div>
            <Controller
              control={control}
              name="textMessages.send"
              render={({ field }) => (
                <fieldset
                  className="grid gap-2.5"
                  aria-describedby={error('textMessages.send') ? `${id}-send-error` : undefined}
                >
                  <legend className="mb-2.5 text-sm leading-none font-medium">{t.send}</legend>
                  <div className="flex flex-wrap gap-x-6 gap-y-2.5">
                    {TEXT_KINDS.map((kind) => (
                      <div key={kind} className="flex items-center gap-2">
                        <Checkbox
                          id={`${id}-send-${kind}`}
                          checked={field.value.includes(kind)}
                          onCheckedChange={(on) =>
                            field.onChange(
                              TEXT_KINDS.filter((k) => (k === kind ? on === true : field.value.includes(k))),
                            )
                          }
                        />
                        <Label htmlFor={`${id}-send-${kind}`} className="font-normal">
                          {t.kinds[kind]}
                        </Label>
                      </div>
                    ))}
                  </div>
                  <InlineError id={`${id}-send-error`} message={error('textMessages.send')} />
                </fieldset>
              )}
            />
            {TEXT_KINDS.filter((kind) => send.includes(kind)).map((kind) => (
              <TemplateField key={kind} kind={kind} whatsapp={channel === 'whatsapp'} />
            ))}
            <p className="text-xs break-words text-muted-foreground">
              {fill(t.variables, { variables: VARIABLES })}
            </p>
          </>
        )}
      </div>
    </SectionCard>
  );
}

/** One message's own text, its placeholder the built-in text, with its length as the network counts it. */
function TemplateField({ kind, whatsapp }: { kind: TextKind; whatsapp: boolean }) {
  const id = useId();
  const { control, register, formState } = useFormContext<EventFormValues>();
  const name = `textMessages.templates.${kind}` as const;
  const text = useWatch({ control, name });
  const own = text.trim() !== '';
  const length = textMessageLength(own ? text : DEFAULTS[kind]);
  // WhatsApp has no parts: the owner only sees the length there.
  const warn = !whatsapp && length.parts > TEXT_PARTS_WARNING;
  const counter = fill(whatsapp ? t.counterChars : t.counter, { n: length.characters, parts: length.parts });
  const errorMessage = messageAt(formState.errors, name);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{fill(t.template, { kind: t.kinds[kind] })}</Label>
      <Textarea
        id={id}
        {...register(name)}
        rows={3}
        maxLength={MAX_TEXT_TEMPLATE}
        placeholder={DEFAULTS[kind]}
        aria-invalid={!!errorMessage}
        aria-describedby={`${id}-counter${warn ? ` ${id}-warning` : ''}${errorMessage ? ` ${id}-error` : ''}`}
      />
      <p
        id={`${id}-counter`}
        className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground"
        data-testid={`text-counter-${kind}`}
      >
        <span>{own ? null : t.templateHint}</span>
        <span className="tabular-nums">{counter}</span>
      </p>
      {warn && (
        <p
          id={`${id}-warning`}
          role="status"
          className="flex items-start gap-2 text-sm text-amber-900 dark:text-amber-300"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {fill(t.partsWarning, { parts: length.parts })}
            {length.encoding === 'ucs2' ? ` ${t.unicode}` : ''}
          </span>
        </p>
      )}
      <InlineError id={`${id}-error`} message={errorMessage} />
    </div>
  );
}
