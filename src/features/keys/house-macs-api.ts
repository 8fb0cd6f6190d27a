import { deviceEndpoints } from '@contract/devices';
import { expectResult, request } from '@/lib/http';

/** A house's devices for the create dialog's picker: a module of its own, so the list's first view does not carry the device contract. */
export async function getHouseMacs(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(deviceEndpoints.macsFromHouse, { query: { houseUid }, signal })).data;
}
