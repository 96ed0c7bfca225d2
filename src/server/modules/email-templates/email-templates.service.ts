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
import { activityDiff, activityFields } from '../activity/activity-diff';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';

const m = nl.emailTemplates;
type Body = z.output<typeof emailTemplateBody>;
/** An e-mail template's entry: which of its texts changed (the bodies by their value: they are the owner's own text). */
const SHOWN = ['subject', 'htmlBody', 'textBody', 'isActive', 'reminderTiming'] as const;

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
    async create(user: UserRow, body: Body, by: ActivityBy) {
      if (
        body.templateType !== 'reminder' &&
        (await emailTemplatesRepo.countOfType(db, user.id, body.templateType)) > 0
      ) {
        throw new AppError('CONFLICT', m.onlyOnePerType);
      }
      return db.transaction(async (tx) => {
        const [row] = await emailTemplatesRepo.insertMany(tx, user.id, [values(body)], now());
        await activityRepo.record(tx, by, now(), {
          kind: 'email_template.updated',
          subjectId: row!.id,
          subjectName: row!.templateType,
          before: null,
          after: activityFields(row!, ['subject', 'isActive', 'reminderTiming']),
        });
        return toDto(row!);
      });
    },

    async update(user: UserRow, id: string, body: Body, by: ActivityBy) {
      const current = await emailTemplatesRepo.findOwned(db, user.id, id);
      if (!current) throw notFound(m.notFound);
      return db.transaction(async (tx) => {
        const row = await emailTemplatesRepo.update(
          tx,
          user.id,
          id,
          { ...values(body), templateType: current.templateType },
          now(),
        );
        await logUpdate(
          tx,
          by,
          now(),
          { kind: 'email_template.updated', subjectId: id, subjectName: current.templateType },
          activityDiff(current, row!, SHOWN),
        );
        return toDto(row!);
      });
    },

    async remove(user: UserRow, id: string, by: ActivityBy) {
      await db.transaction(async (tx) => {
        const gone = await emailTemplatesRepo.delete(tx, user.id, id);
        if (!gone) throw notFound(m.notFound);
        await activityRepo.record(tx, by, now(), {
          kind: 'email_template.updated',
          subjectId: id,
          subjectName: gone.templateType,
          before: activityFields(gone, ['subject', 'isActive', 'reminderTiming']),
          after: null,
        });
      });
    },
  };
}
