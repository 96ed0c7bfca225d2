import type { ComponentProps } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicField } from '@contracts/public-booking';
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
}

/** One control per custom field: email, phone (country + digits), text, textarea; other types pass through. */
export function FieldInput({
  field,
  id,
  describedBy,
  invalid,
  value,
  onChange,
  phone,
  onPhoneChange,
}: FieldInputProps) {
  const common = {
    id,
    name: field.fieldName,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': field.isRequired || undefined,
    autoComplete: autoCompleteFor(field),
  };
  switch (field.fieldType) {
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
          value={value}
          onChange={(e) => onChange(e.target.value)}
          tall
        />
      );
  }
}
