import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MOVE_OUT_UNDO_SECONDS } from '../../contract/flat-card';
import type { MoveOutSummary } from '../../contract/flats';
import { queryRows, type Db } from '../db/client';
import { flatMoveOuts } from '../db/schema/flats';
import type { FlatRow } from './flats';

// A move-out (docs/api.md "Flats") takes off the flat: the residents (but those marked
// dontUnlinkFromFlats), their SIP accounts of this flat, every key bound to the flat, its temporary
// code, and turns its access services off. The removed rows are kept whole (to_jsonb) and put back
// by the undo (jsonb_populate_recordset), so the snapshot follows the tables' columns by itself.

type Json = Record<string, unknown>;

interface Snapshot {
  flatUsers: Json[];
  keys: Json[];
  temporaryCodes: Json[];
  sipAccounts: Json[];
  /** The access service rows as they were before they were turned off. */
  accessServices: Json[];
  summary: MoveOutSummary;
}

/** The residents who leave: linked to the flat and not marked «do not unlink from flats». */
const leaving = (flatId: number) =>
  sql`select fu.user_id from flat_users fu join users u on u.id = fu.user_id where fu.flat_id = ${flatId} and not u.dont_unlink_from_flats`;

const rows = <T extends Json>(db: Db, query: SQL) => queryRows<T>(db, query);

/** The leaving residents' SIP accounts of this flat. */
const sipOfFlat = (flat: FlatRow) => sql`house_uid = ${flat.houseUid} and flat_num = ${flat.flatNum} and user_id in (${leaving(flat.id)})`;

/** What a move-out of the flat would take off it now. */
export async function moveOutPreview(db: Db, flat: FlatRow): Promise<MoveOutSummary & { keptUsers: { id: number; login: string }[] }> {
  // One after another: the move-out runs it inside its transaction, on a single connection.
  const people = await rows<{ id: number; login: string; kept: boolean }>(
    db,
    sql`select u.id, u.login, u.dont_unlink_from_flats as kept from flat_users fu join users u on u.id = fu.user_id where fu.flat_id = ${flat.id} order by u.login, u.id`,
  );
  const keyRows = await rows<{ value: string; mac: string }>(
    db,
    sql`select k.value, d.mac from keys k join devices d on d.id = k.device_id where k.flat_id = ${flat.id} order by d.mac, k.value`,
  );
  const counts = await rows<{ code: boolean; sip: number; phones: number; services: number }>(
    db,
    sql`select exists (select 1 from temporary_codes where flat_id = ${flat.id}) as code,
      (select count(*)::int from sip_accounts where ${sipOfFlat(flat)}) as sip,
      (select count(*)::int from user_devices where user_id in (${leaving(flat.id)})) as phones,
      (select count(*)::int from flat_access_services where flat_id = ${flat.id} and access) as services`,
  );
  const [count] = counts;
  return {
    users: people.filter((person) => !person.kept).map(({ id, login }) => ({ id, login })),
    keptUsers: people.filter((person) => person.kept).map(({ id, login }) => ({ id, login })),
    keys: keyRows,
    temporaryCode: count.code,
    sipAccounts: count.sip,
    appDevices: count.phones,
    accessServices: count.services,
  };
}

/** Runs the move-out in one transaction; null when there was nothing to take off the flat. */
export async function moveOut(db: Db, flat: FlatRow, createdBy: number): Promise<{ moveOutId: number; undoUntil: string; removed: MoveOutSummary } | null> {
  return db.transaction(async (tx) => {
    const summary = await moveOutPreview(tx, flat);
    const empty = summary.users.length === 0 && summary.keys.length === 0 && !summary.temporaryCode && summary.sipAccounts === 0 && summary.accessServices === 0;
    if (empty) return null;
    const removed = async (query: SQL) => (await rows<{ row: Json }>(tx, query)).map((item) => item.row);
    const sipAccounts = await removed(sql`delete from sip_accounts s where ${sipOfFlat(flat)} returning to_jsonb(s) as row`);
    const flatUsers = await removed(sql`delete from flat_users fu where fu.flat_id = ${flat.id} and fu.user_id in (${leaving(flat.id)}) returning to_jsonb(fu) as row`);
    const keys = await removed(sql`delete from keys k where k.flat_id = ${flat.id} returning to_jsonb(k) as row`);
    const temporaryCodes = await removed(sql`delete from temporary_codes t where t.flat_id = ${flat.id} returning to_jsonb(t) as row`);
    const accessServices = await removed(
      sql`update flat_access_services f set access = false, source = 'operator'
       from (select * from flat_access_services where flat_id = ${flat.id} and access) old
       where f.id = old.id returning to_jsonb(old) as row`,
    );
    const { keptUsers: _kept, ...removedSummary } = summary;
    const snapshot: Snapshot = { flatUsers, keys, temporaryCodes, sipAccounts, accessServices, summary: removedSummary };
    const undoUntil = new Date(Date.now() + MOVE_OUT_UNDO_SECONDS * 1000);
    const [row] = await tx.insert(flatMoveOuts).values({ flatId: flat.id, createdBy, undoUntil, snapshot }).returning({ id: flatMoveOuts.id });
    return { moveOutId: row.id, undoUntil: undoUntil.toISOString(), removed: removedSummary };
  });
}

export type UndoOutcome = { status: 'undone'; summary: MoveOutSummary } | { status: 'not-found' } | { status: 'already-undone' } | { status: 'expired' };

/** What the undo puts back, table by table: the rows kept when `keep` holds of them (`r`). */
const RESTORES: readonly { table: string; rows: Exclude<keyof Snapshot, 'summary'>; keep: string; conflict?: string }[] = [
  { table: 'flat_users', rows: 'flatUsers', keep: 'exists (select 1 from users u where u.id = r.user_id)' },
  {
    table: 'sip_accounts',
    rows: 'sipAccounts',
    keep: 'exists (select 1 from users u where u.id = r.user_id) and not exists (select 1 from sip_accounts s where s.login = r.login)',
  },
  { table: 'keys', rows: 'keys', keep: 'exists (select 1 from devices d where d.id = r.device_id)' },
  { table: 'temporary_codes', rows: 'temporaryCodes', keep: 'true' },
  {
    table: 'flat_access_services',
    rows: 'accessServices',
    keep: 'exists (select 1 from access_services s where s.id = r.service_id)',
    conflict:
      'on conflict (flat_id, service_id) do update set access = excluded.access, source = excluded.source, action_id = excluded.action_id, reason_id = excluded.reason_id',
  },
];

function restore(table: string, removedRows: readonly Json[], exists: string, conflict = 'on conflict do nothing'): SQL {
  const name = sql.raw(table);
  return sql`insert into ${name} select r.* from jsonb_populate_recordset(null::${name}, ${JSON.stringify(removedRows)}::jsonb) r where ${sql.raw(exists)} ${sql.raw(conflict)}`;
}

/**
 * Puts back what the move-out took, until its undo_until. Rows whose owner has gone since (a
 * deleted user or device) and rows made again meanwhile (the same key re-added) are skipped.
 */
export async function undoMoveOut(db: Db, flatId: number, moveOutId: number): Promise<UndoOutcome> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(flatMoveOuts)
      .where(and(eq(flatMoveOuts.id, moveOutId), eq(flatMoveOuts.flatId, flatId)))
      .for('update');
    if (!record) return { status: 'not-found' };
    if (record.undoneAt) return { status: 'already-undone' };
    if (record.undoUntil.getTime() < Date.now()) return { status: 'expired' };
    const snapshot = record.snapshot as Snapshot;
    for (const step of RESTORES) await rows(tx, restore(step.table, snapshot[step.rows], step.keep, step.conflict));
    await tx.update(flatMoveOuts).set({ undoneAt: new Date() }).where(eq(flatMoveOuts.id, moveOutId));
    return { status: 'undone', summary: snapshot.summary };
  });
}
