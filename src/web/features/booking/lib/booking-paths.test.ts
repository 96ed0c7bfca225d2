import { describe, expect, it } from 'vitest';
import { bookAgainPath, manageTokenOf } from './booking-paths';

describe('bookAgainPath (docs/PRODUCT.md#good-endings)', () => {
  it('leads to the service’s booking page, embedded inside an embed', () => {
    expect(bookAgainPath({ slug: 'knippen', publicSlug: 'salon' }, false)).toBe('/boek/knippen');
    expect(bookAgainPath({ slug: 'knippen', publicSlug: 'salon' }, true)).toBe('/boek/knippen?embed=true');
  });
  it('falls back to the business page, and to nothing rather than the owner’s login', () => {
    expect(bookAgainPath({ slug: null, publicSlug: 'salon' }, false)).toBe('/p/salon');
    expect(bookAgainPath({ publicSlug: 'salon' }, true)).toBe('/p/salon?embed=true');
    expect(bookAgainPath({}, false)).toBeNull();
  });
  it('keeps a slug inside its path segment', () => {
    expect(bookAgainPath({ slug: 'a/b?c' }, false)).toBe('/boek/a%2Fb%3Fc');
  });
});

describe('manageTokenOf', () => {
  it('reads the token of a management link', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz012345_-AB';
    expect(manageTokenOf(`https://afspraak.example/booking/manage/${token}`)).toBe(token);
  });
  it('refuses anything else', () => {
    expect(manageTokenOf('https://afspraak.example/booking/manage/short')).toBeNull();
    expect(manageTokenOf('https://afspraak.example/boek/knippen')).toBeNull();
  });
});
