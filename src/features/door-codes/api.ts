import { owedReason } from '@/lib/owed-reason';
import { deviceEndpoints } from '@contract/devices';
import { doorCodeEndpoints, type DoorCodeCreate, type DoorCodeUpdate, type KeylessCodeCreate, type KeylessService } from '@contract/door-codes';
import { expectResult, request } from '@/lib/http';

/*
 * The calls of docs/api.md "Door codes". Each write resolves only when the server answered
 * `result: true`; a refusal throws with the server's words.
 */

export interface DoorCodesFilter {
  page: number;
  flatNum?: number;
}

export async function getDoorCodes(mac: string, filter: DoorCodesFilter, signal?: AbortSignal) {
  return expectResult(await request(doorCodeEndpoints.list, { params: { mac }, query: filter, signal }));
}

/** `key`: the Idempotency-Key of this draft, the same on every attempt, so a lost answer does not make a second code. */
/** The device's reason when the write is stored but not yet taken by the device (docs/api.md "Device sync"); undefined when it went through. */
const owedOf = (answer: Parameters<typeof owedReason>[0]) => ({ owed: owedReason(answer) });

export async function createDoorCode(mac: string, body: DoorCodeCreate, key: string) {
  return owedOf(expectResult(await request(doorCodeEndpoints.create, { params: { mac }, body, headers: { 'Idempotency-Key': key } })));
}

export async function updateDoorCode(mac: string, id: number, body: DoorCodeUpdate) {
  return owedOf(expectResult(await request(doorCodeEndpoints.update, { params: { mac, id }, body })));
}

export async function removeDoorCode(mac: string, id: number) {
  return owedOf(expectResult(await request(doorCodeEndpoints.remove, { params: { mac, id } })));
}

export interface KeylessFilter {
  page: number;
  service?: KeylessService;
  mac?: string;
  active?: '1' | '0';
}

export async function getKeylessCodes(filter: KeylessFilter, signal?: AbortSignal) {
  return expectResult(await request(doorCodeEndpoints.keylessList, { query: filter, signal }));
}

export async function getKeylessCode(id: number, signal?: AbortSignal) {
  return expectResult(await request(doorCodeEndpoints.keylessGet, { params: { id }, signal })).data;
}

export async function createKeylessCode(body: KeylessCodeCreate, key: string) {
  return expectResult(await request(doorCodeEndpoints.keylessCreate, { body, headers: { 'Idempotency-Key': key } })).data;
}

export async function retryKeylessCode(id: number) {
  return expectResult(await request(doorCodeEndpoints.keylessRetry, { params: { id } })).data;
}

export async function removeKeylessCode(id: number) {
  return expectResult(await request(doorCodeEndpoints.keylessRemove, { params: { id } }));
}

export async function getHouseMacs(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(deviceEndpoints.macsFromHouse, { query: { houseUid }, signal })).data;
}
