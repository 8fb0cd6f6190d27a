import { keyEndpoints, type DeviceKeysRequest, type KeyCreate } from '@contract/keys';
import { expectResult, request } from '@/lib/http';
import type { NumberSystem } from './model';

/* The keys screen's calls (docs/api.md "Keys"); each write resolves only on `result: true`. */

export async function getKeyList(body: DeviceKeysRequest, signal?: AbortSignal) {
  return expectResult(await request(keyEndpoints.list, { body, signal }));
}

export async function createKey(body: KeyCreate) {
  return expectResult(await request(keyEndpoints.create, { body }));
}

export async function findDuplicates(values: string[], numberSystem: NumberSystem) {
  return expectResult(await request(keyEndpoints.duplicates, { body: { values, numberSystem } })).data;
}

export async function deleteKeys(keys: { value: string; mac: string }[]) {
  return expectResult(await request(keyEndpoints.remove, { body: { keys } }));
}
