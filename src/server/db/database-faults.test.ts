import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-faults';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
const pgError = (code: string) => Object.assign(new Error('pg'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['admin shutdown (a restart)', pgError('57P01')],
    ['cannot connect now (starting up)', pgError('57P03')],
    ['connection failure', pgError('08006')],
    ['disk full', pgError('53100')],
    ['too many connections', pgError('53300')],
    ['statement timeout', pgError('57014')],
    ['refused socket', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['connection ended', new Error('Connection terminated unexpectedly')],
    ['full file system under PGlite', Object.assign(new Error('write failed'), { code: 'ENOSPC' })],
  ])('%s is unavailable, also under Drizzle’s wrapping', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505')],
    ['exclusion violation (slot taken)', pgError('23P01')],
    ['syntax error', pgError('42601')],
    ['undefined table', pgError('42P01')],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('%s is not', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });
});
