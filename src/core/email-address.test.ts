import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailAddressProblem, isValidEmailAddress } from './email-address';

/**
 * [address, accepted, why]. `browser` marks rows where <input type=email> (WHATWG) accepts what this
 * rule refuses: the rule's deliberate additions.
 */
const TABLE: Array<[string, boolean, string]> = [
  ['sanne@example.nl', true, 'plain'],
  ['Sanne.de.Vries@Example.NL', true, 'dots and capitals'],
  ['s+boeking@example.nl', true, 'plus tag'],
  ["o'brien@example.ie", true, 'apostrophe'],
  ['a_b-c@sub.example.co.uk', true, 'subdomains'],
  ['1@2.nl', true, 'digits'],
  ["!#$%&'*+/=?^_`{|}~-@example.nl", true, 'every atext symbol'],
  ['x@xn--bcher-kva.de', true, 'punycode domain (what the browser sends for bücher.de)'],
  ['x@a-b.nl', true, 'hyphen inside a label'],
  [`${'a'.repeat(64)}@example.nl`, true, '64-character local part'],
  [`a@${'b'.repeat(63)}.nl`, true, '63-character label'],
  ['x<y@z.nl>', false, 'angle brackets'],
  ['Sanne <sanne@example.nl>', false, 'display name'],
  ['sanne @example.nl', false, 'space in local part'],
  ['sanne@exam ple.nl', false, 'space in domain'],
  ['"sanne"@example.nl', false, 'quotes'],
  ['"a b"@example.nl', false, 'quoted local part with space'],
  ['a,b@example.nl', false, 'comma (a second recipient)'],
  ['a;b@example.nl', false, 'semicolon'],
  ['a:b@example.nl', false, 'colon'],
  ['a\\b@example.nl', false, 'backslash'],
  ['a(b)@example.nl', false, 'comment parentheses'],
  ['a@b@example.nl', false, 'two @'],
  ['sanne@example.nl.', false, 'trailing dot in the domain'],
  ['sanne.@example.nl', false, 'trailing dot in the local part (browser accepts)'],
  ['.sanne@example.nl', false, 'leading dot in the local part (browser accepts)'],
  ['san..ne@example.nl', false, 'doubled dot in the local part (browser accepts)'],
  ['sanne@example..nl', false, 'doubled dot in the domain'],
  ['sanne@.example.nl', false, 'leading dot in the domain'],
  ['sanne@localhost', false, 'no dot in the domain (browser accepts)'],
  ['sanne@nl', false, 'no dot in the domain (browser accepts)'],
  ['sanne@-example.nl', false, 'label starts with a hyphen'],
  ['sanne@example-.nl', false, 'label ends with a hyphen'],
  ['sanne@exa_mple.nl', false, 'underscore in the domain'],
  ['sanne@[127.0.0.1]', false, 'address literal'],
  ['sanne@example.nl\n', false, 'trailing newline'],
  ['sanne@example.nl\r\nBcc: x@y.nl', false, 'header injection'],
  ['sänne@example.nl', false, 'non-ASCII local part'],
  ['sanne@bücher.de', false, 'non-ASCII domain (the browser sends punycode)'],
  ['@example.nl', false, 'no local part'],
  ['sanne@', false, 'no domain'],
  ['sanne', false, 'no @'],
  ['', false, 'empty'],
  [`${'a'.repeat(65)}@example.nl`, false, '65-character local part (browser accepts)'],
  [`a@${'b'.repeat(64)}.nl`, false, '64-character label'],
  [
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.nl`,
    false,
    'longer than 254 (browser accepts)',
  ],
];

describe('isValidEmailAddress', () => {
  it.each(TABLE)('%s → %s (%s)', (address, accepted) => expect(isValidEmailAddress(address)).toBe(accepted));

  it('accepts what fast-check generates as a dot-atom address with a dotted domain, up to 254 characters', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        const [local, domain] = [
          address.slice(0, address.lastIndexOf('@')),
          address.slice(address.lastIndexOf('@') + 1),
        ];
        fc.pre(domain.includes('.') && address.length <= EMAIL_MAX_LENGTH && local.length <= 64);
        expect(isValidEmailAddress(address)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a valid address with any character no mail server accepts put anywhere in it', () => {
    const bad = fc.constantFrom(
      ' ',
      '<',
      '>',
      '"',
      '(',
      ')',
      ',',
      ';',
      ':',
      '\\',
      '[',
      ']',
      '\n',
      '\r',
      '\t',
      '\u0000',
      'é',
      '@',
    );
    fc.assert(
      fc.property(fc.emailAddress(), bad, fc.nat(), (address, char, at) => {
        const i = at % (address.length + 1);
        expect(isValidEmailAddress(address.slice(0, i) + char + address.slice(i))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a trailing dot, and a domain without any dot', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        expect(isValidEmailAddress(`${address}.`)).toBe(false);
        const at = address.lastIndexOf('@');
        expect(isValidEmailAddress(`${address.slice(0, at)}.${address.slice(at)}`)).toBe(false);
        expect(isValidEmailAddress(address.slice(0, at + 1) + address.slice(at + 1).replace(/\./g, ''))).toBe(
          false,
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('emailAddressProblem', () => {
  it.each([
    ['sanne@example.nl', null],
    ['sänne@example.nl', 'nonAscii'],
    ['sanne@bücher.de', 'nonAscii'],
    ['jürgen.straße@müller.de', 'nonAscii'],
    ['sanne\u2019s@example.nl', 'nonAscii'],
    ['sänne@', 'invalid'],
    ['sänne example.nl', 'invalid'],
    ['sanne@example', 'invalid'],
    ['sanne\t@example.nl', 'invalid'],
  ] as const)('%s → %s', (address, problem) => expect(emailAddressProblem(address)).toBe(problem));

  it('only says nonAscii of addresses the rule refuses, so the hint never contradicts isValidEmailAddress', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (value) => {
        const problem = emailAddressProblem(value);
        expect(problem === null).toBe(isValidEmailAddress(value));
        if (problem === 'nonAscii') expect(/[\u{80}-\u{10ffff}]/u.test(value)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
