import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUser } from '@contracts/auth';
import { emailSettingsBody, emailSettingsDto, paymentKeysBody, testMailResult } from '@contracts/settings';
import { nl } from '@contracts/messages';
import { can } from '@core/permissions';
import { AppError } from '../../http/app-error';
import { currentMember, currentUser } from '../../http/auth-guard';
import { toPublicUser } from '../users/public-user';
import { toEmailSettings } from './settings.service';
import { byMember } from '../activity/activity.repo';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings, paymentKeys } = app.services;

  app.patch(
    '/api/user/settings',
    { schema: { body: paymentKeysBody, response: { 200: publicUser } } },
    async (req) => {
      // The refund and retention settings save without checking the keys again; keys that fail save nothing.
      const { autoRefund, retentionMonths, calendarShowAnswers, approvalHours, ...keys } = req.body;
      let user = currentUser(req);
      const member = currentMember(req);
      const by = byMember(member);
      const touchesKeys = Object.values(keys).some((v) => v !== undefined) || autoRefund !== undefined;
      // The payment keys and the refund rule are the eigenaar's alone (core/permissions.ts).
      if (touchesKeys && !can(member.role, 'paymentKeys'))
        throw new AppError('FORBIDDEN', nl.errors.forbidden);
      if (Object.values(keys).some((v) => v !== undefined))
        user = await settings.savePaymentKeys(user, keys, by);
      if (autoRefund !== undefined) user = await settings.saveAutoRefund(user, autoRefund, by);
      if (calendarShowAnswers !== undefined)
        user = await settings.saveCalendarShowAnswers(user, calendarShowAnswers, by);
      if (retentionMonths !== undefined) user = await settings.saveRetention(user, retentionMonths, by);
      if (approvalHours !== undefined) user = await settings.saveApprovalHours(user, approvalHours, by);
      return toPublicUser({ user, member }, paymentKeys);
    },
  );
  app.get('/api/email-settings', { schema: { response: { 200: emailSettingsDto } } }, (req) =>
    toEmailSettings(currentUser(req)),
  );
  app.post(
    '/api/email-settings',
    { schema: { body: emailSettingsBody, response: { 200: emailSettingsDto } } },
    (req) => settings.saveEmailSettings(currentUser(req), req.body, byMember(currentMember(req))),
  );
  app.post(
    '/api/email-settings/test',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { response: { 200: testMailResult } },
    },
    (req) => settings.sendTestMail(currentUser(req)),
  );
};
