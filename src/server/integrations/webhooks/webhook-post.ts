import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Only the start of an answer is kept: enough to show the owner, never a memory risk. */
const MAX_RESPONSE_BYTES = 4096;

export class WebhookRefusedError extends Error {}

/**
 * Loopback, private (RFC 1918, unique-local), link-local (incl. cloud metadata at 169.254.169.254),
 * carrier-grade NAT, "this network", multicast and reserved ranges: a webhook must not reach into
 * the server's own network.
 */
const blocked = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(addr, prefix, 'ipv4');
}
for (const [addr, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(addr, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

/**
 * Resolves like the default lookup, then refuses private answers. Because the check runs on the
 * address actually connected to, a name that resolves to a public address when the owner saves
 * it and to 127.0.0.1 later (DNS rebinding) is still refused.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new WebhookRefusedError(`adres ${bad.address} is niet toegestaan`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface WebhookResponse {
  status: number;
  body: string;
}

/**
 * POSTs a JSON body: 10 s for the whole exchange, redirects answered as they are (never followed),
 * private targets refused at connect time unless `allowPrivate`.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<WebhookResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // A literal IP never goes through lookup, so it is checked here.
    if (!allowPrivate && isPrivateAddress(host)) return reject(new WebhookRefusedError(`adres ${host} is niet toegestaan`));
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Afspraakplanner-Webhooks/1.0', 'content-length': Buffer.byteLength(body), ...headers },
        ...(allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_RESPONSE_BYTES) }));
        res.on('error', reject);
      },
    );
    // One deadline for the whole exchange: connect, send, and the complete answer.
    const deadline = setTimeout(() => req.destroy(new Error(`geen antwoord binnen ${WEBHOOK_TIMEOUT_MS / 1000} s`)), WEBHOOK_TIMEOUT_MS);
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
