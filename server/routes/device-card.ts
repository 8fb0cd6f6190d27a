import type { FastifyInstance } from 'fastify';
import type { OptionRow } from '../../contract/device-card';
import { deviceCardEndpoints } from '../../contract/device-card';
import { BILLING_OPTION_KEYS, DEVICE_STATUS } from '../../contract/devices';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { IdParams } from '../http/structs';
import { entranceHouses, existingHouseUids, groupsOfDevice, housesOfDevice, relayRowsOfDevice } from '../repositories/device-card';
import {
  mergeDeviceOptions,
  replaceDeviceGroups,
  replaceDeviceHouses,
  replaceDeviceRelays,
  setDeviceStatus,
} from '../repositories/device-settings';
import { deviceRefOf, findDevice } from '../repositories/devices';
import { DEVICE_EDITORS, DEVICE_READERS, MacParams, requireDevice, requireGroupsOfBuyers, requireSameMac, scopeOf, type DeviceRouteOptions } from './device-card-shared';
import { onDevice, requireCapability } from '../services/device-lookup';
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

const MAX_RELAYS = 16;
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
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'mifare', 'режим безопасности (MIFARE)');
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'security', isMifare: body.status }));
    await mergeDeviceOptions(db, record.id, { isMifare: body.status });
    return { result: true, message: body.status ? 'Режим безопасности включён' : 'Режим безопасности выключен' };
  });

  defineRoute(app, deviceCardEndpoints.setAutoCollect, editors, async ({ params, body, request, db }) => {
    requireSameMac(params.mac, body.mac);
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'autoCollectKeys', 'автосбор ключей');
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'autoCollect', autoCollectKeys: body.status }));
    await mergeDeviceOptions(db, record.id, { autoCollectKeys: body.status });
    return { result: true, message: body.status ? 'Автосбор ключей включён' : 'Автосбор ключей выключен' };
  });

  defineRoute(app, deviceCardEndpoints.setStatus, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'status', statusCode: body.status }));
    await setDeviceStatus(db, record.id, body.status);
    return {
      result: true,
      message: body.status === DEVICE_STATUS.reset ? 'Устройство сброшено: реле, дома и SIP-аккаунт удалены' : 'Статус устройства изменён',
    };
  });

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

  defineRoute(app, deviceCardEndpoints.setRelays, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    if (body.relays.length > MAX_RELAYS) throw new ApiError(400, `Некорректное поле relays: не больше ${MAX_RELAYS} реле`);
    const seen = new Set<number>();
    for (const [index, relay] of body.relays.entries()) {
      if (relay.id < 1 || relay.id > MAX_RELAYS) throw new ApiError(400, `Некорректное поле relays.${index}.id: ожидается номер реле от 1 до ${MAX_RELAYS}`);
      if (seen.has(relay.id)) throw new ApiError(400, `Некорректное поле relays.${index}.id: реле ${relay.id} указано дважды`);
      seen.add(relay.id);
    }
    const wanted = body.relays.map((relay) => relay.entrance.trim()).filter((uid) => uid !== '');
    const houseOf = await entranceHouses(db, wanted);
    for (const [index, relay] of body.relays.entries()) {
      const uid = relay.entrance.trim();
      if (uid === '') continue;
      const house = houseOf.get(uid);
      if (house === undefined) throw new ApiError(400, `Некорректное поле relays.${index}.entrance: подъезд ${uid} не найден`);
      if (!record.device.houses.includes(house)) {
        throw new ApiError(400, `Некорректное поле relays.${index}.entrance: подъезд ${uid} не относится к домам устройства`);
      }
    }
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'relays', relays: body.relays }));
    await replaceDeviceRelays(
      db,
      record.id,
      body.relays.map((relay) => ({ id: relay.id, entranceUid: relay.entrance.trim() || null })),
    );
    const saved = await findDevice(db, { buyerId: null }, { id: record.id });
    return { result: true, message: 'Реле сохранены', data: saved?.device.relays ?? [] };
  });

  defineRoute(app, deviceCardEndpoints.sendToPapi, editors, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    await onDevice(() => gateway.sendToExternal(deviceRefOf(record)));
    return { result: true, message: 'Устройство отправлено во внешнюю систему' };
  });
}
