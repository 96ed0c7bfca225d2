import type { z } from 'zod';
import { DEFAULT_EMAIL_TEMPLATES } from '@contracts/email-defaults';
import type { EmailTemplateType } from '@contracts/enums';
import type { EmailTemplateDto, emailTemplateBody } from '@contracts/email-templates';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { emailTemplatesRepo, type EmailTemplateRow, type EmailTemplateValues } from './email-templates.repo';
import { sanitizeEmailHtml } from './sanitize-email-html';

const m = nl.emailTemplates;
type Body = z.output<typeof emailTemplateBody>;

const toDto = (row: EmailTemplateRow): EmailTemplateDto => ({
  id: row.id,
  templateType: row.templateType,
  subject: row.subject,
  htmlBody: row.htmlBody,
  textBody: row.textBody,
  reminderTiming: row.reminderTiming ?? null,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function values(body: Body): EmailTemplateValues {
  return {
    templateType: body.templateType,
    subject: body.subject,
    htmlBody: sanitizeEmailHtml(body.htmlBody),
    textBody: body.textBody ?? null,
    isActive: body.isActive,
    reminderTiming: body.templateType === 'reminder' ? (body.reminderTiming ?? null) : null,
  };
}

/** Every owner starts with the Dutch defaults: one of each type and one reminder 24 hours before. */
export function defaultTemplateValues(): EmailTemplateValues[] {
  return (
    Object.entries(DEFAULT_EMAIL_TEMPLATES) as [
      EmailTemplateType,
      (typeof DEFAULT_EMAIL_TEMPLATES)[EmailTemplateType],
    ][]
  ).map(([templateType, t]) => ({
    templateType,
    subject: t.subject,
    htmlBody: t.htmlBody,
    textBody: null,
    isActive: true,
    reminderTiming: t.reminderTiming ?? null,
  }));
}

export function createEmailTemplatesService(db: Db, deps: { now: () => Date }) {
  const { now } = deps;
  return {
    seedDefaults: (tx: Db, userId: string) =>
      emailTemplatesRepo.insertMany(tx, userId, defaultTemplateValues(), now()),

    list: async (user: UserRow) => (await emailTemplatesRepo.list(db, user.id)).map(toDto),

    /** Several reminders may exist; the other types have one template each. */
    async create(user: UserRow, body: Body) {
      if (
        body.templateType !== 'reminder' &&
        (await emailTemplatesRepo.countOfType(db, user.id, body.templateType)) > 0
      ) {
        throw new AppError('CONFLICT', m.onlyOnePerType);
      }
      const [row] = await emailTemplatesRepo.insertMany(db, user.id, [values(body)], now());
      return toDto(row!);
    },

    async update(user: UserRow, id: string, body: Body) {
      const current = await emailTemplatesRepo.findOwned(db, user.id, id);
      if (!current) throw notFound(m.notFound);
      const row = await emailTemplatesRepo.update(
        db,
        user.id,
        id,
        { ...values(body), templateType: current.templateType },
        now(),
      );
      return toDto(row!);
    },

    async remove(user: UserRow, id: string) {
      if (!(await emailTemplatesRepo.delete(db, user.id, id))) throw notFound(m.notFound);
    },
  };
}
