import { expect } from 'vitest';
import { DeviceSyncStateResponse, deviceSyncEndpoints, type DeviceSyncState } from '../../contract/device-sync';
import { expectShape, type TestClient } from './helpers';

/** The calls of one device that answer its sync state. */
export type DeviceSyncCall = Exclude<keyof typeof deviceSyncEndpoints, 'fullMany'>;

/** A device's sync state (docs/api.md "Device sync"), or the state after «retry» / «full» / «read-back». */
export async function syncOf(client: TestClient, mac: string, key: DeviceSyncCall = 'state'): Promise<DeviceSyncState> {
  const endpoint = deviceSyncEndpoints[key];
  const response = await client.request(endpoint.method, endpoint.path({ mac }));
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(DeviceSyncStateResponse, response.json()).data;
}

/** The device's unconfirmed changes as [kind, target, status]. */
export function owedOf(state: DeviceSyncState): [string, string, string][] {
  return state.changes.map((change) => [change.kind, change.target, change.status]);
}
