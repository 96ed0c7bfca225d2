import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

/**
 * Twilio's request signature (`X-Twilio-Signature`): base64 HMAC-SHA1, keyed with the account's Auth
 * Token, of the full public URL the request was sent to followed by every POST parameter's name and
 * value, sorted by name. Our callbacks accept a post only with it (docs/PRODUCT.md#text-messages).
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is the one Twilio makes of this request (compared in constant time). */
export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  return Boolean(signature) && safeEqual(twilioSignature(authToken, url, params), signature!);
}
