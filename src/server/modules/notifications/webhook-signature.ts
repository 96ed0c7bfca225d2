import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signature headers (docs/PRODUCT.md#webhooks): HMAC-SHA256 with the secret's bytes (the part
 * after `whsec_`, base64) over `id.timestamp.body`. The id stays the same on every retry of one
 * delivery, so a receiver can drop repeats.
 */
export function signWebhook(secret: string, id: string, body: string, at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
