import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { GoogleError } from '../google/google-client';
import { brokenConnection } from './mail-failure';

const smtpError = (code: string, responseCode?: number) =>
  Object.assign(new Error(code), { code, responseCode });
const timeout = () =>
  Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });

describe('brokenConnection: the owner’s connection, or only this message?', () => {
  it.each([
    ['smtp', smtpError('EAUTH', 535), 'smtp_auth'],
    ['smtp', smtpError('ENOAUTH'), 'smtp_auth'],
    ['smtp', smtpError('ECONNECTION'), 'smtp_unreachable'],
    ['smtp', smtpError('ESOCKET'), 'smtp_unreachable'],
    ['smtp', smtpError('ETIMEDOUT'), 'smtp_unreachable'],
    ['smtp', smtpError('EDNS'), 'smtp_unreachable'],
    ['smtp', smtpError('ETLS'), 'smtp_unreachable'],
    ['smtp', smtpError('EPROTOCOL', 421), 'smtp_unreachable'],
    ['smtp', smtpError('EENVELOPE', 550), null], // this recipient was refused
    ['smtp', smtpError('EMESSAGE', 552), null], // this message was refused
    ['gmail', new AppError('GOOGLE_BROKEN', 'x'), 'gmail_auth'], // invalid_grant on refresh
    ['gmail', new AppError('GOOGLE_NOT_CONNECTED', 'x'), 'gmail_auth'],
    ['gmail', new GoogleError(401, 'Invalid Credentials'), 'gmail_auth'],
    ['gmail', new GoogleError(403, 'Insufficient Permission'), 'gmail_auth'],
    ['gmail', new GoogleError(429, 'Rate Limit Exceeded'), 'gmail_unreachable'],
    ['gmail', new GoogleError(503, 'Backend Error'), 'gmail_unreachable'],
    ['gmail', timeout(), 'gmail_unreachable'],
    ['gmail', new TypeError('fetch failed'), 'gmail_unreachable'],
    ['gmail', new GoogleError(400, 'Invalid To header'), null],
    // The system provider (SMTP_URL) is the operator's: its failures are retried, never held.
    ['system', smtpError('EAUTH', 535), null],
    ['system', smtpError('ECONNECTION'), null],
  ] as const)('%s: %s → %s', (provider, err, reason) => {
    expect(brokenConnection({ emailProvider: provider }, err)).toBe(reason);
  });
});
