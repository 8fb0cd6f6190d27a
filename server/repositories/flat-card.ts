import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccessOptions, AccessServiceEntry } from '../../contract/access';
import type { AbonentUnit } from '../../contract/commutators';
import type { Entrance } from '../../contract/entrances';
import type { FlatDataResponse, FlatPermission, FlatUser, PendingMoveOut, TemporaryCode } from '../../contract/flats';
import type { FlatKey } from '../../contract/keys';
import type { House } from '../../contract/houses';
import { queryRows, type Db } from '../db/client';
import { flats } from '../db/schema/flats';
import {
  ABONENT_UNITS,
  ACCESS_SERVICES,
  ACTIONS,
  DEVICES,
  ENTRANCES,
  ENTRANCE_UIDS,
  HOUSE,
  KEYS,
  PENDING_MOVE_OUT,
  PERMISSIONS,
  REASONS,
  SCHEDULE_NEXT,
  TEMPORARY_CODE,
  USERS,
  ofFlat,
} from './flat-card-sql';
import { deviceFlatData, flatDeviceOf, type FlatDeviceJson } from './flat-devices';
import type { FlatRow } from './flats';

/** Who set an access entry (AccessOptions.sources). */
export const ACCESS_SOURCES: AccessOptions['sources'] = [
  { key: 'operator', description: 'Оператор' },
  { key: 'billing', description: 'Биллинг' },
  { key: 'schedule', description: 'Расписание' },
  { key: 'mobile', description: 'Мобильное приложение' },
];

async function partOf<T>(db: Db, part: string, flatId: number): Promise<T> {
  const [row] = await queryRows<{ value: T }>(db, ofFlat(`${part} as value`, flatId));
  return row.value;
}

/** The flat's residents, each with their SIP accounts on this flat; the password is never sent. */
export function usersOfFlat(db: Db, flat: FlatRow): Promise<FlatUser[]> {
  return partOf(db, USERS, flat.id);
}

export function temporaryCodeOf(db: Db, flatId: number): Promise<TemporaryCode | null> {
  return partOf(db, TEMPORARY_CODE, flatId);
}

/** Entrance entities of the flat (GET …/get-entrances). */
export function entrancesOfFlat(db: Db, flat: FlatRow): Promise<Entrance[]> {
  return partOf(db, ENTRANCES, flat.id);
}

export type FlatCard = Omit<FlatDataResponse, 'result' | 'message'>;

const f = alias(flats, 'f');
const part = <T>(text: string) => sql<T>`${sql.raw(text)}`;

function prepareCard(db: Db) {
  return db
    .select({
      id: f.id,
      buyerId: f.buyerId,
      houseUid: f.houseUid,
      flatNum: f.flatNum,
      letter: f.letter,
      status: f.status,
      blockedAt: f.blockedAt,
      blockedBy: f.blockedBy,
      blockReason: f.blockReason,
      house: part<House | null>(HOUSE),
      entranceUids: part<string[]>(ENTRANCE_UIDS),
      users: part<FlatUser[]>(USERS),
      devices: part<FlatDeviceJson[]>(DEVICES),
      entrances: part<Entrance[]>(ENTRANCES),
      keys: part<FlatKey[]>(KEYS),
      units: part<AbonentUnit[]>(ABONENT_UNITS),
      permissions: part<FlatPermission[]>(PERMISSIONS),
      services: part<AccessServiceEntry[]>(ACCESS_SERVICES),
      code: part<TemporaryCode | null>(TEMPORARY_CODE),
      scheduleNext: part<string | null>(SCHEDULE_NEXT),
      actions: part<AccessOptions['actions']>(ACTIONS),
      reasons: part<AccessOptions['reasons']>(REASONS),
      moveOut: part<PendingMoveOut | null>(PENDING_MOVE_OUT),
    })
    .from(f)
    .where(
      and(
        eq(f.houseUid, sql.placeholder('houseUid')),
        eq(f.flatNum, sql.placeholder('flatNum')),
        sql`(${sql.placeholder('buyerId')}::int is null or ${f.buyerId} = ${sql.placeholder('buyerId')}::int)`,
      ),
    )
    .prepare('flat_card');
}

/** One prepared statement per database: PostgreSQL plans the card once per connection, not per call. */
const prepared = new WeakMap<Db, ReturnType<typeof prepareCard>>();

/**
 * The flat `{house}:{flat}` the scope may see (`buyerId` null: any) and everything its card shows,
 * in one statement; null when there is no such flat for the caller.
 */
export async function flatCardByKey(db: Db, houseUid: string, flatNum: number, buyerId: number | null): Promise<{ flat: FlatRow; card: FlatCard } | null> {
  let query = prepared.get(db);
  if (!query) {
    query = prepareCard(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ houseUid, flatNum, buyerId });
  if (!row || !row.house) return null;
  const { house, entranceUids, users, devices, entrances, keys, units, permissions, services, code, scheduleNext, actions, reasons, moveOut, ...flat } = row;
  return {
    flat,
    card: {
      users,
      deviceData: devices.map((device) => deviceFlatData(flatDeviceOf(device))),
      entrances,
      flat: {
        id: flat.id,
        buyerId: flat.buyerId,
        flatNum: flat.flatNum,
        letter: flat.letter,
        houseUid: flat.houseUid,
        status: flat.status,
        users,
        abonentUnits: units,
        entrances: entranceUids,
        permissions,
        accessServices: services,
        temporaryCode: code,
      },
      house,
      hasSchedule: scheduleNext !== null,
      scheduleNext,
      keys,
      accessOptions: { actions, reasons, sources: ACCESS_SOURCES },
      temporaryCode: code,
      moveOut,
    },
  };
}
