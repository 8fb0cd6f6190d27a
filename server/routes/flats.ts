import type { FastifyInstance } from 'fastify';
import { object, string } from 'superstruct';
import { flatEndpoints } from '../../contract/flat-card';
import { FLAT_HISTORY_KINDS, type FlatHistoryKind } from '../../contract/flats';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { Id } from '../http/structs';
import { buyerScope } from '../plugins/session';
import { entrancesOfFlat, flatCardByKey, temporaryCodeOf, usersOfFlat } from '../repositories/flat-card';
import { moveOutPreview } from '../repositories/flat-move-outs';
import { blockHistory } from '../repositories/flats';
import {
  addFlat,
  bindFlatUser,
  changeFlatStatus,
  detachFlatEntrance,
  flatKeyOf,
  flatNotFound,
  issueTemporaryCode,
  moveOutOfFlat,
  removeFlat,
  unbindFlatUser,
  undoFlatMoveOut,
  withdrawTemporaryCode,
} from '../services/flats';
import { writeContext } from '../services/write-context';
import { flatDeviceRoutes } from './flats-devices';
import { FLAT_EDITORS, FLAT_READERS, FlatParams, requireFlat } from './flats-shared';

/** Flats: the flat card's calls (docs/api.md "Flats"). */
export async function flatRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const read = { access: FLAT_READERS, params: FlatParams };
  const write = { access: FLAT_EDITORS, params: FlatParams };
  const devices = { gateway: options.gateway, sync: app.deviceSync };

  defineRoute(app, flatEndpoints.get, read, async ({ params, request, db }) => {
    const key = flatKeyOf(params.flat);
    const found = await flatCardByKey(db, key.houseUid, key.flatNum, buyerScope(request));
    if (!found) throw await flatNotFound(db, key);
    return { result: true, message: null, ...found.card };
  });

  defineRoute(app, flatEndpoints.create, { access: FLAT_EDITORS, params: object({ house: string() }), idempotent: true }, async ({ params, body, request, db }) =>
    addFlat(writeContext(request, db, devices), params.house, body),
  );

  defineRoute(app, flatEndpoints.remove, write, async ({ params, request, db }) => removeFlat(writeContext(request, db, devices), params.flat));

  defineRoute(app, flatEndpoints.setStatus, write, async ({ params, body, request, db }) => changeFlatStatus(writeContext(request, db, devices), params.flat, body));

  defineRoute(app, flatEndpoints.history, { access: FLAT_READERS, params: object({ flat: string(), historyKind: string() }) }, async ({ params, query, request, db }) => {
    if (!(FLAT_HISTORY_KINDS as readonly string[]).includes(params.historyKind)) throw new ApiError(404, `Неизвестный раздел квартиры: ${params.historyKind}`);
    const flat = await requireFlat(db, request, params.flat);
    const kind = (params.historyKind as FlatHistoryKind) === 'cms-block-history' ? 'cms' : 'manual';
    const mac = query.mac ?? null;
    return { result: true, message: null, mac, ...(await blockHistory(db, flat.id, kind, mac)) };
  });

  defineRoute(app, flatEndpoints.entrances, read, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    return { result: true, data: await entrancesOfFlat(db, flat) };
  });

  defineRoute(app, flatEndpoints.removeEntrance, write, async ({ params, body, request, db }) =>
    detachFlatEntrance(writeContext(request, db, devices), params.flat, body.entranceUid),
  );

  defineRoute(app, flatEndpoints.users, read, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    return { result: true, data: await usersOfFlat(db, flat) };
  });

  defineRoute(app, flatEndpoints.addUser, write, async ({ params, body, request, db }) => bindFlatUser(writeContext(request, db, devices), params.flat, body.userId));

  defineRoute(app, flatEndpoints.removeUser, write, async ({ params, body, request, db }) => unbindFlatUser(writeContext(request, db, devices), params.flat, body.userId));

  defineRoute(app, flatEndpoints.temporaryCode, read, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    return { result: true, data: await temporaryCodeOf(db, flat.id) };
  });

  defineRoute(app, flatEndpoints.setTemporaryCode, { ...write, idempotent: true }, async ({ params, body, request, db }) =>
    issueTemporaryCode(writeContext(request, db, devices), params.flat, body.duration),
  );

  defineRoute(app, flatEndpoints.removeTemporaryCode, write, async ({ params, request, db }) => withdrawTemporaryCode(writeContext(request, db, devices), params.flat));

  defineRoute(app, flatEndpoints.moveOutPreview, read, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    return { result: true, data: await moveOutPreview(db, flat) };
  });

  defineRoute(app, flatEndpoints.moveOut, { ...write, idempotent: true }, async ({ params, request, db }) => moveOutOfFlat(writeContext(request, db, devices), params.flat));

  defineRoute(app, flatEndpoints.undoMoveOut, { access: FLAT_EDITORS, params: object({ flat: string(), moveOutId: Id }) }, async ({ params, request, db }) =>
    undoFlatMoveOut(writeContext(request, db, devices), params.flat, params.moveOutId),
  );

  await flatDeviceRoutes(app, options.gateway);
}
