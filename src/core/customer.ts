/**
 * Customer details from the booking form's answers (docs/PRODUCT.md#customer-answers). The same rules run in
 * the wizard and on the server, so what the wizard accepts is exactly what the server stores.
 */
import { emailAddressProblem } from './email-address';
import { isValidStoredPhone } from './phone';
import { isValidDate } from './time';

export type FormField = {
  fieldName: string;
  fieldType: string;
  isRequired: boolean;
  order?: number;
  /** The choices of a `select` or `multiselect` field, in the owner's order. */
  options?: readonly string[] | null;
  /** The bounds of a `number` field (numeric columns arrive as text). */
  minValue?: number | string | null;
  maxValue?: number | string | null;
  /** 'Gevoelig': the answer stays inside the app (shared-answers.ts). */
  sensitive?: boolean | null;
};
export type FieldProblem =
  | 'required'
  | 'email'
  | 'emailChars'
  | 'phone'
  | 'tooLong'
  | 'nameChars'
  | 'option'
  | 'yesno'
  | 'checkbox'
  | 'date'
  | 'number'
  | 'tooSmall'
  | 'tooLarge';

/** 'ja': a ticked checkbox and the yes of a yes/no question; 'nee' its no. */
export const YES = 'ja';
export const NO = 'nee';
/** A multiselect answer is its chosen options in the owner's order, joined by this (options hold no comma). */
export const OPTION_SEPARATOR = ', ';

const NUMBER = /^-?\d{1,15}([.,]\d{1,10})?$/;
const bound = (v: number | string | null | undefined) =>
  v === null || v === undefined || v === '' ? null : Number(v);

/** The chosen options of a multiselect answer. */
export const chosenOptions = (value: string): string[] =>
  value ? value.split(OPTION_SEPARATOR).map((o) => o.trim()) : [];

/** The problem of a non-empty answer to one of the choice, date and number types; null when fine. */
function typedProblem(f: FormField, value: string): FieldProblem | null {
  const options = f.options ?? [];
  switch (f.fieldType) {
    case 'select':
      return options.includes(value) ? null : 'option';
    case 'multiselect': {
      const chosen = chosenOptions(value);
      return chosen.every((o) => options.includes(o)) && new Set(chosen).size === chosen.length
        ? null
        : 'option';
    }
    case 'checkbox':
      return value === YES ? null : 'checkbox';
    case 'yesno':
      return value === YES || value === NO ? null : 'yesno';
    case 'date':
      return isValidDate(value) ? null : 'date';
    case 'number': {
      if (!NUMBER.test(value)) return 'number';
      const n = Number(value.replace(',', '.'));
      const [min, max] = [bound(f.minValue), bound(f.maxValue)];
      if (min !== null && n < min) return 'tooSmall';
      if (max !== null && n > max) return 'tooLarge';
      return null;
    }
    default:
      return null;
  }
}

export const MAX_ANSWER_LENGTH = 2000;

// C0 and C1 control characters: line breaks, tabs, escape, NUL, ... (not format characters such as
// a right-to-left mark, which names in some scripts need).
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A customer's name is one line: it heads lists, mail greetings, calendar titles and CSV cells, where
 * a line break or a tab would break the layout. The booking page and the owner's forms both refuse it.
 */
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

const EMAIL_NAMES = ['E-mail', 'Email'];
const PHONE_NAMES = ['Telefoon', 'Telefoonnummer', 'Phone'];

/**
 * Problems per field name; an empty object means the answers are acceptable. Every e-mail field is
 * checked as an address, and so is the field the customer's e-mail is taken from (`deriveCustomer`),
 * even when it was made as a text field: its answer is where the confirmation goes. Choice fields
 * take only the owner's options (a multiselect's joined by OPTION_SEPARATOR), a checkbox only YES,
 * a yes/no question YES or NO, a date yyyy-MM-dd, a number digits (',' or '.' decimals) within its
 * bounds.
 */
export function validateAnswers(
  fields: readonly FormField[],
  answers: Readonly<Record<string, string>>,
): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const emailSource = customerEmailField(fields);
  const nameSource = nameFieldOf(fields);
  for (const f of fields) {
    const value = (answers[f.fieldName] ?? '').trim();
    if (value.length > MAX_ANSWER_LENGTH) problems[f.fieldName] = 'tooLong';
    else if (!value) {
      if (f.isRequired) problems[f.fieldName] = 'required';
    } else if (f === nameSource && hasControlCharacters(value)) problems[f.fieldName] = 'nameChars';
    else if ((f.fieldType === 'email' || f === emailSource) && emailAddressProblem(value))
      problems[f.fieldName] = emailAddressProblem(value) === 'nonAscii' ? 'emailChars' : 'email';
    else if (f.fieldType === 'phone' && !isValidStoredPhone(value)) problems[f.fieldName] = 'phone';
    else {
      const problem = typedProblem(f, value);
      if (problem) problems[f.fieldName] = problem;
    }
  }
  return problems;
}

/** Only the answers to the event's own fields, trimmed; empty answers are left out. */
export function keepFieldAnswers(
  fields: readonly FormField[],
  answers: Readonly<Record<string, string>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const f of fields) {
    const value = (answers[f.fieldName] ?? '').trim();
    if (value) kept[f.fieldName] = value;
  }
  return kept;
}

/** The field the customer's name comes from: the first required field of type text or email (docs/PRODUCT.md#validation). */
export function nameFieldOf<F extends FormField>(fields: readonly F[]): F | undefined {
  return [...fields]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .find((f) => f.isRequired && (f.fieldType === 'text' || f.fieldType === 'email'));
}

/** The field the customer's e-mail address comes from: named 'E-mail'/'Email', else the first e-mail field. */
function customerEmailField(fields: readonly FormField[]): FormField | undefined {
  const sorted = [...fields].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return sorted.find((f) => EMAIL_NAMES.includes(f.fieldName)) ?? sorted.find((f) => f.fieldType === 'email');
}

/**
 * The fields the customer's details come from. Name: the first required field of type text or email.
 * E-mail: the field named 'E-mail' or 'Email' (else the first e-mail field, so a confirmation can
 * still be sent). Phone: the field named 'Telefoon', 'Telefoonnummer' or 'Phone' (else the first
 * phone field).
 */
export function customerFieldsOf<F extends FormField>(fields: readonly F[]) {
  const sorted = [...fields].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return {
    name: nameFieldOf(sorted),
    email: customerEmailField(sorted) as F | undefined,
    phone:
      sorted.find((f) => PHONE_NAMES.includes(f.fieldName)) ?? sorted.find((f) => f.fieldType === 'phone'),
  };
}

/** The customer's name, e-mail and phone from the answers to the fields `customerFieldsOf` names. */
export function deriveCustomer(fields: readonly FormField[], answers: Readonly<Record<string, string>>) {
  const answer = (f: FormField | undefined) => (f ? (answers[f.fieldName] ?? '').trim() : '');
  const source = customerFieldsOf(fields);
  return {
    name: answer(source.name) || null,
    email: answer(source.email) || null,
    phone: answer(source.phone) || null,
  };
}

/**
 * The answers beyond the customer's name, e-mail and phone, which a booking keeps on their own:
 * where those are shown already, listing every answer would say them twice.
 */
export function otherAnswers(
  answers: Readonly<Record<string, string>>,
  customer: { customerName: string | null; customerEmail: string | null; customerPhone: string | null },
): Record<string, string> {
  const own = new Set(
    [customer.customerName, customer.customerEmail, customer.customerPhone]
      .filter((v): v is string => Boolean(v))
      .map((v) => v.trim()),
  );
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => !own.has(value.trim())));
}
