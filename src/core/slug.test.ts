import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug';

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
