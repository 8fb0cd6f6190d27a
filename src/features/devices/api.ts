import { deviceEndpoints, type DeviceCreate, type DeviceListQuery, type MultipleSetGroups } from '@contract/devices';
import { is } from 'superstruct';
import { deviceSyncEndpoints, type DeviceResyncRequest } from '@contract/device-sync';
import { House, houseEndpoints } from '@contract/houses';
import { mcEndpoints } from '@contract/mc';
import { expectResult, request } from '@/lib/http';
import type { SavedListDevice, SavedListHouse } from './saved-list';

export async function getDeviceList(query: DeviceListQuery, signal?: AbortSignal) {
  return expectResult(await request(deviceEndpoints.list, { query, signal }));
}

export async function getDeviceStatuses(macs: readonly string[], signal?: AbortSignal) {
  return expectResult(await request(deviceEndpoints.statuses, { query: { macs: [...macs] }, signal })).data;
}

export async function createDevice(body: DeviceCreate) {
  return expectResult(await request(deviceEndpoints.create, { body }));
}

export async function setGroupsOfDevices(body: MultipleSetGroups) {
  return expectResult(await request(deviceEndpoints.multipleSetGroups, { body }));
}

export async function resyncDevices(body: DeviceResyncRequest) {
  return expectResult(await request(deviceSyncEndpoints.fullMany, { body }));
}

export async function getManagementCompanies(signal?: AbortSignal) {
  return expectResult(await request(mcEndpoints.all, { signal })).data;
}

/** Exact look-up of one house by uid (a house further down the list, or one named in the URL). */
export async function findHouse(uid: string, signal?: AbortSignal): Promise<House | null> {
  const answer = expectResult(await request(houseEndpoints.list, { query: { page: 1, houseUid: uid }, signal }));
  return answer.data.find((house) => house.id === uid) ?? null;
}

/**
 * The devices and houses taken offline by this user (read only without the server, so the online
 * list never loads IndexedDB). A house whose row no longer reads is named by its uid.
 */
export async function getSavedDevices(userId: number): Promise<{ devices: SavedListDevice[]; houses: SavedListHouse[] }> {
  const [{ getOfflineDb }, { listSavedDevices }] = await Promise.all([import('@/offline/db'), import('@/offline/snapshot-devices')]);
  const { devices, houses } = await listSavedDevices(getOfflineDb(), userId);
  return {
    devices,
    houses: houses.map((row) => ({ houseUid: row.houseUid, address: is(row.house, House) ? row.house.address : row.houseUid, savedAt: row.savedAt })),
  };
}
