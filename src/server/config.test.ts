import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = () => ({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'afspraak-config-')),
  APP_SECRET: 'x'.repeat(32),
});

describe('private outbound targets (WEBHOOK_ALLOW_PRIVATE, OUTBOUND_ALLOW_PRIVATE)', () => {
  it.each([
    [{}, { webhookAllowPrivate: false, smtpAllowPrivate: false }],
    [{ WEBHOOK_ALLOW_PRIVATE: '1' }, { webhookAllowPrivate: true, smtpAllowPrivate: false }],
    [{ OUTBOUND_ALLOW_PRIVATE: '1' }, { webhookAllowPrivate: true, smtpAllowPrivate: true }],
    [
      { OUTBOUND_ALLOW_PRIVATE: 'true', WEBHOOK_ALLOW_PRIVATE: '0' },
      { webhookAllowPrivate: true, smtpAllowPrivate: true },
    ],
    [{ OUTBOUND_ALLOW_PRIVATE: '0' }, { webhookAllowPrivate: false, smtpAllowPrivate: false }],
  ])('%j → %j', (env, expected) => {
    expect(loadConfig({ ...base(), ...env })).toMatchObject(expected);
  });

  it('refuses another value with one line naming the variable', () => {
    expect(() => loadConfig({ ...base(), OUTBOUND_ALLOW_PRIVATE: 'ja' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base(), OUTBOUND_ALLOW_PRIVATE: 'ja' });
    } catch (err) {
      expect((err as ConfigError).lines).toEqual(['OUTBOUND_ALLOW_PRIVATE: must be 0 or 1 (got "ja")']);
    }
  });
});
