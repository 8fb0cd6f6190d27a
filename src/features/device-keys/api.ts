import { keyEndpoints, type DeviceKeyCreate, type DeviceKeysMultiple, type DeviceKeysRequest } from '@contract/keys';
import { owedReason } from '@/lib/owed-reason';
import { expectResult, request } from '@/lib/http';
import type { KeyItem } from './model';

/*
 * A device's key calls (docs/api.md "Keys"). Each write resolves only when the server answered
 * `result: true`, so the screen changes only after that.
 */

export async function getDeviceKeys(body: DeviceKeysRequest, signal?: AbortSignal) {
  return expectResult(await request(keyEndpoints.list, { body, signal }));
}

export async function createDeviceKey(mac: string, body: DeviceKeyCreate) {
  return expectResult(await request(keyEndpoints.createDeviceKey, { params: { mac }, body }));
}

/** A panel key by its value (inner and outer alike); an RS controller's key by its value and side. */
export async function removeDeviceKey(mac: string, item: KeyItem, rs: boolean) {
  const answer = rs
    ? await request(keyEndpoints.removeRsKey, { params: { mac, key: item.value, inner: String(item.inner) } })
    : await request(keyEndpoints.removeDeviceKey, { params: { device: mac, key: item.value } });
  return expectResult(answer);
}

export async function setKeySecurity(mac: string, item: KeyItem, rs: boolean, encode: boolean) {
  const body = { value: item.value, inner: item.inner, ...(rs ? { rs: true } : {}) };
  return expectResult(await request(encode ? keyEndpoints.encode : keyEndpoints.decode, { params: { mac }, body }));
}

export async function runKeyAction(mac: string, body: DeviceKeysMultiple) {
  const answer = expectResult(await request(keyEndpoints.multiple, { params: { mac }, body }));
  return { processed: answer.processed, failed: answer.failed ?? [], owed: owedReason(answer) };
}
