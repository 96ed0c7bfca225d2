import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const invalidYear = nl.closures.invalidYear;

describe.each(dbKinds())('holidays API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists the Dutch public holidays of 2027 with their names, in date order', async () => {
    const a = await owner(t);
    const res = await a.get('/api/closures/holidays?year=2027');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: '2027-01-01', name: 'Nieuwjaarsdag' },
      { date: '2027-03-26', name: 'Goede Vrijdag' },
      { date: '2027-03-28', name: 'Eerste Paasdag' },
      { date: '2027-03-29', name: 'Tweede Paasdag' },
      { date: '2027-04-27', name: 'Koningsdag' },
      { date: '2027-05-05', name: 'Bevrijdingsdag' },
      { date: '2027-05-06', name: 'Hemelvaartsdag' },
      { date: '2027-05-16', name: 'Eerste Pinksterdag' },
      { date: '2027-05-17', name: 'Tweede Pinksterdag' },
      { date: '2027-12-25', name: 'Eerste Kerstdag' },
      { date: '2027-12-26', name: 'Tweede Kerstdag' },
    ]);
  });

  it('puts Koningsdag on 26 April when the 27th is a Sunday, and answers the edge years', async () => {
    const a = await owner(t);
    const list2025 = (await a.get('/api/closures/holidays?year=2025')).json();
    expect(list2025).toContainEqual({ date: '2025-04-26', name: 'Koningsdag' });
    for (const year of [1900, 2200]) {
      const res = await a.get(`/api/closures/holidays?year=${year}`);
      expect(res.statusCode, String(year)).toBe(200);
      expect(res.json(), String(year)).toHaveLength(11);
    }
  });

  it('refuses a year that is not one of 1900–2200 with a Dutch 400', async () => {
    const a = await owner(t);
    for (const query of [
      '?year=abc',
      '?year=1800',
      '?year=1899',
      '?year=2201',
      '?year=2027.0',
      '?year=',
      '',
    ]) {
      const res = await a.get(`/api/closures/holidays${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ message: invalidYear, fields: { year: invalidYear } });
    }
  });

  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ url: '/api/closures/holidays?year=2027' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(nl.errors.unauthorized);
  });
});
