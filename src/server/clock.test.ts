import { describe, expect, it } from 'vitest';
import { utcToZoned } from '@core/index';
import { clockStartingOn, parseTestToday } from './clock';
import { ConfigError, loadConfig } from './config';

describe('TEST_TODAY clock', () => {
  it('reads a day, optionally with a time of day, and nothing else', () => {
    expect(parseTestToday('2028-02-29')).toEqual({ date: '2028-02-29' });
    expect(parseTestToday('2027-03-28T01:59')).toEqual({ date: '2027-03-28', time: '01:59' });
    for (const bad of [
      '2027-02-29',
      '2027-13-01',
      '2027-3-28',
      '2027-03-28T24:00',
      '2027-03-28 10:00',
      'morgen',
      '',
    ]) {
      expect(parseTestToday(bad), bad).toBeNull();
    }
  });

  it('starts on the given day at the real time of day and runs at real speed', () => {
    let real = Date.parse('2026-11-23T20:50:30.250Z'); // 21:50:30 in Amsterdam (winter time)
    const clock = clockStartingOn('2027-07-01', 'Europe/Amsterdam', () => real);
    expect(clock().toISOString()).toBe('2027-07-01T19:50:30.250Z'); // 21:50:30 in summer time
    real += 90_000;
    expect(clock().toISOString()).toBe('2027-07-01T19:52:00.250Z');
  });

  it('crosses into the next day as the real clock does, and starts at a given time of day', () => {
    let real = Date.parse('2026-11-23T10:00:00Z');
    const clock = clockStartingOn('2027-12-31T23:59', 'Europe/Amsterdam', () => real);
    expect(utcToZoned(clock(), 'Europe/Amsterdam')).toMatchObject({ date: '2027-12-31', time: '23:59' });
    real += 60_000;
    expect(utcToZoned(clock(), 'Europe/Amsterdam')).toMatchObject({ date: '2028-01-01', time: '00:00' });
  });

  it('moves a wall time in the spring-forward gap forward, like every other wall time', () => {
    const real = Date.parse('2026-11-23T01:30:00Z'); // 02:30 in Amsterdam
    const clock = clockStartingOn('2027-03-28', 'Europe/Amsterdam', () => real);
    expect(utcToZoned(clock(), 'Europe/Amsterdam')).toMatchObject({ date: '2027-03-28', time: '03:30' });
  });

  it('is accepted by the configuration for tests and development, refused in production', () => {
    const base = { APP_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/afspraak-clock-test' };
    expect(loadConfig({ ...base, NODE_ENV: 'test', TEST_TODAY: '2027-10-31' }).testToday).toBe('2027-10-31');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).testToday).toBeUndefined();
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', TEST_TODAY: '2027-10-31' })).toThrow(
      /TEST_TODAY: is for tests only/,
    );
    expect(() => loadConfig({ ...base, TEST_TODAY: '2027-10-31' })).toThrow(ConfigError); // production by default
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', TEST_TODAY: '31-10-2027' })).toThrow(
      /TEST_TODAY: must be a date/,
    );
  });
});
