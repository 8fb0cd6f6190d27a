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

/**
 * Takes the transaction-scoped lock of (user, key); false when another transaction holds it. The
 * 64-bit hash of both keeps every user's keys apart; a collision only costs a spurious "still in
 * progress" answer, which the client retries.
 */
export async function tryLockKey(tx: Db, userId: number, key: string): Promise<boolean> {
  const rows = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${userId}:${key}`}, 0)) as "locked"`,
  );
  return rows[0]?.locked === true;
}

/**
 * The answer stored for (user, key), ignoring (and deleting) one past its lifetime. One query when
 * there is none or it is alive (every request); the delete only for an expired one.
 */
export async function findStoredAnswer(tx: Db, userId: number, key: string, ttlSeconds: number): Promise<StoredAnswer | null> {
  const match = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const rows = await tx
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
      expired: sql<boolean>`${olderThan(ttlSeconds)}`,
    })
    .from(idempotencyKeys)
    .where(match);
  const row = rows[0];
  if (!row) return null;
  if (row.expired) {
    await tx.delete(idempotencyKeys).where(match);
    return null;
  }
  return { requestHash: row.requestHash, statusCode: row.statusCode ?? 200, responseBody: row.responseBody };
}

export async function storeAnswer(
  tx: Db,
  record: { userId: number; key: string; method: string; path: string; requestHash: string; statusCode: number; responseBody: string | null },
): Promise<void> {
  await tx.insert(idempotencyKeys).values({ ...record, completedAt: sql`now()` });
}

/** Deletes every key past its lifetime; returns how many. */
export async function purgeExpiredKeys(db: Db, ttlSeconds: number): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(olderThan(ttlSeconds)).returning({ key: idempotencyKeys.key });
  return rows.length;
}
