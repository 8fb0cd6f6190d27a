import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { AuditAction } from '../../contract/audit';
import { recordChange, type AuditChangeInput, type AuditObject } from '../plugins/audit-changes';

/*
 * Objects as the audit trail names them (plugins/audit-changes.ts): by the name a person knows,
 * never an internal id. A flat's label is its house's address (the screens put «кв. N» before it,
 * from the id `houseUid:flatNum`, in the reader's language); an entrance's its title and address.
 */

export function deviceObject(mac: string): AuditObject {
  return { kind: 'device', id: mac, label: mac };
}

export function flatObjectOf(houseUid: string, flatNum: number, address: string | null): AuditObject {
  return { kind: 'flat', id: `${houseUid}:${flatNum}`, label: address ?? houseUid };
}

/** A flat by its row id; null when it is gone. */
export async function flatObject(db: Db, flatId: number): Promise<(AuditObject & { buyerId: number }) | null> {
  const [row] = await queryRows<{ uid: string; num: number; address: string | null; buyer: number }>(
    db,
    sql`select f.house_uid as uid, f.flat_num as num, h.address, f.buyer_id as buyer from flats f join houses h on h.uid = f.house_uid where f.id = ${flatId}`,
  );
  return row ? { ...flatObjectOf(row.uid, row.num, row.address), buyerId: row.buyer } : null;
}

/** A flat by its house and number (the house's address read); the address is the uid when the house is gone. */
export async function flatObjectByNum(db: Db, houseUid: string, flatNum: number): Promise<AuditObject> {
  return flatObjectOf(houseUid, flatNum, (await houseObject(db, houseUid)).label);
}

export async function houseObject(db: Db, uid: string): Promise<AuditObject> {
  const [row] = await queryRows<{ address: string }>(db, sql`select address from houses where uid = ${uid}`);
  return { kind: 'house', id: uid, label: row?.address ?? uid };
}

export async function userObject(db: Db, id: number): Promise<AuditObject> {
  const [row] = await queryRows<{ login: string }>(db, sql`select login from users where id = ${id}`);
  return { kind: 'user', id: String(id), label: row?.login ?? String(id) };
}

export async function entranceObject(db: Db, uid: string): Promise<AuditObject> {
  const [row] = await queryRows<{ title: string; address: string | null }>(
    db,
    sql`select e.title, h.address from entrances e left join houses h on h.uid = e.house_uid where e.uid = ${uid}`,
  );
  return { kind: 'entrance', id: uid, label: row ? [row.title, row.address].filter(Boolean).join(', ') : uid };
}

/** A key's fields as a change row shows them. */
function keyFields(key: { mac: string; flatNum: number | null; keyType: string; inner: boolean; rs: boolean }): Record<string, unknown> {
  return { device: key.mac, flat: key.flatNum, type: key.keyType, ...(key.inner ? { inner: true } : {}), ...(key.rs ? { rs: true } : {}) };
}

/** A key added: «Ключ … добавлен в кв. N, address» (or to the device, when it has no flat). */
export async function recordKeyAdded(
  db: Db,
  key: { value: string; keyType: string; flatNum: number | null; flatId: number | null; inner: boolean; rs: boolean; mac: string; buyerId: number },
): Promise<void> {
  const flat = key.flatId === null ? null : await flatObject(db, key.flatId);
  recordChange({ kind: 'key', id: key.value, label: key.value, action: 'create', before: null, after: keyFields(key), parent: flat ?? deviceObject(key.mac), buyerId: key.buyerId });
}

/** Keys about to be deleted (call it before the rows go): one change row each, with its flat or device. */
export async function recordKeysRemoved(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await queryRows<{ value: string; flatNum: number | null; keyType: string; inner: boolean; rs: boolean; mac: string; buyerId: number; uid: string | null; address: string | null }>(
    db,
    sql`select k.value, k.flat_num as "flatNum", k.key_type as "keyType", k.inner, k.rs, d.mac, k.buyer_id as "buyerId", f.house_uid as uid, h.address
        from keys k join devices d on d.id = k.device_id left join flats f on f.id = k.flat_id left join houses h on h.uid = f.house_uid
        where k.id = any(${`{${ids.join(',')}}`}::int[]) order by k.id`,
  );
  for (const row of rows) {
    const parent = row.uid !== null && row.flatNum !== null ? flatObjectOf(row.uid, row.flatNum, row.address) : deviceObject(row.mac);
    recordChange({ kind: 'key', id: row.value, label: row.value, action: 'delete', before: keyFields(row), after: null, parent, buyerId: row.buyerId });
  }
}

type DoorCodeFields = { flatNum: number | null; code: string; expiresAt: string | null; comment: string | null };

function doorCodeFields(code: DoorCodeFields | null): Record<string, unknown> | null {
  return code && { flat: code.flatNum, code: code.code, expiresAt: code.expiresAt, comment: code.comment };
}

/** A device's door code created, changed or deleted (the stored row before and after). */
export function recordDoorCode(mac: string, before: (DoorCodeFields & { id: number }) | null, after: (DoorCodeFields & { id: number }) | null): void {
  const code = after ?? before;
  if (!code) return;
  const action = before === null ? 'create' : after === null ? 'delete' : 'update';
  recordChange({ kind: 'door-code', id: code.id, label: code.code, action, before: doorCodeFields(before), after: doorCodeFields(after), parent: deviceObject(mac) });
}

/** A keyless (temporary) code on several devices, created or deleted. */
export function recordKeylessCode(
  action: 'create' | 'delete',
  code: { id: number; code: string; service: string; expiresAt: string | Date | null; comment: string | null; macs: readonly string[]; buyerId: number },
): void {
  const expiresAt = code.expiresAt instanceof Date ? code.expiresAt.toISOString() : code.expiresAt;
  const fields = { service: code.service, code: code.code, expiresAt, comment: code.comment, devices: [...code.macs] };
  recordChange({ kind: 'keyless-code', id: code.id, label: code.code, action, before: action === 'delete' ? fields : null, after: action === 'create' ? fields : null, buyerId: code.buyerId });
}

/** A flat change (its status, a resident added or removed, a move-out …) said with its name. */
export async function recordFlatChange(
  db: Db,
  flat: { houseUid: string; flatNum: number; buyerId?: number },
  change: { action: AuditAction; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  recordChange({ ...(await flatObjectByNum(db, flat.houseUid, flat.flatNum)), ...change, buyerId: flat.buyerId ?? null });
}

/** Something of a flat's (a resident, a temporary code) added, changed or removed: the flat named as its parent. */
export async function recordInFlat(
  db: Db,
  flat: { houseUid: string; flatNum: number; buyerId?: number },
  change: Omit<AuditChangeInput, 'parent' | 'buyerId'>,
): Promise<void> {
  recordChange({ ...change, parent: await flatObjectByNum(db, flat.houseUid, flat.flatNum), buyerId: flat.buyerId ?? null });
}

type TemporaryCodeFields = { tempCode: string; duration: number; entrances: readonly string[] };

/** A flat's temporary code set, prolonged or removed. */
export async function recordTemporaryCode(db: Db, flat: { houseUid: string; flatNum: number; buyerId: number }, before: TemporaryCodeFields | null, after: TemporaryCodeFields | null): Promise<void> {
  const code = after ?? before;
  if (!code) return;
  const fields = (value: TemporaryCodeFields | null) => value && { code: value.tempCode, duration: value.duration, entrances: [...value.entrances] };
  const action = before === null ? 'create' : after === null ? 'delete' : 'update';
  await recordInFlat(db, flat, { kind: 'temporary-code', id: `${flat.houseUid}:${flat.flatNum}`, label: code.tempCode, action, before: fields(before), after: fields(after) });
}

/** A move-out: what left the flat (its residents by login, its keys by value). */
export async function recordMoveOut(
  db: Db,
  flat: { houseUid: string; flatNum: number; buyerId: number },
  removed: { users: readonly { login: string }[]; keys: readonly { value: string }[]; temporaryCode: boolean; sipAccounts: number; accessServices: number },
): Promise<void> {
  const before = {
    users: removed.users.map((user) => user.login),
    keys: [...new Set(removed.keys.map((key) => key.value))],
    temporaryCode: removed.temporaryCode,
    sipAccounts: removed.sipAccounts,
    accessServices: removed.accessServices,
  };
  await recordFlatChange(db, flat, { action: 'move-out', before, after: { users: [], keys: [], temporaryCode: false, sipAccounts: 0, accessServices: 0 } });
}

/** A group by its name; its fields without the ids the screens do not show. */
export function groupObject(group: { groupId: number; name: string }): AuditObject {
  return { kind: 'group', id: group.groupId, label: group.name };
}
