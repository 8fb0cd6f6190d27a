import { houseEndpoints, type HouseCreate, type HouseListQuery } from '@contract/houses';
import { expectResult, request } from '@/lib/http';

export async function getHouseList(query: HouseListQuery, signal?: AbortSignal) {
  return expectResult(await request(houseEndpoints.list, { query, signal }));
}

export async function createHouse(house: HouseCreate) {
  return expectResult(await request(houseEndpoints.create, { body: house }));
}

export async function deleteHouse(uid: string) {
  return expectResult(await request(houseEndpoints.remove, { query: { uid } }));
}
