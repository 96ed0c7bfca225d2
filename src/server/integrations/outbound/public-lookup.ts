import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, literalAddress } from './public-address';

/** A target refused because it is not on the public internet; the message names the address. */
export class OutboundRefusedError extends Error {
  constructor(public readonly address: string) {
    super(`adres ${address} is niet toegestaan`);
  }
}

/**
 * A `lookup` for http(s) and net connections: resolves like the default lookup, then refuses the
 * connection when any answer is not public. Because it runs when the socket connects, a name that
 * resolved to a public address when the owner saved it and resolves to 127.0.0.1 later (DNS
 * rebinding) is refused all the same.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad) return callback(new OutboundRefusedError(bad.address), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** How long a name may take to resolve before the attempt counts as a DNS failure. */
export const LOOKUP_TIMEOUT_MS = 5_000;

/** dns.lookup has no deadline of its own; an unreachable resolver can keep it waiting for long. */
function lookupWithin(host: string, timeoutMs: number): Promise<dns.LookupAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`${host}: geen DNS-antwoord binnen ${timeoutMs / 1000} s`), {
            code: 'ETIMEOUT',
          }),
        ),
      timeoutMs,
    );
  });
  return Promise.race([dns.promises.lookup(host, { all: true }), deadline]).finally(() =>
    clearTimeout(timer),
  );
}

/**
 * The one address to connect to for `host`, checked: a literal address (in any spelling) must be
 * public; a name is resolved and every address it has must be public (one private answer among
 * public ones is how a rebinding attacker would try). The caller connects to the returned address
 * itself, so nothing can resolve differently between this check and the connection.
 */
export async function resolvePublicAddress(host: string, timeoutMs = LOOKUP_TIMEOUT_MS): Promise<string> {
  const literal = literalAddress(host);
  if (literal) {
    if (!isPublicAddress(literal)) throw new OutboundRefusedError(literal);
    return literal;
  }
  const addresses = await lookupWithin(host, timeoutMs);
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad) throw new OutboundRefusedError(bad.address);
  return addresses[0]!.address;
}

/**
 * The save-time check of a host an owner types: true when it is, or resolves to, an address that
 * is not public. A name that does not resolve now (or not within the lookup deadline) counts as
 * allowed (the owner may still be setting up DNS): every connection made later is checked again by
 * `resolvePublicAddress`.
 */
export async function isNonPublicHost(host: string): Promise<boolean> {
  try {
    await resolvePublicAddress(host);
    return false;
  } catch (err) {
    return err instanceof OutboundRefusedError;
  }
}
