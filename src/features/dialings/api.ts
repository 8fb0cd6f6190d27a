import { dialingEndpoints, type CallOrderUpdate, type CallRoundsQuery } from '@contract/dialings';
import { expectResult, request } from '@/lib/http';

/* The calls of docs/api.md "Call rounds". A refusal throws with the server's words. */

export async function getCallRounds(mac: string, query: CallRoundsQuery, signal?: AbortSignal) {
  return expectResult(await request(dialingEndpoints.list, { params: { mac }, query, signal }));
}

export async function getCallOrder(mac: string, flatNum: number, signal?: AbortSignal) {
  return expectResult(await request(dialingEndpoints.callOrder, { params: { mac, flatNum }, signal }));
}

export async function saveCallOrder(mac: string, flatNum: number, body: CallOrderUpdate) {
  return expectResult(await request(dialingEndpoints.saveCallOrder, { params: { mac, flatNum }, body }));
}
