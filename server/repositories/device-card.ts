import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EntranceRelayRow } from '../../contract/device-card';
import type { FirmwareVersion, Rs485Scan, Rs485ScanState } from '../../contract/device-card-settings';
import type { Group } from '../../contract/groups';
import type { House } from '../../contract/houses';
import type { Db } from '../db/client';
import { deviceHouses, deviceRelays, firmwareVersions, rs485Devices, rs485Scans } from '../db/schema/devices';
import { deviceGroups, groups } from '../db/schema/groups';
import { entrances, houses } from '../db/schema/houses';

export async function groupsOfDevice(db: Db, deviceId: number): Promise<Group[]> {
  return db
    .select({ groupId: groups.id, name: groups.name, buyerId: groups.buyerId, parentId: groups.parentId, uid: groups.uid })
    .from(deviceGroups)
    .innerJoin(groups, eq(groups.id, deviceGroups.groupId))
    .where(eq(deviceGroups.deviceId, deviceId))
    .orderBy(asc(groups.name), asc(groups.id));
}

export async function housesOfDevice(db: Db, deviceId: number): Promise<House[]> {
  return db
    .select({ id: houses.uid, address: houses.address, region: houses.region, fias: houses.fias })
    .from(deviceHouses)
    .innerJoin(houses, eq(houses.uid, deviceHouses.houseUid))
    .where(eq(deviceHouses.deviceId, deviceId))
    .orderBy(asc(houses.address), asc(houses.uid));
}

/** Entrances and relays listing: every relay; an unbound one has empty entrance and house. */
export async function relayRowsOfDevice(db: Db, deviceId: number): Promise<EntranceRelayRow[]> {
  const rows = await db
    .select({
      relay: deviceRelays.relayNum,
      entrance: entrances.uid,
      entranceTitle: entrances.title,
      house: houses.uid,
      houseAddress: houses.address,
    })
    .from(deviceRelays)
    .leftJoin(entrances, eq(entrances.uid, deviceRelays.entranceUid))
    .leftJoin(houses, eq(houses.uid, entrances.houseUid))
    .where(eq(deviceRelays.deviceId, deviceId))
    .orderBy(asc(deviceRelays.relayNum));
  return rows.map((row) => ({
    relay: row.relay,
    entrance: row.entrance ?? '',
    entranceTitle: row.entranceTitle ?? '',
    house: row.house ?? '',
    houseAddress: row.houseAddress ?? '',
  }));
}

/** Which of the entrance uids exist, with their house. */
export async function entranceHouses(db: Db, uids: readonly string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: entrances.uid, houseUid: entrances.houseUid })
    .from(entrances)
    .where(inArray(entrances.uid, [...uids]));
  return new Map(rows.map((row) => [row.uid, row.houseUid]));
}

export async function existingHouseUids(db: Db, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db.select({ uid: houses.uid }).from(houses).where(inArray(houses.uid, [...uids]));
  return new Set(rows.map((row) => row.uid));
}

/** Groups among `ids` that exist, with their buyer. */
export async function groupBuyers(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: groups.id, buyerId: groups.buyerId })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.buyerId]));
}

/** Firmware the device's type can take, oldest first. */
export async function firmwareForType(db: Db, deviceType: number): Promise<Omit<FirmwareVersion, 'installed'>[]> {
  const rows = await db
    .select({ version: firmwareVersions.version, title: firmwareVersions.title, releasedAt: firmwareVersions.releasedAt })
    .from(firmwareVersions)
    .where(eq(firmwareVersions.deviceType, deviceType))
    .orderBy(asc(firmwareVersions.releasedAt), asc(firmwareVersions.version));
  return rows.map((row) => ({ version: row.version, title: row.title, releaseDate: row.releasedAt.toISOString() }));
}

// ---------------------------------------------------------------------------
// RS485

/** The device's bus as last scanned (or seeded), grouped by bus priority and address. */
export async function rs485BusOfDevice(db: Db, deviceId: number): Promise<Rs485Scan[]> {
  const rows = await db
    .select()
    .from(rs485Devices)
    .where(eq(rs485Devices.deviceId, deviceId))
    .orderBy(asc(rs485Devices.busPriority), asc(rs485Devices.busAddress), asc(rs485Devices.index));
  const scans: Rs485Scan[] = [];
  for (const row of rows) {
    let scan = scans.find((item) => item.priority === row.busPriority && item.address === row.busAddress);
    if (!scan) {
      scan = { priority: row.busPriority, address: row.busAddress, devices: [] };
      scans.push(scan);
    }
    scan.devices.push({
      index: row.index,
      model: row.model,
      address: row.address,
      version: row.version ?? '',
      enable: row.enable,
      status: RS485_STATUS_NAMES[row.status] ?? 'error',
    });
  }
  return scans;
}

/** rs485_devices.status: 0 offline, 1 online, 2 error. */
const RS485_STATUS_NAMES = ['offline', 'online', 'error'] as const;

function rs485StatusCode(status: string): number {
  const index = (RS485_STATUS_NAMES as readonly string[]).indexOf(status);
  return index < 0 ? 2 : index;
}

/** Replaces the device's bus with a scan's result. */
export async function saveRs485Bus(db: Db, deviceId: number, scans: readonly Rs485Scan[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(rs485Devices).where(eq(rs485Devices.deviceId, deviceId));
    const rows = scans.flatMap((scan) =>
      scan.devices.map((device) => ({
        deviceId,
        busPriority: scan.priority,
        busAddress: scan.address,
        index: device.index,
        model: device.model,
        address: device.address,
        version: device.version,
        enable: device.enable,
        status: rs485StatusCode(device.status),
      })),
    );
    if (rows.length > 0) await tx.insert(rs485Devices).values(rows);
  });
}

export async function rs485ScanState(db: Db, deviceId: number): Promise<Rs485ScanState | null> {
  const [row] = await db.select().from(rs485Scans).where(eq(rs485Scans.deviceId, deviceId));
  if (!row) return null;
  return {
    status: row.status as Rs485ScanState['status'],
    progress: row.progress,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    message: row.message,
  };
}

/**
 * Marks a scan as running; false when another one is still running (one that has not reported
 * for `staleSeconds` is taken over: its process died).
 */
export async function startRs485Scan(db: Db, deviceId: number, staleSeconds: number): Promise<boolean> {
  const rows = await db
    .insert(rs485Scans)
    .values({ deviceId, status: 'running', progress: 0, message: null, startedAt: sql`now()`, finishedAt: null })
    .onConflictDoUpdate({
      target: rs485Scans.deviceId,
      set: { status: 'running', progress: 0, message: null, startedAt: sql`now()`, finishedAt: null },
      setWhere: sql`${rs485Scans.status} <> 'running' or ${rs485Scans.startedAt} < now() - make_interval(secs => ${staleSeconds})`,
    })
    .returning({ deviceId: rs485Scans.deviceId });
  return rows.length > 0;
}

export async function reportRs485Scan(db: Db, deviceId: number, progress: number): Promise<void> {
  await db
    .update(rs485Scans)
    .set({ progress })
    .where(and(eq(rs485Scans.deviceId, deviceId), eq(rs485Scans.status, 'running')));
}

export async function finishRs485Scan(db: Db, deviceId: number, outcome: { status: 'done' | 'failed'; message: string | null }): Promise<void> {
  await db
    .update(rs485Scans)
    .set({ status: outcome.status, message: outcome.message, finishedAt: sql`now()`, ...(outcome.status === 'done' ? { progress: 100 } : {}) })
    .where(eq(rs485Scans.deviceId, deviceId));
}
