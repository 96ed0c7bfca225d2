import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@contracts/errors';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/database-faults';
import { retryWhileUnavailable } from '../../db/retry-unavailable';
import { sha256, type SecretBox } from '../../lib/crypto';
import { idempotencyKeysRepo } from './idempotency-keys.repo';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers a repeated `Idempotency-Key` with its first answer (idempotency.plugin.ts):
     * `true` for the public writes (keys per route), `'api-key'` for the versioned API's writes (keys
     * per route and per API key, so two integrations never see each other's answers).
     */
    idempotent?: boolean | 'api-key';
  }
  interface FastifyRequest {
    idempotency?: { scope: string; key: string; createdAt: Date };
  }
}

/** A retry within this window gets the first answer; after it the key may be used afresh. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A claim whose request never finished (its process died) may be taken over after this. */
const ABANDONED_CLAIM_MS = 60_000;
/** How long a retry waits for the first request, still running, to answer. */
const WAIT_FOR_FIRST_MS = 10_000;
const CLEANUP_EVERY_MS = 10 * 60_000;
const KEY = /^[\x21-\x7e]{1,200}$/;

const refuse = (reply: FastifyReply, status: number, body: ErrorBody) => reply.status(status).send(body);

/**
 * `Idempotency-Key` on the public writes (booking, payment hold, manage changes) and on every write of
 * the versioned API (keyed per API key; another body is 422 `IDEMPOTENCY_KEY_REUSED` there, the
 * public writes keep their 409 `CONFLICT`): the first request
 * with a key claims it in the database (so every instance agrees), and its answer is stored sealed
 * (it holds the manage token); a retry with the same key and body within 24 hours gets that answer
 * with `Idempotent-Replayed: true` and changes nothing. A retry that arrives while the first still
 * runs waits for it. A first request that fails with a 5xx or 429 forgets its claim, so a retry
 * runs afresh; a 4xx is an answer like any other.
 */
export const idempotency = fp<{ db: Db; box: SecretBox; now: () => Date }>(
  async (app: FastifyInstance, opts) => {
    const { db, box, now } = opts;
    let lastCleanup = 0;

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.routeOptions.config.idempotent) return;
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      if (typeof header !== 'string' || !KEY.test(header))
        return refuse(reply, 400, { code: 'BAD_REQUEST', message: nl.errors.idempotencyKeyInvalid });
      const mode = request.routeOptions.config.idempotent;
      // Keyed by the calling API key as well: the same key chosen by two integrations is two keys.
      // Without a caller (not authenticated) there is nothing to key by, and nothing may be replayed.
      const apiKeyId = request.apiKey?.key.id;
      if (mode === 'api-key' && !apiKeyId) return;
      const scope = sha256(
        mode === 'api-key'
          ? `api-key:${apiKeyId} ${request.method} ${request.url}`
          : `${request.method} ${request.url}`,
      );
      const fingerprint = sha256(JSON.stringify(request.body ?? null));
      const at = now();
      if (at.getTime() - lastCleanup > CLEANUP_EVERY_MS) {
        lastCleanup = at.getTime();
        idempotencyKeysRepo
          .deleteOlderThan(db, new Date(at.getTime() - IDEMPOTENCY_RETENTION_MS))
          .catch((err: unknown) => request.log.warn({ err }, 'removing old idempotency keys failed'));
      }

      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        const createdAt = now();
        if (await idempotencyKeysRepo.claim(db, { scope, key: header, fingerprint, createdAt })) {
          request.idempotency = { scope, key: header, createdAt };
          return;
        }
        const row = await idempotencyKeysRepo.find(db, scope, header);
        if (!row) continue; // released meanwhile: claim it
        const age = now().getTime() - row.createdAt.getTime();
        const stale = age > IDEMPOTENCY_RETENTION_MS || (row.statusCode === null && age > ABANDONED_CLAIM_MS);
        if (stale) {
          await idempotencyKeysRepo.release(db, scope, header, row.createdAt);
          continue;
        }
        if (row.fingerprint !== fingerprint)
          return mode === 'api-key'
            ? refuse(reply, 422, { code: 'IDEMPOTENCY_KEY_REUSED', message: nl.errors.idempotencyKeyReused })
            : refuse(reply, 409, { code: 'CONFLICT', message: nl.errors.idempotencyKeyReused });
        if (row.statusCode !== null && row.body !== null) {
          return reply
            .status(row.statusCode)
            .header('idempotent-replayed', 'true')
            .send(JSON.parse(box.decrypt(row.body)) as unknown);
        }
        if (Date.now() > deadline)
          return refuse(reply, 409, { code: 'CONFLICT', message: nl.errors.idempotencyInProgress });
        await new Promise((r) => setTimeout(r, 100));
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotency;
      if (!claim) return payload;
      request.idempotency = undefined;
      const status = reply.statusCode;
      // Only this request's own claim is released: a background retry below must never remove the
      // claim of a later request that took the key over.
      const record =
        status >= 500 || status === 429 || typeof payload !== 'string'
          ? () => idempotencyKeysRepo.release(db, claim.scope, claim.key, claim.createdAt)
          : () => idempotencyKeysRepo.complete(db, claim.scope, claim.key, status, box.encrypt(payload));
      try {
        await record();
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        // The answer is right (a booking that committed, or a refusal) and goes out; only its record
        // waits for the database, in the background. Failing the request instead would tell a customer
        // whose booking committed that it failed, and leave the claim to block their retry until it
        // counts as abandoned. Meanwhile a retry with the key waits for the record (WAIT_FOR_FIRST_MS).
        request.log.warn({ err, status }, 'idempotency key not recorded: retrying in the background');
        retryWhileUnavailable(record, { forMs: ABANDONED_CLAIM_MS }).catch((last: unknown) =>
          request.log.warn({ err: last }, 'idempotency key not recorded: the claim will lapse'),
        );
      }
      return payload;
    });
  },
);
