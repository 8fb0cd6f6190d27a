import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { AccessOptions, AccessServiceEntry } from '../../contract/access';
import type { AbonentUnit } from '../../contract/commutators';
import type { FlatDataResponse, FlatPermission, FlatUser, TemporaryCode } from '../../contract/flats';
import type { FlatKey } from '../../contract/keys';
import type { Db } from '../db/client';
import { accessActions, accessReasons, accessServices } from '../db/schema/access';
import { abonentUnits } from '../db/schema/commutators';
import { devices } from '../db/schema/devices';
import { flatAccessServices, flatBlockSchedules, flatPermissions, flatUsers, temporaryCodes } from '../db/schema/flats';
import { houses } from '../db/schema/houses';
import { keys } from '../db/schema/keys';
import { sipAccounts } from '../db/schema/sip';
import { users } from '../db/schema/users';
import { listEntrancesOfHouses } from './entrances';
import { deviceFlatData, devicesOfFlat } from './flat-devices';
import { entranceUidsOfFlat, type FlatRow } from './flats';

/** Who set an access entry (AccessOptions.sources). */
export const ACCESS_SOURCES: AccessOptions['sources'] = [
  { key: 'operator', description: 'Оператор' },
  { key: 'billing', description: 'Биллинг' },
  { key: 'schedule', description: 'Расписание' },
  { key: 'mobile', description: 'Мобильное приложение' },
];

/** The flat's residents, each with their SIP accounts on this flat; the password is never sent. */
export async function usersOfFlat(db: Db, flat: FlatRow): Promise<FlatUser[]> {
  const rows = await db
    .select({ id: users.id, buyerId: users.buyerId, login: users.login })
    .from(flatUsers)
    .innerJoin(users, eq(users.id, flatUsers.userId))
    .where(eq(flatUsers.flatId, flat.id))
    .orderBy(asc(users.login), asc(users.id));
  if (rows.length === 0) return [];
  const accounts = await db
    .select({ id: sipAccounts.id, userId: sipAccounts.userId, login: sipAccounts.login, password: sipAccounts.password, domain: sipAccounts.domain, port: sipAccounts.port })
    .from(sipAccounts)
    .where(and(eq(sipAccounts.houseUid, flat.houseUid), eq(sipAccounts.flatNum, flat.flatNum)))
    .orderBy(asc(sipAccounts.id));
  return rows.map((row) => ({
    ...row,
    password: '',
    accounts: accounts.filter((account) => account.userId === row.id).map(({ userId: _userId, ...account }) => account),
  }));
}

export async function temporaryCodeOf(db: Db, flatId: number): Promise<TemporaryCode | null> {
  const [row] = await db.select().from(temporaryCodes).where(eq(temporaryCodes.flatId, flatId));
  return row ? { flatId: row.flatId, tempCode: row.tempCode, created: row.created.toISOString(), duration: row.duration, entrances: row.entrances } : null;
}

const flag = (value: boolean) => (value ? '1' : '0');
const text = (value: number | null) => (value === null ? null : String(value));

/** spec §3 "Key record on a flat": the keys bound to the flat, on every device. */
export async function keysOfFlat(db: Db, flatId: number): Promise<FlatKey[]> {
  const rows = await db
    .select({ key: keys, mac: devices.mac })
    .from(keys)
    .innerJoin(devices, eq(devices.id, keys.deviceId))
    .where(eq(keys.flatId, flatId))
    .orderBy(asc(devices.mac), asc(keys.value));
  return rows.map(({ key, mac }) => ({
    AUTHENTIC: flag(key.authentic),
    BUYER_ID: String(key.buyerId),
    CIPHER_ID: text(key.cipherId),
    DEVICE_ID: String(key.deviceId),
    FLAT_ID: text(key.flatId),
    FLAT_NUM: text(key.flatNum),
    KEY_ID: String(key.id),
    VALUE: key.value,
    mac,
    INC_VALUE: key.incValue,
    BLOCKED: flag(key.blocked),
  }));
}

async function abonentUnitsOfFlat(db: Db, flatId: number): Promise<AbonentUnit[]> {
  const rows = await db
    .select({ unit: abonentUnits, mac: devices.mac })
    .from(abonentUnits)
    .innerJoin(devices, eq(devices.id, abonentUnits.deviceId))
    .where(eq(abonentUnits.flatId, flatId))
    .orderBy(asc(devices.mac), asc(abonentUnits.panelCode));
  return rows.map(({ unit, mac }) => ({
    id: unit.id,
    lineLevel: unit.lineLevel === null ? null : { lastChange: unit.lineLevelChangedAt?.toISOString() ?? null, level: unit.lineLevel },
    mac,
    options: unit.options as AbonentUnit['options'],
    panelCode: unit.panelCode,
    type: unit.type,
  }));
}

export async function permissionsOfFlat(db: Db, flatId: number): Promise<FlatPermission[]> {
  return db
    .select({
      access: flatPermissions.access,
      comment: flatPermissions.comment,
      flatId: flatPermissions.flatId,
      permissionName: flatPermissions.permissionName,
      reason: flatPermissions.reason,
    })
    .from(flatPermissions)
    .where(eq(flatPermissions.flatId, flatId))
    .orderBy(asc(flatPermissions.permissionName));
}

/** The flat's access services; a reason or action deleted from the catalogue reads as id 0. */
export async function accessServicesOfFlat(db: Db, flatId: number): Promise<AccessServiceEntry[]> {
  const rows = await db
    .select({ entry: flatAccessServices, name: accessServices.name, description: accessServices.description })
    .from(flatAccessServices)
    .innerJoin(accessServices, eq(accessServices.id, flatAccessServices.serviceId))
    .where(eq(flatAccessServices.flatId, flatId))
    .orderBy(asc(flatAccessServices.serviceId));
  return rows.map(({ entry, name, description }) => ({
    service: { id: entry.serviceId, name, description },
    entityId: entry.flatId,
    reason: { id: entry.reasonId ?? 0 },
    action: { id: entry.actionId ?? 0 },
    access: entry.access,
    source: entry.source,
  }));
}

async function accessOptions(db: Db): Promise<AccessOptions> {
  const [actions, reasons] = await Promise.all([
    db.select().from(accessActions).orderBy(asc(accessActions.id)),
    db.select().from(accessReasons).orderBy(asc(accessReasons.id)),
  ]);
  return { actions, reasons, sources: ACCESS_SOURCES };
}

async function nextSchedule(db: Db, flatId: number): Promise<string | null> {
  const [row] = await db
    .select({ runAt: flatBlockSchedules.runAt })
    .from(flatBlockSchedules)
    .where(and(eq(flatBlockSchedules.flatId, flatId), gte(flatBlockSchedules.runAt, sql`now()`)))
    .orderBy(asc(flatBlockSchedules.runAt))
    .limit(1);
  return row ? row.runAt.toISOString() : null;
}

/**
 * Everything the flat card shows (GET /front/flats/{house}:{flat}): a dozen indexed lookups by the
 * flat's id (or its house), run side by side.
 */
export async function flatCard(db: Db, flat: FlatRow): Promise<Omit<FlatDataResponse, 'result' | 'message'> | null> {
  const [house, entranceUids, userList, deviceList, keyList, units, permissions, services, code, scheduleNext, options, houseEntrances] = await Promise.all([
    db.select({ id: houses.uid, address: houses.address, region: houses.region, fias: houses.fias }).from(houses).where(eq(houses.uid, flat.houseUid)),
    entranceUidsOfFlat(db, flat.id),
    usersOfFlat(db, flat),
    devicesOfFlat(db, flat),
    keysOfFlat(db, flat.id),
    abonentUnitsOfFlat(db, flat.id),
    permissionsOfFlat(db, flat.id),
    accessServicesOfFlat(db, flat.id),
    temporaryCodeOf(db, flat.id),
    nextSchedule(db, flat.id),
    accessOptions(db),
    listEntrancesOfHouses(db, [flat.houseUid]),
  ]);
  if (!house[0]) return null;
  const own = new Set(entranceUids);
  return {
    users: userList,
    deviceData: deviceList.map((device) => deviceFlatData(device)),
    entrances: houseEntrances.filter((entrance) => own.has(entrance.id)),
    flat: {
      id: flat.id,
      buyerId: flat.buyerId,
      flatNum: flat.flatNum,
      letter: flat.letter,
      houseUid: flat.houseUid,
      status: flat.status,
      users: userList,
      abonentUnits: units,
      entrances: entranceUids,
      permissions,
      accessServices: services,
      temporaryCode: code,
    },
    house: house[0],
    hasSchedule: scheduleNext !== null,
    scheduleNext,
    keys: keyList,
    accessOptions: options,
    temporaryCode: code,
  };
}

/** Entrance entities of the flat (GET …/get-entrances). */
export async function entrancesOfFlat(db: Db, flat: FlatRow) {
  const [uids, all] = await Promise.all([entranceUidsOfFlat(db, flat.id), listEntrancesOfHouses(db, [flat.houseUid])]);
  const own = new Set(uids);
  return all.filter((entrance) => own.has(entrance.id));
}
