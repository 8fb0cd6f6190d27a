import { expect } from 'vitest';
import { ImportJobResponse, importEndpoints, type ImportMapping } from '../../contract/imports';
import { expectShape, type TestClient } from './helpers';

/** Starts an import's apply and polls its job until it is no longer running. */
export async function applyAndWait(client: TestClient, path: string, file: string, mapping: ImportMapping) {
  const response = await client.request('POST', path, { payload: { file, mapping } });
  expect(response.statusCode, response.body).toBe(200);
  let job = expectShape(ImportJobResponse, response.json()).data;
  while (job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    job = expectShape(ImportJobResponse, (await client.get(importEndpoints.job.path({ id: job.id }))).json()).data;
  }
  return job;
}
