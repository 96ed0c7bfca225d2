import { describe, expect, it } from 'vitest';
import { validateAnswers, type FormField } from './customer';
import { answersLeavingApp, sensitiveFieldNames } from './shared-answers';

const field = (fieldType: string, extra: Partial<FormField> = {}): FormField[] => [
  { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { fieldName: 'Vraag', fieldType, isRequired: false, order: 1, ...extra },
];
const check = (fields: FormField[], Vraag: string) => validateAnswers(fields, { Naam: 'Eva', Vraag }).Vraag;

describe('validateAnswers: choice, date and number fields', () => {
  it('takes one of a select’s options, exactly', () => {
    const f = field('select', { options: ['Knippen', 'Kleuren'] });
    expect(check(f, 'Kleuren')).toBeUndefined();
    expect(check(f, 'kleuren')).toBe('option');
    expect(check(f, 'Föhnen')).toBe('option');
    expect(check(f, 'Knippen, Kleuren')).toBe('option');
  });

  it('takes several of a multiselect’s options joined by ", ", each once', () => {
    const f = field('multiselect', { options: ['Rug', 'Nek', 'Schouder'] });
    expect(check(f, 'Rug')).toBeUndefined();
    expect(check(f, 'Rug, Schouder')).toBeUndefined();
    expect(check(f, 'Rug, Been')).toBe('option');
    expect(check(f, 'Rug, Rug')).toBe('option');
    expect(check(f, 'Rug,Nek')).toBe('option');
  });

  it('takes only "ja" for a checkbox, and a required one must be ticked', () => {
    expect(check(field('checkbox'), 'ja')).toBeUndefined();
    expect(check(field('checkbox'), 'nee')).toBe('checkbox');
    expect(check(field('checkbox'), 'true')).toBe('checkbox');
    expect(check(field('checkbox', { isRequired: true }), '')).toBe('required');
    expect(check(field('checkbox'), '')).toBeUndefined();
  });

  it('takes "ja" or "nee" for a yes/no question', () => {
    expect(check(field('yesno'), 'ja')).toBeUndefined();
    expect(check(field('yesno'), 'nee')).toBeUndefined();
    expect(check(field('yesno'), 'misschien')).toBe('yesno');
    expect(check(field('yesno', { isRequired: true }), ' ')).toBe('required');
  });

  it('takes a real yyyy-MM-dd date', () => {
    expect(check(field('date'), '2027-02-28')).toBeUndefined();
    expect(check(field('date'), '2027-02-30')).toBe('date');
    expect(check(field('date'), '28-02-2027')).toBe('date');
  });

  it('takes a number within its optional bounds (numeric text bounds too)', () => {
    const f = field('number', { minValue: '1', maxValue: 10 });
    expect(check(f, '1')).toBeUndefined();
    expect(check(f, '10')).toBeUndefined();
    expect(check(f, '2,5')).toBeUndefined();
    expect(check(f, '0.5')).toBe('tooSmall');
    expect(check(f, '11')).toBe('tooLarge');
    expect(check(f, 'tien')).toBe('number');
    expect(check(f, '1e3')).toBe('number');
    expect(check(field('number'), '-40000')).toBeUndefined();
  });

  it('leaves the four original types as they were', () => {
    expect(check(field('text'), 'ja, nee')).toBeUndefined();
    expect(check(field('textarea'), 'Rug, Been')).toBeUndefined();
    expect(check(field('phone'), '123')).toBe('phone');
    expect(check(field('email'), 'geen')).toBe('email');
  });
});

describe('answersLeavingApp', () => {
  const answers = { Naam: 'Eva', Klacht: 'Rugpijn', Behandeling: 'Massage' };
  const sensitive = sensitiveFieldNames([
    { fieldName: 'Naam' },
    { fieldName: 'Klacht', sensitive: true },
    { fieldName: 'Behandeling', sensitive: false },
  ]);

  it('never lets a sensitive answer out', () => {
    expect(sensitive).toEqual(['Klacht']);
    expect(answersLeavingApp(answers, sensitive, { to: 'webhook' })).toEqual({
      Naam: 'Eva',
      Behandeling: 'Massage',
    });
    expect(answersLeavingApp(answers, sensitive, { to: 'export' })).not.toHaveProperty('Klacht');
  });

  it('gives a calendar the other answers only when the owner turned that on', () => {
    expect(answersLeavingApp(answers, sensitive, { to: 'calendar', showAnswers: false })).toEqual({});
    expect(answersLeavingApp(answers, sensitive, { to: 'calendar', showAnswers: true })).toEqual({
      Naam: 'Eva',
      Behandeling: 'Massage',
    });
  });
});
