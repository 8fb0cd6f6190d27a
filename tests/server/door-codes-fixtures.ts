import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serverText } from '../../contract/server-texts';
import { queryRows } from '../../server/db/client';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { DeviceGatewayError, type DeviceChange, type DeviceRef } from '../../server/gateways/device/device-gateway';
import { insertDevice } from './flat-fixtures';

/**
 * A simulator that never fails by chance and fails every call to a MAC of `failing` (an error or
 * no answer, as asked, each coded as the simulator's own); `changes` records every door-code change it took.
 */
export class ScriptedGateway extends DeviceSimulator {
  readonly failing = new Map<string, 'error' | 'timeout'>();
  readonly changes: { mac: string; change: Extract<DeviceChange, { kind: 'doorCode' }> }[] = [];

  constructor() {
    super({ failureShare: 0 });
  }

  override async apply(device: DeviceRef, change: DeviceChange): Promise<void> {
    const failure = this.failing.get(device.mac);
    if (failure) throw new DeviceGatewayError(failure, failure === 'timeout' ? serverText('device.timeout', { seconds: 5, mac: device.mac }) : serverText('device.error', { mac: device.mac }));
    if (change.kind === 'doorCode') this.changes.push({ mac: device.mac, change });
    await super.apply(device, change);
  }
}

/** A device of buyer 1 in the house that takes no per-flat codes (an analogue IMD1_B panel). */
export async function addAnalogDevice(app: FastifyInstance, houseUid: string, mac: string): Promise<void> {
  await insertDevice(app, { mac, buyerId: 1, type: 'IMD1_B', houseUid });
}

/** A device of buyer 2 (the operator's buyer is 1). */
export async function foreignDevice(app: FastifyInstance): Promise<string> {
  const [row] = await queryRows<{ mac: string }>(app.database.drizzle, sql`select mac from devices where buyer_id = 2 order by id limit 1`);
  return row.mac;
}
