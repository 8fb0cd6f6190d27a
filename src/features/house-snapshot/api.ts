import { commutatorEndpoints } from '@contract/commutators';
import { normalizeMac } from '@contract/common';
import { deviceCardEndpoints } from '@contract/device-card';
import { deviceEndpoints, type DeviceListRow } from '@contract/devices';
import type { Entrance } from '@contract/entrances';
import type { House } from '@contract/houses';
import { wizardEndpoints } from '@contract/wizard';
import { expectResult, HttpError, request } from '@/lib/http';
import { getOfflineDb } from '@/offline/db';
import type { SnapshotDevice } from '@/offline/snapshot-devices';
import { saveSnapshot } from '@/offline/snapshots';
import { buildHouseSnapshot } from './model';

/** A house's devices are read this many at a time: a few requests each, without flooding a weak link. */
const DEVICE_READS_AT_ONCE = 4;
/** The device list's pages read for one house at most (20 a page): a house has a handful of panels. */
const MAX_LIST_PAGES = 25;

export async function getHouseEntrances(houseUid: string): Promise<Entrance[]> {
  return expectResult(await request(wizardEndpoints.entrances, { body: { houseUids: [houseUid] } })).data;
}

export async function getHouseMacs(houseUid: string): Promise<string[]> {
  return expectResult(await request(deviceEndpoints.macsFromHouse, { query: { houseUid } })).data;
}

/** The house's rows of the device list, by MAC: what the list shows of them offline. */
async function getHouseDeviceRows(houseUid: string): Promise<Map<string, DeviceListRow>> {
  const rows = new Map<string, DeviceListRow>();
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const answer = expectResult(await request(deviceEndpoints.list, { query: { houseUid, page } }));
    for (const row of answer.data) rows.set(normalizeMac(row.MAC) ?? row.MAC, row);
    if (page >= answer.pagination.pageCount) break;
  }
  return rows;
}

/** What the set-up wizard and the matrix need of one device; a device without a commutator keeps no matrix. */
async function readDevice(mac: string, row: DeviceListRow | undefined): Promise<SnapshotDevice> {
  const card = expectResult(await request(deviceCardEndpoints.card, { params: { mac } }));
  let commutators = null;
  if (card.device.capabilities.includes('commutators')) {
    try {
      commutators = expectResult(await request(commutatorEndpoints.get, { params: { mac } }));
    } catch (error) {
      // Refused (no commutator after all, or not this user's to read): the rest still goes offline.
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
    }
  }
  return { mac, ...(row ? { row } : {}), card: { device: card.device, houses: card.houses, entrances: card.entrances }, commutators };
}

async function readDevices(macs: readonly string[], rows: ReadonlyMap<string, DeviceListRow>): Promise<SnapshotDevice[]> {
  const devices: SnapshotDevice[] = [];
  for (let start = 0; start < macs.length; start += DEVICE_READS_AT_ONCE) {
    const batch = macs.slice(start, start + DEVICE_READS_AT_ONCE);
    devices.push(...(await Promise.all(batch.map((mac) => readDevice(mac, rows.get(normalizeMac(mac) ?? mac))))));
  }
  return devices;
}

/**
 * Reads the house's entrances and devices (each one's list row, settings and matrix) from the
 * server and stores them, replacing an older snapshot. Any failure leaves the older one as it was.
 */
export async function takeHouseOffline(userId: number, house: House) {
  const [entrances, macs, rows] = await Promise.all([getHouseEntrances(house.id), getHouseMacs(house.id), getHouseDeviceRows(house.id)]);
  const devices = await readDevices(macs, rows);
  return saveSnapshot(getOfflineDb(), buildHouseSnapshot(userId, house, entrances, devices));
}
