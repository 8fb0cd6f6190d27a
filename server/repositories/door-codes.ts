import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { KEYLESS_TARGET_STATUSES, type DoorCode, type KeylessCode, type KeylessCodeDetail, type KeylessService, type KeylessTarget } from '../../contract/door-codes';
import type { Db } from '../db/client';
import { deviceHouses, devices } from '../db/schema/devices';
import { deviceDoorCodes, keylessCodeDevices, keylessCodes } from '../db/schema/door-codes';
import { houses } from '../db/schema/houses';
import { selectPage } from './paging';

type DoorCodeRow = typeof deviceDoorCodes.$inferSelect;

function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

type CodeRow = Pick<DoorCodeRow, 'id' | 'code' | 'expiresAt' | 'comment' | 'createdBy' | 'createdAt'>;

/** What a door code and a keyless code share; `expired` once `expiresAt` has passed. */
function codeFieldsOf(row: CodeRow, now: Date) {
  return {
    id: row.id,
    code: row.code,
    expiresAt: iso(row.expiresAt),
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    comment: row.comment,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function doorCodeOf(row: DoorCodeRow, now: Date): DoorCode {
  return { ...codeFieldsOf(row, now), flatNum: row.flatNum, updatedAt: row.updatedAt.toISOString() };
}

/** The buyers the devices belong to. */
export async function deviceBuyers(db: Db, deviceIds: readonly number[]): Promise<number[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db.selectDistinct({ buyerId: devices.buyerId }).from(devices).where(inArray(devices.id, [...deviceIds]));
  return rows.map((row) => row.buyerId);
}

/** The address of the device's first house (by uid), as the device list shows it. */
export async function deviceAddress(db: Db, deviceId: number): Promise<string | null> {
  const [row] = await db
    .select({ address: houses.address })
    .from(deviceHouses)
    .innerJoin(houses, eq(houses.uid, deviceHouses.houseUid))
    .where(eq(deviceHouses.deviceId, deviceId))
    .orderBy(asc(deviceHouses.houseUid))
    .limit(1);
  return row?.address ?? null;
}

/** The common code and a page of the per-flat codes (by flat number) of one device. */
export async function listDoorCodes(
  db: Db,
  deviceId: number,
  filter: { flatNum?: number; page: number; pageSize: number },
  now: Date,
): Promise<{ common: DoorCode | null; data: DoorCode[]; total: number }> {
  const flats = and(eq(deviceDoorCodes.deviceId, deviceId), isNotNull(deviceDoorCodes.flatNum), filter.flatNum === undefined ? undefined : eq(deviceDoorCodes.flatNum, filter.flatNum));
  const [commonRows, page] = await Promise.all([
    db
      .select()
      .from(deviceDoorCodes)
      .where(and(eq(deviceDoorCodes.deviceId, deviceId), isNull(deviceDoorCodes.flatNum)))
      .limit(1),
    selectPage(db, {
      table: deviceDoorCodes,
      columns: {
        id: deviceDoorCodes.id,
        deviceId: deviceDoorCodes.deviceId,
        flatNum: deviceDoorCodes.flatNum,
        code: deviceDoorCodes.code,
        expiresAt: deviceDoorCodes.expiresAt,
        comment: deviceDoorCodes.comment,
        createdBy: deviceDoorCodes.createdBy,
        createdAt: deviceDoorCodes.createdAt,
        updatedAt: deviceDoorCodes.updatedAt,
      },
      where: flats,
      orderBy: [asc(deviceDoorCodes.flatNum)],
      page: filter.page,
      pageSize: filter.pageSize,
    }),
  ]);
  return { common: commonRows[0] ? doorCodeOf(commonRows[0], now) : null, data: page.rows.map((row) => doorCodeOf(row, now)), total: page.total };
}

export async function findDoorCode(db: Db, deviceId: number, where: { id: number } | { flatNum: number | null }, now: Date): Promise<DoorCode | null> {
  const condition =
    'id' in where ? eq(deviceDoorCodes.id, where.id) : where.flatNum === null ? isNull(deviceDoorCodes.flatNum) : eq(deviceDoorCodes.flatNum, where.flatNum);
  const [row] = await db
    .select()
    .from(deviceDoorCodes)
    .where(and(eq(deviceDoorCodes.deviceId, deviceId), condition))
    .limit(1);
  return row ? doorCodeOf(row, now) : null;
}

/** Who holds a code on a device: a flat, the common code or a keyless code of a service. */
export type CodeHolder = { kind: 'flat'; flatNum: number; id: number } | { kind: 'common'; id: number } | { kind: 'keyless'; service: KeylessService; id: number };

/** Holders of `code` on each of the devices (device id → holder); a door code wins over a keyless one. */
export async function codeHolders(db: Db, deviceIds: readonly number[], code: string): Promise<Map<number, CodeHolder>> {
  const holders = new Map<number, CodeHolder>();
  if (deviceIds.length === 0) return holders;
  const [doors, keyless] = await Promise.all([
    db
      .select({ deviceId: deviceDoorCodes.deviceId, id: deviceDoorCodes.id, flatNum: deviceDoorCodes.flatNum })
      .from(deviceDoorCodes)
      .where(and(inArray(deviceDoorCodes.deviceId, [...deviceIds]), eq(deviceDoorCodes.code, code))),
    db
      .select({ deviceId: keylessCodeDevices.deviceId, id: keylessCodes.id, service: keylessCodes.service })
      .from(keylessCodeDevices)
      .innerJoin(keylessCodes, eq(keylessCodes.id, keylessCodeDevices.codeId))
      .where(and(inArray(keylessCodeDevices.deviceId, [...deviceIds]), eq(keylessCodes.code, code))),
  ]);
  for (const row of keyless) holders.set(row.deviceId, { kind: 'keyless', service: row.service as KeylessService, id: row.id });
  for (const row of doors) holders.set(row.deviceId, row.flatNum === null ? { kind: 'common', id: row.id } : { kind: 'flat', flatNum: row.flatNum, id: row.id });
  return holders;
}

/** Every code some of the devices hold (door codes and keyless codes), to generate a free one. */
export async function codesInUse(db: Db, deviceIds: readonly number[]): Promise<Set<string>> {
  if (deviceIds.length === 0) return new Set();
  const ids = [...deviceIds];
  const [doors, keyless] = await Promise.all([
    db.selectDistinct({ code: deviceDoorCodes.code }).from(deviceDoorCodes).where(inArray(deviceDoorCodes.deviceId, ids)),
    db
      .selectDistinct({ code: keylessCodes.code })
      .from(keylessCodeDevices)
      .innerJoin(keylessCodes, eq(keylessCodes.id, keylessCodeDevices.codeId))
      .where(inArray(keylessCodeDevices.deviceId, ids)),
  ]);
  return new Set([...doors, ...keyless].map((row) => row.code));
}

export interface DoorCodeValues {
  code: string;
  expiresAt: Date | null;
  comment: string | null;
}

/** Stores a new code; null when the device got that flat's code or that code meanwhile. */
export async function insertDoorCode(db: Db, values: DoorCodeValues & { deviceId: number; flatNum: number | null; createdBy: string }, now: Date): Promise<DoorCode | null> {
  const [row] = await db
    .insert(deviceDoorCodes)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ? doorCodeOf(row, now) : null;
}

export async function updateDoorCode(db: Db, id: number, values: DoorCodeValues, now: Date): Promise<DoorCode | null> {
  const [row] = await db
    .update(deviceDoorCodes)
    .set({ ...values, updatedAt: now })
    .where(eq(deviceDoorCodes.id, id))
    .returning();
  return row ? doorCodeOf(row, now) : null;
}

export async function deleteDoorCode(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(deviceDoorCodes).where(eq(deviceDoorCodes.id, id)).returning({ id: deviceDoorCodes.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------
// Keyless access

const STATUS_CODES = { pending: 0, written: 1, failed: 2 } as const;
export type TargetStatus = (typeof KEYLESS_TARGET_STATUSES)[number];

function countOf(status: number) {
  return sql<number>`count(*) filter (where ${keylessCodeDevices.status} = ${status})`.mapWith(Number);
}

const KEYLESS_COLUMNS = {
  id: keylessCodes.id,
  buyerId: keylessCodes.buyerId,
  service: keylessCodes.service,
  code: keylessCodes.code,
  expiresAt: keylessCodes.expiresAt,
  comment: keylessCodes.comment,
  createdBy: keylessCodes.createdBy,
  createdAt: keylessCodes.createdAt,
};
type KeylessRow = typeof keylessCodes.$inferSelect;

async function countsOf(db: Db, ids: readonly number[]): Promise<Map<number, KeylessCode['devices']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      codeId: keylessCodeDevices.codeId,
      total: sql<number>`count(*)`.mapWith(Number),
      pending: countOf(STATUS_CODES.pending),
      written: countOf(STATUS_CODES.written),
      failed: countOf(STATUS_CODES.failed),
    })
    .from(keylessCodeDevices)
    .where(inArray(keylessCodeDevices.codeId, [...ids]))
    .groupBy(keylessCodeDevices.codeId);
  return new Map(rows.map(({ codeId, ...counts }) => [codeId, counts]));
}

function keylessOf(row: KeylessRow, counts: KeylessCode['devices'] | undefined, now: Date): KeylessCode {
  return { ...codeFieldsOf(row, now), service: row.service as KeylessService, devices: counts ?? { total: 0, written: 0, failed: 0, pending: 0 } };
}

export interface KeylessFilter {
  buyerId: number | null;
  service?: KeylessService;
  deviceMac?: string;
  active?: boolean;
  page: number;
  pageSize: number;
}

/** A page of keyless codes, newest first, with how their writes went. */
export async function listKeylessCodes(db: Db, filter: KeylessFilter, now: Date): Promise<{ data: KeylessCode[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    filter.buyerId === null ? undefined : eq(keylessCodes.buyerId, filter.buyerId),
    filter.service === undefined ? undefined : eq(keylessCodes.service, filter.service),
  ];
  if (filter.active !== undefined) {
    const active = or(isNull(keylessCodes.expiresAt), gt(keylessCodes.expiresAt, now));
    conditions.push(filter.active ? active : lte(keylessCodes.expiresAt, now));
  }
  if (filter.deviceMac !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${keylessCodeDevices} join ${devices} on ${devices.id} = ${keylessCodeDevices.deviceId} where ${keylessCodeDevices.codeId} = ${keylessCodes.id} and ${devices.mac} = ${filter.deviceMac})`,
    );
  }
  const page = await selectPage(db, {
    table: keylessCodes,
    columns: KEYLESS_COLUMNS,
    where: and(...conditions),
    orderBy: [desc(keylessCodes.id)],
    page: filter.page,
    pageSize: filter.pageSize,
  });
  const counts = await countsOf(
    db,
    page.rows.map((row) => row.id),
  );
  return { data: page.rows.map((row) => keylessOf(row, counts.get(row.id), now)), total: page.total };
}

/** The devices a code went to, by MAC, with the address of each one's first house. */
export async function keylessTargets(db: Db, codeId: number): Promise<(KeylessTarget & { deviceId: number })[]> {
  const rows = await db
    .select({
      deviceId: keylessCodeDevices.deviceId,
      mac: devices.mac,
      status: keylessCodeDevices.status,
      message: keylessCodeDevices.message,
      writtenAt: keylessCodeDevices.writtenAt,
      address: sql<string | null>`(select ${houses.address} from ${deviceHouses} join ${houses} on ${houses.uid} = ${deviceHouses.houseUid} where ${deviceHouses.deviceId} = ${devices.id} order by ${deviceHouses.houseUid} limit 1)`,
    })
    .from(keylessCodeDevices)
    .innerJoin(devices, eq(devices.id, keylessCodeDevices.deviceId))
    .where(eq(keylessCodeDevices.codeId, codeId))
    .orderBy(asc(keylessCodeDevices.status), asc(devices.mac));
  return rows.map((row) => ({
    deviceId: row.deviceId,
    mac: row.mac,
    address: row.address,
    status: KEYLESS_TARGET_STATUSES[row.status] ?? 'pending',
    message: row.message,
    writtenAt: iso(row.writtenAt),
  }));
}

/** One keyless code of the buyer (null: any) with its targets; null when there is none. */
export async function findKeylessCode(db: Db, buyerId: number | null, id: number, now: Date): Promise<(KeylessCodeDetail & { buyerId: number }) | null> {
  const [row] = await db
    .select()
    .from(keylessCodes)
    .where(and(eq(keylessCodes.id, id), buyerId === null ? undefined : eq(keylessCodes.buyerId, buyerId)))
    .limit(1);
  if (!row) return null;
  const [counts, targets] = await Promise.all([countsOf(db, [id]), keylessTargets(db, id)]);
  return { ...keylessOf(row, counts.get(id), now), buyerId: row.buyerId, targets: targets.map(({ deviceId: _deviceId, ...target }) => target) };
}

export async function insertKeylessCode(
  db: Db,
  values: { buyerId: number; service: KeylessService; code: string; expiresAt: Date | null; comment: string | null; createdBy: string; deviceIds: readonly number[] },
  now: Date,
): Promise<number> {
  const { deviceIds, ...code } = values;
  const [row] = await db
    .insert(keylessCodes)
    .values({ ...code, createdAt: now })
    .returning({ id: keylessCodes.id });
  await db.insert(keylessCodeDevices).values(deviceIds.map((deviceId) => ({ codeId: row.id, deviceId, status: STATUS_CODES.pending })));
  return row.id;
}

export interface TargetResult {
  deviceId: number;
  status: Exclude<TargetStatus, 'pending'>;
  message: string | null;
}

/** Records how writing the code went on each device (one statement). */
export async function recordTargetResults(db: Db, codeId: number, results: readonly TargetResult[], now: Date): Promise<void> {
  if (results.length === 0) return;
  const rows = sql.join(
    results.map((result) => sql`(${result.deviceId}::int, ${STATUS_CODES[result.status]}::smallint, ${result.message}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${keylessCodeDevices} set status = r.status, message = r.message,
      written_at = case when r.status = ${STATUS_CODES.written} then ${now.toISOString()}::timestamptz else ${keylessCodeDevices.writtenAt} end
    from (values ${rows}) as r(device_id, status, message)
    where ${keylessCodeDevices.codeId} = ${codeId} and ${keylessCodeDevices.deviceId} = r.device_id`);
}

export async function deleteKeylessCode(db: Db, id: number): Promise<void> {
  await db.delete(keylessCodes).where(eq(keylessCodes.id, id));
}
