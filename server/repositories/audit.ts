import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditRecord } from '../../contract/audit';
import { queryRows, type Db } from '../db/client';
import { auditRecords } from '../db/schema/audit';

export type NewAuditRecord = typeof auditRecords.$inferInsert;

/** The targets whose stored state is read before and after a change (the diff's 'snapshot' source). */
export type SnapshotTarget = { kind: 'device'; mac: string } | { kind: 'flat'; houseUid: string; flatNum: number } | { kind: 'user'; id: number } | { kind: 'house'; uid: string };

/** A target's state as one JSON object: its row and the links the screens edit with it. */
function snapshotQuery(target: SnapshotTarget): SQL {
  switch (target.kind) {
    case 'device':
      return sql`select to_jsonb(d) - 'update_date' || jsonb_build_object(
          'sip', (select to_jsonb(s) - 'id' - 'device_id' from sip_accounts s where s.device_id = d.id),
          'houses', (select coalesce(jsonb_agg(h.house_uid order by h.house_uid), '[]'::jsonb) from device_houses h where h.device_id = d.id),
          'groups', (select coalesce(jsonb_agg(g.group_id order by g.group_id), '[]'::jsonb) from device_groups g where g.device_id = d.id)
        ) as state from devices d where d.mac = ${target.mac}`;
    case 'flat':
      return sql`select to_jsonb(f) || jsonb_build_object(
          'users', (select coalesce(jsonb_agg(u.login order by u.login), '[]'::jsonb) from flat_users fu join users u on u.id = fu.user_id where fu.flat_id = f.id)
        ) as state from flats f where f.house_uid = ${target.houseUid} and f.flat_num = ${target.flatNum}`;
    case 'user':
      return sql`select to_jsonb(u) || jsonb_build_object(
          'sip', (select coalesce(jsonb_agg(to_jsonb(s) - 'user_id' order by s.id), '[]'::jsonb) from sip_accounts s where s.user_id = u.id),
          'groups', (select coalesce(jsonb_agg(g.group_id order by g.group_id), '[]'::jsonb) from user_groups g where g.user_id = u.id),
          'flats', (select coalesce(jsonb_agg(f.house_uid || ':' || f.flat_num order by f.house_uid, f.flat_num), '[]'::jsonb) from flat_users fu join flats f on f.id = fu.flat_id where fu.user_id = u.id)
        ) as state from users u where u.id = ${target.id}`;
    case 'house':
      return sql`select to_jsonb(h) as state from houses h where h.uid = ${target.uid}`;
  }
}

/** The target's state now (on the transaction's connection, where one is given); null when it does not exist. */
export async function readSnapshot(db: Db, target: SnapshotTarget): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<{ state: Record<string, unknown> | null }>(db, snapshotQuery(target));
  return row?.state ?? null;
}

/**
 * In a transaction: whether it has written anything yet (see wroteAnything) and the target's state
 * now, in one round trip.
 */
export async function readSnapshotInTransaction(tx: Db, target: SnapshotTarget): Promise<{ wrote: boolean; state: Record<string, unknown> | null }> {
  const [row] = await queryRows<{ wrote: boolean; state: Record<string, unknown> | null }>(
    tx,
    sql`select pg_current_xact_id_if_assigned() is not null as wrote, (${snapshotQuery(target)}) as state`,
  );
  return { wrote: row?.wrote === true, state: row?.state ?? null };
}

export async function insertAuditRecord(db: Db, record: NewAuditRecord): Promise<number> {
  const [row] = await db.insert(auditRecords).values(record).returning({ id: auditRecords.id });
  return Number(row?.id);
}

export interface AuditFilter {
  /** Only this buyer's records; null: every buyer's. */
  buyerId: number | null;
  login?: string;
  targetKind?: string;
  targetId?: string;
  route?: string;
  dateFrom?: Date;
  dateTo?: Date;
  /** The page starts after this record (newest first). */
  after?: { at: string; id: number };
  limit: number;
}

/** Microseconds kept: a cursor built from `at` matches the stored time exactly. */
const AT_TEXT = sql<string>`to_char(${auditRecords.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page, newest first, walked by (at, id) from the cursor: each filter has an index that
 * leads with it and ends with (at desc, id desc), so a page is an index range, whatever the size.
 */
export async function listAuditRecords(db: Db, filter: AuditFilter): Promise<AuditRecord[]> {
  const conditions: (SQL | undefined)[] = [
    filter.buyerId === null ? undefined : eq(auditRecords.buyerId, filter.buyerId),
    filter.login === undefined ? undefined : eq(auditRecords.userLogin, filter.login.trim().toLowerCase()),
    filter.targetKind === undefined ? undefined : eq(auditRecords.targetKind, filter.targetKind.trim()),
    filter.targetId === undefined ? undefined : eq(auditRecords.targetId, filter.targetId.trim()),
    filter.route === undefined ? undefined : eq(auditRecords.route, filter.route.trim()),
    filter.dateFrom === undefined ? undefined : gte(auditRecords.at, filter.dateFrom),
    filter.dateTo === undefined ? undefined : lte(auditRecords.at, filter.dateTo),
  ];
  if (filter.after) {
    const at = sql`${filter.after.at}::timestamptz`;
    conditions.push(or(lt(auditRecords.at, at), and(eq(auditRecords.at, at), lt(auditRecords.id, filter.after.id))));
  }
  const rows = await db
    .select({
      id: auditRecords.id,
      at: AT_TEXT,
      userId: auditRecords.userId,
      userLogin: auditRecords.userLogin,
      userRoles: auditRecords.userRoles,
      buyerId: auditRecords.buyerId,
      ip: auditRecords.ip,
      userAgent: auditRecords.userAgent,
      outbox: auditRecords.outbox,
      idempotencyKey: auditRecords.idempotencyKey,
      method: auditRecords.method,
      route: auditRecords.route,
      targetKind: auditRecords.targetKind,
      targetId: auditRecords.targetId,
      targets: auditRecords.targets,
      diff: auditRecords.diff,
      diffSource: auditRecords.diffSource,
      status: auditRecords.status,
      message: auditRecords.message,
    })
    .from(auditRecords)
    .where(and(...conditions))
    .orderBy(desc(auditRecords.at), desc(auditRecords.id))
    .limit(filter.limit);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Deletes the records older than `cutoff`, `batch` at a time, each batch its own transaction
 * that names the cut-off to the append-only trigger (migration 0014). Returns how many went.
 */
export async function pruneAuditRecords(db: Db, cutoff: Date, batch = 10_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.audit_prune_before', ${cutoff.toISOString()}, true)`);
      const rows = await queryRows<{ id: number }>(
        tx as unknown as Db,
        sql`delete from audit_records where id in (select id from audit_records where at < ${cutoff.toISOString()}::timestamptz order by at limit ${batch}) returning id`,
      );
      return rows.length;
    });
    removed += count;
    if (count < batch) return removed;
  }
}

/** A device's MAC by its id (routes that name a device by id are recorded by MAC, as the card filters). */
export async function deviceMacById(db: Db, id: number): Promise<string | null> {
  const [row] = await queryRows<{ mac: string }>(db, sql`select mac from devices where id = ${id}`);
  return row?.mac ?? null;
}

/** Whether the current transaction has written anything yet (PostgreSQL gives it an id at its first write or row lock). */
export async function wroteAnything(tx: Db): Promise<boolean> {
  const [row] = await queryRows<{ wrote: boolean }>(tx, sql`select pg_current_xact_id_if_assigned() is not null as wrote`);
  return row?.wrote === true;
}

/**
 * Settles a record written in a transaction whose request then answered otherwise (a check that
 * locked rows, then a 409): its status and message become the answer's and it loses its diff.
 * The trigger (migration 0014) lets exactly this through, for this one fresh record.
 */
export async function settleAuditRecord(db: Db, id: number, status: number, message: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.audit_settle', ${String(id)}, true)`);
    await tx.execute(sql`update audit_records set status = ${status}, message = ${message}, diff = null, diff_source = null where id = ${id}`);
  });
}
