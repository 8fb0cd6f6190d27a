import { fieldEndpoints, type FieldListQuery } from '@contract/field';
import { expectResult, request } from '@/lib/http';

/* The reading calls of docs/api.md "Field" (the report itself is sent by src/platform/field-report.ts). */

export async function getFieldInstallers(query: FieldListQuery, signal?: AbortSignal) {
  return expectResult(await request(fieldEndpoints.list, { query, signal }));
}

export async function getFieldInstaller(userId: number, signal?: AbortSignal) {
  return expectResult(await request(fieldEndpoints.installer, { params: { userId }, query: {}, signal }));
}
