import { userEndpoints, type UserListQuery } from '@contract/users';
import { HttpError, expectResult, request } from '@/lib/http';
import type { AccessRow, MainInfoValues, SipValues, UserCreateBody } from './model';
import { accessBody, mainInfoBody, sipBody } from './model';

/*
 * The user calls (docs/api.md "Users"). Each write resolves only when the server answered
 * `result: true`, so a screen changes only after that.
 */

export async function getUserList(query: UserListQuery, signal?: AbortSignal) {
  return expectResult(await request(userEndpoints.list, { query, signal }));
}

export async function getUser(id: number, signal?: AbortSignal) {
  return expectResult(await request(userEndpoints.get, { params: { id }, signal })).data;
}

export async function createUser(body: UserCreateBody) {
  return expectResult(await request(userEndpoints.create, { body })).newUserId ?? null;
}

export async function deleteUser(id: number) {
  return expectResult(await request(userEndpoints.remove, { params: { id } }));
}

/** Sends what differs from `saved` (the form as the user was loaded). */
export async function setUserMainInfo(id: number, values: MainInfoValues, saved: MainInfoValues, withBuyer: boolean) {
  return expectResult(await request(userEndpoints.setMainInfo, { params: { id }, body: mainInfoBody(values, saved, withBuyer) }));
}

export async function setUserGroups(id: number, groups: number[]) {
  return expectResult(await request(userEndpoints.setGroups, { params: { id }, body: { groups } }));
}

export async function addUserSip(id: number, values: SipValues) {
  return expectResult(await request(userEndpoints.setSip, { params: { id }, body: sipBody(values) }));
}

export async function removeUserSip(id: number, sipId: number) {
  return expectResult(await request(userEndpoints.removeSip, { params: { id }, body: { data: { id: sipId } } }));
}

export async function removeUserFlat(id: number, flatId: number) {
  return expectResult(await request(userEndpoints.removeFlat, { params: { id }, body: { flatId } }));
}

export async function removeUserDevice(id: number, deviceId: number) {
  return expectResult(await request(userEndpoints.removeDevice, { params: { id }, body: { deviceId } }));
}

export async function setUserAccess(id: number, rows: readonly AccessRow[]) {
  return expectResult(await request(userEndpoints.setAccess, { params: { id }, body: accessBody(rows) }));
}

/** Pages of buyers read for a picker (a handful exist; 100 is plenty). */
const BUYER_PAGES = 5;

/**
 * The buyers to pick from, id → name; null where the call does not answer (it is ours, not the
 * spec's, and the superuser's only): the form then takes the buyer's number.
 */
export async function getBuyerNames(signal?: AbortSignal): Promise<Record<string, string> | null> {
  // The superuser's only: the others' pages do not carry the buyer contract.
  const { buyerEndpoints } = await import('@contract/buyers');
  try {
    const names: Record<string, string> = {};
    for (let page = 1; page <= BUYER_PAGES; page += 1) {
      const answer = expectResult(await request(buyerEndpoints.list, { query: { page }, signal }));
      for (const buyer of answer.data) names[String(buyer.id)] = buyer.name;
      if (page >= answer.pagination.pageCount) break;
    }
    return names;
  } catch (error) {
    if (error instanceof HttpError && error.status !== 401) return null;
    throw error;
  }
}
