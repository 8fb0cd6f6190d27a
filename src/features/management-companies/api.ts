import { mcEndpoints, type McCreate, type McPaginationQuery, type McSet } from '@contract/mc';
import { getCsrfToken } from '@/lib/csrf';
import { expectResult, request } from '@/lib/http';

export async function getMcPage(query: McPaginationQuery, signal?: AbortSignal) {
  return expectResult(await request(mcEndpoints.page, { query, signal }));
}

export async function getMc(id: number, signal?: AbortSignal) {
  return expectResult(await request(mcEndpoints.get, { params: { id: String(id) }, signal })).data;
}

/** The spec sends `_csrf` in the create body; the header goes too (http.ts), so a stale token is refreshed the usual way. */
export async function createMc(body: Omit<McCreate, '_csrf'>) {
  const token = getCsrfToken();
  return expectResult(await request(mcEndpoints.create, { body: token ? { ...body, _csrf: token } : body })).data;
}

export async function setMc(body: McSet) {
  return expectResult(await request(mcEndpoints.set, { body })).data;
}

export async function disableMc(id: number) {
  return expectResult(await request(mcEndpoints.disable, { body: { id } }));
}

export async function uploadAll(id: number) {
  return expectResult(await request(mcEndpoints.uploadAll, { body: { id } }));
}

export async function uploadOne(id: number, mac: string) {
  return expectResult(await request(mcEndpoints.uploadOne, { body: { id, mac } }));
}

export async function retryUpload(id: number) {
  return expectResult(await request(mcEndpoints.uploadRetry, { body: { id } }));
}

export async function getUploadStatus(id: number, signal?: AbortSignal) {
  return expectResult(await request(mcEndpoints.uploadStatus, { params: { id: String(id) }, signal })).data;
}

/** How many devices «upload to all» would reach (a back end without `totalCount`: those listed). */
export async function getMcDeviceCount(id: number, signal?: AbortSignal): Promise<number> {
  const answer = expectResult(await request(mcEndpoints.devices, { params: { id: String(id) }, signal }));
  return answer.totalCount ?? answer.data.length;
}

export async function getMcDevices(id: number, mac: string, signal?: AbortSignal) {
  return expectResult(await request(mcEndpoints.devices, { params: { id: String(id) }, query: mac ? { mac } : {}, signal })).data;
}
