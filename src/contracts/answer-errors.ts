/**
 * The Dutch message for each problem `validateAnswers` finds in a customer's answers. Without zod, so
 * the booking page can check answers without loading the public contracts' schemas (~12 KB gzip); the
 * server reports the very same messages.
 */
import { validateAnswers, type FieldProblem, type FormField } from '@core/customer';
import { nlPublicSteps as nl } from './messages-public-steps';

const problemMessage: Record<FieldProblem, string> = {
  required: nl.booking.required,
  email: nl.booking.invalidEmail,
  emailChars: nl.validation.emailChars,
  phone: nl.booking.invalidPhone,
  tooLong: nl.booking.answerTooLong,
  nameChars: nl.booking.nameControlChars,
  option: nl.booking.invalidOption,
  checkbox: nl.booking.invalidCheckbox,
  yesno: nl.booking.invalidYesNo,
  date: nl.booking.invalidAnswerDate,
  number: nl.booking.invalidNumber,
  tooSmall: nl.booking.numberTooSmall,
  tooLarge: nl.booking.numberTooLarge,
};

/** A number field's bound as the message says it ('2,5'). */
const boundText = (v: FormField['minValue']) => String(Number(v)).replace('.', ',');

/** Dutch message per field name; empty when the answers are acceptable. */
export function answerErrors(
  fields: readonly FormField[],
  answers: Readonly<Record<string, string>>,
): Record<string, string> {
  const problems = validateAnswers(fields, answers);
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => {
      const f = byName.get(field);
      return [
        field,
        problemMessage[problem]
          .replace('{min}', boundText(f?.minValue))
          .replace('{max}', boundText(f?.maxValue)),
      ];
    }),
  );
}
