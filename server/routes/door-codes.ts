import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { MacLike } from '../../contract/common';
import { DOOR_CODE_PAGE_SIZE, KEYLESS_PAGE_SIZE, doorCodeEndpoints, type DoorCode } from '../../contract/door-codes';
import { PERMISSIONS, ROLES } from '../../contract/users';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { Id, IdParams } from '../http/structs';
import { buyerScope } from '../plugins/session';
import { flatRangeOfDevice } from '../repositories/commutators';
import { owedCodeKey, owedDoorCodes } from '../repositories/device-sync';
import { deviceAddress, listDoorCodes, listKeylessCodes } from '../repositories/door-codes';
import {
  changeDoorCode,
  checkFlatNum,
  createDoorCode,
  createKeylessCode,
  keylessData,
  removeDoorCode,
  removeKeylessCode,
  requireCodeDevice,
  retryKeylessCode,
} from '../services/door-codes';
import { writeContext } from '../services/write-context';

/** Codes are read like keys (docs/api.md "Door codes"): the keys permission, management or support. */
const CODE_READERS = { permissions: [PERMISSIONS.keysList], roles: [ROLES.management, ROLES.support] } as const;
const CODE_EDITORS = { permissions: [PERMISSIONS.keysList], roles: [ROLES.management] } as const;
const MacParams = object({ mac: MacLike });
const MacIdParams = object({ mac: MacLike, id: Id });

/** Door codes (docs/api.md "Door codes"): a device's door-open codes and keyless access. */
export async function doorCodeRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const devices = { gateway: options.gateway, sync: app.deviceSync };

  defineRoute(app, doorCodeEndpoints.list, { access: CODE_READERS, params: MacParams }, async ({ params, query, request, db }) => {
    const page = pageNumber(query.page);
    if (query.flatNum !== undefined) checkFlatNum(query.flatNum);
    const { record, flags } = await requireCodeDevice(db, buyerScope(request), params.mac);
    const now = new Date();
    const [range, address, codes, owed] = await Promise.all([
      flatRangeOfDevice(db, record.id),
      deviceAddress(db, record.id),
      listDoorCodes(db, record.id, { flatNum: query.flatNum, page, pageSize: DOOR_CODE_PAGE_SIZE }, now),
      owedDoorCodes(db, record.id),
    ]);
    // A code the device has not taken yet is marked, as the keyless page marks its devices.
    const marked = (code: DoorCode): DoorCode => {
      const key = owedCodeKey(code.flatNum, code.code);
      if (!owed.has(key)) return { ...code, owed: null };
      const reason = owed.get(key) ?? null;
      if (reason?.messageCode === undefined) return { ...code, owed: { reason: reason?.message ?? null } };
      return { ...code, owed: { reason: reason.message, reasonCode: reason.messageCode, reasonParams: reason.messageParams ?? {} } };
    };
    return {
      result: true,
      device: record.device,
      address,
      canFlatDoorCode: flags.canFlatDoorCode,
      flatRange: range && { firstFlat: range.firstFlat, lastFlat: range.lastFlat, entranceNum: range.entranceNum, entranceTitle: range.entranceTitle },
      common: codes.common && marked(codes.common),
      data: codes.data.map(marked),
      pagination: paginationOf(codes.data.length, page, codes.total, DOOR_CODE_PAGE_SIZE),
    };
  });

  defineRoute(app, doorCodeEndpoints.create, { access: CODE_EDITORS, params: MacParams, idempotent: true }, async ({ params, body, request, db }) =>
    createDoorCode(writeContext(request, db, devices), params.mac, body),
  );

  defineRoute(app, doorCodeEndpoints.update, { access: CODE_EDITORS, params: MacIdParams }, async ({ params, body, request, db }) =>
    changeDoorCode(writeContext(request, db, devices), params.mac, params.id, body),
  );

  defineRoute(app, doorCodeEndpoints.remove, { access: CODE_EDITORS, params: MacIdParams }, async ({ params, request, db }) =>
    removeDoorCode(writeContext(request, db, devices), params.mac, params.id),
  );

  // Keyless access -----------------------------------------------------------------------------

  defineRoute(app, doorCodeEndpoints.keylessList, { access: CODE_READERS }, async ({ query, request, db }) => {
    const page = pageNumber(query.page);
    const { data, total } = await listKeylessCodes(
      db,
      {
        buyerId: buyerScope(request),
        service: query.service,
        deviceMac: query.mac,
        active: query.active === undefined ? undefined : query.active === '1',
        page,
        pageSize: KEYLESS_PAGE_SIZE,
      },
      new Date(),
    );
    return { result: true, data, pagination: paginationOf(data.length, page, total, KEYLESS_PAGE_SIZE) };
  });

  defineRoute(app, doorCodeEndpoints.keylessGet, { access: CODE_READERS, params: IdParams }, async ({ params, request, db }) => ({
    result: true,
    data: await keylessData(db, buyerScope(request), params.id, new Date()),
  }));

  defineRoute(app, doorCodeEndpoints.keylessCreate, { access: CODE_EDITORS, idempotent: true }, async ({ body, request, db }) =>
    createKeylessCode(writeContext(request, db, devices), body),
  );

  defineRoute(app, doorCodeEndpoints.keylessRetry, { access: CODE_EDITORS, params: IdParams }, async ({ params, request, db }) =>
    retryKeylessCode(writeContext(request, db, devices), params.id),
  );

  defineRoute(app, doorCodeEndpoints.keylessRemove, { access: CODE_EDITORS, params: IdParams }, async ({ params, request, db }) =>
    removeKeylessCode(writeContext(request, db, devices), params.id),
  );
}
