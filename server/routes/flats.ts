import type { FastifyInstance } from 'fastify';
import { object, string } from 'superstruct';
import { MAX_FLAT_NUM, TEMPORARY_CODE_MAX_SECONDS, flatEndpoints } from '../../contract/flat-card';
import { FLAT_HISTORY_KINDS, type FlatHistoryKind } from '../../contract/flats';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { Id } from '../http/structs';
import { MAX_ID } from '../http/validation';
import { buyerScope, currentUser } from '../plugins/session';
import { entrancesOfFlat, flatCardByKey, temporaryCodeOf, usersOfFlat } from '../repositories/flat-card';
import { removeTemporaryCode, setTemporaryCode } from '../repositories/flat-codes';
import { moveOut, moveOutPreview, undoMoveOut } from '../repositories/flat-move-outs';
import { addFlatUser, removeFlatUser } from '../repositories/flat-users';
import { blockHistory, createFlat, deleteFlat, removeFlatEntrance, setFlatStatus } from '../repositories/flats';
import { entranceObject, recordFlatChange, recordInFlat, recordMoveOut, recordTemporaryCode, userObject } from '../repositories/audit-labels';
import { flatDeviceRoutes } from './flats-devices';
import { FLAT_EDITORS, FLAT_READERS, FlatParams, flatKeyOf, flatNotFound, optionalText, requireFlat } from './flats-shared';

const MAX_LETTER_LENGTH = 10;
const MAX_REASON_LENGTH = 500;

function requireUserId(userId: number): number {
  if (userId < 1 || userId > MAX_ID) throw new ApiError(400, `Некорректное поле userId: ожидается целое число от 1 до ${MAX_ID}`);
  return userId;
}

/** Flats: the flat card's calls (docs/api.md "Flats"). */
export async function flatRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const read = { access: FLAT_READERS, params: FlatParams };
  const write = { access: FLAT_EDITORS, params: FlatParams };

  defineRoute(app, flatEndpoints.get, read, async ({ params, request, db }) => {
    const key = flatKeyOf(params.flat);
    const found = await flatCardByKey(db, key.houseUid, key.flatNum, buyerScope(request));
    if (!found) throw await flatNotFound(db, key);
    return { result: true, message: null, ...found.card };
  });

  defineRoute(
    app,
    flatEndpoints.create,
    { access: FLAT_EDITORS, params: object({ house: string() }), idempotent: true },
    async ({ params, body, request, db }) => {
      if (body.flatNum > MAX_FLAT_NUM) throw new ApiError(400, `Некорректное поле flatNum: ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
      const letter = optionalText('letter', body.letter, MAX_LETTER_LENGTH);
      const outcome = await createFlat(
        db,
        { houseUid: params.house, flatNum: body.flatNum, letter },
        { buyerId: currentUser(request).buyerId, scope: buyerScope(request) },
      );
      if (outcome.status === 'house-not-found' || outcome.status === 'other-buyer') throw new ApiError(404, `Дом не найден: ${params.house}`);
      if (outcome.status === 'duplicate') throw new ApiError(409, `Квартира ${body.flatNum} в этом доме уже есть`);
      await recordFlatChange(db, { houseUid: params.house, flatNum: body.flatNum }, { action: 'create', after: { letter } });
      return { result: true, message: 'Квартира создана', data: outcome.flat };
    },
  );

  defineRoute(app, flatEndpoints.remove, write, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    await deleteFlat(db, flat.id);
    await recordFlatChange(db, flat, { action: 'delete', before: { letter: flat.letter, status: flat.status } });
    return { result: true, message: 'Квартира удалена' };
  });

  defineRoute(app, flatEndpoints.setStatus, write, async ({ params, body, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    const reason = optionalText('reason', body.reason, MAX_REASON_LENGTH);
    const user = currentUser(request);
    const changed = await setFlatStatus(db, flat, { status: body.status, reason, login: user.login, userId: user.userId });
    if (changed) await recordFlatChange(db, flat, { action: 'update', before: { status: flat.status, blockReason: flat.blockReason }, after: { status: body.status, blockReason: reason } });
    const done = body.status === 1 ? 'Квартира заблокирована' : 'Квартира разблокирована';
    return { result: true, message: changed ? done : 'Статус квартиры не изменился' };
  });

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

  defineRoute(app, flatEndpoints.removeEntrance, write, async ({ params, body, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    if (!(await removeFlatEntrance(db, flat.id, body.entranceUid))) throw new ApiError(404, `Подъезд ${body.entranceUid} не относится к квартире`);
    await recordInFlat(db, flat, { ...(await entranceObject(db, body.entranceUid)), action: 'remove' });
    return { result: true, message: 'Подъезд убран из квартиры' };
  });

  defineRoute(app, flatEndpoints.users, read, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    return { result: true, data: await usersOfFlat(db, flat) };
  });

  defineRoute(app, flatEndpoints.addUser, write, async ({ params, body, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    const outcome = await addFlatUser(db, flat, requireUserId(body.userId));
    if (outcome === 'unknown-user') throw new ApiError(400, `Некорректное поле userId: пользователь ${body.userId} не найден`);
    if (outcome === 'other-buyer') throw new ApiError(400, `Некорректное поле userId: пользователь ${body.userId} принадлежит другому покупателю`);
    if (outcome === 'already') throw new ApiError(409, `Пользователь ${body.userId} уже привязан к квартире`);
    await recordInFlat(db, flat, { ...(await userObject(db, body.userId)), action: 'add' });
    return { result: true, message: 'Пользователь добавлен в квартиру' };
  });

  defineRoute(app, flatEndpoints.removeUser, write, async ({ params, body, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    if (!(await removeFlatUser(db, flat.id, requireUserId(body.userId)))) throw new ApiError(404, `Пользователь ${body.userId} не привязан к квартире`);
    await recordInFlat(db, flat, { ...(await userObject(db, body.userId)), action: 'remove' });
    return { result: true, message: 'Пользователь убран из квартиры' };
  });

  defineRoute(app, flatEndpoints.temporaryCode, read, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    return { result: true, data: await temporaryCodeOf(db, flat.id) };
  });

  defineRoute(app, flatEndpoints.setTemporaryCode, { ...write, idempotent: true }, async ({ params, body, request, db }) => {
    if (body.duration > TEMPORARY_CODE_MAX_SECONDS) {
      throw new ApiError(400, `Некорректное поле duration: ожидается число секунд от 1 до ${TEMPORARY_CODE_MAX_SECONDS} (год)`);
    }
    const flat = await requireFlat(db, request, params.flat);
    const before = await temporaryCodeOf(db, flat.id);
    const code = await setTemporaryCode(db, flat.id, body.duration);
    await recordTemporaryCode(db, flat, before, code);
    return { result: true, message: 'Временный код сохранён', data: code };
  });

  defineRoute(app, flatEndpoints.removeTemporaryCode, write, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    const before = await temporaryCodeOf(db, flat.id);
    const removed = await removeTemporaryCode(db, flat.id);
    if (removed) await recordTemporaryCode(db, flat, before, null);
    return { result: true, message: removed ? 'Временный код удалён' : 'У квартиры не было временного кода' };
  });

  defineRoute(app, flatEndpoints.moveOutPreview, read, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    return { result: true, data: await moveOutPreview(db, flat) };
  });

  defineRoute(app, flatEndpoints.moveOut, { ...write, idempotent: true }, async ({ params, request, db }) => {
    const flat = await requireFlat(db, request, params.flat);
    const done = await moveOut(db, flat, currentUser(request).userId);
    if (!done) throw new ApiError(409, 'В квартире нечего убирать: жильцов, ключей, кода и доступов нет');
    await recordMoveOut(db, flat, done.removed);
    return { result: true, message: 'Жильцы выселены', data: done };
  });

  defineRoute(
    app,
    flatEndpoints.undoMoveOut,
    { access: FLAT_EDITORS, params: object({ flat: string(), moveOutId: Id }) },
    async ({ params, request, db }) => {
      const flat = await requireFlat(db, request, params.flat);
      const outcome = await undoMoveOut(db, flat.id, params.moveOutId);
      if (outcome.status === 'not-found') throw new ApiError(404, `Выселение ${params.moveOutId} у этой квартиры не найдено`);
      if (outcome.status === 'already-undone') throw new ApiError(409, 'Выселение уже отменено');
      if (outcome.status === 'expired') throw new ApiError(409, 'Срок отмены выселения истёк');
      await recordFlatChange(db, flat, { action: 'update', before: { moveOut: params.moveOutId }, after: { moveOut: null } });
      return { result: true, message: 'Выселение отменено' };
    },
  );

  await flatDeviceRoutes(app, options.gateway);
}
