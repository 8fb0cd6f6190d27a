import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { IDEMPOTENCY_TTL_SECONDS, canonicalJson } from '../../contract/idempotency';
import type { Db } from '../db/client';
import { AfterCommit, completeAfterCommit } from '../http/after-commit';
import { ApiError } from '../http/errors';
import { claimKey, purgeExpiredKeys, replaceAnswer, storeAnswer } from '../repositories/idempotency-keys';
import { currentUser } from './session';

/** Marks an answer that was stored earlier and sent again without running the handler. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotency-Replayed';
/** The 409 "still in progress" carries this Retry-After (seconds): the client waits and sends the same key again. */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 2;
const DEFAULT_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: `Некорректный заголовок ${IDEMPOTENCY_HEADER}: ожидается от 1 до 255 видимых символов ASCII`,
  inProgress: 'Запрос с этим ключом идемпотентности ещё выполняется: повторите позже',
  otherBody: `Ключ ${IDEMPOTENCY_HEADER} уже использован для другого запроса: создайте новый ключ`,
} as const;

export interface IdempotencyOptions {
  /** How often expired keys are deleted (they are also deleted at start). */
  purgeIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes the stored answers older than 7 days; returns how many. */
    purgeIdempotencyKeys(): Promise<number>;
  }
}

/** Keeps the stored answers within their lifetime: at start, then on a timer. */
export const idempotencyPlugin = fp(
  async (app, options: IdempotencyOptions) => {
    let closing = false;
    const purge = () => purgeExpiredKeys(app.database.drizzle, IDEMPOTENCY_TTL_SECONDS);
    app.decorate('purgeIdempotencyKeys', purge);
    await purge();
    const timer = setInterval(() => {
      purge().catch((error: unknown) => {
        if (!closing) app.log.warn({ err: error }, 'purging expired idempotency keys failed');
      });
    }, options.purgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
    });
  },
  { name: 'idempotency', dependencies: ['database', 'session'] },
);

/** The key of a request, null without one; a malformed key is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new ApiError(400, IDEMPOTENCY_MESSAGES.badKey);
  return value;
}

/** The path with its query parameters sorted, so their order does not matter. */
function canonicalPath(url: string): string {
  const [path, query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted === '' ? path : `${path}?${sorted}`;
}

/**
 * What makes two requests "the same": method, path with query, and the body as canonical JSON,
 * without `_csrf` (a fresh token is attached to every attempt).
 */
export function requestFingerprint(request: FastifyRequest): { path: string; hash: string } {
  let body: unknown = request.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && '_csrf' in body) {
    const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    delete copy._csrf;
    body = copy;
  }
  const path = canonicalPath(request.url);
  const hash = createHash('sha256').update(`${request.method}\n${path}\n${canonicalJson(body)}`).digest('hex');
  return { path, hash };
}

const jsonBody = (answer: unknown): string | null => (answer === undefined ? null : JSON.stringify(answer));

type Outcome = { kind: 'ran'; answer: unknown } | { kind: 'replay'; statusCode: number; body: string | null };

/**
 * Runs a mutating handler exactly once per (user, Idempotency-Key). The handler's writes, the lock
 * and the stored answer share ONE transaction: if the process dies or the commit fails, neither the
 * effect nor the key remains and a retry runs it afresh; once it has committed, a retry gets the
 * stored answer even if the first answer never reached the client. Only a success is stored: a
 * refusal (any thrown error) rolls everything back, so the same key may be sent again, with the
 * same or a corrected body. Without a key the handler still runs in one transaction.
 *
 * An answer `AfterCommit` (http/after-commit.ts) stores its provisional answer, is completed once
 * the transaction has committed (owed changes are sent to devices then, not under its locks), and
 * the completed answer replaces the stored one. Should the process die in between, a retry gets the
 * provisional answer, which is true as of the commit: the changes are owed and the runner sends them.
 */
export async function runIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  successStatus: number,
  handler: (db: Db) => Promise<unknown>,
): Promise<unknown> {
  const db = request.server.database.drizzle;
  const key = idempotencyKeyOf(request);
  if (key === null) {
    const answer = await db.transaction((tx) => handler(tx as unknown as Db));
    const completed = answer instanceof AfterCommit ? await completeAfterCommit(request, answer) : answer;
    reply.code(successStatus);
    return completed;
  }

  const { userId } = currentUser(request);
  const { path, hash } = requestFingerprint(request);
  const outcome = await db.transaction(async (transaction): Promise<Outcome> => {
    const tx = transaction as unknown as Db;
    const claim = await claimKey(tx, userId, key, IDEMPOTENCY_TTL_SECONDS);
    if (!claim.locked) {
      throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress, { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS) });
    }
    const { stored } = claim;
    if (stored) {
      if (stored.requestHash !== hash) throw new ApiError(422, IDEMPOTENCY_MESSAGES.otherBody);
      return { kind: 'replay', statusCode: stored.statusCode, body: stored.responseBody };
    }
    const answer = await handler(tx);
    const provisional = answer instanceof AfterCommit ? answer.provisional : answer;
    await storeAnswer(tx, { userId, key, method: request.method, path, requestHash: hash, statusCode: successStatus, responseBody: jsonBody(provisional) });
    return { kind: 'ran', answer };
  });

  if (outcome.kind === 'ran') {
    let answer = outcome.answer;
    if (answer instanceof AfterCommit) {
      answer = await completeAfterCommit(request, answer);
      await replaceAnswer(db, userId, key, jsonBody(answer)).catch((error: unknown) => {
        request.log.warn({ err: error }, 'replacing a stored idempotent answer failed; a replay gets the answer as of the commit');
      });
    }
    reply.code(successStatus);
    return answer;
  }
  reply.code(outcome.statusCode).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
  if (outcome.body === null) return reply.send();
  return reply.type('application/json; charset=utf-8').send(outcome.body);
}
