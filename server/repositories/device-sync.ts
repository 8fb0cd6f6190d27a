import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FLAT_DEVICE_SETTING_KEYS } from '../../contract/flats';
import {
  OWED_NOTE,
  SYNC_CHANGES_SHOWN,
  SYNC_DIFFERENCES_SHOWN,
  type DeviceSyncState,
  type SyncChange,
  type SyncChangeKind,
  type SyncDifference,
} from '../../contract/device-sync';
import { nestText, serverText, type CodedText, type OwedWriteCode, type ServerTextParams } from '../../contract/server-texts';
import { queryRows, type Db } from '../db/client';
import { commutators, deviceCommutations } from '../db/schema/commutators';
import { deviceSyncChanges, deviceSyncStates } from '../db/schema/device-sync';
import { devices } from '../db/schema/devices';
import { deviceDoorCodes, keylessCodeDevices, keylessCodes } from '../db/schema/door-codes';
import { flatDeviceSettings, flats } from '../db/schema/flats';
import { keys } from '../db/schema/keys';
import { sipAccounts } from '../db/schema/sip';
import type { DeviceHolding, FlatSettingValue, SentChange, SyncedChange } from '../gateways/device/device-gateway';
import { flatRangeOfDevice } from './commutators';
import { flatDeviceFlags } from './flat-devices';

const KEY_ACTIONS = { add: 'добавить', remove: 'удалить', encode: 'в режим безопасности', decode: 'из режима безопасности' } as const;
const flatText = (flatNum: number | null) => (flatNum === null ? 'без квартиры' : `кв. ${flatNum}`);
export const sideText = (key: { rs?: boolean; inner?: boolean }) => `${key.rs ? 'RS485, ' : ''}${key.inner ? 'внутренний' : 'внешний'}`;
export const codeTargetText = (flatNum: number | null) => (flatNum === null ? 'общий' : `кв. ${flatNum}`);

/** A change as the sync list names it: kind, what it is about, what it writes (Russian, as the server's other texts). */
export function describeChange(change: SyncedChange): { kind: SyncChangeKind; target: string; summary: string } {
  switch (change.kind) {
    case 'key':
      return { kind: 'key', target: change.value, summary: `${KEY_ACTIONS[change.action]}, ${flatText(change.flatNum)}, ${sideText(change)}` };
    case 'doorCode':
      return {
        kind: 'doorCode',
        target: change.service === undefined ? codeTargetText(change.flatNum) : `бесключевой: ${change.service}`,
        summary: `${change.action === 'set' ? 'задать' : 'удалить'} ${change.code}${change.expiresAt ? ` до ${change.expiresAt}` : ''}`,
      };
    case 'commutators':
      return { kind: 'commutators', target: 'матрица', summary: `модель ${change.model ?? '—'}, коммутаторов: ${change.commutators.length}` };
    case 'sip':
      return { kind: 'sip', target: 'аккаунт', summary: change.account ? `${change.account.login}@${change.account.domain}:${change.account.port}` : 'удалить' };
    case 'flats':
      return { kind: 'flats', target: `${change.firstFlat}–${change.lastFlat}`, summary: `квартиры ${change.firstFlat}–${change.lastFlat}` };
    case 'keyScenario':
      return {
        kind: 'key',
        target: change.values.length === 1 ? change.values[0] : `ключей: ${change.values.length}`,
        summary: `${change.action === 'add' ? 'добавить' : 'убрать'} сценарий ${change.scenario}`,
      };
    case 'flatSettings':
      return { kind: 'flats', target: `кв. ${change.flatNum}`, summary: `настройки: ${Object.keys(change.settings).join(', ')}` };
    case 'clear':
      return { kind: change.what === 'keys' ? 'key' : 'doorCode', target: 'все', summary: change.what === 'keys' ? 'стереть все ключи' : 'стереть все коды' };
    case 'gates':
      return { kind: 'flats', target: 'калитка', summary: `префиксы: ${change.links.map((link) => `${link.prefix} → кв. ${link.firstFlat}–${link.lastFlat}`).join(', ')}` };
  }
}

/** A change owed to one device. */
export interface OwedChange {
  deviceId: number;
  change: SyncedChange;
}

/** Records changes as owed to the device; call it inside the transaction of the change itself. Answers the rows' ids. */
export async function oweChanges(tx: Db, deviceId: number, changes: readonly SyncedChange[]): Promise<number[]> {
  return oweEach(
    tx,
    changes.map((change) => ({ deviceId, change })),
  );
}

/** Records changes owed to one or more devices (in the given order); answers the rows' ids. */
export async function oweEach(tx: Db, owed: readonly OwedChange[]): Promise<number[]> {
  const rows = owed.map(({ deviceId, change }) => ({ deviceId, ...describeChange(change), change: storedForm(change) }));
  const ids: number[] = [];
  // Chunks keep a full re-sync of a device with thousands of keys under the parameter limit.
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await tx.insert(deviceSyncChanges).values(rows.slice(start, start + 1000)).returning({ id: deviceSyncChanges.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** The change as its owed row keeps it: a SIP change never with a password, whatever the caller handed over. */
function storedForm(change: SyncedChange | SentChange): SyncedChange {
  return change.kind === 'sip' ? { kind: 'sip', account: change.account } : change;
}

/** Stores a change and owes it to the device in one transaction; nothing is owed when `store` answers null. */
export async function storeAndOwe<T>(db: Db, deviceId: number, change: SyncedChange, store: (tx: Db) => Promise<T | null>): Promise<T | null> {
  return (await storeAndOweEach(db, [{ deviceId, change }], store))?.stored ?? null;
}

/** Stores a write and owes its changes (to one device or several) in one transaction; nothing is owed when `store` answers null. */
export async function storeAndOweEach<T>(db: Db, owed: readonly OwedChange[], store: (tx: Db) => Promise<T | null>): Promise<{ stored: T; ids: number[] } | null> {
  return db.transaction(async (tx) => {
    const stored = await store(tx);
    if (stored === null) return null;
    return { stored, ids: await oweEach(tx, owed) };
  });
}

/** How owed changes went after a send: confirmed, or still owed with the device's last reason (null: not tried yet). */
export async function changeOutcomes(db: Db, ids: readonly number[]): Promise<Map<number, { confirmed: boolean; deviceId: number; lastError: CodedText | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: deviceSyncChanges.id,
      deviceId: deviceSyncChanges.deviceId,
      confirmedAt: deviceSyncChanges.confirmedAt,
      lastError: deviceSyncChanges.lastError,
      lastErrorCode: deviceSyncChanges.lastErrorCode,
      lastErrorParams: deviceSyncChanges.lastErrorParams,
    })
    .from(deviceSyncChanges)
    .where(inArray(deviceSyncChanges.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { confirmed: row.confirmedAt !== null, deviceId: row.deviceId, lastError: row.confirmedAt === null ? storedReason(row) : null }]));
}

/** A stored reason with its code, when it was coded (null: none). */
/** A stored reason's code and parameters as a sync change answers them (none when the reason has no code). */
function reasonCodeOf(row: { lastErrorCode: string | null; lastErrorParams: ServerTextParams | null }): { lastErrorCode?: string; lastErrorParams?: ServerTextParams } {
  return row.lastErrorCode === null ? {} : { lastErrorCode: row.lastErrorCode, lastErrorParams: row.lastErrorParams ?? {} };
}

function storedReason(row: { lastError: string | null; lastErrorCode: string | null; lastErrorParams: ServerTextParams | null }): CodedText | null {
  if (row.lastError === null) return null;
  return row.lastErrorCode === null ? { message: row.lastError } : { message: row.lastError, messageCode: row.lastErrorCode, messageParams: row.lastErrorParams ?? {} };
}

/** The unconfirmed rows of these devices that write this keyless code: device → its newest row. */
export async function openKeylessChanges(db: Db, deviceIds: readonly number[], code: { service: string; code: string }): Promise<Map<number, number>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: deviceSyncChanges.id, deviceId: deviceSyncChanges.deviceId })
    .from(deviceSyncChanges)
    .where(
      and(
        inArray(deviceSyncChanges.deviceId, [...deviceIds]),
        isNull(deviceSyncChanges.confirmedAt),
        eq(deviceSyncChanges.kind, 'doorCode'),
        sql`${deviceSyncChanges.change}->>'service' = ${code.service} and ${deviceSyncChanges.change}->>'code' = ${code.code} and ${deviceSyncChanges.change}->>'action' = 'set'`,
      ),
    )
    .orderBy(asc(deviceSyncChanges.id));
  return new Map(rows.map((row) => [row.deviceId, row.id]));
}

/**
 * The device's door codes (not keyless) that it still owes as stored: `flatNum:code` ('common:code'
 * for the common code) → the device's last refusal (null: not tried yet). A code is owed while a
 * write of it (its creation, a change, a full re-sync) is not confirmed.
 */
export async function owedDoorCodes(db: Db, deviceId: number): Promise<Map<string, CodedText | null>> {
  const rows = await queryRows<{ flat: string | null; code: string; lastError: string | null; lastErrorCode: string | null; lastErrorParams: ServerTextParams | null }>(
    db,
    sql`select change->>'flatNum' as flat, change->>'code' as code, last_error as "lastError", last_error_code as "lastErrorCode",
               last_error_params as "lastErrorParams" from device_sync_changes
        where device_id = ${deviceId} and confirmed_at is null and kind = 'doorCode'
          and change->>'action' = 'set' and change->>'service' is null
        order by id`,
  );
  // The newest write's reason wins: it is what the device said last.
  return new Map(rows.map((row) => [owedCodeKey(row.flat === null ? null : Number(row.flat), row.code), storedReason(row)]));
}

export const owedCodeKey = (flatNum: number | null, code: string): string => `${flatNum ?? 'common'}:${code}`;

/** How each of these changes went, as a keyless code's targets record it: written once confirmed, else failed with the device's reason. */
export async function targetOutcomes(db: Db, ids: readonly number[]): Promise<{ deviceId: number; status: 'written' | 'failed'; message: string | null }[]> {
  return [...(await changeOutcomes(db, ids)).values()].map((outcome) =>
    outcome.confirmed
      ? { deviceId: outcome.deviceId, status: 'written', message: null }
      : { deviceId: outcome.deviceId, status: 'failed', message: `${OWED_NOTE}${outcome.lastError ? `: ${outcome.lastError.message}` : ''}` },
  );
}

/**
 * Whether these changes are still owed: null when every one was confirmed, else the first reason a
 * device gave for not taking one (null: none tried yet), for «… ждёт отправки на устройство: …».
 */
export type OwedNote = { reason: CodedText | null } | null;

export async function owedNote(db: Db, ids: readonly number[]): Promise<OwedNote> {
  const outcomes = [...(await changeOutcomes(db, ids)).values()].filter((outcome) => !outcome.confirmed);
  if (outcomes.length === 0) return null;
  return { reason: outcomes.find((outcome) => outcome.lastError)?.lastError ?? null };
}

/** A write's sentence `code`, with its owed note when its devices have not all taken it (contract/server-texts.ts OwedWriteCode). */
export function owedWriteText(code: OwedWriteCode, note: OwedNote, params: ServerTextParams = {}): Required<CodedText> {
  if (note === null) return serverText(code, params);
  if (note.reason === null) return serverText(`${code}.owed`, params);
  return serverText(`${code}.owedBecause`, { ...params, ...nestText('reason', note.reason) });
}

export interface ClaimedChange {
  id: number;
  /** As it is sent: a SIP change carries the account's password (withSipPassword). */
  change: SentChange;
  attempts: number;
}

/**
 * Takes the device's unconfirmed changes (in order) for `leaseMs`; none when another sender holds
 * any of them, so one device's changes are only ever sent by one sender, in order. The rows are
 * locked first and their lease read from the locked rows: under READ COMMITTED a second sender
 * waits for the first to commit and then sees its lease (a lease tested in a sub-select would be
 * read from the second statement's older snapshot, and both would send).
 */
export async function claimDeviceChanges(db: Db, deviceId: number, leaseMs: number): Promise<ClaimedChange[]> {
  const claimed = await db.transaction(async (tx) => {
    const open = await queryRows<{ id: number | string; leased: boolean }>(
      tx,
      sql`select id, coalesce(leased_until > now(), false) as leased from device_sync_changes
          where device_id = ${deviceId} and confirmed_at is null order by id for update`,
    );
    if (open.length === 0 || open.some((row) => row.leased)) return [];
    const rows = await tx
      .update(deviceSyncChanges)
      .set({ leasedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(inArray(deviceSyncChanges.id, open.map((row) => Number(row.id))))
      .returning({ id: deviceSyncChanges.id, change: deviceSyncChanges.change, attempts: deviceSyncChanges.attempts });
    return rows.map((row) => ({ id: Number(row.id), change: row.change as SyncedChange, attempts: row.attempts })).sort((a, b) => a.id - b.id);
  });
  return withSipPassword(db, deviceId, claimed);
}

/**
 * The claimed changes as they are sent: a SIP change gets the password the device's account has now
 * (never kept in the owed row, so a password changed while the change waited goes out too). A
 * change whose login is no longer the device's account goes without one: the panel keeps its
 * password, and the change that replaced the account follows it.
 */
async function withSipPassword(db: Db, deviceId: number, claimed: readonly { id: number; change: SyncedChange; attempts: number }[]): Promise<ClaimedChange[]> {
  if (!claimed.some((item) => item.change.kind === 'sip' && item.change.account !== null)) return [...claimed];
  const [account] = await db.select({ login: sipAccounts.login, password: sipAccounts.password }).from(sipAccounts).where(eq(sipAccounts.deviceId, deviceId)).limit(1);
  return claimed.map((item) =>
    item.change.kind === 'sip' && account !== undefined && item.change.account?.login === account.login ? { ...item, change: { ...item.change, password: account.password } } : item,
  );
}

/** The device took these changes (a sender confirms them in batches: one statement for hundreds of keys). */
export async function confirmChanges(db: Db, deviceId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(deviceSyncChanges)
      .set({ status: 'confirmed', confirmedAt: sql`now()`, attempts: sql`${deviceSyncChanges.attempts} + 1`, lastAttemptAt: sql`now()`, leasedUntil: null })
      .where(inArray(deviceSyncChanges.id, [...ids]));
    await tx
      .insert(deviceSyncStates)
      .values({ deviceId, lastConfirmedAt: sql`now()` })
      .onConflictDoUpdate({ target: deviceSyncStates.deviceId, set: { lastConfirmedAt: sql`now()` } });
  });
}

/** The attempt failed: the reason is kept, the next try waits retryMs, the rest of the device's changes wait behind it. */
export async function failChange(db: Db, deviceId: number, id: number, reason: CodedText, retryMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(deviceSyncChanges)
      .set({
        status: 'failed',
        attempts: sql`${deviceSyncChanges.attempts} + 1`,
        lastError: reason.message,
        lastErrorCode: reason.messageCode ?? null,
        lastErrorParams: reason.messageParams ?? null,
        lastAttemptAt: sql`now()`,
        nextAttemptAt: sql`now() + ${`${Math.round(retryMs)} milliseconds`}::interval`,
        leasedUntil: null,
      })
      .where(eq(deviceSyncChanges.id, id));
    await releaseDevice(tx, deviceId);
  });
}

/** Hands back the device's changes (a sender stopped). */
export async function releaseDevice(db: Db, deviceId: number): Promise<void> {
  await db
    .update(deviceSyncChanges)
    .set({ leasedUntil: null })
    .where(and(eq(deviceSyncChanges.deviceId, deviceId), isNull(deviceSyncChanges.confirmedAt)));
}

/** Devices with a change due now and no sender: the runner's next work. */
export async function dueDevices(db: Db, limit: number): Promise<number[]> {
  const rows = await queryRows<{ device_id: number }>(
    db,
    sql`select distinct device_id from device_sync_changes
        where confirmed_at is null and next_attempt_at <= now() and (leased_until is null or leased_until < now())
        limit ${limit}`,
  );
  return rows.map((row) => row.device_id);
}

/** Every failed change of the device is due now (retry). */
export async function makeDue(db: Db, deviceId: number): Promise<void> {
  await db
    .update(deviceSyncChanges)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(deviceSyncChanges.deviceId, deviceId), isNull(deviceSyncChanges.confirmedAt)));
}

export async function pruneConfirmed(db: Db, olderThanMs: number): Promise<void> {
  await db.execute(sql`delete from device_sync_changes where confirmed_at is not null and confirmed_at < now() - ${`${olderThanMs} milliseconds`}::interval`);
}

/** The flats' settings a device that takes realtime saves holds: every stored setting, the panel code, a CMS block. */
async function expectedFlatSettings(db: Db, deviceId: number): Promise<DeviceHolding['flatSettings']> {
  const [device] = await db.select({ type: devices.type }).from(devices).where(eq(devices.id, deviceId));
  if (!device || !flatDeviceFlags(device.type, []).canSaveRealtime) return [];
  const rows = await db
    .select({ flatNum: flats.flatNum, row: flatDeviceSettings })
    .from(flatDeviceSettings)
    .innerJoin(flats, eq(flats.id, flatDeviceSettings.flatId))
    .where(eq(flatDeviceSettings.deviceId, deviceId))
    .orderBy(asc(flats.flatNum));
  return rows.flatMap(({ flatNum, row }) => {
    const settings: Record<string, FlatSettingValue> = {};
    for (const key of FLAT_DEVICE_SETTING_KEYS) if (row[key] !== null) settings[key] = row[key];
    if (row.panelCode !== null) settings.panelCode = row.panelCode;
    if (row.blockCms) settings.blockCms = true;
    return Object.keys(settings).length === 0 ? [] : [{ flatNum, settings }];
  });
}

/** What the database says the device should hold (keys, live door and keyless codes, the matrix, the SIP account, flat settings). */
export async function expectedHolding(db: Db, deviceId: number): Promise<DeviceHolding> {
  const live = (expiresAt: typeof deviceDoorCodes.expiresAt | typeof keylessCodes.expiresAt) => sql`(${expiresAt} is null or ${expiresAt} > now())`;
  const [keyRows, codeRows, keylessRows, head, matrices, sipRows, range, flatSettings] = await Promise.all([
    db
      .select({ value: keys.value, rs: keys.rs, inner: keys.inner, flatNum: keys.flatNum, isSecurity: keys.isSecurity, scenarios: keys.scenarios })
      .from(keys)
      .where(eq(keys.deviceId, deviceId))
      .orderBy(asc(keys.id)),
    db
      .select({ flatNum: deviceDoorCodes.flatNum, code: deviceDoorCodes.code })
      .from(deviceDoorCodes)
      .where(and(eq(deviceDoorCodes.deviceId, deviceId), live(deviceDoorCodes.expiresAt)))
      .orderBy(asc(deviceDoorCodes.id)),
    db
      .select({ service: keylessCodes.service, code: keylessCodes.code })
      .from(keylessCodeDevices)
      .innerJoin(keylessCodes, eq(keylessCodes.id, keylessCodeDevices.codeId))
      .where(and(eq(keylessCodeDevices.deviceId, deviceId), live(keylessCodes.expiresAt)))
      .orderBy(asc(keylessCodes.id)),
    db.select({ model: deviceCommutations.model }).from(deviceCommutations).where(eq(deviceCommutations.deviceId, deviceId)),
    db.select({ index: commutators.index, matrix: commutators.matrix }).from(commutators).where(eq(commutators.deviceId, deviceId)).orderBy(asc(commutators.index)),
    db.select({ login: sipAccounts.login, domain: sipAccounts.domain, port: sipAccounts.port }).from(sipAccounts).where(eq(sipAccounts.deviceId, deviceId)).limit(1),
    flatRangeOfDevice(db, deviceId),
    expectedFlatSettings(db, deviceId),
  ]);
  const written = matrices.some((item) => item.matrix.some((row) => row.some((cell) => cell !== 0)));
  return {
    keys: keyRows.map((key) => ({ ...key, scenarios: [...(key.scenarios ?? [])].sort((a, b) => a - b) })),
    doorCodes: codeRows,
    keylessCodes: keylessRows,
    commutation: written
      ? { model: head[0]?.model ?? null, commutators: matrices, flatRange: range && { firstFlat: range.firstFlat, lastFlat: range.lastFlat }, defaultSize: 0 }
      : null,
    sip: sipRows[0] ?? null,
    flatSettings,
  };
}

export async function saveReadBack(db: Db, deviceId: number, outcome: { differences: SyncDifference[] } | { error: string }): Promise<void> {
  const values =
    'error' in outcome
      ? { readAt: sql`now()`, readError: outcome.error, differenceCount: 0, differences: [] }
      : { readAt: sql`now()`, readError: null, differenceCount: outcome.differences.length, differences: outcome.differences.slice(0, SYNC_DIFFERENCES_SHOWN) };
  await db
    .insert(deviceSyncStates)
    .values({ deviceId, ...values })
    .onConflictDoUpdate({ target: deviceSyncStates.deviceId, set: values });
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The card's sync section: the owed changes, the newest refusal, the last read-back. */
export async function deviceSyncState(db: Db, device: { id: number; mac: string }): Promise<DeviceSyncState> {
  const open = and(eq(deviceSyncChanges.deviceId, device.id), isNull(deviceSyncChanges.confirmedAt));
  const [rows, counts, failure, stateRows] = await Promise.all([
    db.select().from(deviceSyncChanges).where(open).orderBy(asc(deviceSyncChanges.id)).limit(SYNC_CHANGES_SHOWN),
    db
      .select({ owed: sql<number>`count(*)::int`, failed: sql<number>`(count(*) filter (where ${deviceSyncChanges.status} = 'failed'))::int` })
      .from(deviceSyncChanges)
      .where(open),
    db
      .select({
        lastError: deviceSyncChanges.lastError,
        lastErrorCode: deviceSyncChanges.lastErrorCode,
        lastErrorParams: deviceSyncChanges.lastErrorParams,
        at: deviceSyncChanges.lastAttemptAt,
      })
      .from(deviceSyncChanges)
      .where(and(open, eq(deviceSyncChanges.status, 'failed')))
      .orderBy(desc(deviceSyncChanges.lastAttemptAt))
      .limit(1),
    db.select().from(deviceSyncStates).where(eq(deviceSyncStates.deviceId, device.id)),
  ]);
  const owedCount = Number(counts[0]?.owed ?? 0);
  const failedCount = Number(counts[0]?.failed ?? 0);
  const stored = stateRows[0];
  const readBack = stored?.readAt
    ? { readAt: iso(stored.readAt)!, error: stored.readError, differenceCount: stored.differenceCount, differences: stored.differences as SyncDifference[] }
    : null;
  const changes: SyncChange[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as SyncChangeKind,
    target: row.target,
    summary: row.summary,
    status: row.status === 'failed' ? 'failed' : 'owed',
    attempts: row.attempts,
    lastError: row.lastError,
    ...reasonCodeOf(row),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'failed' ? iso(row.nextAttemptAt) : null,
    createdAt: iso(row.createdAt)!,
  }));
  const last = failure[0];
  return {
    mac: device.mac,
    state: failedCount > 0 ? 'failed' : owedCount > 0 ? 'pending' : readBack && readBack.differenceCount > 0 ? 'differs' : 'in-sync',
    owedCount,
    failedCount,
    changes,
    lastFailure: last?.lastError && last.at ? { ...storedReason(last)!, at: iso(last.at)! } : null,
    lastConfirmedAt: iso(stored?.lastConfirmedAt ?? null),
    readBack,
    resyncQueuedAt: iso(stored?.resyncRequestedAt ?? null),
  };
}

/**
 * The device list's «out of sync»: something owed, or the last read-back differed. The ids come
 * first, from the two partial indexes, as an array: the list then fetches those few devices by id
 * instead of walking a whole fleet in sort order and testing each.
 */
export const OUT_OF_SYNC_SQL = sql`d.id = any(array(
  select c.device_id from device_sync_changes c where c.confirmed_at is null
  union
  select s.device_id from device_sync_states s where s.difference_count > 0))`;
