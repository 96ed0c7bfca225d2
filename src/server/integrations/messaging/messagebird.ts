import {
  callProvider,
  keyOf,
  type ProviderCallOptions,
  type ProviderKeys,
  type SentText,
  type TextMessage,
  type TextProvider,
} from './text-provider';

/** MessageBird's error body: `{ errors: [{ code, description, parameter }] }`. */
const detailOf = (body: unknown) => {
  const errors = (body as { errors?: { description?: unknown }[] } | null)?.errors;
  const description = Array.isArray(errors) ? errors[0]?.description : undefined;
  return typeof description === 'string' ? description : undefined;
};

/**
 * MessageBird's (Bird's) SMS REST API: the balance is read to check the access key, a message is a
 * JSON POST to /messages. Recipients are MSISDNs: the E.164 number without its '+'.
 */
export function messagebirdProvider(keys: ProviderKeys, opts: ProviderCallOptions): TextProvider {
  const authorization = `AccessKey ${keyOf(keys, 'accessKey')}`;
  const headers = { authorization, accept: 'application/json' };
  const call = { timeoutMs: opts.timeoutMs, detailOf };

  return {
    async verify() {
      await callProvider(`${opts.apiBase}/balance`, { headers }, call);
    },
    async send(message: TextMessage): Promise<SentText> {
      const sent = await callProvider<{ id: string; recipients?: { items?: { status?: string }[] } }>(
        `${opts.apiBase}/messages`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            originator: message.from,
            recipients: [message.to.replace(/^\+/, '')],
            body: message.body,
            ...(message.statusUrl ? { reportUrl: message.statusUrl } : {}),
            reference: message.reference,
          }),
        },
        call,
      );
      return { providerId: sent.id, status: sent.recipients?.items?.[0]?.status ?? 'sent' };
    },
    /** MessageBird lists messages by our reference: the earlier send, if it took it. */
    async find(message: TextMessage): Promise<SentText | null> {
      const query = new URLSearchParams({ reference: message.reference });
      const list = await callProvider<{
        items?: { id: string; reference?: string | null; recipients?: { items?: { status?: string }[] } }[];
      }>(`${opts.apiBase}/messages?${query}`, { headers }, call);
      const found = list.items?.find((m) => m.reference === message.reference);
      return found ? { providerId: found.id, status: found.recipients?.items?.[0]?.status ?? 'sent' } : null;
    },
  };
}
