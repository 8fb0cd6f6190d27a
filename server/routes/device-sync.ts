import type { FastifyInstance } from 'fastify';
import { deviceSyncEndpoints } from '../../contract/device-sync';
import { DeviceGatewayError, type DeviceGateway } from '../gateways/device/device-gateway';
import { defineRoute } from '../http/route';
import { pushDevice } from '../jobs/device-sync-runner';
import { deviceSyncState, expectedHolding, holdingDifferences, makeDue, queueFullSync, saveReadBack } from '../repositories/device-sync';
import { deviceRefOf } from '../repositories/devices';
import { DEVICE_EDITORS, DEVICE_READERS, MacParams, requireDevice } from './device-card-shared';

/**
 * Device sync (docs/api.md "Device sync"): what the panel still owes, the last refusal and the last
 * read-back. Whoever reads the device card reads the state and may read the device back (it changes
 * nothing); whoever edits the device retries and re-syncs.
 */
export async function deviceSyncRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const { gateway } = options;
  const readers = { access: DEVICE_READERS, params: MacParams };
  const editors = { access: DEVICE_EDITORS, params: MacParams };

  defineRoute(app, deviceSyncEndpoints.state, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    return { result: true, data: await deviceSyncState(db, { id: record.id, mac: record.device.mac }) };
  });

  defineRoute(app, deviceSyncEndpoints.retry, editors, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    await makeDue(db, record.id);
    await pushDevice(db, gateway, record.id, app.deviceSync);
    return { result: true, data: await deviceSyncState(db, { id: record.id, mac: record.device.mac }) };
  });

  defineRoute(app, deviceSyncEndpoints.full, editors, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    await queueFullSync(db, record.id);
    await pushDevice(db, gateway, record.id, app.deviceSync);
    return { result: true, data: await deviceSyncState(db, { id: record.id, mac: record.device.mac }) };
  });

  defineRoute(app, deviceSyncEndpoints.readBack, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    const expected = await expectedHolding(db, record.id);
    try {
      const onDevice = await gateway.readHolding(deviceRefOf(record), expected);
      await saveReadBack(db, record.id, { differences: holdingDifferences(expected, onDevice) });
    } catch (error) {
      if (!(error instanceof DeviceGatewayError)) throw error;
      await saveReadBack(db, record.id, { error: error.message });
    }
    return { result: true, data: await deviceSyncState(db, { id: record.id, mac: record.device.mac }) };
  });
}
