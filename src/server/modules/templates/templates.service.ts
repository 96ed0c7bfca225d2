import { rulesOf } from '@contracts/booking-rules';
import { nl } from '@contracts/messages';
import { compactPauses, depositValueText } from '@core/index';
import type { templateBody, TemplateDto } from '@contracts/templates';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { activityDiff, activityFields } from '../activity/activity-diff';
import { ownedAgendaIds } from '../agendas/owned-agendas';
import { templatesRepo, type TemplateRow } from './templates.repo';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';

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
  customFieldsConfig: row.customFieldsConfig.map((f) => ({
    options: [],
    minValue: null,
    maxValue: null,
    sensitive: false,
    ...f,
  })),
  webhooksConfig: row.webhooksConfig,
  createdAt: row.createdAt.toISOString(),
});

type TemplateInput = z.output<typeof templateBody>;
const SUMMARY = ['templateName', 'durationMinutes', 'requiresPayment', 'paymentAmount'] as const;
const NOT_CHANGES = new Set(['id', 'userId', 'createdAt']);

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
    create: (user: UserRow, input: TemplateInput, by: ActivityBy) =>
      db.transaction(async (tx) => {
        const agendaIds = await ownedAgendaIds(tx, user.id, input.agendaIds);
        const row = await templatesRepo.insert(tx, user.id, { ...values(input), agendaIds }, deps.now());
        await activityRepo.record(tx, by, deps.now(), {
          kind: 'template.created',
          subjectId: row.id,
          subjectName: row.templateName,
          after: activityFields(row, SUMMARY),
        });
        return toDto(row);
      }),
    async update(user: UserRow, id: string, input: TemplateInput, by: ActivityBy) {
      const row = await db.transaction(async (tx) => {
        const current = await templatesRepo.findOwned(tx, user.id, id);
        if (!current) throw missing();
        const agendaIds = await ownedAgendaIds(tx, user.id, input.agendaIds);
        const updated = await templatesRepo.update(tx, user.id, id, { ...values(input), agendaIds });
        if (updated) {
          const keys = (Object.keys(updated) as Array<keyof TemplateRow>).filter((k) => !NOT_CHANGES.has(k));
          await logUpdate(
            tx,
            by,
            deps.now(),
            { kind: 'template.updated', subjectId: id, subjectName: updated.templateName },
            activityDiff(current, updated, keys),
          );
        }
        return updated;
      });
      if (!row) throw missing();
      return toDto(row);
    },
    async remove(user: UserRow, id: string, by: ActivityBy) {
      await db.transaction(async (tx) => {
        const gone = await templatesRepo.delete(tx, user.id, id);
        if (!gone) throw missing();
        await activityRepo.record(tx, by, deps.now(), {
          kind: 'template.deleted',
          subjectId: id,
          subjectName: gone.templateName,
          before: activityFields(gone, SUMMARY),
        });
      });
    },
  };
}
