import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SyncDifference } from '../../contract/device-sync';
import { queryRows, type Db } from '../db/client';
import { deviceSyncChanges } from '../db/schema/device-sync';
import type { DeviceHolding, FlatSettingValue, GateLink, SyncedChange } from '../gateways/device/device-gateway';
import { codeTarget, keyTarget } from '../gateways/device/holdings';
import { flatRangeOfDevice } from './commutators';
import { intArray } from '../db/sql-arrays';
import { codeTargetText, expectedHolding, oweChanges, sideText } from './device-sync';

type FlatRange = { firstFlat: number; lastFlat: number } | null;

/** What the device serves besides what a read-back compares: its entrance's flats and, for a gate, the houses' prefixes. */
export interface DevicePlace {
  range: FlatRange;
  gates: readonly GateLink[];
}

/** The flats and the gate prefixes of a device, from its relays' entrances. */
export async function placeOfDevice(db: Db, deviceId: number): Promise<DevicePlace> {
  const [range, gates] = await Promise.all([
    flatRangeOfDevice(db, deviceId),
    queryRows<{ address: string; prefix: number; firstFlat: number; lastFlat: number }>(
      db,
      sql`select h.address, g.prefix, g.flat_from as "firstFlat", g.flat_to as "lastFlat"
          from device_relays r
          join entrances gate on gate.uid = r.entrance_uid and gate.type = 2
          join entrance_gates g on g.gate_entrance_uid = gate.uid and g.prefix is not null
          join entrances e on e.uid = g.entrance_uid
          join houses h on h.uid = e.house_uid
          where r.device_id = ${deviceId}
          order by g.prefix, g.id`,
    ),
  ]);
  return { range, gates: gates.map((link) => ({ address: link.address, prefix: Number(link.prefix), firstFlat: Number(link.firstFlat), lastFlat: Number(link.lastFlat) })) };
}

/** The entrance's flats, and a gate's prefixes: always written, neither is read back. */
function placeChanges({ range, gates }: DevicePlace): SyncedChange[] {
  const changes: SyncedChange[] = [];
  if (range) changes.push({ kind: 'flats', firstFlat: range.firstFlat, lastFlat: range.lastFlat });
  if (gates.length > 0) changes.push({ kind: 'gates', links: gates });
  return changes;
}
type HeldKey = DeviceHolding['keys'][number];

const keyChange = (key: HeldKey, action: 'add' | 'remove' | 'encode' | 'decode'): SyncedChange => ({ kind: 'key', action, value: key.value, flatNum: key.flatNum, rs: key.rs, inner: key.inner });

/** One change per scenario and side, with every key of `keys` that starts it (or stops it). */
function scenarioChanges(keys: readonly { key: HeldKey; scenarios: readonly number[] }[], action: 'add' | 'remove'): SyncedChange[] {
  const groups = new Map<string, { scenario: number; rs: boolean; values: Set<string> }>();
  for (const { key, scenarios } of keys) {
    for (const scenario of scenarios) {
      const group = groups.get(`${key.rs}:${scenario}`) ?? { scenario, rs: key.rs, values: new Set<string>() };
      group.values.add(key.value);
      groups.set(`${key.rs}:${scenario}`, group);
    }
  }
  return [...groups.values()].map((group) => ({ kind: 'keyScenario', action, scenario: group.scenario, values: [...group.values], rs: group.rs }));
}

/** Everything the device should have, as changes: what a device that cannot be read (or a new panel) is sent. */
export function wholeDeviceChanges(holding: DeviceHolding, place: DevicePlace): SyncedChange[] {
  const changes: SyncedChange[] = placeChanges(place);
  changes.push({ kind: 'clear', what: 'keys' });
  for (const key of holding.keys) changes.push(keyChange(key, 'add'));
  for (const key of holding.keys) if (key.isSecurity) changes.push(keyChange(key, 'encode'));
  changes.push(...scenarioChanges(holding.keys.map((key) => ({ key, scenarios: key.scenarios })), 'add'));
  changes.push({ kind: 'clear', what: 'doorCodes' });
  for (const code of holding.doorCodes) changes.push({ kind: 'doorCode', action: 'set', flatNum: code.flatNum, code: code.code, expiresAt: null });
  for (const code of holding.keylessCodes) changes.push({ kind: 'doorCode', action: 'set', flatNum: null, code: code.code, expiresAt: null, service: code.service });
  if (holding.commutation) changes.push({ kind: 'commutators', model: holding.commutation.model, commutators: holding.commutation.commutators });
  changes.push({ kind: 'sip', account: holding.sip });
  for (const flat of holding.flatSettings) changes.push({ kind: 'flatSettings', flatNum: flat.flatNum, settings: flat.settings });
  return changes;
}

const sameMatrices = (a: NonNullable<DeviceHolding['commutation']>['commutators'], b: NonNullable<DeviceHolding['commutation']>['commutators']): boolean => {
  const byIndex = new Map(b.map((item) => [item.index, item.matrix]));
  return a.every(({ index, matrix }) => matrix.every((row, rowIndex) => row.every((cell, column) => (byIndex.get(index)?.[rowIndex]?.[column] ?? 0) === cell)));
};

const settingText = (value: unknown): string | null => (value === undefined || value === null || value === false ? null : String(value));

/**
 * What a full re-sync sends once the device has been read (docs/api.md "Device sync"): only what
 * differs, in both directions. Keys and door codes the device holds and the database does not are
 * removed; those it lacks are added; a key's mode and scenarios are set where they differ; the
 * matrix and a flat's settings are written where a cell or a value differs. The flats of the
 * entrance, a gate's prefixes and the SIP account are always written: a driver creates only the
 * flats a panel lacks, prefixes are not read back, and a SIP password cannot be read to compare.
 */
export function differingChanges(expected: DeviceHolding, onDevice: DeviceHolding, place: DevicePlace): SyncedChange[] {
  const changes: SyncedChange[] = placeChanges(place);

  const held = new Map(onDevice.keys.map((key) => [keyTarget(key), key]));
  const wanted = new Map(expected.keys.map((key) => [keyTarget(key), key]));
  for (const [target, key] of held) if (!wanted.has(target)) changes.push(keyChange(key, 'remove'));
  const added = expected.keys.filter((key) => !held.has(keyTarget(key)));
  for (const key of added) changes.push(keyChange(key, 'add'));
  const modes: SyncedChange[] = [];
  const startScenarios: { key: HeldKey; scenarios: number[] }[] = [];
  const stopScenarios: { key: HeldKey; scenarios: number[] }[] = [];
  for (const key of expected.keys) {
    const current = held.get(keyTarget(key));
    const isSecurity = current?.isSecurity ?? false;
    if (key.isSecurity !== isSecurity) modes.push(keyChange(key, key.isSecurity ? 'encode' : 'decode'));
    const has = new Set(current?.scenarios ?? []);
    startScenarios.push({ key, scenarios: key.scenarios.filter((scenario) => !has.has(scenario)) });
    stopScenarios.push({ key, scenarios: [...has].filter((scenario) => !key.scenarios.includes(scenario)) });
  }
  changes.push(...modes, ...scenarioChanges(stopScenarios, 'remove'), ...scenarioChanges(startScenarios, 'add'));

  const heldCodes = new Map(onDevice.doorCodes.map((code) => [codeTarget(code.flatNum), code]));
  const wantedCodes = new Map(expected.doorCodes.map((code) => [codeTarget(code.flatNum), code]));
  for (const [target, code] of heldCodes) {
    if (wantedCodes.get(target)?.code !== code.code) changes.push({ kind: 'doorCode', action: 'remove', flatNum: code.flatNum, code: code.code, expiresAt: null });
  }
  for (const [target, code] of wantedCodes) {
    if (heldCodes.get(target)?.code !== code.code) changes.push({ kind: 'doorCode', action: 'set', flatNum: code.flatNum, code: code.code, expiresAt: null });
  }
  const keylessTarget = (code: { service: string; code: string }) => `${code.service}:${code.code}`;
  const heldKeyless = new Set(onDevice.keylessCodes.map(keylessTarget));
  const wantedKeyless = new Set(expected.keylessCodes.map(keylessTarget));
  for (const code of onDevice.keylessCodes) {
    if (!wantedKeyless.has(keylessTarget(code))) changes.push({ kind: 'doorCode', action: 'remove', flatNum: null, code: code.code, expiresAt: null, service: code.service });
  }
  for (const code of expected.keylessCodes) {
    if (!heldKeyless.has(keylessTarget(code))) changes.push({ kind: 'doorCode', action: 'set', flatNum: null, code: code.code, expiresAt: null, service: code.service });
  }

  if (expected.commutation && (onDevice.commutation?.model !== expected.commutation.model || !sameMatrices(expected.commutation.commutators, onDevice.commutation.commutators))) {
    changes.push({ kind: 'commutators', model: expected.commutation.model, commutators: expected.commutation.commutators });
  }
  changes.push({ kind: 'sip', account: expected.sip });
  const heldSettings = new Map(onDevice.flatSettings.map((flat) => [flat.flatNum, flat.settings]));
  for (const flat of expected.flatSettings) {
    const current = heldSettings.get(flat.flatNum) ?? {};
    if (Object.entries(flat.settings).some(([name, value]) => settingText(value) !== settingText(current[name]))) changes.push({ kind: 'flatSettings', flatNum: flat.flatNum, settings: flat.settings });
  }
  return changes;
}

/** Everything the device should have, read from the database. */
export async function fullSyncChanges(db: Db, deviceId: number): Promise<SyncedChange[]> {
  const [holding, place] = await Promise.all([expectedHolding(db, deviceId), placeOfDevice(db, deviceId)]);
  return wholeDeviceChanges(holding, place);
}

/** A re-sync supersedes whatever was still owed: the old rows go, `changes` (by default the whole device) are owed instead. */
export async function queueFullSync(db: Db, deviceId: number, changes?: readonly SyncedChange[]): Promise<void> {
  const owed = changes ?? (await fullSyncChanges(db, deviceId));
  await db.transaction(async (tx) => {
    await tx.delete(deviceSyncChanges).where(and(eq(deviceSyncChanges.deviceId, deviceId), isNull(deviceSyncChanges.confirmedAt)));
    await oweChanges(tx, deviceId, owed);
  });
}

/**
 * Queues a full re-sync of each device for the runner: a device already waiting keeps its place, one
 * being re-synced now is queued again (what changed meanwhile may have missed the first read).
 */
export async function requestResyncs(db: Db, deviceIds: readonly number[]): Promise<number> {
  if (deviceIds.length === 0) return 0;
  await db.execute(sql`insert into device_sync_states (device_id, resync_requested_at)
    select id, now() from unnest(${intArray(deviceIds)}) as id
    on conflict (device_id) do update set resync_requested_at = case
      when device_sync_states.resync_leased_until > now() then excluded.resync_requested_at
      else coalesce(device_sync_states.resync_requested_at, excluded.resync_requested_at) end`);
  return deviceIds.length;
}

/** A queued re-sync a runner took: the device and when it was asked for (as PostgreSQL wrote it: microseconds, which a Date would cut). */
export interface ClaimedResync {
  deviceId: number;
  requestedAt: string;
}

/**
 * The oldest queued re-syncs no runner holds, held for `leaseMs` (the lease is on the claimed rows,
 * and skip locked keeps two processes from taking the same device).
 */
export async function claimResyncs(db: Db, limit: number, leaseMs: number): Promise<ClaimedResync[]> {
  const rows = await queryRows<{ device_id: number; requested_at: string }>(
    db,
    sql`update device_sync_states set resync_leased_until = now() + ${`${leaseMs} milliseconds`}::interval
        where device_id in (
          select device_id from device_sync_states
          where resync_requested_at is not null and (resync_leased_until is null or resync_leased_until < now())
          order by resync_requested_at limit ${limit}
          for update skip locked)
          and resync_requested_at is not null and (resync_leased_until is null or resync_leased_until < now())
        returning device_id, resync_requested_at::text as requested_at`,
  );
  return rows.map((row) => ({ deviceId: row.device_id, requestedAt: row.requested_at }));
}

/** The re-sync is done: off the queue, unless it was asked for again meanwhile (then it waits for the next round). */
export async function finishResync(db: Db, claimed: ClaimedResync): Promise<void> {
  await db.execute(sql`update device_sync_states
    set resync_requested_at = case when resync_requested_at <= ${claimed.requestedAt}::timestamptz then null else resync_requested_at end,
        resync_leased_until = null
    where device_id = ${claimed.deviceId}`);
}

/** What differs between what the database says and what the device answered. */
export function holdingDifferences(expected: DeviceHolding, onDevice: DeviceHolding): SyncDifference[] {
  const differences: SyncDifference[] = [];
  const keyText = (key: DeviceHolding['keys'][number]) => `${sideText(key)}${key.flatNum === null ? '' : `, кв. ${key.flatNum}`}`;
  const deviceKeys = new Map(onDevice.keys.map((key) => [keyTarget(key), key]));
  const databaseKeys = new Map(expected.keys.map((key) => [keyTarget(key), key]));
  for (const [target, key] of databaseKeys) if (!deviceKeys.has(target)) differences.push({ kind: 'key', target: key.value, database: keyText(key), device: null });
  for (const [target, key] of deviceKeys) if (!databaseKeys.has(target)) differences.push({ kind: 'key', target: key.value, database: null, device: keyText(key) });
  // A key both sides hold: its security mode and scenarios.
  const modeText = (key: DeviceHolding['keys'][number]) =>
    `${key.isSecurity ? 'режим безопасности' : 'обычный режим'}${key.scenarios.length > 0 ? `, сценарии ${key.scenarios.join(', ')}` : ''}`;
  for (const [target, key] of databaseKeys) {
    const held = deviceKeys.get(target);
    if (held && modeText(held) !== modeText(key)) differences.push({ kind: 'key', target: key.value, database: modeText(key), device: modeText(held) });
  }
  const deviceCodes = new Map(onDevice.doorCodes.map((code) => [codeTarget(code.flatNum), code.code]));
  const databaseCodes = new Map(expected.doorCodes.map((code) => [codeTarget(code.flatNum), code.code]));
  for (const target of new Set([...databaseCodes.keys(), ...deviceCodes.keys()])) {
    const database = databaseCodes.get(target) ?? null;
    const device = deviceCodes.get(target) ?? null;
    if (database !== device) differences.push({ kind: 'doorCode', target: codeTargetText(target === 'common' ? null : Number(target)), database, device });
  }
  if (expected.commutation) {
    const read = new Map((onDevice.commutation?.commutators ?? []).map((item) => [item.index, item.matrix]));
    for (const { index, matrix } of expected.commutation.commutators) {
      matrix.forEach((row, rowIndex) =>
        row.forEach((cell, column) => {
          const device = read.get(index)?.[rowIndex]?.[column] ?? 0;
          if (device !== cell) differences.push({ kind: 'matrix', target: `${index + 1}: ${rowIndex + 1}×${column + 1}`, database: String(cell), device: String(device) });
        }),
      );
    }
  }
  const keylessOf = (holding: DeviceHolding) => {
    const byService = new Map<string, string[]>();
    for (const code of holding.keylessCodes) byService.set(code.service, [...(byService.get(code.service) ?? []), code.code]);
    return new Map([...byService].map(([service, codes]) => [service, [...new Set(codes)].sort().join(', ')]));
  };
  const databaseKeyless = keylessOf(expected);
  const deviceKeyless = keylessOf(onDevice);
  for (const service of new Set([...databaseKeyless.keys(), ...deviceKeyless.keys()])) {
    const database = databaseKeyless.get(service) ?? null;
    const device = deviceKeyless.get(service) ?? null;
    if (database !== device) differences.push({ kind: 'doorCode', target: `бесключевой: ${service}`, database, device });
  }
  const settingsOf = (holding: DeviceHolding) => new Map(holding.flatSettings.map((flat) => [flat.flatNum, flat.settings]));
  const databaseFlats = settingsOf(expected);
  const deviceFlats = settingsOf(onDevice);
  const valueText = (value: FlatSettingValue | undefined) => (value === undefined || value === null || value === false ? null : String(value));
  for (const flatNum of [...new Set([...databaseFlats.keys(), ...deviceFlats.keys()])].sort((a, b) => a - b)) {
    const database = databaseFlats.get(flatNum) ?? {};
    const device = deviceFlats.get(flatNum) ?? {};
    for (const name of new Set([...Object.keys(database), ...Object.keys(device)])) {
      if (valueText(database[name]) !== valueText(device[name])) differences.push({ kind: 'flats', target: `кв. ${flatNum}: ${name}`, database: valueText(database[name]), device: valueText(device[name]) });
    }
  }
  const sipText = (sip: DeviceHolding['sip']) => (sip ? `${sip.login}@${sip.domain}:${sip.port}` : null);
  if (sipText(expected.sip) !== sipText(onDevice.sip)) differences.push({ kind: 'sip', target: 'аккаунт', database: sipText(expected.sip), device: sipText(onDevice.sip) });
  return differences;
}
