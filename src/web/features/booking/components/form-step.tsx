import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useId, type Dispatch, type FormEvent } from 'react';
import { answerErrors } from '@contracts/answer-errors';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import { DEFAULT_COUNTRY } from '@core/countries';
import { toStoredPhone } from '@core/phone';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { TEXT_CONSENT, textConsentError } from '../lib/text-consent';
import { ACCENT_TEXT } from '../lib/theme-color';
import type { PhoneValue, WizardAction, WizardState } from '../lib/wizard-state';
import { CHECKBOX, FieldInput, isChoiceGroup } from './field-input';
import { SeatsField } from './seats-field';
import { StepHeading } from './step-heading';

const w = nl.wizard;

/** Step 3: one input per custom field, checked with the same rules as the server. */
export function FormStep({
  event,
  fields,
  fieldsError,
  onRetry,
  state,
  dispatch,
  focusHeading,
  privacyUrl,
}: {
  /** The one service booked; a visit (several) has no class to choose places of. */
  event?: PublicEvent;
  fields: PublicField[] | undefined;
  fieldsError: boolean;
  onRetry: () => void;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  focusHeading: boolean;
  /** The owner's privacy statement (docs/PRODUCT.md#privacy-notice); null: no notice. */
  privacyUrl: string | null;
}) {
  const baseId = useId();
  const fieldId = (i: number) => `${baseId}-f${i}`;
  const { errors, answers } = state;

  // docs/PRODUCT.md#text-messages: asked only when the service (a visit's first) sends texts.
  const textChannel = event?.textChannel;
  const consentId = `${baseId}-text-consent`;
  const consentError = errors[TEXT_CONSENT];
  /** Every problem of these answers: the fields', and the ticked consent's (its number must be mobile). */
  const problems = (
    list: PublicField[],
    nextAnswers: Record<string, string>,
    consent = state.textConsent,
  ) => {
    const found = answerErrors(list, nextAnswers);
    const consentProblem = textChannel && consent ? textConsentError(list, nextAnswers) : undefined;
    if (consentProblem) found[TEXT_CONSENT] = consentProblem;
    return found;
  };

  /** Once a field (or the consent) shows an error, it is re-checked as the visitor types. */
  const recheck = (field: string, nextAnswers: Record<string, string>, consent = state.textConsent) => {
    if (!fields || (!errors[field] && !consentError)) return;
    const next = { ...errors };
    const found = problems(fields, nextAnswers, consent);
    for (const key of [field, TEXT_CONSENT]) {
      if (!errors[key]) continue;
      if (found[key]) next[key] = found[key];
      else delete next[key];
    }
    dispatch({ type: 'errors', errors: next });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields) return;
    const found = problems(fields, answers);
    dispatch({ type: 'errors', errors: found });
    const firstBad = fields.findIndex((f) => found[f.fieldName]);
    if (firstBad >= 0) document.getElementById(fieldId(firstBad))?.focus();
    else if (found[TEXT_CONSENT]) document.getElementById(consentId)?.focus();
    else dispatch({ type: 'goto', step: 'review' });
  };

  return (
    <section aria-labelledby="step-title">
      <StepHeading title={w.formTitle} text={w.formText} focus={focusHeading} />
      {fieldsError ? (
        <LoadError onRetry={onRetry} />
      ) : !fields ? (
        <div role="status" className="space-y-5">
          <span className="sr-only">{nl.layout.loading}</span>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {/* docs/PRODUCT.md#classes: a class whose bookings may take more than one place. */}
          {event && event.seats > 1 && event.maxSeatsPerBooking > 1 && (
            <SeatsField event={event} state={state} dispatch={dispatch} />
          )}
          {fields.map((field, i) => {
            const id = fieldId(i);
            const error = errors[field.fieldName];
            const errorId = error ? `${id}-error` : undefined;
            const onPhoneChange = (value: PhoneValue) => {
              const stored = toStoredPhone(value.country, value.digits);
              dispatch({ type: 'phone', field: field.fieldName, value, stored });
              recheck(field.fieldName, { ...answers, [field.fieldName]: stored });
            };
            const caption = (
              <>
                {field.fieldName}
                {!field.isRequired && (
                  <span className="font-normal text-muted-foreground">{` (${w.optional})`}</span>
                )}
              </>
            );
            const group = isChoiceGroup(field);
            // A group of choices is a fieldset named by its legend; a checkbox is labelled by its own text.
            const Box = group ? 'fieldset' : 'div';
            return (
              <Box
                key={field.id}
                className="grid gap-2"
                {...(group && {
                  role: field.fieldType === 'yesno' ? 'radiogroup' : undefined,
                  'aria-required': (field.fieldType === 'yesno' && field.isRequired) || undefined,
                  'aria-invalid': (field.fieldType === 'yesno' && !!error) || undefined,
                  'aria-describedby': errorId,
                })}
              >
                {group ? (
                  <legend className="mb-2 text-sm leading-none font-medium">{caption}</legend>
                ) : (
                  field.fieldType !== 'checkbox' && <Label htmlFor={id}>{caption}</Label>
                )}
                <FieldInput
                  field={field}
                  id={id}
                  describedBy={errorId}
                  invalid={!!error}
                  value={answers[field.fieldName] ?? ''}
                  onChange={(value) => {
                    dispatch({ type: 'answer', field: field.fieldName, value });
                    recheck(field.fieldName, { ...answers, [field.fieldName]: value });
                  }}
                  phone={state.phones[field.fieldName] ?? { country: DEFAULT_COUNTRY, digits: '' }}
                  onPhoneChange={onPhoneChange}
                  caption={caption}
                />
                {error && (
                  <p id={errorId} className="text-sm font-medium text-destructive-text">
                    {error}
                  </p>
                )}
              </Box>
            );
          })}
          {textChannel && (
            <div className="grid gap-2">
              <label className="flex cursor-pointer items-start gap-2.5 text-sm font-medium">
                <input
                  id={consentId}
                  type="checkbox"
                  checked={state.textConsent === true}
                  onChange={(e) => {
                    dispatch({ type: 'textConsent', on: e.target.checked });
                    recheck(TEXT_CONSENT, answers, e.target.checked);
                  }}
                  aria-invalid={!!consentError || undefined}
                  aria-describedby={consentError ? `${consentId}-error` : undefined}
                  className={CHECKBOX}
                />
                <span>{nl.booking.textConsent[textChannel]}</span>
              </label>
              {consentError && (
                <p id={`${consentId}-error`} className="text-sm font-medium text-destructive-text">
                  {consentError}
                </p>
              )}
            </div>
          )}
          {privacyUrl && /^https?:\/\//i.test(privacyUrl) && (
            // Only an http(s) address becomes a link (the server allows no other; a javascript: one never runs).
            <p className="text-sm text-muted-foreground">
              {w.privacyNotice}{' '}
              <a
                href={privacyUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={`font-medium underline underline-offset-4 ${ACCENT_TEXT}`}
              >
                {w.privacyLink}
                <span className="sr-only"> {nl.goodEndings.newTab}</span>
              </a>
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
            <Button variant="outline" size="lg" onClick={() => dispatch({ type: 'goto', step: 'time' })}>
              <ArrowLeft aria-hidden="true" />
              {w.back}
            </Button>
            <Button type="submit" size="lg">
              {w.next}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
