import { expectResult, request } from '@/lib/http';
import { accessEndpoints } from '@contract/access';
import { flatEndpoints, type FlatDeviceSettingsInput, type FlatPermissionsUpdate } from '@contract/flat-card';
import { flatParams, type FlatHistoryKind } from '@contract/flats';
import { keyEndpoints, type KeyCreate } from '@contract/keys';
import { userEndpoints } from '@contract/users';
import { onLocalClock } from './model';

/*
 * Every call of the flat card (docs/api.md "Flats"). Each write resolves only when the server answered
 * `result: true` (a 4xx/5xx or `result: false` throws with the server's message), so the screen
 * changes only after that.
 */

export interface FlatRef {
  houseUid: string;
  flatNum: number;
}

const at = (flat: FlatRef) => flatParams(flat.houseUid, flat.flatNum);

export async function getFlat(flat: FlatRef, signal?: AbortSignal) {
  const answer = expectResult(await request(flatEndpoints.get, { params: at(flat), signal }));
  return answer.moveOut ? { ...answer, moveOut: onLocalClock(answer.moveOut, Date.now()) } : answer;
}

export async function removeFlat(flat: FlatRef) {
  return expectResult(await request(flatEndpoints.remove, { params: at(flat) }));
}

export async function setFlatStatus(flat: FlatRef, status: 0 | 1, reason: string | null) {
  return expectResult(await request(flatEndpoints.setStatus, { params: at(flat), body: { status, reason } }));
}

export async function getFlatUsers(flat: FlatRef) {
  return expectResult(await request(flatEndpoints.users, { params: at(flat) })).data;
}

export async function addFlatUser(flat: FlatRef, userId: number) {
  return expectResult(await request(flatEndpoints.addUser, { params: at(flat), body: { userId } }));
}

export async function removeFlatUser(flat: FlatRef, userId: number) {
  return expectResult(await request(flatEndpoints.removeUser, { params: at(flat), body: { userId } }));
}

/** Users whose login holds `login`, for the resident picker (the first page is enough to pick from). */
export async function searchUsers(login: string, signal?: AbortSignal) {
  return expectResult(await request(userEndpoints.list, { query: { login, page: 1 }, signal })).data;
}

export async function getFlatEntrances(flat: FlatRef) {
  return expectResult(await request(flatEndpoints.entrances, { params: at(flat) })).data;
}

export async function removeFlatEntrance(flat: FlatRef, entranceUid: string) {
  return expectResult(await request(flatEndpoints.removeEntrance, { params: at(flat), body: { entranceUid } }));
}

export async function setTemporaryCode(flat: FlatRef, duration: number) {
  return expectResult(await request(flatEndpoints.setTemporaryCode, { params: at(flat), body: { duration } })).data;
}

export async function removeTemporaryCode(flat: FlatRef) {
  return expectResult(await request(flatEndpoints.removeTemporaryCode, { params: at(flat) }));
}

export async function createKey(body: KeyCreate) {
  return expectResult(await request(keyEndpoints.create, { body }));
}

export async function removeDeviceKey(deviceId: string, keyId: string) {
  return expectResult(await request(keyEndpoints.removeDeviceKey, { params: { device: deviceId, key: keyId } }));
}

export async function getBlockHistory(flat: FlatRef, kind: FlatHistoryKind, signal?: AbortSignal) {
  return expectResult(await request(flatEndpoints.history, { params: { ...at(flat), historyKind: kind }, query: {}, signal }));
}

export async function setCms(flat: FlatRef, mac: string, status: boolean) {
  return expectResult(await request(flatEndpoints.setCms, { params: at(flat), body: { mac, status } }));
}

export async function setDeviceSettings(flat: FlatRef, settings: FlatDeviceSettingsInput, realtime: boolean) {
  const endpoint = realtime ? flatEndpoints.setRealtimeAbonentUnits : flatEndpoints.setAbonentUnits;
  return expectResult(await request(endpoint, { params: at(flat), body: { data: [settings] } }));
}

export async function readSettingsFromDevice(flat: FlatRef, mac: string) {
  return expectResult(await request(flatEndpoints.settingsFromDevice, { params: at(flat), query: { mac } })).data;
}

export async function setPermissions(flat: FlatRef, body: FlatPermissionsUpdate) {
  return expectResult(await request(flatEndpoints.setPermissions, { params: at(flat), body }));
}

/** The catalogue's services, to grant one the flat has no entry for yet. */
export async function getAccessServices(signal?: AbortSignal) {
  return expectResult(await request(accessEndpoints.services, { signal })).data;
}

export async function getMoveOutPreview(flat: FlatRef, signal?: AbortSignal) {
  return expectResult(await request(flatEndpoints.moveOutPreview, { params: at(flat), signal })).data;
}

export async function moveOut(flat: FlatRef) {
  return expectResult(await request(flatEndpoints.moveOut, { params: at(flat) })).data;
}

export async function undoMoveOut(flat: FlatRef, moveOutId: number) {
  return expectResult(await request(flatEndpoints.undoMoveOut, { params: { ...at(flat), moveOutId } }));
}
