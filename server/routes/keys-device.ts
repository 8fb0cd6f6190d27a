import type { FastifyInstance } from 'fastify';
import { object, string } from 'superstruct';
import { MacLike } from '../../contract/common';
import { KEY_LIST_PAGE_SIZE, KEY_SCENARIO_MAX, KEY_SCENARIO_MIN, keyEndpoints, type MultipleKeyFailure } from '../../contract/keys';
import type { Db } from '../db/client';
import type { DeviceChange, DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { buyerScope } from '../plugins/session';
import { listAllKeys, listDeviceKeys, type KeyListFilter } from '../repositories/key-list';
import { findDeviceKeys, setKeySecurity, setKeysScenario, type StoredKey } from '../repositories/keys';
import { AfterCommit } from '../http/after-commit';
import { owedWriteText, type OwedNote } from '../repositories/device-sync';
import { noteOf, storeOweAndSend } from '../jobs/device-sync-runner';
import { deviceRefOf } from '../repositories/devices';
import { DEVICE_NOT_FOUND, MacParams } from './device-card-shared';
import {
  KEY_EDITORS,
  KEY_READERS,
  addKey,
  checkKeyValue,
  compactKeyValue,
  flatNumber,
  isHex,
  keyTypesOf,
  removeKeys,
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

/** The items' keys (each once), and the items none was found for, in the items' order. */
function matchItems(keys: readonly StoredKey[], items: readonly { value: string; inner?: 0 | 1 }[]): { found: StoredKey[]; failed: MultipleKeyFailure[] } {
  const taken = new Set<number>();
  const found: StoredKey[] = [];
  const failed: MultipleKeyFailure[] = [];
  for (const item of items) {
    const value = compactKeyValue(item.value);
    const matches = keys.filter((key) => key.value === value && (item.inner === undefined || key.inner === (item.inner === 1)) && !taken.has(key.id));
    if (matches.length === 0) failed.push({ value: item.value, inner: item.inner ?? 0, message: KEY_NOT_FOUND });
    for (const key of matches) taken.add(key.id);
    found.push(...matches);
  }
  return { found, failed };
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
        message: null,
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
      message: null,
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
    const added = await addKey(db, gateway, request, device, {
      value,
      keyType,
      flatNum,
      flatField: 'FLAT_NUM',
      inner: body.INNER === 1,
      rs,
      isSecurity: body.IS_SECURITY === 1,
      authentic: body.AUTHENTIC !== 0,
    }, app.deviceSync);
    return added.map(({ key, text }) => ({ result: true, ...text, data: key }));
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
    const { found, failed } = matchItems(keys, body.items);
    const ids = found.map((key) => key.id);
    // Stored and owed to the device in one transaction, then sent; a refusal stays owed (docs/api.md "Device sync").
    let note = AfterCommit.done<OwedNote>(null);
    if (found.length > 0 && body.action === 'deleteKeys') note = await removeKeys(db, gateway, app.deviceSync, found.map((key) => ({ ...key, deviceId: device.ref.id })));
    else if (found.length > 0) {
      const add = body.action === 'addScenario';
      const change: DeviceChange = { kind: 'keyScenario', action: add ? 'add' : 'remove', scenario: scenario!, values: [...new Set(found.map((key) => key.value))], rs };
      const written = await storeOweAndSend(db, gateway, app.deviceSync, [{ deviceId: device.ref.id, change }], async (tx) => {
        await setKeysScenario(tx, ids, scenario!, add);
        return true;
      });
      note = noteOf(written);
    }
    return note.map((owed) => ({ result: true, ...owedWriteText('keys.processed', owed, { processed: found.length, failed: failed.length }), processed: found.length, failed }));
  });

  for (const mode of ['encode', 'decode'] as const) {
    const secure = mode === 'encode';
    defineRoute(app, keyEndpoints[mode], editors, async ({ params, body, request, db }) => {
      const rs = body.rs === true;
      const device = await requireKeyDevice(db, request, { mac: params.mac });
      const value = compactKeyValue(body.value);
      const key = await oneKey(db, device.ref.id, value, rs, body.inner);
      if (key.isSecurity === secure) throw new ApiError(409, secure ? `Ключ ${value} уже в режиме безопасности` : `Ключ ${value} уже не в режиме безопасности`);
      const change: DeviceChange = { kind: 'key', action: mode, value, flatNum: key.flatNum, rs, inner: key.inner };
      const written = await storeOweAndSend(db, gateway, app.deviceSync, [{ deviceId: device.ref.id, change }], async (tx) => {
        await setKeySecurity(tx, key.id, secure);
        return true;
      });
      return noteOf(written).map((note) => ({ result: true, ...owedWriteText(secure ? 'key.secured' : 'key.unsecured', note) }));
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
      const removed = await removeKeys(db, gateway, app.deviceSync, [{ ...key, deviceId: device.ref.id }]);
      return removed.map((note) => ({ result: true, ...owedWriteText('key.rsRemoved', note) }));
    },
  );
}
