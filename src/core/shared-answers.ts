/**
 * Which of a booking's answers may leave the app (docs/PRODUCT.md#sensitive-answers): the one rule
 * every output outside the app follows (calendar feed, Google Calendar, webhooks, the CSV export;
 * e-mails and invitation files carry no answers). An answer to a field the owner marked sensitive
 * ('Gevoelig (bijv. medisch)') never does; a calendar carries the others only when the owner turned
 * on 'Antwoorden in agenda'. Inside the app (the booking's details) every answer is shown.
 */
export type AnswerDestination =
  { to: 'calendar'; showAnswers: boolean } | { to: 'webhook' } | { to: 'export' };

/** The names of the fields whose answers stay inside the app. */
export const sensitiveFieldNames = (
  fields: readonly { fieldName: string; sensitive?: boolean | null }[],
): string[] => fields.filter((f) => f.sensitive).map((f) => f.fieldName);

export function answersLeavingApp(
  answers: Readonly<Record<string, string>>,
  sensitive: readonly string[],
  destination: AnswerDestination,
): Record<string, string> {
  if (destination.to === 'calendar' && !destination.showAnswers) return {};
  const hidden = new Set(sensitive);
  return Object.fromEntries(Object.entries(answers).filter(([name]) => !hidden.has(name)));
}
