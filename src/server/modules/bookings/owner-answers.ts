import { answerErrors } from '@contracts/answer-errors';
import { ownerAnswers } from '@core/index';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/app-error';
import { customFieldsRepo } from '../events/custom-fields.repo';

/**
 * The customer details the owner typed, checked against the service's fields like the booking page
 * checks a customer's (docs/PRODUCT.md#bookings-page): name, e-mail and phone fill the fields the
 * page takes them from, the other fields' answers must pass validateAnswers (required, e-mail, phone,
 * length). A problem answers 400 on `customFieldResponses.<field>`.
 */
export async function checkedOwnerAnswers(
  db: Db,
  eventId: string,
  customer: { name: string; email?: string | null; phone?: string | null },
  answers: Readonly<Record<string, string>>,
) {
  const fields = await customFieldsRepo.listByEvent(db, eventId);
  const { answers: kept, others } = ownerAnswers(fields, customer, answers);
  const errors = answerErrors(others, answers);
  const first = Object.entries(errors)[0];
  if (first) {
    const messages = Object.fromEntries(
      Object.entries(errors).map(([k, message]) => [`customFieldResponses.${k}`, message]),
    );
    throw badRequest(`${first[0]}: ${first[1]}`, messages);
  }
  return kept;
}
