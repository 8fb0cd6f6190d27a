import { powerEndpoints, type PowerRange } from '@contract/power';
import { expectResult, request } from '@/lib/http';

/** The calls of docs/api.md "Voltage"; each throws on a 4xx/5xx or `result: false`. */

export async function getPower(mac: string, range: PowerRange, signal?: AbortSignal) {
  return expectResult(await request(powerEndpoints.get, { params: { mac }, query: { range }, signal }));
}

/** Reads the device now (about a second); the server stores the reading. */
export async function readPowerNow(mac: string) {
  return expectResult(await request(powerEndpoints.read, { params: { mac } }));
}
