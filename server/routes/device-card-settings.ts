import type { FastifyInstance } from 'fastify';
import { deviceSettingsEndpoints } from '../../contract/device-card-settings';
import { defineRoute } from '../http/route';
import { rs485BusOfDevice, rs485ScanState, firmwareForType } from '../repositories/device-card';
import { mergeDeviceOptions } from '../repositories/device-settings';
import { deviceRefOf } from '../repositories/devices';
import { onDevice, requireCapability } from '../services/device-lookup';
import {
  removeSip,
  scanRs485,
  setAudio,
  setDeviceRemovalReason,
  setDisplay,
  setDisplayOption,
  setEchoCancellation,
  setLevels,
  setOptions,
  setRs485Model,
  setSip,
  updateFirmware,
} from '../services/device-settings';
import { writeContext } from '../services/write-context';
import { DEVICE_EDITORS, DEVICE_READERS, MacParams, requireDevice, type DeviceRouteOptions } from './device-card-shared';

export async function deviceSettingsRoutes(app: FastifyInstance, options: DeviceRouteOptions): Promise<void> {
  const { gateway } = options;
  const devices = { gateway, sync: app.deviceSync };
  const readers = { access: DEVICE_READERS, params: MacParams };
  const editors = { access: DEVICE_EDITORS, params: MacParams };

  defineRoute(app, deviceSettingsEndpoints.setSip, editors, async ({ params, body, request, db }) => setSip(writeContext(request, db, devices), params.mac, body));

  defineRoute(app, deviceSettingsEndpoints.removeSip, editors, async ({ params, request, db }) => removeSip(writeContext(request, db, devices), params.mac));

  defineRoute(app, deviceSettingsEndpoints.setOptions, editors, async ({ params, body, request, db }) => setOptions(writeContext(request, db, devices), params.mac, body.options));

  defineRoute(app, deviceSettingsEndpoints.setAudio, editors, async ({ params, body, request, db }) => setAudio(writeContext(request, db, devices), params.mac, body.audio));

  defineRoute(app, deviceSettingsEndpoints.setLevels, editors, async ({ params, body, request, db }) =>
    setLevels(writeContext(request, db, devices), params.mac, body.levels, body.streamType),
  );

  defineRoute(app, deviceSettingsEndpoints.setDisplay, editors, async ({ params, body, request, db }) => setDisplay(writeContext(request, db, devices), params.mac, body.display));

  defineRoute(app, deviceSettingsEndpoints.displayOption, readers, async ({ params, query, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'display', 'настройки дисплея');
    const display = record.device.options.display;
    return { result: true, data: display ? display[query.optionName] : null };
  });

  defineRoute(app, deviceSettingsEndpoints.setDisplayOption, editors, async ({ params, body, request, db }) => setDisplayOption(writeContext(request, db, devices), params.mac, body));

  defineRoute(app, deviceSettingsEndpoints.setEchoCancellation, editors, async ({ params, body, request, db }) =>
    setEchoCancellation(writeContext(request, db, devices), params.mac, body.echoCancellationType),
  );

  defineRoute(app, deviceSettingsEndpoints.setRemovalReason, editors, async ({ params, body, request, db }) =>
    setDeviceRemovalReason(writeContext(request, db, devices), params.mac, body),
  );

  defineRoute(app, deviceSettingsEndpoints.rs485, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'rs485', 'RS485');
    const model = (record.device.options as Record<string, unknown>).rs485Model;
    const [data, scan] = await Promise.all([rs485BusOfDevice(db, record.id), rs485ScanState(db, record.id)]);
    return { result: true, model: typeof model === 'string' ? model : null, data, scan };
  });

  defineRoute(app, deviceSettingsEndpoints.setRs485Model, editors, async ({ params, body, request, reply, db }) => {
    await setRs485Model(writeContext(request, db, devices), params.mac, body.model);
    // Success is a 204 without a body.
    reply.removeHeader('content-type');
    return '' as const;
  });

  // Progress rows are written outside any request transaction, so other requests see them at once.
  defineRoute(app, deviceSettingsEndpoints.scanRs485, editors, async ({ params, request }) => scanRs485(writeContext(request, app.database.drizzle, devices), params.mac));

  defineRoute(app, deviceSettingsEndpoints.firmwareVersions, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'firmware', 'обновление прошивки');
    const versions = await firmwareForType(db, record.device.type);
    const { current, update } = await onDevice(() =>
      gateway.firmware(
        deviceRefOf(record),
        versions.map((item) => item.version),
      ),
    );
    // The device has reported the new version: the card's options say so from now on.
    if (update?.status === 'done' && current !== null && (record.device.options as Record<string, unknown>)['systemInfo.firmware'] !== current) {
      await mergeDeviceOptions(db, record.id, { 'systemInfo.firmware': current });
    }
    return {
      result: true,
      data: Object.fromEntries(versions.map((item) => [item.version, item.title])),
      current,
      list: versions.map((item) => ({ ...item, installed: item.version === current })),
      update,
    };
  });

  defineRoute(app, deviceSettingsEndpoints.updateFirmware, editors, async ({ params, body, request, db }) =>
    updateFirmware(writeContext(request, db, devices), params.mac, body.version),
  );
}
