import http from 'node:http';
import https from 'node:https';
import { isPublicAddress, literalAddress } from '../outbound/public-address';
import { OutboundRefusedError, publicOnlyLookup } from '../outbound/public-lookup';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Only the start of an answer is kept: enough to show the owner, never a memory risk. */
const MAX_RESPONSE_BYTES = 4096;

export interface WebhookResponse {
  status: number;
  body: string;
}

/**
 * POSTs a JSON body: 10 s for the whole exchange, redirects answered as they are (never followed),
 * targets that are not public refused at connect time unless `allowPrivate`
 * (`integrations/outbound`, shared with the owner's SMTP server).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<WebhookResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    // A literal IP never goes through lookup, so it is checked here (the URL parser has already
    // turned decimal, octal, hex and short IPv4 spellings into the dotted form).
    const literal = literalAddress(target.hostname);
    if (!allowPrivate && literal && !isPublicAddress(literal))
      return reject(new OutboundRefusedError(literal));
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Afspraakplanner-Webhooks/1.0',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_RESPONSE_BYTES),
          }),
        );
        res.on('error', reject);
      },
    );
    // One deadline for the whole exchange: connect, send, and the complete answer.
    const deadline = setTimeout(
      () => req.destroy(new Error(`geen antwoord binnen ${WEBHOOK_TIMEOUT_MS / 1000} s`)),
      WEBHOOK_TIMEOUT_MS,
    );
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
