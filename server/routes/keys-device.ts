import type { FastifyInstance } from 'fastify';
import { object, string } from 'superstruct';
import { MacLike } from '../../contract/common';
import { KEY_LIST_PAGE_SIZE, keyEndpoints } from '../../contract/keys';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { buyerScope } from '../plugins/session';
import { listAllKeys, listDeviceKeys, type KeyListFilter } from '../repositories/key-list';
import { deviceRefOf } from '../repositories/devices';
import { DEVICE_NOT_FOUND } from '../services/device-lookup';
import { addDeviceKey, processDeviceKeys, removeRsKey, setKeySecurityMode } from '../services/keys';
import { writeContext } from '../services/write-context';
import { MacParams } from './device-card-shared';
import { KEY_EDITORS, KEY_READERS, compactKeyValue, flatNumber, isHex, keyTypesOf, requireBulkSize } from './keys-shared';

/** `key` of the list: a value prefix, separators dropped, upper case; hex only. */
function searchPrefix(key: string | undefined): string | undefined {
  const prefix = compactKeyValue(key ?? '');
  if (prefix === '') return undefined;
  if (!isHex(prefix)) throw new ApiError(400, 'Некорректное поле key: ожидаются шестнадцатеричные цифры (0–9, A–F)');
  return prefix;
}

/** A device's keys and its RS485 controllers' (docs/api.md "Keys"). */
export async function deviceKeyRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const { gateway } = options;
  const devices = { gateway, sync: app.deviceSync };
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

  defineRoute(app, keyEndpoints.createDeviceKey, editors, async ({ params, body, request, db }) => addDeviceKey(writeContext(request, db, devices), params.mac, body));

  defineRoute(app, keyEndpoints.multiple, editors, async ({ params, body, request, db }) => {
    requireBulkSize('items', body.items.length);
    return processDeviceKeys(writeContext(request, db, devices), params.mac, body);
  });

  for (const mode of ['encode', 'decode'] as const) {
    defineRoute(app, keyEndpoints[mode], editors, async ({ params, body, request, db }) => setKeySecurityMode(writeContext(request, db, devices), params.mac, mode === 'encode', body));
  }

  defineRoute(
    app,
    keyEndpoints.removeRsKey,
    { access: KEY_EDITORS, idempotent: true, params: object({ mac: MacLike, key: string(), inner: string() }) },
    async ({ params, request, db }) => {
      if (params.inner !== '0' && params.inner !== '1') throw new ApiError(400, `Некорректное поле inner: ожидается 0 или 1, получено «${params.inner}»`);
      return removeRsKey(writeContext(request, db, devices), params.mac, params.key, params.inner === '1');
    },
  );
}
