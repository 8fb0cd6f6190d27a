import { deviceEndpoints } from '@contract/devices';
import type { Entrance } from '@contract/entrances';
import type { House } from '@contract/houses';
import { wizardEndpoints } from '@contract/wizard';
import { expectResult, request } from '@/lib/http';
import { getOfflineDb } from '@/offline/db';
import { saveSnapshot } from '@/offline/snapshots';
import { buildHouseSnapshot } from './model';

export async function getHouseEntrances(houseUid: string): Promise<Entrance[]> {
  return expectResult(await request(wizardEndpoints.entrances, { body: { houseUids: [houseUid] } })).data;
}

export async function getHouseMacs(houseUid: string): Promise<string[]> {
  return expectResult(await request(deviceEndpoints.macsFromHouse, { query: { houseUid } })).data;
}

/** Reads the house's entrances and devices from the server and stores them (replacing an older snapshot). */
export async function takeHouseOffline(userId: number, house: House) {
  const [entrances, macs] = await Promise.all([getHouseEntrances(house.id), getHouseMacs(house.id)]);
  return saveSnapshot(getOfflineDb(), buildHouseSnapshot(userId, house, entrances, macs));
}
