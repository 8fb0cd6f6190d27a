import { deviceEndpoints, type DeviceCreate, type DeviceListQuery, type MultipleSetGroups } from '@contract/devices';
import { groupEndpoints, type Group } from '@contract/groups';
import { houseEndpoints, type House } from '@contract/houses';
import { mcEndpoints } from '@contract/mc';
import { userEndpoints } from '@contract/users';
import { HttpError, expectResult, request } from '@/lib/http';

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

const MAX_OPTION_PAGES = 5;

/** The first pages of a paged list, for a picker's options. */
async function firstPages<T>(page: (number: number) => Promise<{ data: T[]; pagination: { pageCount: number } }>): Promise<T[]> {
  const items: T[] = [];
  for (let number = 1; number <= MAX_OPTION_PAGES; number++) {
    const answer = await page(number);
    items.push(...answer.data);
    if (number >= answer.pagination.pageCount) break;
  }
  return items;
}

/**
 * The groups an operator can hand out: the buyer's group list; where a back end lacks that call
 * (it is ours, not the spec's), the operator's own groups (spec §3 current user's group list).
 */
export async function getAssignableGroups(signal?: AbortSignal): Promise<Group[]> {
  try {
    return await firstPages(async (page) => expectResult(await request(groupEndpoints.list, { query: { page }, signal })));
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    return expectResult(await request(userEndpoints.groups, { signal })).data;
  }
}

export async function getManagementCompanies(signal?: AbortSignal) {
  return expectResult(await request(mcEndpoints.all, { signal })).data;
}

/** The house list has no address search (spec §7), so the picker reads the first pages and filters them as the operator types. */
export function getPickerHouses(signal?: AbortSignal): Promise<House[]> {
  return firstPages(async (page) => expectResult(await request(houseEndpoints.list, { query: { page }, signal })));
}

/** Exact look-up of one house by uid (a house further down the list, or one named in the URL). */
export async function findHouse(uid: string, signal?: AbortSignal): Promise<House | null> {
  const answer = expectResult(await request(houseEndpoints.list, { query: { page: 1, houseUid: uid }, signal }));
  return answer.data.find((house) => house.id === uid) ?? null;
}
