import { describe, expect, it } from 'vitest';
import { policySection } from './notification-content';

// Tuesday 1 December 2026 10:00 in Amsterdam (UTC+1).
const startsAt = new Date('2026-12-01T09:00:00.000Z');
const rules = { policyText: null, cancelCutoffHours: null, rescheduleCutoffHours: null };

describe('policySection', () => {
  it('is null without a policy and without cut-offs', () => {
    expect(policySection(rules, startsAt, 'Europe/Amsterdam')).toBeNull();
    expect(policySection({ ...rules, policyText: '  \n ' }, startsAt, 'Europe/Amsterdam')).toBeNull();
  });

  it('escapes the policy, keeps its line breaks, and names the cut-offs in the owner’s zone', () => {
    const section = policySection(
      {
        policyText: 'Kosteloos tot 1 dag.\r\nDaarna <b>50%</b> & meer.',
        cancelCutoffHours: 24,
        rescheduleCutoffHours: 48,
      },
      startsAt,
      'Europe/Amsterdam',
    );
    expect(section).toEqual({
      html:
        '<h3>Annuleringsvoorwaarden</h3><p>Kosteloos tot 1 dag.<br>Daarna &lt;b&gt;50%&lt;/b&gt; &amp; meer.</p>' +
        '<p>Wijzigen kan tot zo 29 nov 10:00<br>Annuleren kan tot ma 30 nov 10:00</p>',
      text:
        'Annuleringsvoorwaarden\nKosteloos tot 1 dag.\nDaarna <b>50%</b> & meer.\n\n' +
        'Wijzigen kan tot zo 29 nov 10:00\nAnnuleren kan tot ma 30 nov 10:00',
    });
  });

  it('shows the cut-offs alone when there is no policy text', () => {
    expect(policySection({ ...rules, cancelCutoffHours: 0 }, startsAt, 'Europe/Amsterdam')).toEqual({
      html: '<p>Annuleren kan tot di 1 dec 10:00</p>',
      text: 'Annuleren kan tot di 1 dec 10:00',
    });
  });
});
