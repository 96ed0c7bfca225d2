import { rulesOf } from '@contracts/booking-rules';
import { nl } from '@contracts/messages';
import { compactPauses, depositValueText } from '@core/index';
import type { templateBody, TemplateDto } from '@contracts/templates';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { ownedAgendaIds } from '../agendas/owned-agendas';
import { templatesRepo, type TemplateRow } from './templates.repo';

const toDto = (row: TemplateRow): TemplateDto => ({
  id: row.id,
  templateName: row.templateName,
  workingDays: row.workingDays,
  dailyPauseTimes: row.dailyPauseTimes,
  durationMinutes: row.durationMinutes,
  requiresPayment: row.requiresPayment,
  paymentAmount: row.paymentAmount,
  currency: row.currency,
  googleCalendarId: row.googleCalendarId,
  themeColor: row.themeColor,
  agendaIds: row.agendaIds,
  ...rulesOf(row),
  depositType: row.depositType,
  depositValue: depositValueText(row),
  depositFor: row.depositFor,
  customFieldsConfig: row.customFieldsConfig,
  webhooksConfig: row.webhooksConfig,
  createdAt: row.createdAt.toISOString(),
});

type TemplateInput = z.output<typeof templateBody>;

function values(t: TemplateInput) {
  return {
    ...t,
    customFieldsConfig: t.customFieldsConfig.map(({ id: _id, ...f }) => f),
    dailyPauseTimes: compactPauses(t.dailyPauseTimes),
    // Without a deposit a value left in the form means nothing: not stored.
    depositValue: t.depositType === 'none' ? null : t.depositValue,
  };
}

export function createTemplatesService(db: Db, deps: { now: () => Date }) {
  const missing = () => notFound(nl.eventRules.templateNotFound);
  return {
    list: async (user: UserRow) => (await templatesRepo.list(db, user.id)).map(toDto),
    async get(user: UserRow, id: string) {
      const row = await templatesRepo.findOwned(db, user.id, id);
      if (!row) throw missing();
      return toDto(row);
    },
    create: (user: UserRow, input: TemplateInput) =>
      db.transaction(async (tx) => {
        const agendaIds = await ownedAgendaIds(tx, user.id, input.agendaIds);
        return toDto(await templatesRepo.insert(tx, user.id, { ...values(input), agendaIds }, deps.now()));
      }),
    async update(user: UserRow, id: string, input: TemplateInput) {
      const row = await db.transaction(async (tx) => {
        const agendaIds = await ownedAgendaIds(tx, user.id, input.agendaIds);
        return templatesRepo.update(tx, user.id, id, { ...values(input), agendaIds });
      });
      if (!row) throw missing();
      return toDto(row);
    },
    async remove(user: UserRow, id: string) {
      if (!(await templatesRepo.delete(db, user.id, id))) throw missing();
    },
  };
}
