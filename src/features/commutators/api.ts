import { commutatorEndpoints, type CommutatorsResponse, type CommutatorsUpdate } from '@contract/commutators';
import { normalizeMac } from '@contract/common';
import { deviceEndpoints } from '@contract/devices';
import { houseEndpoints } from '@contract/houses';
import { expectResult, request } from '@/lib/http';

/** The calls of docs/api.md "Commutators"; each throws on a 4xx/5xx or `result: false`. */

export async function getCommutators(mac: string, signal?: AbortSignal) {
  return expectResult(await request(commutatorEndpoints.get, { params: { mac }, signal }));
}

/** Reads the matrix from the device (a few seconds) and starts a line-level check. */
export async function readCommutatorsFromDevice(mac: string) {
  return expectResult(await request(commutatorEndpoints.get, { params: { mac }, query: { fetchFromDevice: true } }));
}

export async function saveCommutators(mac: string, update: CommutatorsUpdate) {
  return expectResult(await request(commutatorEndpoints.save, { params: { mac }, body: update }));
}

export async function getAbonentUnits(mac: string, signal?: AbortSignal) {
  return expectResult(await request(commutatorEndpoints.abonentUnits, { params: { mac }, signal })).abonentUnits;
}

export async function getLineLevelCheck(mac: string, taskId: string, signal?: AbortSignal) {
  return expectResult(await request(commutatorEndpoints.lineLevelCheck, { params: { mac, taskId }, signal })).check;
}

export async function getHouseAddress(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(houseEndpoints.get, { params: { houseUid }, signal })).data.address;
}

export async function getMacsOfHouse(houseUid: string, signal?: AbortSignal) {
  return expectResult(await request(deviceEndpoints.macsFromHouse, { query: { houseUid }, signal })).data;
}

/** The panels of the device's houses (but itself) and their matrices: those with the same model are offered. */
export async function findCopyTargets(source: CommutatorsResponse, signal: AbortSignal) {
  const own = normalizeMac(source.mac) ?? source.mac;
  const macLists = await Promise.all(source.device.houses.map((house) => getMacsOfHouse(house, signal)));
  const macs = [...new Set(macLists.flat().map((mac) => normalizeMac(mac) ?? mac))].filter((mac) => mac !== own);
  const answers = await Promise.allSettled(macs.map((mac) => getCommutators(mac, signal)));
  const found = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
  const offered = found.filter((target) => target.model !== null && target.model === source.model);
  return { offered, otherModels: found.length - offered.length };
}

