import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditChange, AuditRecord } from '../../contract/audit';
import { queryRows, type Db } from '../db/client';
import { auditRecords, auditSubjects } from '../db/schema/audit';
import { JsonText } from '../http/json-text';
import type { PendingChange } from '../plugins/audit-changes';

export type NewAuditRecord = typeof auditRecords.$inferInsert;

/** The targets whose stored state is read before and after a change (the diff's 'snapshot' source). */
export type SnapshotTarget = { kind: 'device'; mac: string } | { kind: 'flat'; houseUid: string; flatNum: number } | { kind: 'user'; id: number } | { kind: 'house'; uid: string };

/** A target as audit_state's arguments (migration 0019): kind, text key, number. */
function stateArgs(target: SnapshotTarget): SQL {
  switch (target.kind) {
    case 'device':
      return sql`'device', ${target.mac}, null::int`;
    case 'flat':
      return sql`'flat', ${target.houseUid}, ${target.flatNum}::int`;
    case 'user':
      return sql`'user', null, ${target.id}::int`;
    case 'house':
      return sql`'house', ${target.uid}, null::int`;
  }
}

/**
 * The target's state now as JSON text (audit_state, migration 0019: its row and the links the
 * screens edit with it); it goes back to insertAuditRecord unparsed. Null when it does not exist.
 */
export async function readSnapshotText(db: Db, target: SnapshotTarget): Promise<string | null> {
  const [row] = await queryRows<{ state: string | null }>(db, sql`select audit_state(${stateArgs(target)})::text as state`);
  return row?.state ?? null;
}

/** A record's own fields; the buyer, the diff and its source are given to insertAuditRecord apart. */
export type AuditRecordFields = Omit<NewAuditRecord, 'id' | 'at' | 'buyerId' | 'diff' | 'diffSource'> & { targets: Record<string, string> };

export interface AuditRecordWrite {
  /** The target's state before (JSON text from readSnapshotText), null when it did not exist or was not read. */
  before: string | null;
  /** The target whose state after is read in the same statement and diffed against `before` (audit_diff, migration 0018). */
  diffTarget: SnapshotTarget | null;
  /** Without diffTarget: the diff as given (the request's fields), null for none. */
  diff: AuditChange[] | null;
  /** The buyer when the target's state (after, else before) names none. */
  fallbackBuyerId: number | null;
  /** In a transaction: insert only if it has written anything yet (pg_current_xact_id_if_assigned is null until its first write or row lock). */
  onlyIfWrote: boolean;
  /** The request's change rows (plugins/audit-changes.ts): where there are any, no snapshot is read or diffed. */
  changes: PendingChange[];
}

/**
 * Writes one record with its change rows in one round trip (audit_record, migration 0020). Without
 * change rows, where a diff target is given, its state after is read, diffed against the state
 * before with the same rules as diffStates (plugins/audit-targets.ts) and inserted with it. The
 * buyer is the first change's, else the target's (after, else before), else the fallback.
 * Answers the record's id, or null when `onlyIfWrote` found nothing written.
 */
export async function insertAuditRecord(db: Db, record: AuditRecordFields, write: AuditRecordWrite): Promise<number | null> {
  const fields = {
    user_id: record.userId,
    user_login: record.userLogin,
    user_roles: record.userRoles,
    ip: record.ip,
    user_agent: record.userAgent,
    outbox: record.outbox,
    idempotency_key: record.idempotencyKey,
    method: record.method,
    route: record.route,
    target_kind: record.targetKind,
    target_id: record.targetId,
    targets: record.targets,
    status: record.status,
    message: record.message,
  };
  const target = write.diffTarget ? stateArgs(write.diffTarget) : sql`null, null, null::int`;
  const diff = write.diffTarget || write.diff === null ? null : JSON.stringify(write.diff);
  // One call: its statements' plans are kept per connection.
  const [row] = await queryRows<{ id: string | number | null }>(
    db,
    sql`select audit_record(${JSON.stringify(fields)}::jsonb, ${target}, ${write.before}::jsonb, ${diff}::jsonb, ${write.fallbackBuyerId}::int, ${write.onlyIfWrote}, ${JSON.stringify(write.changes)}::jsonb) as id`,
  );
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** Adds change rows to a record already written (a request's later transaction, or a write outside any). */
export async function insertAuditChanges(db: Db, id: number, changes: PendingChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`select audit_add_changes(${id}::bigint, (select at from audit_records where id = ${id}), null, null, ${JSON.stringify(changes)}::jsonb)`);
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

/** A row made from the target's snapshot shows only where the route said nothing itself. */
const SAID = sql`(not c.from_snapshot or not exists (select 1 from audit_changes e where e.audit_id = c.audit_id and not e.from_snapshot))`;

/** A record's change rows in the order they were made. */
const CHANGES_JSON = sql`coalesce((select json_agg(json_build_object(
  'kind', c.subject_kind, 'id', c.subject_id, 'label', c.label, 'action', c.action, 'before', c.before, 'after', c.after,
  'parent', case when c.parent_kind is null then null else json_build_object('kind', c.parent_kind, 'id', c.parent_id, 'label', c.parent_label) end
) order by c.id) from audit_changes c where c.audit_id = ${auditRecords.id} and ${SAID}), '[]'::json)`;

/**
 * The record's first change row's object, where it has any: it names the record's object, and the
 * record's own diff (the request's fields, kept where the route's transaction committed before the
 * route said what it changed) gives way to the changes.
 */
const firstChange = (column: 'subject_kind' | 'subject_id') =>
  sql`(select c.${sql.raw(column)} from audit_changes c where c.audit_id = ${auditRecords.id} order by c.from_snapshot, c.id limit 1)`;
const FIRST_KIND = firstChange('subject_kind');

/** A record as the contract's AuditRecord, built as JSON by the database. */
const RECORD_JSON = sql`json_build_object(
  'id', ${auditRecords.id}, 'at', ${AT_TEXT}, 'userId', ${auditRecords.userId}, 'userLogin', ${auditRecords.userLogin},
  'userRoles', ${auditRecords.userRoles}, 'buyerId', ${auditRecords.buyerId}, 'ip', ${auditRecords.ip}, 'userAgent', ${auditRecords.userAgent},
  'outbox', ${auditRecords.outbox}, 'idempotencyKey', ${auditRecords.idempotencyKey}, 'method', ${auditRecords.method}, 'route', ${auditRecords.route},
  'targetKind', coalesce(${FIRST_KIND}, ${auditRecords.targetKind}), 'targetId', coalesce(${firstChange('subject_id')}, ${auditRecords.targetId}),
  'targets', ${auditRecords.targets}, 'changes', ${CHANGES_JSON},
  'diff', case when ${FIRST_KIND} is null then ${auditRecords.diff} end,
  'diffSource', case when ${FIRST_KIND} is null then ${auditRecords.diffSource}
    when exists (select 1 from audit_changes c where c.audit_id = ${auditRecords.id} and not c.from_snapshot) then 'changes' else 'snapshot' end,
  'status', ${auditRecords.status}, 'message', ${auditRecords.message})`;

/**
 * One page's rows, newest first, from the cursor on. Each filter has an index that leads with it
 * and ends with (at desc nulls last, id desc nulls last): ordered exactly so, with the cursor as a
 * row comparison, a page is one index range whatever the table's size (ordered `desc` alone,
 * PostgreSQL sorted every match: a second on 5,000,000 records). The «what» filter reads the
 * objects' index (audit_subjects: every object a record concerns) in the same order, then the
 * records by id.
 */
function pageQuery(filter: AuditFilter, columns: SQL): SQL {
  const kind = filter.targetKind?.trim();
  if (kind !== undefined) return subjectPageQuery(filter, kind, columns);
  const conditions: (SQL | undefined)[] = [
    filter.buyerId === null ? undefined : eq(auditRecords.buyerId, filter.buyerId),
    filter.login === undefined ? undefined : eq(auditRecords.userLogin, filter.login.trim().toLowerCase()),
    filter.targetId === undefined ? undefined : eq(auditRecords.targetId, filter.targetId.trim()),
    filter.route === undefined ? undefined : eq(auditRecords.route, filter.route.trim()),
    filter.dateFrom === undefined ? undefined : gte(auditRecords.at, filter.dateFrom),
    filter.dateTo === undefined ? undefined : lte(auditRecords.at, filter.dateTo),
    filter.after === undefined ? undefined : sql`(${auditRecords.at}, ${auditRecords.id}) < (${filter.after.at}::timestamptz, ${filter.after.id})`,
  ];
  const where = and(...conditions);
  return sql`select ${columns} from ${auditRecords} ${where ? sql`where ${where}` : sql``}
    order by ${auditRecords.at} desc nulls last, ${auditRecords.id} desc nulls last limit ${filter.limit}`;
}

/** A page filtered by the object's kind (and id): the objects' index range, ordered as the list. */
function subjectPageQuery(filter: AuditFilter, kind: string, columns: SQL): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(auditSubjects.kind, kind),
    filter.targetId === undefined ? undefined : eq(auditSubjects.subjectId, filter.targetId.trim()),
    filter.buyerId === null ? undefined : eq(auditRecords.buyerId, filter.buyerId),
    filter.login === undefined ? undefined : eq(auditRecords.userLogin, filter.login.trim().toLowerCase()),
    filter.route === undefined ? undefined : eq(auditRecords.route, filter.route.trim()),
    filter.dateFrom === undefined ? undefined : gte(auditSubjects.at, filter.dateFrom),
    filter.dateTo === undefined ? undefined : lte(auditSubjects.at, filter.dateTo),
    filter.after === undefined ? undefined : sql`(${auditSubjects.at}, ${auditSubjects.auditId}) < (${filter.after.at}::timestamptz, ${filter.after.id})`,
  ];
  return sql`select ${columns} from ${auditSubjects} join ${auditRecords} on ${auditRecords.id} = ${auditSubjects.auditId} where ${and(...conditions)}
    order by ${auditSubjects.at} desc nulls last, ${auditSubjects.auditId} desc nulls last limit ${filter.limit}`;
}

/** One page of records, newest first (see pageQuery). */
export async function listAuditRecords(db: Db, filter: AuditFilter): Promise<AuditRecord[]> {
  const rows = await queryRows<{ record: AuditRecord }>(db, pageQuery(filter, sql`${RECORD_JSON} as record`));
  return rows.map((row) => row.record);
}

/** One page as JSON text per record (sent as it is) with each record's cursor. */
export async function listAuditRecordsJson(db: Db, filter: AuditFilter): Promise<{ json: JsonText<AuditRecord>; cursor: string }[]> {
  const rows = await queryRows<{ json: string; cursor: string }>(
    db,
    pageQuery(filter, sql`${RECORD_JSON}::text as json, ${AT_TEXT} || '_' || ${auditRecords.id} as cursor`),
  );
  return rows.map((row) => ({ json: new JsonText<AuditRecord>(row.json), cursor: row.cursor }));
}

/**
 * Deletes the records older than `cutoff`, `batch` at a time, each batch its own transaction
 * that names the cut-off to the append-only trigger (migration 0014). Returns how many went.
 */
export async function pruneAuditRecords(db: Db, cutoff: Date, batch = 10_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const { records, subjects } = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.audit_prune_before', ${cutoff.toISOString()}, true)`);
      const rows = await queryRows<{ id: number }>(
        tx as unknown as Db,
        sql`delete from audit_records where id in (select id from audit_records where at < ${cutoff.toISOString()}::timestamptz order by at limit ${batch}) returning id`,
      );
      if (rows.length > 0) await tx.execute(sql`delete from audit_changes where audit_id = any(${`{${rows.map((row) => String(row.id)).join(',')}}`}::bigint[])`);
      const gone = await queryRows<{ n: number }>(
        tx as unknown as Db,
        sql`with gone as (delete from audit_subjects where ctid in (select ctid from audit_subjects where at < ${cutoff.toISOString()}::timestamptz order by at limit ${batch}) returning 1)
            select count(*)::int as n from gone`,
      );
      return { records: rows.length, subjects: gone[0]?.n ?? 0 };
    });
    removed += records;
    if (records < batch && subjects < batch) return removed;
  }
}

/** A device's MAC by its id (routes that name a device by id are recorded by MAC, as the card filters). */
export async function deviceMacById(db: Db, id: number): Promise<string | null> {
  const [row] = await queryRows<{ mac: string }>(db, sql`select mac from devices where id = ${id}`);
  return row?.mac ?? null;
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
