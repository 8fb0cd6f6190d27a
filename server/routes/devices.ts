import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEVICE_LIST_PAGE_SIZE, DEVICE_STATUS_CODES, DEVICE_TYPE_NAMES, deviceEndpoints, type DeviceListQuery, type DeviceListResponse, type DeviceStatus } from '../../contract/devices';
import { DEFAULT_DEVICE_LOGIN, FACTORY_PASSWORD } from '../../contract/wizard';
import { buyers } from '../db/schema/buyers';
import type { JsonValue } from '../db/schema/devices';
import { ApiError } from '../http/errors';
import { jsonObject, type JsonText } from '../http/json-text';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { idFilter } from '../http/validation';
import { existingHouseUids } from '../repositories/device-card';
import { CountCache, countDevices, countKey, listDevicePage, parseDeviceSort, type DeviceListFilter, type DevicePage } from '../repositories/device-list';
import { createDevice, setGroupsOfDevices } from '../repositories/device-settings';
import { newDeviceOptions } from '../repositories/device-wizard';
import { deviceRefsByMac, findDevice, macsOfHouse } from '../repositories/devices';
import { DEVICE_EDITORS, DEVICE_READERS, requireDevicesByMac, requireGroupsOfBuyers, scopeOf, type DeviceRouteOptions } from './device-card-shared';
import { refuseHousesOutOfScope } from './houses';
import { buyerScope } from '../plugins/session';
import { deviceCardRoutes } from './device-card';
import { deviceSettingsRoutes } from './device-card-settings';

/** The device list asks for its visible rows: a page, or a few. */
export const MAX_STATUS_MACS = 100;
export const MAX_GROUP_MACS = 500;
const MAX_GROUPS = 100;
export const DEFAULT_DEVICE_SORT = '-LAST_CHANGE';
/** Device-list totals are reused this long by default (docs: "totals may lag a few seconds"). */
export const DEFAULT_COUNT_TTL_MS = 5_000;

/** The list's answer: the page's rows as the database wrote them, and the pagination. */
export function deviceListAnswer(listed: DevicePage, page: number, total: number): JsonText<DeviceListResponse> {
  return jsonObject<DeviceListResponse>({ result: true, data: listed.rows, pagination: paginationOf(listed.count, page, total, DEVICE_LIST_PAGE_SIZE) });
}

export async function deviceRoutes(app: FastifyInstance, options: DeviceRouteOptions): Promise<void> {
  const counts = new CountCache(options.countTtlMs ?? DEFAULT_COUNT_TTL_MS);
  // Any device write may change a total; the card's routes clear it through this hook as well.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && /^\/front\/(device|devices|device-list)\//.test(request.url)) counts.clear();
  });

  // Support reads it for the house page; like every device read, only the caller's buyer's devices.
  defineRoute(app, deviceEndpoints.macsFromHouse, { access: DEVICE_READERS }, async ({ query, request, db }) => {
    const macs = await macsOfHouse(db, query.houseUid);
    if (macs === null) throw new ApiError(404, 'Дом не найден');
    // Only the devices the caller's device list shows, so every MAC a snapshot takes opens.
    const buyerId = buyerScope(request);
    if (buyerId === null) return { result: true, data: macs };
    const visible = new Set((await deviceRefsByMac(db, { buyerId }, macs)).map((device) => device.mac));
    return { result: true, data: macs.filter((mac) => visible.has(mac)) };
  });

  defineRoute(app, deviceEndpoints.list, { access: DEVICE_READERS }, async ({ query, request, db }) => {
    const page = pageNumber(query.page);
    const filter: DeviceListFilter = parseDeviceListFilter(query);
    const scope = scopeOf(request);
    const sort = parseDeviceSort(query.sort ?? DEFAULT_DEVICE_SORT);
    const key = countKey(scope, filter);
    const cached = counts.get(key);
    const [listed, total] = await Promise.all([
      listDevicePage(db, scope, filter, sort, page, DEVICE_LIST_PAGE_SIZE),
      cached ?? countDevices(db, scope, filter),
    ]);
    if (cached === null) counts.set(key, total);
    return deviceListAnswer(listed, page, total);
  });

  defineRoute(app, deviceEndpoints.statuses, { access: DEVICE_READERS }, async ({ query, request, db }) => {
    const macs = [...new Set(query.macs)];
    if (macs.length > MAX_STATUS_MACS) throw new ApiError(400, `Некорректное поле macs: не больше ${MAX_STATUS_MACS} адресов за один запрос`);
    const refs = await deviceRefsByMac(db, scopeOf(request), macs);
    const live = await options.gateway.statuses(refs);
    const data: Record<string, DeviceStatus> = {};
    for (const ref of refs) {
      const status = live.get(ref.mac) ?? { liveStatus: false, sipStatus: false, rtspStatus: false };
      // The list does not ask the external system (one call per row); the card does.
      data[ref.mac] = { ...status, externalExists: null };
    }
    return { result: true, data };
  });

  defineRoute(app, deviceEndpoints.create, { access: DEVICE_EDITORS }, async ({ body, request, db }) => {
    const scope = scopeOf(request);
    const buyerId = body.buyerId ?? request.user!.buyerId;
    if (scope.buyerId !== null && buyerId !== scope.buyerId) throw new ApiError(403, 'Нельзя создать устройство другого покупателя');
    const [buyer] = await db.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).limit(1);
    if (!buyer) throw new ApiError(400, `Некорректное поле buyerId: покупатель ${buyerId} не найден`);
    checkLength('url', body.url, 255);
    checkLength('login', body.login, 64);
    checkLength('password', body.password, 64);
    const houses = [...new Set(body.houses ?? [])];
    const known = await existingHouseUids(db, houses);
    const unknown = houses.filter((uid) => !known.has(uid));
    if (unknown.length > 0) throw new ApiError(400, `Некорректное поле houses: дома не найдены: ${unknown.join(', ')}`);
    await refuseHousesOutOfScope(db, scope.buyerId, houses, (index) => `houses.${index}`);
    const deviceOptions: Record<string, JsonValue> = {
      ...newDeviceOptions(),
      url: body.url?.trim() ?? '',
      login: body.login?.trim() || DEFAULT_DEVICE_LOGIN,
      password: body.password || FACTORY_PASSWORD,
    };
    if (body.revision !== undefined) deviceOptions['systemInfo.revision'] = body.revision;
    const id = await createDevice(db, { mac: body.mac, type: body.type, buyerId, options: deviceOptions, houses });
    if (id === null) throw new ApiError(409, `Устройство с MAC-адресом ${body.mac} уже существует`);
    const record = await findDevice(db, { buyerId: null }, { id });
    return { result: true, message: `Устройство ${body.mac} (${DEVICE_TYPE_NAMES[body.type]}) создано`, data: record!.device };
  });

  defineRoute(app, deviceEndpoints.multipleSetGroups, { access: DEVICE_EDITORS }, async ({ body, request, db }) => {
    if (body.groups.length > MAX_GROUPS) throw new ApiError(400, `Некорректное поле groups: не больше ${MAX_GROUPS} групп`);
    body.groups.forEach((id, index) => idFilter(`groups.${index}`, id));
    const found = await requireDevicesByMac(db, request, body.macs, MAX_GROUP_MACS);
    await requireGroupsOfBuyers(db, body.groups, found);
    const updated = await setGroupsOfDevices(
      db,
      found.map((device) => device.id),
      body.groups,
      body.clearOld,
    );
    return { result: true, message: `Группы назначены устройствам: ${updated}`, updated };
  });

  await app.register(deviceCardRoutes, options);
  await app.register(deviceSettingsRoutes, options);
}

const MAC_PART = /^[0-9A-F]{1,12}$/;

function parseInstant(field: string, value: string | undefined, endOfDay: boolean): Date | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  // A bare date means the whole day (UTC): from its first to its last millisecond.
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const parsed = new Date(dateOnly ? `${text}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : text);
  if (Number.isNaN(parsed.getTime())) throw new ApiError(400, `Некорректное поле ${field}: ожидается дата ISO 8601, получено: ${JSON.stringify(value)}`);
  return parsed;
}

/** The list query as a repository filter; a value that cannot match anything is a 400 naming the field. */
export function parseDeviceListFilter(query: DeviceListQuery): DeviceListFilter {
  const filter: DeviceListFilter = {};
  const macPart = query.mac?.replace(/[\s:.-]/g, '').toUpperCase() ?? '';
  if (macPart !== '') {
    if (!MAC_PART.test(macPart)) throw new ApiError(400, `Некорректное поле mac: ожидается часть MAC-адреса (до 12 шестнадцатеричных цифр), получено: ${JSON.stringify(query.mac)}`);
    filter.macPart = macPart;
  }
  if (query.houseUid?.trim()) filter.houseUid = query.houseUid.trim();
  if (query.status !== undefined) {
    if (!(DEVICE_STATUS_CODES as readonly number[]).includes(query.status)) {
      throw new ApiError(400, `Некорректное поле status: допустимые значения: ${DEVICE_STATUS_CODES.join(', ')}`);
    }
    filter.status = query.status;
  }
  if (query.type !== undefined) {
    if (query.type < 0 || query.type >= DEVICE_TYPE_NAMES.length) throw new ApiError(400, `Некорректное поле type: ожидается тип от 0 до ${DEVICE_TYPE_NAMES.length - 1}`);
    filter.type = query.type;
  }
  if (query.mcId !== undefined) filter.mcId = idFilter('mcId', query.mcId);
  filter.createdFrom = parseInstant('createDateFrom', query.createDateFrom, false);
  filter.createdTo = parseInstant('createDateTo', query.createDateTo, true);
  filter.changedFrom = parseInstant('lastChangeFrom', query.lastChangeFrom, false);
  filter.changedTo = parseInstant('lastChangeTo', query.lastChangeTo, true);
  if (query.outOfSync) filter.outOfSync = true;
  for (const key of Object.keys(filter) as (keyof DeviceListFilter)[]) if (filter[key] === undefined) delete filter[key];
  return filter;
}

function checkLength(field: string, value: string | undefined, max: number): void {
  if (value !== undefined && value.length > max) throw new ApiError(400, `Некорректное поле ${field}: не длиннее ${max} символов`);
}
