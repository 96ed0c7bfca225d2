import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES } from '@contracts/email-defaults';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const m = nl.emailTemplates;

describe.each(dbKinds())('e-mail templates on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('gives every new owner the Dutch defaults, with one reminder 24 hours before', async () => {
    const a = await owner(t);
    const list = (await a.get('/api/email-templates')).json();
    expect(list.map((x: { templateType: string }) => x.templateType).sort()).toEqual([
      'cancellation',
      'confirmation',
      'modification',
      'reminder',
    ]);
    const confirmation = list.find((x: { templateType: string }) => x.templateType === 'confirmation');
    expect(confirmation).toMatchObject({
      subject: DEFAULT_EMAIL_TEMPLATES.confirmation.subject,
      isActive: true,
      reminderTiming: null,
    });
    expect(confirmation.htmlBody).toContain('{{managementUrl}}');
    expect(list.find((x: { templateType: string }) => x.templateType === 'reminder').reminderTiming).toEqual({
      unit: 'hours',
      value: 24,
    });
  });

  it('edits with validation, sanitizes the HTML, allows several reminders and one of the other types', async () => {
    const a = await owner(t);
    const [confirmation] = (await a.get('/api/email-templates'))
      .json()
      .filter((x: { templateType: string }) => x.templateType === 'confirmation');
    const res = await a.patch(`/api/email-templates/${confirmation.id}`, {
      templateType: 'confirmation',
      subject: 'Tot snel, {{customerName}}',
      htmlBody:
        '<p style="color:#ff0000" onclick="steel()">Hoi <strong>{{customerName}}</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="{{managementUrl}}">beheer</a></p>',
      isActive: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().htmlBody).toBe(
      '<p style="color:#ff0000">Hoi <strong>{{customerName}}</strong> <a>x</a> <a href="{{managementUrl}}">beheer</a></p>',
    );

    expect(
      (
        await a.patch(`/api/email-templates/${confirmation.id}`, {
          templateType: 'confirmation',
          subject: ' ',
          htmlBody: '<p>x</p>',
        })
      ).json().message,
    ).toBe(m.subjectRequired);
    expect(
      (
        await a.patch(`/api/email-templates/${confirmation.id}`, {
          templateType: 'confirmation',
          subject: 'x',
          htmlBody: '',
        })
      ).json().message,
    ).toBe(m.bodyRequired);
    const reminder = await a.post('/api/email-templates', {
      templateType: 'reminder',
      subject: 'Morgen!',
      htmlBody: '<p>Tot morgen</p>',
      reminderTiming: { unit: 'days', value: 2 },
    });
    expect(reminder.statusCode).toBe(201);
    expect(reminder.json().reminderTiming).toEqual({ unit: 'days', value: 2 });
    expect(
      (
        await a.post('/api/email-templates', {
          templateType: 'reminder',
          subject: 'x',
          htmlBody: '<p>x</p>',
          reminderTiming: { unit: 'hours', value: 0 },
        })
      ).json().message,
    ).toBe(m.reminderValueMin);
    expect(
      (
        await a.post('/api/email-templates', { templateType: 'reminder', subject: 'x', htmlBody: '<p>x</p>' })
      ).json().message,
    ).toBe(m.reminderTimingRequired);
    expect(
      (
        await a.post('/api/email-templates', {
          templateType: 'confirmation',
          subject: 'x',
          htmlBody: '<p>x</p>',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await a.get('/api/email-templates'))
        .json()
        .filter((x: { templateType: string }) => x.templateType === 'reminder'),
    ).toHaveLength(2);

    expect((await a.delete(`/api/email-templates/${reminder.json().id}`)).statusCode).toBe(200);
    const mallory = await owner(t);
    expect(
      (
        await mallory.patch(`/api/email-templates/${confirmation.id}`, {
          templateType: 'confirmation',
          subject: 'x',
          htmlBody: '<p>x</p>',
        })
      ).statusCode,
    ).toBe(404);
    expect((await mallory.delete(`/api/email-templates/${confirmation.id}`)).statusCode).toBe(404);
  });
});
