import type { Entrance } from '@contract/entrances';
import { houseEndpoints, type House } from '@contract/houses';
import { wizardEndpoints } from '@contract/wizard';
import { expectResult, request } from '@/lib/http';

/**
 * The house list has no address search (houseUid, region, fias), so the picker reads
 * the first pages and filters them as the installer types; a house further down is found by its
 * FIAS id or uid (pasted into the picker), or taken offline from the house list beforehand.
 */
export const PICKER_MAX_PAGES = 5;

export async function getPickerHouses(signal?: AbortSignal): Promise<House[]> {
  const houses: House[] = [];
  for (let page = 1; page <= PICKER_MAX_PAGES; page++) {
    const answer = expectResult(await request(houseEndpoints.list, { query: { page }, signal }));
    houses.push(...answer.data);
    if (page >= answer.pagination.pageCount) break;
  }
  return houses;
}

/** Exact look-up by a FIAS id or a house uid (either may be pasted into the picker). */
export async function findHouses(key: string, signal?: AbortSignal): Promise<House[]> {
  const [byFias, byUid] = await Promise.all([
    request(houseEndpoints.list, { query: { page: 1, fias: key }, signal }),
    request(houseEndpoints.list, { query: { page: 1, houseUid: key }, signal }),
  ]);
  return [...expectResult(byFias).data, ...expectResult(byUid).data];
}

export async function getEntrances(houseUid: string, signal?: AbortSignal): Promise<Entrance[]> {
  return expectResult(await request(wizardEndpoints.entrances, { body: { houseUids: [houseUid] }, signal })).data;
}
