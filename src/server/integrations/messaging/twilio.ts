import {
  callProvider,
  keyOf,
  type ProviderCallOptions,
  type ProviderKeys,
  type SentText,
  type TextMessage,
  type TextProvider,
} from './text-provider';

/** Twilio's error body: `{ code, message, status, more_info }`. */
const detailOf = (body: unknown) =>
  typeof body === 'object' && body && 'message' in body && typeof body.message === 'string'
    ? body.message
    : undefined;

/**
 * Twilio's REST API (SMS and WhatsApp): the account is read to check the keys, a message is a
 * form-encoded POST to the account's Messages. HTTP Basic with the Account SID and Auth Token.
 */
export function twilioProvider(keys: ProviderKeys, opts: ProviderCallOptions): TextProvider {
  const sid = keyOf(keys, 'accountSid');
  const account = `${opts.apiBase}/2010-04-01/Accounts/${encodeURIComponent(sid)}`;
  const authorization = `Basic ${Buffer.from(`${sid}:${keyOf(keys, 'authToken')}`).toString('base64')}`;
  // An unknown SID under a valid token is the same mistake to the owner: keys that do not belong together.
  const call = { timeoutMs: opts.timeoutMs, detailOf, notFound: 'auth' as const };

  return {
    async verify() {
      await callProvider(`${account}.json`, { headers: { authorization, accept: 'application/json' } }, call);
    },
    async send(message: TextMessage): Promise<SentText> {
      const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.body });
      if (message.statusUrl) form.set('StatusCallback', message.statusUrl);
      const sent = await callProvider<{ sid: string; status: string }>(
        `${account}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
        },
        { ...call, notFound: undefined },
      );
      return { providerId: sent.sid, status: sent.status };
    },
    /**
     * Twilio keeps no reference of ours: the account's messages to the number since the day it was
     * planned, the one with exactly this body and sender is the earlier send.
     */
    async find(message: TextMessage, since: Date): Promise<SentText | null> {
      const query = new URLSearchParams({ To: message.to, 'DateSent>': since.toISOString().slice(0, 10) });
      const list = await callProvider<{
        messages?: { sid: string; status: string; body?: string; from?: string }[];
      }>(
        `${account}/Messages.json?${query}`,
        { headers: { authorization, accept: 'application/json' } },
        { ...call, notFound: undefined },
      );
      const found = list.messages?.find(
        (m) => m.body === message.body && (!m.from || m.from === message.from),
      );
      return found ? { providerId: found.sid, status: found.status } : null;
    },
  };
}
