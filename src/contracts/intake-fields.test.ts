import { describe, expect, it } from 'vitest';
import { answerErrors } from './answer-errors';
import { nl } from './messages';
import { customFieldInput } from './schedule';

const m = nl.eventRules;
const issues = (input: Record<string, unknown>) => {
  const r = customFieldInput.safeParse({ fieldName: 'Vraag', ...input });
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('customFieldInput: choice and number fields', () => {
  it('needs unique options for a select or multiselect, at most 50', () => {
    expect(issues({ fieldType: 'select', options: [] })).toEqual([['options', m.optionsRequired]]);
    expect(issues({ fieldType: 'select', options: ['A', 'a'] })).toEqual([['options', m.optionsUnique]]);
    const many = Array.from({ length: 51 }, (_, i) => `Optie ${i}`);
    expect(issues({ fieldType: 'multiselect', options: many })).toEqual([['options', m.tooManyOptions]]);
    expect(issues({ fieldType: 'multiselect', options: ['Rug, nek'] })).toEqual([['options', m.optionComma]]);
    expect(issues({ fieldType: 'select', options: ['Knippen', 'Kleuren'] })).toEqual([]);
  });

  it('keeps a number’s minimum not above its maximum, and bounds as numbers', () => {
    expect(issues({ fieldType: 'number', minValue: 10, maxValue: 1 })).toEqual([['maxValue', m.minAboveMax]]);
    expect(issues({ fieldType: 'number', minValue: 'tien' })).toEqual([['minValue', m.invalidBound]]);
    expect(
      customFieldInput.parse({ fieldName: 'Leeftijd', fieldType: 'number', minValue: '2,5', maxValue: '' }),
    ).toMatchObject({ minValue: 2.5, maxValue: null, options: [], sensitive: false });
  });

  it('drops what the type does not use', () => {
    expect(
      customFieldInput.parse({
        fieldName: 'Naam',
        fieldType: 'text',
        options: ['x'],
        minValue: 1,
        sensitive: true,
      }),
    ).toMatchObject({ options: [], minValue: null, maxValue: null, sensitive: true });
  });
});

describe('answerErrors: the Dutch message per new problem', () => {
  it('names the bounds of a number', () => {
    const fields = [
      { fieldName: 'Leeftijd', fieldType: 'number', isRequired: true, minValue: '18', maxValue: 99.5 },
    ];
    expect(answerErrors(fields, { Leeftijd: '12' })).toEqual({
      Leeftijd: 'Vul een getal in van minimaal 18',
    });
    expect(answerErrors(fields, { Leeftijd: '120' })).toEqual({
      Leeftijd: 'Vul een getal in van maximaal 99,5',
    });
    expect(answerErrors(fields, { Leeftijd: 'oud' })).toEqual({ Leeftijd: 'Vul een getal in' });
  });
});
