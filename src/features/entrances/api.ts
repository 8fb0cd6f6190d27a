import { entranceEndpoints, type EntranceUpdate } from '@contract/entrances';
import { houseEndpoints } from '@contract/houses';
import { expectResult, request } from '@/lib/http';

export async function getEntrance(entranceUid: string, signal?: AbortSignal) {
  return expectResult(await request(entranceEndpoints.get, { params: { entranceUid }, signal })).data;
}

export async function getHouseEntrances(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(entranceEndpoints.list, { query: { houseUid }, signal })).data;
}

export async function getHouse(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(houseEndpoints.get, { params: { houseUid }, signal })).data;
}

export async function updateEntrance(entranceUid: string, body: EntranceUpdate) {
  return expectResult(await request(entranceEndpoints.update, { params: { entranceUid }, body })).data;
}
