import { flatEndpoints } from '@contract/flat-card';
import { flatParams } from '@contract/flats';
import { expectResult, request } from '@/lib/http';

// Loaded on the first flat created or deleted: the flat contract is not needed to show the house.

export async function createFlat(houseUid: string, flatNum: number, letter: string | null) {
  return expectResult(await request(flatEndpoints.create, { params: { house: houseUid }, body: { flatNum, letter } }));
}

export async function deleteFlat(houseUid: string, flatNum: number) {
  return expectResult(await request(flatEndpoints.remove, { params: flatParams(houseUid, flatNum) }));
}
