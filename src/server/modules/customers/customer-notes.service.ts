import type { z } from 'zod';
import type { createNoteBody, CustomerNoteDto, updateNoteBody } from '@contracts/customers';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { SignedIn } from '../../http/signed-in';
import { toNoteDto } from './customer-dto';
import { customerNotesRepo } from './customer-notes.repo';
import { visibleCustomer } from './customers.service';

/** Notes on a customer: every member who sees the customer reads and writes them. */
export function createCustomerNotesService(db: Db, deps: { now: () => Date }) {
  const { now } = deps;
  return {
    async create(
      who: SignedIn,
      customerId: string,
      body: z.output<typeof createNoteBody>,
    ): Promise<CustomerNoteDto> {
      await visibleCustomer(db, who, customerId);
      const at = now();
      const row = await customerNotesRepo.insert(db, {
        customerId,
        businessId: who.user.id,
        text: body.text,
        followUpOn: body.followUpOn ?? null,
        memberId: who.member.id,
        memberName: who.member.name,
        createdAt: at,
        updatedAt: at,
      });
      return toNoteDto(row);
    },

    async update(
      who: SignedIn,
      customerId: string,
      noteId: string,
      body: z.output<typeof updateNoteBody>,
    ): Promise<CustomerNoteDto> {
      await visibleCustomer(db, who, customerId);
      const row = await customerNotesRepo.update(db, customerId, noteId, {
        ...(body.text !== undefined ? { text: body.text } : {}),
        ...(body.followUpOn !== undefined ? { followUpOn: body.followUpOn } : {}),
        updatedAt: now(),
      });
      if (!row) throw notFound(nl.customers.noteNotFound);
      return toNoteDto(row);
    },

    async remove(who: SignedIn, customerId: string, noteId: string): Promise<void> {
      await visibleCustomer(db, who, customerId);
      if (!(await customerNotesRepo.delete(db, customerId, noteId)))
        throw notFound(nl.customers.noteNotFound);
    },
  };
}
