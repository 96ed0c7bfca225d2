import { describe, expect, it } from 'vitest';
import {
  deriveCustomer,
  hasControlCharacters,
  keepFieldAnswers,
  nameFieldOf,
  validateAnswers,
  type FormField,
} from './customer';

const fields: FormField[] = [
  { fieldName: 'Opmerking', fieldType: 'textarea', isRequired: false, order: 3 },
  { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
  { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
];

describe('validateAnswers', () => {
  it('reports required, e-mail and phone problems per field', () => {
    expect(validateAnswers(fields, { Naam: ' ', 'E-mail': 'geen-mail', Telefoon: '+31 6' })).toEqual({
      Naam: 'required',
      'E-mail': 'email',
      Telefoon: 'phone',
    });
    expect(
      validateAnswers(fields, { Naam: 'Sanne', 'E-mail': 'sanne@example.nl', Telefoon: '+31612345678' }),
    ).toEqual({});
    expect(
      validateAnswers(fields, { Naam: 'Sanne', 'E-mail': 's@x.nl', Opmerking: 'x'.repeat(2001) }),
    ).toEqual({ Opmerking: 'tooLong' });
  });

  it('tells an address with accents apart from a malformed one, so the form can say why', () => {
    expect(validateAnswers(fields, { Naam: 'Jürgen', 'E-mail': 'jürgen@müller.de' })).toEqual({
      'E-mail': 'emailChars',
    });
    expect(validateAnswers(fields, { Naam: 'Jürgen', 'E-mail': 'jurgen@mueller.de' })).toEqual({});
  });

  it('refuses a name with a line break, a tab or another control character; other answers may have them', () => {
    for (const Naam of ['Jan\nJansen', 'Jan\tJansen', 'Jan\r\nJansen', 'Jan\u001bJansen', 'Jan\u0085'])
      expect(validateAnswers(fields, { Naam, 'E-mail': 's@x.nl' }), JSON.stringify(Naam)).toEqual({
        Naam: 'nameChars',
      });
    // Around the name they are trimmed away like spaces; a note may span lines.
    expect(
      validateAnswers(fields, { Naam: '\tJan Jansen\n', 'E-mail': 's@x.nl', Opmerking: 'a\nb' }),
    ).toEqual({});
    // Names in every script, with accents, apostrophes, emoji and direction marks, are fine.
    for (const name of ["Zoë d'Ancona", 'Łukasz Ĳsbrand', 'محمد\u200f', '李小龙', '👩🏽‍🔬 Ana-María'])
      expect(hasControlCharacters(name), name).toBe(false);
  });

  it('checks the field the customer’s e-mail comes from as an address, even when it is a text field', () => {
    const textEmail: FormField[] = [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      { fieldName: 'Email', fieldType: 'text', isRequired: false, order: 1 },
      { fieldName: 'Opmerking', fieldType: 'text', isRequired: false, order: 2 },
    ];
    for (const bad of ['x<y@z.nl>', 'sanne@example.nl.', 'Sanne <s@x.nl>'])
      expect(validateAnswers(textEmail, { Naam: 'Sanne', Email: bad })).toEqual({ Email: 'email' });
    expect(
      validateAnswers(textEmail, { Naam: 'Sanne', Email: 'sanne@example.nl', Opmerking: 'geen <adres>' }),
    ).toEqual({});
    expect(validateAnswers(textEmail, { Naam: 'Sanne' })).toEqual({});
  });
});

describe('deriveCustomer', () => {
  it('takes name from the first required text/email field and e-mail/phone by their names', () => {
    expect(
      deriveCustomer(fields, {
        Naam: 'Sanne de Vries',
        'E-mail': 'sanne@example.nl',
        Telefoon: '+31612345678',
      }),
    ).toEqual({
      name: 'Sanne de Vries',
      email: 'sanne@example.nl',
      phone: '+31612345678',
    });
  });
  it('falls back to the first e-mail field when none is named E-mail/Email', () => {
    const f: FormField[] = [{ fieldName: 'Uw mailadres', fieldType: 'email', isRequired: true }];
    expect(deriveCustomer(f, { 'Uw mailadres': 'a@b.nl' })).toEqual({
      name: 'a@b.nl',
      email: 'a@b.nl',
      phone: null,
    });
  });
});

describe('nameFieldOf', () => {
  it('is the first required text or e-mail field in form order, the field deriveCustomer names the customer by', () => {
    expect(nameFieldOf(fields)?.fieldName).toBe('Naam');
    const emailFirst = fields.map((f) => (f.fieldName === 'Naam' ? { ...f, isRequired: false } : f));
    expect(nameFieldOf(emailFirst)?.fieldName).toBe('E-mail');
    expect(deriveCustomer(emailFirst, { 'E-mail': 'a@b.nl' }).name).toBe('a@b.nl');
    expect(nameFieldOf(fields.filter((f) => f.fieldType === 'textarea'))).toBeUndefined();
  });
});

describe('keepFieldAnswers', () => {
  it('drops answers to unknown fields and empty answers', () => {
    expect(keepFieldAnswers(fields, { Naam: ' Sanne ', Hacker: 'x', Opmerking: '' })).toEqual({
      Naam: 'Sanne',
    });
  });
});
