import type { FastifyInstance } from 'fastify';
import { object, string } from 'superstruct';
import { MacLike } from '../../contract/common';
import { KEY_LIST_PAGE_SIZE, KEY_SCENARIO_MAX, KEY_SCENARIO_MIN, keyEndpoints, type MultipleKeyFailure } from '../../contract/keys';
import type { Db } from '../db/client';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { buyerScope } from '../plugins/session';
import { listAllKeys, listDeviceKeys, type KeyListFilter } from '../repositories/key-list';
import { deleteKeyRows, findDeviceKeys, setKeySecurity, setKeysScenario, type StoredKey } from '../repositories/keys';
import { deviceRefOf } from '../repositories/devices';
import { DEVICE_NOT_FOUND, MacParams, onDevice } from './device-card-shared';
import {
  KEY_EDITORS,
  KEY_READERS,
  addKey,
  checkKeyValue,
  compactKeyValue,
  flatNumber,
  isHex,
  keyTypesOf,
  mapLimit,
  removeFromDevice,
  requireBulkSize,
  requireKeyDevice,
} from './keys-shared';

const KEY_NOT_FOUND = 'Ключ не найден на устройстве';

/** `key` of the list: a value prefix, separators dropped, upper case; hex only. */
function searchPrefix(key: string | undefined): string | undefined {
  const prefix = compactKeyValue(key ?? '');
  if (prefix === '') return undefined;
  if (!isHex(prefix)) throw new ApiError(400, 'Некорректное поле key: ожидаются шестнадцатеричные цифры (0–9, A–F)');
  return prefix;
}

/** The device's key by value (panel or RS, inner and outer unless `inner` is given); 400 naming inner when both sides hold it. */
async function oneKey(db: Db, deviceId: number, value: string, rs: boolean, inner: 0 | 1 | undefined): Promise<StoredKey> {
  const found = await findDeviceKeys(db, deviceId, { value }, { rs, inner: inner === undefined ? undefined : inner === 1 });
  if (found.length === 0) throw new ApiError(404, `${KEY_NOT_FOUND}: ${value}`);
  if (found.length > 1) throw new ApiError(400, `Некорректное поле inner: ключ ${value} есть и внутренний, и внешний — укажите inner`);
  return found[0];
}

/** Each item's keys through `apply`: the ones done, and the ones not found or refused, with why, in the items' order. */
async function processItems(
  keys: readonly StoredKey[],
  items: readonly { value: string; inner?: 0 | 1 }[],
  apply: (key: StoredKey) => Promise<void>,
): Promise<{ done: StoredKey[]; failed: MultipleKeyFailure[] }> {
  const taken = new Set<number>();
  const outcomes = await mapLimit(items, 4, async (item) => {
    const value = compactKeyValue(item.value);
    const matches = keys.filter((key) => key.value === value && (item.inner === undefined || key.inner === (item.inner === 1)) && !taken.has(key.id));
    if (matches.length === 0) return [{ key: null, failure: { value: item.value, inner: item.inner ?? 0, message: KEY_NOT_FOUND } }];
    for (const key of matches) taken.add(key.id);
    return Promise.all(
      matches.map((key) =>
        apply(key).then(
          () => ({ key, failure: null }),
          (error: unknown) => ({ key: null, failure: { value: key.value, inner: key.inner ? 1 : 0, message: error instanceof Error ? error.message : String(error) } as MultipleKeyFailure }),
        ),
      ),
    );
  });
  const flat = outcomes.flat();
  return { done: flat.flatMap((outcome) => (outcome.key ? [outcome.key] : [])), failed: flat.flatMap((outcome) => (outcome.failure ? [outcome.failure] : [])) };
}

/** A device's keys and its RS485 controllers' (docs/api.md "Keys"). */
export async function deviceKeyRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const { gateway } = options;
  const editors = { access: KEY_EDITORS, idempotent: true, params: MacParams } as const;

  defineRoute(app, keyEndpoints.list, { access: KEY_READERS }, async ({ body, request, db }) => {
    const page = pageNumber(body.page);
    const filter: KeyListFilter = { valuePrefix: searchPrefix(body.key), flatNum: flatNumber('panelCode', body.panelCode) ?? undefined };
    if (body.mac === undefined) {
      const listed = await listAllKeys(db, buyerScope(request), filter, page, KEY_LIST_PAGE_SIZE);
      return {
        result: true,
        device: null,
        deviceLiveStatus: null,
        keyTypes: null,
        data: listed.rows,
        addresses: listed.addresses,
        pagination: paginationOf(listed.rows.length, page, listed.total, KEY_LIST_PAGE_SIZE),
        ...(listed.capped ? { countCapped: true } : {}),
      };
    }
    const rs = body.rs === true;
    const listed = await listDeviceKeys(db, { mac: body.mac, buyerId: buyerScope(request) }, rs, filter, page, KEY_LIST_PAGE_SIZE);
    if (listed.deviceId === null || listed.device === null) throw new ApiError(404, `${DEVICE_NOT_FOUND}: ${body.mac}`);
    const { device } = listed;
    const ref = deviceRefOf({ id: listed.deviceId, removalReason: null, device });
    const live = await gateway.statuses([ref]);
    return {
      result: true,
      device,
      deviceLiveStatus: live.get(ref.mac)?.liveStatus ?? false,
      keyTypes: keyTypesOf(ref, rs),
      data: listed.rows,
      addresses: listed.addresses,
      pagination: paginationOf(listed.rows.length, page, listed.total, KEY_LIST_PAGE_SIZE),
    };
  });

  defineRoute(app, keyEndpoints.createDeviceKey, editors, async ({ params, body, request, db }) => {
    const rs = body.RS === 1;
    const device = await requireKeyDevice(db, request, { mac: params.mac });
    const types = keyTypesOf(device.ref, rs);
    if (types.length === 0) throw new ApiError(409, `Устройство ${params.mac} не принимает ключи${rs ? ' на контроллерах RS485' : ''}`);
    if (body.KEY_TYPE !== undefined && !types.includes(body.KEY_TYPE)) {
      throw new ApiError(400, `Некорректное поле KEY_TYPE: устройство ${params.mac} ${rs ? '(RS485) ' : ''}принимает ${types.join(', ')}`);
    }
    const { value, keyType } = checkKeyValue('VALUE', body.VALUE, types, body.KEY_TYPE);
    const flatNum = flatNumber('FLAT_NUM', body.FLAT_NUM);
    const key = await addKey(db, gateway, request, device, {
      value,
      keyType,
      flatNum,
      flatField: 'FLAT_NUM',
      inner: body.INNER === 1,
      rs,
      isSecurity: body.IS_SECURITY === 1,
      authentic: body.AUTHENTIC !== 0,
    }, app.deviceSync);
    return { result: true, message: 'Ключ добавлен', data: key };
  });

  defineRoute(app, keyEndpoints.multiple, editors, async ({ params, body, request, db }) => {
    requireBulkSize('items', body.items.length);
    const scenario = body.scenario;
    if (body.action !== 'deleteKeys' && (scenario === undefined || scenario < KEY_SCENARIO_MIN || scenario > KEY_SCENARIO_MAX)) {
      throw new ApiError(400, `Некорректное поле scenario: для ${body.action} ожидается номер сценария от ${KEY_SCENARIO_MIN} до ${KEY_SCENARIO_MAX}`);
    }
    const rs = body.rs === true;
    const device = await requireKeyDevice(db, request, { mac: params.mac });
    const values = [...new Set(body.items.map((item) => compactKeyValue(item.value)).filter(isHex))];
    const keys = values.length === 0 ? [] : await findDeviceKeys(db, device.ref.id, { values }, { rs });
    const apply =
      body.action === 'deleteKeys'
        ? (key: StoredKey) => removeFromDevice(gateway, device.ref, key)
        : (key: StoredKey) => gateway.apply(device.ref, { kind: 'keyScenario', action: body.action === 'addScenario' ? 'add' : 'remove', scenario: scenario!, values: [key.value] });
    const { done, failed } = await processItems(keys, body.items, apply);
    const ids = done.map((key) => key.id);
    if (body.action === 'deleteKeys') await deleteKeyRows(db, ids);
    else await setKeysScenario(db, ids, scenario!, body.action === 'addScenario');
    return { result: true, message: `Обработано ключей: ${done.length}, с ошибкой: ${failed.length}`, processed: done.length, failed };
  });

  for (const mode of ['encode', 'decode'] as const) {
    const secure = mode === 'encode';
    defineRoute(app, keyEndpoints[mode], editors, async ({ params, body, request, db }) => {
      const rs = body.rs === true;
      const device = await requireKeyDevice(db, request, { mac: params.mac });
      const value = compactKeyValue(body.value);
      const key = await oneKey(db, device.ref.id, value, rs, body.inner);
      if (key.isSecurity === secure) throw new ApiError(409, secure ? `Ключ ${value} уже в режиме безопасности` : `Ключ ${value} уже не в режиме безопасности`);
      await onDevice(() => gateway.apply(device.ref, { kind: 'key', action: mode, value, flatNum: key.flatNum, rs, inner: key.inner }));
      await setKeySecurity(db, key.id, secure);
      return { result: true, message: secure ? 'Ключ переведён в режим безопасности' : 'Ключ выведен из режима безопасности' };
    });
  }

  defineRoute(
    app,
    keyEndpoints.removeRsKey,
    { access: KEY_EDITORS, idempotent: true, params: object({ mac: MacLike, key: string(), inner: string() }) },
    async ({ params, request, db }) => {
      if (params.inner !== '0' && params.inner !== '1') throw new ApiError(400, `Некорректное поле inner: ожидается 0 или 1, получено «${params.inner}»`);
      const device = await requireKeyDevice(db, request, { mac: params.mac });
      const key = await oneKey(db, device.ref.id, compactKeyValue(params.key), true, params.inner === '1' ? 1 : 0);
      await onDevice(() => removeFromDevice(gateway, device.ref, key));
      await deleteKeyRows(db, [key.id]);
      return { result: true, message: 'Ключ удалён с контроллера RS485' };
    },
  );
}
