import type { FastifyInstance } from 'fastify';
import { deviceSyncEndpoints, MAX_RESYNC_MACS } from '../../contract/device-sync';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { defineRoute } from '../http/route';
import { pushDevice } from '../jobs/device-sync-runner';
import { readBackDevice, resyncDevice } from '../jobs/device-resync';
import { requestResyncs } from '../repositories/device-resync';
import { deviceSyncState, makeDue } from '../repositories/device-sync';
import { deviceRefOf } from '../repositories/devices';
import { DEVICE_EDITORS, DEVICE_READERS, MacParams, requireDevice, requireDevicesByMac } from './device-card-shared';

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
    await resyncDevice(db, gateway, { id: record.id, ref: deviceRefOf(record) }, app.deviceSync);
    return { result: true, data: await deviceSyncState(db, { id: record.id, mac: record.device.mac }) };
  });

  defineRoute(app, deviceSyncEndpoints.fullMany, { access: DEVICE_EDITORS }, async ({ body, request, db }) => {
    const found = await requireDevicesByMac(db, request, body.macs, MAX_RESYNC_MACS);
    const queued = await requestResyncs(db, found.map((device) => device.id));
    return { result: true, message: `Полная синхронизация поставлена в очередь: устройств ${queued}`, queued };
  });

  defineRoute(app, deviceSyncEndpoints.readBack, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    await readBackDevice(db, gateway, { id: record.id, ref: deviceRefOf(record) });
    return { result: true, data: await deviceSyncState(db, { id: record.id, mac: record.device.mac }) };
  });
}
