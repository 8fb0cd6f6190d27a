import { array, nullable, optional, string, type, type Infer } from 'superstruct';
import { CommutatorsResponse } from '@contract/commutators';
import { decode, normalizeMac } from '@contract/common';
import { EntranceRelayRow } from '@contract/device-card';
import { Device, DeviceListRow } from '@contract/devices';
import { House } from '@contract/houses';
import type { OfflineDb, SnapshotRow } from './db';
import { listSnapshots, snapshotsWithDevice } from './snapshots';

/*
 * What a house snapshot keeps of each device, for the screens that work on a device offline: the
 * device list (its row), the set-up wizard (the card's device, houses and relays: what the wizard
 * starts from online) and the commutation matrix (the matrix call's answer). Kept apart from the
 * snapshot store (src/offline/snapshots.ts) so the shell does not carry these structs.
 */

/** The part of the device card the set-up wizard starts from (GET /front/device-card/device/{mac}). */
export const SnapshotDeviceCard = type({ device: Device, houses: array(House), entrances: array(EntranceRelayRow) });
export type SnapshotDeviceCard = Infer<typeof SnapshotDeviceCard>;

export const SnapshotDevice = type({
  mac: string(),
  /** The others are absent in a snapshot taken by an app that kept only the MACs: the house is taken again. */
  row: optional(DeviceListRow),
  card: optional(SnapshotDeviceCard),
  /** null: the device has no matrix to take (the server refused it). */
  commutators: optional(nullable(CommutatorsResponse)),
});
export type SnapshotDevice = Infer<typeof SnapshotDevice>;

/** A device as a house snapshot holds it, with where and when it was saved. */
export interface SavedDevice {
  houseUid: string;
  savedAt: number;
  device: SnapshotDevice;
}

/** The snapshot's devices that read; one in another shape is left out (the snapshot screen reports the row). */
export function savedDevicesOf(row: SnapshotRow): SavedDevice[] {
  return row.devices.flatMap((entry) => {
    try {
      return [{ houseUid: row.houseUid, savedAt: row.savedAt, device: decode(SnapshotDevice, entry, `snapshot ${row.houseUid} device`) }];
    } catch {
      return [];
    }
  });
}

/** The device from the newest of the user's snapshots that hold it; null when none does. */
export async function findSavedDevice(db: OfflineDb, userId: number, mac: string): Promise<SavedDevice | null> {
  const normal = normalizeMac(mac) ?? mac;
  for (const row of await snapshotsWithDevice(db, userId, normal)) {
    const found = savedDevicesOf(row).find((saved) => (normalizeMac(saved.device.mac) ?? saved.device.mac) === normal);
    if (found) return found;
  }
  return null;
}

/** Every device of the user's snapshots, each once (from its newest snapshot). */
export async function listSavedDevices(db: OfflineDb, userId: number): Promise<{ devices: SavedDevice[]; houses: SnapshotRow[] }> {
  const rows = await listSnapshots(db, userId);
  const seen = new Set<string>();
  const devices: SavedDevice[] = [];
  for (const row of rows) {
    for (const saved of savedDevicesOf(row)) {
      const mac = normalizeMac(saved.device.mac) ?? saved.device.mac;
      if (seen.has(mac)) continue;
      seen.add(mac);
      devices.push(saved);
    }
  }
  return { devices, houses: rows };
}
