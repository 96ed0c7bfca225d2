import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SLUG_MAX, PUBLIC_SLUG_MIN, publicSlugProblem, slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it('makes readable slugs from Dutch titles', () => {
    expect(slugify('Knippen & Föhnen')).toBe('knippen-en-fohnen');
    expect(slugify('  Intake gesprek (60 min)  ')).toBe('intake-gesprek-60-min');
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('!!!')).toBe('afspraak');
  });
  it('always yields a URL-safe slug of at most 60 characters', () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(60);
      }),
    );
  });
});

describe('uniqueSlug', () => {
  it('adds the first free numeric suffix', () => {
    expect(uniqueSlug('yoga', new Set())).toBe('yoga');
    expect(uniqueSlug('yoga', new Set(['yoga', 'yoga-2']))).toBe('yoga-3');
  });
});

describe('publicSlugProblem', () => {
  it('accepts readable names of 3 to 40 characters', () => {
    expect(publicSlugProblem('salon-mooi')).toBeNull();
    expect(publicSlugProblem('abc')).toBeNull();
    expect(publicSlugProblem('kapper-2')).toBeNull();
    expect(publicSlugProblem('a'.repeat(40))).toBeNull();
  });
  it('names what is wrong', () => {
    expect(publicSlugProblem('ab')).toBe('tooShort');
    expect(publicSlugProblem('a'.repeat(41))).toBe('tooLong');
    expect(publicSlugProblem('Salon')).toBe('chars');
    expect(publicSlugProblem('café-x')).toBe('chars');
    expect(publicSlugProblem('salon mooi')).toBe('chars');
    expect(publicSlugProblem('-salon')).toBe('hyphens');
    expect(publicSlugProblem('salon-')).toBe('hyphens');
    expect(publicSlugProblem('salon--mooi')).toBe('hyphens');
  });
  it('accepts what slugify makes of a name of 3 to 40 characters', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = slugify(name).slice(0, PUBLIC_SLUG_MAX).replace(/-+$/, '');
        if (slug.length >= PUBLIC_SLUG_MIN) expect(publicSlugProblem(slug)).toBeNull();
      }),
    );
  });
});
