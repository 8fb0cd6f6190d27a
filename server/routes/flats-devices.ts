import type { FastifyInstance } from 'fastify';
import { flatEndpoints } from '../../contract/flat-card';
import { FLAT_DEVICE_SETTING_KEYS } from '../../contract/flats';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { defineRoute } from '../http/route';
import { buyerScope } from '../plugins/session';
import { deviceFlatData, devicesOfFlat, type FlatSettings } from '../repositories/flat-devices';
import { onDevice } from '../services/device-lookup';
import { blockFlatCms, deviceOf, saveFlatDeviceSettings, saveFlatPermissions } from '../services/flat-devices';
import { requireFlatIn } from '../services/flats';
import { writeContext } from '../services/write-context';
import { FLAT_EDITORS, FLAT_READERS, FlatParams } from './flats-shared';

/** The flat card's per-device calls: settings, realtime writes, CMS blocks, reading the device; and permissions. */
export async function flatDeviceRoutes(app: FastifyInstance, gateway: DeviceGateway): Promise<void> {
  const write = { access: FLAT_EDITORS, params: FlatParams };
  const devices = { gateway, sync: app.deviceSync };

  defineRoute(app, flatEndpoints.setAbonentUnits, write, async ({ params, body, request, db }) =>
    saveFlatDeviceSettings(writeContext(request, db, devices), params.flat, body.data, false),
  );

  defineRoute(app, flatEndpoints.setRealtimeAbonentUnits, write, async ({ params, body, request, db }) =>
    saveFlatDeviceSettings(writeContext(request, db, devices), params.flat, body.data, true),
  );

  defineRoute(app, flatEndpoints.setCms, write, async ({ params, body, request, db }) => blockFlatCms(writeContext(request, db, devices), params.flat, body));

  defineRoute(app, flatEndpoints.settingsFromDevice, { access: FLAT_READERS, params: FlatParams }, async ({ params, query, request, db }) => {
    const flat = await requireFlatIn(db, buyerScope(request), params.flat);
    const device = deviceOf(await devicesOfFlat(db, flat), query.mac, 'mac');
    const reading = await onDevice(() =>
      gateway.readFlatSettings(device.ref, { flatNum: flat.flatNum, panelCode: device.panelCode, blockCms: device.blockCms, written: device.settings }),
    );
    const settings = Object.fromEntries(FLAT_DEVICE_SETTING_KEYS.map((key) => [key, reading.settings[key] ?? null])) as FlatSettings;
    return { result: true, message: 'Настройки прочитаны с устройства', data: { ...deviceFlatData(device, settings, reading.blockCms), panelCode: reading.panelCode } };
  });

  defineRoute(app, flatEndpoints.setPermissions, write, async ({ params, body, request, db }) => saveFlatPermissions(writeContext(request, db, devices), params.flat, body));
}
