import { deviceSyncEndpoints } from '@contract/device-sync';
import { expectResult, request } from '@/lib/http';

/** The calls of docs/api.md "Device sync"; each throws on a 4xx/5xx or `result: false` and answers the state. */

export async function getSyncState(mac: string, signal?: AbortSignal) {
  return expectResult(await request(deviceSyncEndpoints.state, { params: { mac }, signal })).data;
}

export async function retrySync(mac: string) {
  return expectResult(await request(deviceSyncEndpoints.retry, { params: { mac } })).data;
}

export async function fullSync(mac: string) {
  return expectResult(await request(deviceSyncEndpoints.full, { params: { mac } })).data;
}

export async function readBack(mac: string) {
  return expectResult(await request(deviceSyncEndpoints.readBack, { params: { mac } })).data;
}
