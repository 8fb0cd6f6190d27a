import { deviceEndpoints } from '@contract/devices';
import { entranceEndpoints } from '@contract/entrances';
import { houseEndpoints, type HouseCreate, type HouseFlatsQuery, type HouseListQuery, type HouseUpdate } from '@contract/houses';
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

export async function getHouse(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(houseEndpoints.get, { params: { houseUid }, signal })).data;
}

export async function updateHouse(houseUid: string, body: HouseUpdate) {
  return expectResult(await request(houseEndpoints.update, { params: { houseUid }, body })).data;
}

export async function getHouseFlats(houseUid: string, query: HouseFlatsQuery, signal?: AbortSignal) {
  return expectResult(await request(houseEndpoints.flats, { params: { houseUid }, query, signal }));
}

export async function getHouseEntrances(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(entranceEndpoints.list, { query: { houseUid }, signal })).data;
}

export async function getHouseMacs(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(deviceEndpoints.macsFromHouse, { query: { houseUid }, signal })).data;
}
