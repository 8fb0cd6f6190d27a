import { snapshotMacs, type OfflineDb, type SnapshotRow } from './db';
import { withQuotaRetry } from './quota';

/*
 * Houses taken offline: an installer saves a house's entrances, flats and devices (with each
 * device's list row, settings and matrix) while online, and the pickers, the device list, the
 * set-up wizard and the matrix read them on site. A snapshot is per user and is replaced, not merged,
 * when taken again; its age is shown so nobody mistakes it for live data.
 */

export type SnapshotInput = Omit<SnapshotRow, 'savedAt' | 'macs'>;

export function saveSnapshot(db: OfflineDb, input: SnapshotInput, now: number = Date.now()): Promise<SnapshotRow> {
  const row: SnapshotRow = { ...input, macs: snapshotMacs(input.devices), savedAt: now };
  return withQuotaRetry(async () => {
    await db.snapshots.put(row);
    return row;
  });
}

export function getSnapshot(db: OfflineDb, userId: number, houseUid: string): Promise<SnapshotRow | undefined> {
  return db.snapshots.get([userId, houseUid]);
}

/** The user's snapshots, newest first. */
export async function listSnapshots(db: OfflineDb, userId: number): Promise<SnapshotRow[]> {
  const rows = await db.snapshots.where('userId').equals(userId).toArray();
  return rows.sort((a, b) => b.savedAt - a.savedAt);
}

/** Only on a person's request. */
export async function deleteSnapshot(db: OfflineDb, userId: number, houseUid: string): Promise<void> {
  await db.snapshots.delete([userId, houseUid]);
}

export function snapshotAgeMs(row: Pick<SnapshotRow, 'savedAt'>, now: number = Date.now()): number {
  return Math.max(0, now - row.savedAt);
}

/** The user's snapshots that hold the device, newest first. */
export async function snapshotsWithDevice(db: OfflineDb, userId: number, mac: string): Promise<SnapshotRow[]> {
  const rows = await db.snapshots.where('macs').equals(mac).filter((row) => row.userId === userId).toArray();
  return rows.sort((a, b) => b.savedAt - a.savedAt);
}
