import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { NO, YES, type FormField as CustomField } from '@core/index';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { messageAt } from '@web/lib/form-errors';

const t = nl.manualBookings;

/** The customer details as the owner's booking forms hold them (a new booking, an edit). */
export interface CustomerValues {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** Answers to the service's fields other than the name, e-mail and phone ones, by field name. */
  answers: Record<string, string>;
}

const ANSWERS_PREFIX = 'customFieldResponses.';
/** The contract's paths onto the forms' names: answers live under `answers`. */
export const customerFieldPath = (path: string) =>
  path.startsWith(ANSWERS_PREFIX) ? `answers.${path.slice(ANSWERS_PREFIX.length)}` : path;

/** The answers the request carries: every field the form asks (core ownerAnswers' `others`). */
export const askedAnswers = (v: CustomerValues, asked: readonly CustomField[]) =>
  Object.fromEntries(asked.map((f) => [f.fieldName, v.answers[f.fieldName] ?? '']));

/** Like the booking page's: the known types, any other (number, date…) as the input's own type. */
const inputType = (fieldType: string) =>
  fieldType === 'phone' ? 'tel' : /^[a-z][a-z-]*$/.test(fieldType) ? fieldType : 'text';

/** The choices of the types answered from a fixed list (a multiselect is typed, joined by ', '). */
const choicesOf = (f: CustomField): readonly string[] | null =>
  f.fieldType === 'select'
    ? (f.options ?? [])
    : f.fieldType === 'yesno'
      ? [YES, NO]
      : f.fieldType === 'checkbox'
        ? [YES]
        : null;

const SELECT =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40';

/**
 * 'Klantgegevens': name, e-mail, phone and the service's other fields, each with its Dutch message
 * (the contract's or the server's) under it.
 */
export function CustomerFieldset({
  register,
  errors,
  asked,
  search,
  children,
}: {
  register: UseFormRegister<CustomerValues>;
  errors: FieldErrors<CustomerValues>;
  /** The service's fields the owner fills one by one. */
  asked: readonly CustomField[];
  /** Above the fields (the new booking's 'Bestaande klant zoeken'). */
  search?: React.ReactNode;
  /** More controls at the end (the new booking's 'Klant informeren per e-mail'). */
  children?: React.ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-3 text-sm font-semibold">{t.customer}</legend>
      {search}
      <FormField label={t.name} error={messageAt(errors, 'customerName')}>
        {(props) => <Input {...props} autoComplete="off" {...register('customerName')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t.email} error={messageAt(errors, 'customerEmail')} className="content-start">
          {(props) => <Input {...props} type="email" autoComplete="off" {...register('customerEmail')} />}
        </FormField>
        <FormField
          label={t.phone}
          hint={t.phoneHint}
          error={messageAt(errors, 'customerPhone')}
          className="content-start"
        >
          {(props) => <Input {...props} type="tel" autoComplete="off" {...register('customerPhone')} />}
        </FormField>
      </div>
      {asked.map((f) => (
        <FormField
          key={f.fieldName}
          label={f.isRequired ? f.fieldName : `${f.fieldName} ${t.optional}`}
          error={messageAt(errors.answers, f.fieldName)}
        >
          {(props) =>
            choicesOf(f) ? (
              <select {...props} className={SELECT} {...register(`answers.${f.fieldName}`)}>
                <option value="">{t.noChoice}</option>
                {choicesOf(f)!.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            ) : f.fieldType === 'textarea' ? (
              <Textarea {...props} rows={3} {...register(`answers.${f.fieldName}`)} />
            ) : (
              <Input {...props} type={inputType(f.fieldType)} {...register(`answers.${f.fieldName}`)} />
            )
          }
        </FormField>
      ))}
      {children}
    </fieldset>
  );
}
