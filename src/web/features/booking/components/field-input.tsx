import type { ComponentProps, ReactNode } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicField } from '@contracts/public-booking';
import { chosenOptions, NO, OPTION_SEPARATOR, YES } from '@core/customer';
import { pickedPhone, typedPhone } from '@core/phone';
import { Input } from '@web/components/ui/input';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import type { PhoneValue } from '../lib/wizard-state';
import { CountrySelect } from './country-select';

function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground md:text-sm',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive-text aria-invalid:ring-destructive-text/20',
        className,
      )}
      {...props}
    />
  );
}

/** Browser autofill hints from the field's name, so returning customers fill the form in one tap. */
function autoCompleteFor(field: PublicField): string | undefined {
  if (field.fieldType === 'email') return 'email';
  if (field.fieldType === 'phone') return 'tel-national';
  if (/^(naam|name|volledige naam|voor- en achternaam)$/i.test(field.fieldName.trim())) return 'name';
  return undefined;
}

interface FieldInputProps {
  field: PublicField;
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
  phone: PhoneValue;
  onPhoneChange: (value: PhoneValue) => void;
  /** The field's name (and "optioneel"): a checkbox's own label. */
  caption: ReactNode;
}

/** The fields shown as a group of choices under a legend (form-step.tsx) rather than one control. */
export const isChoiceGroup = (field: PublicField) =>
  field.fieldType === 'multiselect' || field.fieldType === 'yesno';

/** A native check box or radio of the public form (the consent of form-step.tsx too). */
export const CHECKBOX = 'size-5 shrink-0 cursor-pointer accent-primary';

/**
 * One control per custom field: email, phone (country + digits), text, textarea, a native select,
 * checkboxes (multiselect), radios Ja/Nee, one checkbox, date and number inputs; other types pass
 * through as the input's type.
 */
export function FieldInput({
  field,
  id,
  describedBy,
  invalid,
  value,
  onChange,
  phone,
  onPhoneChange,
  caption,
}: FieldInputProps) {
  const common = {
    id,
    name: field.fieldName,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': field.isRequired || undefined,
    autoComplete: autoCompleteFor(field),
  };
  const options = field.options ?? [];
  switch (field.fieldType) {
    case 'select':
      return (
        <select
          {...common}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive-text md:text-sm"
        >
          <option value="">{nl.wizard.choose}</option>
          {options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      );
    case 'multiselect':
    case 'yesno': {
      // Native checkboxes and radios: labelled by their text, grouped by form-step's fieldset.
      const multi = field.fieldType === 'multiselect';
      const chosen = multi ? chosenOptions(value) : [value];
      return (
        <div className="grid gap-2.5">
          {(multi ? options : [YES, NO]).map((o, k) => (
            <label key={o} className="flex cursor-pointer items-center gap-2.5 text-sm">
              <input
                id={k ? undefined : id}
                type={multi ? 'checkbox' : 'radio'}
                name={field.fieldName}
                checked={chosen.includes(o)}
                onChange={(e) =>
                  onChange(
                    multi
                      ? options
                          .filter((x) => (x === o ? e.target.checked : chosen.includes(x)))
                          .join(OPTION_SEPARATOR)
                      : o,
                  )
                }
                className={CHECKBOX}
              />
              {multi ? o : o === YES ? nl.wizard.yes : nl.wizard.no}
            </label>
          ))}
        </div>
      );
    }
    case 'checkbox':
      return (
        <label className="flex cursor-pointer items-start gap-2.5 text-sm font-medium">
          <input
            {...common}
            type="checkbox"
            checked={value === YES}
            onChange={(e) => onChange(e.target.checked ? YES : '')}
            className={CHECKBOX}
          />
          <span>{caption}</span>
        </label>
      );
    case 'phone':
      return (
        <div className="flex">
          <CountrySelect
            value={phone.country}
            onChange={(country) => onPhoneChange({ ...phone, country })}
            label={fill(nl.wizard.countryOf, { field: field.fieldName })}
            invalid={invalid}
          />
          <Input
            {...common}
            type="tel"
            value={phone.digits}
            onChange={(e) => onPhoneChange({ ...phone, digits: typedPhone(e.target.value) })}
            // A number typed with its own country code moves the picker to that country.
            onBlur={() => {
              const picked = pickedPhone(phone.country, phone.digits);
              if (picked.country !== phone.country || picked.digits !== phone.digits) onPhoneChange(picked);
            }}
            tall
            className="rounded-l-none"
          />
        </div>
      );
    case 'textarea':
      return <Textarea {...common} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />;
    case 'email':
      return (
        <Input
          {...common}
          type="email"
          inputMode="email"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          tall
        />
      );
    default:
      return (
        <Input
          {...common}
          type={field.fieldType === 'text' ? 'text' : field.fieldType}
          // A number field's bounds (date inputs give yyyy-MM-dd as they are).
          min={field.minValue ?? undefined}
          max={field.maxValue ?? undefined}
          step={field.fieldType === 'number' ? 'any' : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          tall
        />
      );
  }
}
