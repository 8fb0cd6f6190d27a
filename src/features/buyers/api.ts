import { buyerEndpoints, type BuyerInput, type BuyerListQuery } from '@contract/buyers';
import { expectResult, request } from '@/lib/http';

export async function getBuyerList(query: BuyerListQuery, signal?: AbortSignal) {
  return expectResult(await request(buyerEndpoints.list, { query, signal }));
}

export async function getBuyer(buyerId: number, signal?: AbortSignal) {
  return expectResult(await request(buyerEndpoints.get, { params: { buyerId: String(buyerId) }, signal })).data;
}

export async function createBuyer(body: BuyerInput) {
  return expectResult(await request(buyerEndpoints.create, { body })).data;
}

export async function updateBuyer(buyerId: number, body: BuyerInput) {
  return expectResult(await request(buyerEndpoints.update, { params: { buyerId: String(buyerId) }, body })).data;
}

export async function deleteBuyer(buyerId: number) {
  return expectResult(await request(buyerEndpoints.remove, { params: { buyerId: String(buyerId) } }));
}
