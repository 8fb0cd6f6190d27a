import type { FastifyInstance } from 'fastify';
import type { OptionRow } from '../../contract/device-card';
import { deviceCardEndpoints } from '../../contract/device-card';
import { BILLING_OPTION_KEYS } from '../../contract/devices';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { IdParams } from '../http/structs';
import { existingHouseUids, groupsOfDevice, housesOfDevice, relayRowsOfDevice } from '../repositories/device-card';
import { replaceDeviceGroups, replaceDeviceHouses } from '../repositories/device-settings';
import { deviceRefOf } from '../repositories/devices';
import { onDevice } from '../services/device-lookup';
import { MAX_RELAYS, setAutoCollect, setRelays, setSecurityMode, setStatus } from '../services/device-settings';
import { writeContext } from '../services/write-context';
import { DEVICE_EDITORS, DEVICE_ON_SITE, DEVICE_READERS, MacParams, RelayParams, requireDevice, requireGroupsOfBuyers, requireSameMac, scopeOf, type DeviceRouteOptions } from './device-card-shared';
import { refuseHousesOutOfScope } from './houses';

/** The card's main options, in the order the card lists them (option keys). */
export const MAIN_OPTION_KEYS = [
  'url',
  'login',
  'password',
  'SHIFT',
  'VENDOR',
  'devicePurpose',
  'deviceOwner',
  'apiPort',
  'rtspPort',
  'sipPort',
  'sos',
  'conciergeApartment',
  'isMifare',
  'autoCollectKeys',
  'echoCancellationType',
  'streamType',
  'systemInfo.revision',
  'systemInfo.firmware',
] as const;

const MAX_HOUSES = 50;

function scalarOf(value: unknown): OptionRow['value'] {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/** name/value rows of the keys, a missing key as null, so the card always has every field. */
export function optionRows(options: Readonly<Record<string, unknown>>, keys: readonly string[]): OptionRow[] {
  return keys.map((name) => ({ name, value: scalarOf(options[name]) }));
}

export async function deviceCardRoutes(app: FastifyInstance, options: DeviceRouteOptions): Promise<void> {
  const { gateway } = options;
  const devices = { gateway, sync: app.deviceSync };
  const readers = { access: DEVICE_READERS, params: MacParams };
  const editors = { access: DEVICE_EDITORS, params: MacParams };

  defineRoute(app, deviceCardEndpoints.card, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    const ref = deviceRefOf(record);
    const [groups, houses, entrances, live, externalExistsStatus, snapshot] = await Promise.all([
      groupsOfDevice(db, record.id),
      housesOfDevice(db, record.id),
      relayRowsOfDevice(db, record.id),
      gateway.statuses([ref]),
      gateway.externalExists(ref).catch(() => null),
      gateway.snapshot(ref).catch(() => null),
    ]);
    const status = live.get(ref.mac) ?? { liveStatus: false, sipStatus: false, rtspStatus: false };
    const links = gateway.cameraLinks(ref);
    const deviceOptions = record.device.options as Record<string, unknown>;
    return {
      result: true,
      device: record.device,
      ...status,
      externalExistsStatus,
      snapshot: snapshot ? `data:${snapshot.contentType};base64,${snapshot.body.toString('base64')}` : null,
      groups,
      mainOptions: optionRows(deviceOptions, MAIN_OPTION_KEYS),
      billingOptions: optionRows(deviceOptions, BILLING_OPTION_KEYS),
      entrances,
      houses,
      camsLink: links?.live ?? null,
      camsArchiveLink: links?.archive ?? null,
    };
  });

  defineRoute(app, deviceCardEndpoints.sipStatus, readers, async ({ params, request, db }) => {
    const ref = deviceRefOf(await requireDevice(db, request, { mac: params.mac }));
    const live = await gateway.statuses([ref]);
    return { result: true, sipStatus: live.get(ref.mac)?.sipStatus ?? false };
  });

  defineRoute(app, deviceCardEndpoints.byId, { access: DEVICE_READERS, params: IdParams }, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { id: params.id });
    return { result: true, data: record.device };
  });

  defineRoute(app, deviceCardEndpoints.setSecurity, editors, async ({ params, body, request, db }) => {
    requireSameMac(params.mac, body.mac);
    return setSecurityMode(writeContext(request, db, devices), params.mac, body.status);
  });

  defineRoute(app, deviceCardEndpoints.setAutoCollect, editors, async ({ params, body, request, db }) => {
    requireSameMac(params.mac, body.mac);
    return setAutoCollect(writeContext(request, db, devices), params.mac, body.status);
  });

  defineRoute(app, deviceCardEndpoints.setStatus, editors, async ({ params, body, request, db }) => setStatus(writeContext(request, db, devices), params.mac, body.status));

  defineRoute(app, deviceCardEndpoints.setGroups, editors, async ({ params, body, request, db }) => {
    requireSameMac(params.mac, body.mac);
    const record = await requireDevice(db, request, { mac: params.mac });
    await requireGroupsOfBuyers(db, body.groups, [record.device]);
    await replaceDeviceGroups(db, record.id, body.groups);
    return { result: true, message: 'Группы устройства сохранены' };
  });

  defineRoute(app, deviceCardEndpoints.setHouses, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    const uids = [...new Set(body.houses)];
    if (uids.length > MAX_HOUSES) throw new ApiError(400, `Некорректное поле houses: не больше ${MAX_HOUSES} домов`);
    const known = await existingHouseUids(db, uids);
    const unknown = uids.filter((uid) => !known.has(uid));
    if (unknown.length > 0) throw new ApiError(400, `Некорректное поле houses: дома не найдены: ${unknown.join(', ')}`);
    await refuseHousesOutOfScope(db, scopeOf(request).buyerId, uids, (index) => `houses.${index}`, record.device.houses);
    await replaceDeviceHouses(db, record.id, uids);
    return { result: true, message: 'Дома устройства сохранены' };
  });

  defineRoute(app, deviceCardEndpoints.relays, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    return { result: true, data: await relayRowsOfDevice(db, record.id) };
  });

  defineRoute(app, deviceCardEndpoints.setRelays, editors, async ({ params, body, request, db }) => setRelays(writeContext(request, db, devices), params.mac, body.relays));

  const onSite = { access: DEVICE_ON_SITE, params: MacParams };
  defineRoute(app, deviceCardEndpoints.openDoor, { access: DEVICE_ON_SITE, params: RelayParams }, async ({ params, request, db }) => {
    if (params.relay < 1 || params.relay > MAX_RELAYS) throw new ApiError(400, `Некорректное поле relay: ожидается номер реле от 1 до ${MAX_RELAYS}`);
    const record = await requireDevice(db, request, { mac: params.mac });
    await onDevice(() => gateway.openDoor(deviceRefOf(record), params.relay));
    return { result: true, message: `Дверь реле ${params.relay} открыта` };
  });

  defineRoute(app, deviceCardEndpoints.reboot, onSite, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    await onDevice(() => gateway.reboot(deviceRefOf(record)));
    return { result: true, message: `Устройство ${record.device.mac} перезагружается` };
  });

  defineRoute(app, deviceCardEndpoints.sendToPapi, editors, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    await onDevice(() => gateway.sendToExternal(deviceRefOf(record)));
    return { result: true, message: 'Устройство отправлено во внешнюю систему' };
  });
}
