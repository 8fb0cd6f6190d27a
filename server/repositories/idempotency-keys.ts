import { and, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/security';

export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  /** The JSON text sent; null for an answer without a body. */
  responseBody: string | null;
}

const olderThan = (ttlSeconds: number) => lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ttlSeconds})`);

/** What claiming a key found: another transaction holds it, or this one does and here is its stored answer (if any). */
export type KeyClaim = { locked: false } | { locked: true; stored: StoredAnswer | null };

/**
 * Takes the transaction-scoped lock of (user, key) and reads the answer stored for it, ignoring
 * (and deleting) one past its lifetime: one round trip (migration 0017) in the usual case. The
 * 64-bit hash of both keeps every user's keys apart; a collision only costs a spurious "still in
 * progress" answer, which the client retries.
 */
export async function claimKey(tx: Db, userId: number, key: string, ttlSeconds: number): Promise<KeyClaim> {
  const rows = await queryRows<{ locked: boolean; request_hash: string | null; status_code: number | null; response_body: string | null; expired: boolean }>(
    tx,
    sql`select * from idempotency_claim(${userId}::int, ${key}::text, ${`idempotency:${userId}:${key}`}::text, ${ttlSeconds}::int)`,
  );
  const row = rows[0];
  if (row?.locked !== true) return { locked: false };
  if (row.request_hash === null) return { locked: true, stored: null };
  if (row.expired) {
    await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { locked: true, stored: null };
  }
  return { locked: true, stored: { requestHash: row.request_hash, statusCode: row.status_code ?? 200, responseBody: row.response_body } };
}

export async function storeAnswer(
  tx: Db,
  record: { userId: number; key: string; method: string; path: string; requestHash: string; statusCode: number; responseBody: string | null },
): Promise<void> {
  await tx.insert(idempotencyKeys).values({ ...record, completedAt: sql`now()` });
}

/** The answer stored for (user, key) becomes `responseBody`: an answer completed after its commit. */
export async function replaceAnswer(db: Db, userId: number, key: string, responseBody: string | null): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseBody })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Deletes every key past its lifetime; returns how many. */
export async function purgeExpiredKeys(db: Db, ttlSeconds: number): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(olderThan(ttlSeconds)).returning({ key: idempotencyKeys.key });
  return rows.length;
}
