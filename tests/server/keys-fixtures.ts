import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { DeviceKeysResponse, PanelKey, keyEndpoints } from '../../contract/keys';
import { queryRows } from '../../server/db/client';
import { keys } from '../../server/db/schema/keys';
import { serverText } from '../../contract/server-texts';
import { DeviceGatewayError, type DeviceChange, type DeviceFailureKind, type DeviceHolding, type DeviceRef } from '../../server/gateways/device/device-gateway';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { insertDevice } from './flat-fixtures';
import { expectShape, type TestClient } from './helpers';

/** The simulator that never fails by chance, records every change and refuses the ones `refuse` names. */
export class KeyGateway extends DeviceSimulator {
  readonly changes: { mac: string; change: DeviceChange }[] = [];
  refuse: ((change: DeviceChange) => DeviceFailureKind | null) | null = null;
  /** Runs before each change is applied: what a test wants to know about the moment of sending. */
  beforeApply: ((change: DeviceChange) => Promise<void>) | null = null;

  /** Keys a device holds beyond what the simulator remembers (put on the panel by hand); a removal sent takes one off. */
  readonly extraKeys = new Map<string, DeviceHolding['keys']>();

  constructor() {
    super({ failureShare: 0 });
  }

  override async readHolding(device: DeviceRef, expected: DeviceHolding): Promise<DeviceHolding> {
    const held = await super.readHolding(device, expected);
    return { ...held, keys: [...held.keys, ...(this.extraKeys.get(device.mac) ?? [])] };
  }

  override async apply(device: DeviceRef, change: DeviceChange): Promise<void> {
    await this.beforeApply?.(change);
    const kind = this.refuse?.(change) ?? null;
    if (kind === 'error') throw new DeviceGatewayError('error', serverText('device.error', { mac: device.mac }));
    if (kind === 'timeout') throw new DeviceGatewayError('timeout', serverText('device.timeout', { seconds: 5, mac: device.mac }));
    this.changes.push({ mac: device.mac, change });
    if (change.kind === 'key' && change.action === 'remove') this.extraKeys.set(device.mac, (this.extraKeys.get(device.mac) ?? []).filter((key) => key.value !== change.value));
  }
}

/** A key of `value` refused by the device (error or timeout). */
export function refuseValue(value: string, kind: DeviceFailureKind = 'error'): (change: DeviceChange) => DeviceFailureKind | null {
  return (change) => ((change.kind === 'key' && change.value === value) || (change.kind === 'keyScenario' && change.values.includes(value)) ? kind : null);
}

/** An ISCOM_X1 of buyer 2 in the fixture's foreign house, holding one key; answers its MAC and id. */
export async function foreignKeyDevice(app: FastifyInstance, mac: string, houseUid: string, value: string): Promise<{ mac: string; id: number }> {
  const id = await insertDevice(app, { mac, buyerId: 2, type: 'ISCOM_X1', houseUid });
  await app.database.drizzle.insert(keys).values({ deviceId: id, buyerId: 2, value, keyType: 'Metakom' });
  return { mac, id };
}

/** `count` keys on the device straight into the table (value = prefix + a counter), oldest first. */
export async function insertKeys(app: FastifyInstance, mac: string, count: number, prefix: string): Promise<void> {
  const width = 12 - prefix.length;
  await queryRows(
    app.database.drizzle,
    sql`insert into keys (device_id, buyer_id, value, key_type, created_at)
        select d.id, d.buyer_id, ${prefix} || lpad(upper(to_hex(n)), ${width}, '0'), 'Metakom', now() - interval '1 day' + n * interval '1 second'
        from devices d, generate_series(1, ${count}) n where d.mac = ${mac}`,
  );
}

/** The key list for a body, decoded. */
export async function listKeys(client: TestClient, body: object): Promise<DeviceKeysResponse> {
  const response = await client.request('POST', keyEndpoints.list.path({}), { payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(DeviceKeysResponse, response.json());
}

/** create-key on a device, expecting 200; answers the stored key. */
export async function createDeviceKey(client: TestClient, mac: string, body: object): Promise<PanelKey> {
  const response = await client.request('POST', keyEndpoints.createDeviceKey.path({ mac }), { payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(PanelKey, (response.json() as { data: unknown }).data);
}
