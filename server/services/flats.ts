import { MAX_FLAT_NUM, TEMPORARY_CODE_MAX_SECONDS, flatEndpoints } from '../../contract/flat-card';
import { parseFlatKey } from '../../contract/flats';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { MAX_ID } from '../http/validation';
import { entranceObject, recordFlatChange, recordInFlat, recordMoveOut, recordTemporaryCode, userObject } from '../repositories/audit-labels';
import { temporaryCodeOf } from '../repositories/flat-card';
import { removeTemporaryCode as deleteTemporaryCode, setTemporaryCode as storeTemporaryCode } from '../repositories/flat-codes';
import { moveOut as storeMoveOut, undoMoveOut as storeUndoMoveOut } from '../repositories/flat-move-outs';
import { addFlatUser, removeFlatUser } from '../repositories/flat-users';
import { createFlat, deleteFlat, findFlat, houseExists, removeFlatEntrance, setFlatStatus, type FlatRow } from '../repositories/flats';
import type { AnswerOf, BodyOf, WriteContext } from './write-context';

/*
 * The flat card's writes (docs/api.md "Flats"): each finds the flat the actor may see, checks its
 * input, stores the change and says what it changed for the audit trail. The writes to the flat's
 * devices are in services/flat-devices.ts.
 */

const FLAT_NOT_FOUND = 'Квартира не найдена';
const MAX_LETTER_LENGTH = 10;
const MAX_REASON_LENGTH = 500;

type Done = AnswerOf<typeof flatEndpoints.remove>;

/** The `{house}:{flat}` parameter read; a 400 naming `flat` when malformed. */
export function flatKeyOf(param: string): { houseUid: string; flatNum: number } {
  const key = parseFlatKey(param);
  if (!key || key.flatNum > MAX_FLAT_NUM) {
    throw new ApiError(400, `Некорректное поле flat: ожидается «{дом}:{номер квартиры}», номер — целое число от 1 до ${MAX_FLAT_NUM}`);
  }
  return key;
}

/** The 404 of a flat the caller cannot see: it names the house when that is what is missing. */
export async function flatNotFound(db: Db, key: { houseUid: string; flatNum: number }): Promise<ApiError> {
  if (!(await houseExists(db, key.houseUid))) return new ApiError(404, `Дом не найден: ${key.houseUid}`);
  return new ApiError(404, `${FLAT_NOT_FOUND}: ${key.flatNum}`);
}

/**
 * The flat of the `{house}:{flat}` parameter that the actor may see: a management user only
 * finds its own buyer's flats (another buyer's answers 404, like one that does not exist).
 */
export async function requireFlatIn(db: Db, scope: number | null, param: string): Promise<FlatRow> {
  const key = flatKeyOf(param);
  const flat = await findFlat(db, key.houseUid, key.flatNum, scope);
  if (flat) return flat;
  throw await flatNotFound(db, key);
}

/** Optional text: trimmed, blank is null, longer than `max` a 400 naming the field. */
export function optionalText(field: string, value: string | null | undefined, max: number): string | null {
  const text = value?.trim() ?? '';
  if (text.length > max) throw new ApiError(400, `Некорректное поле ${field}: не длиннее ${max} символов`);
  return text === '' ? null : text;
}

function requireUserId(userId: number): number {
  if (userId < 1 || userId > MAX_ID) throw new ApiError(400, `Некорректное поле userId: ожидается целое число от 1 до ${MAX_ID}`);
  return userId;
}

const requireFlat = (ctx: WriteContext, param: string) => requireFlatIn(ctx.db, ctx.actor.scope, param);

export async function addFlat(ctx: WriteContext, houseUid: string, body: BodyOf<typeof flatEndpoints.create>): Promise<AnswerOf<typeof flatEndpoints.create>> {
  const { db, actor } = ctx;
  if (body.flatNum > MAX_FLAT_NUM) throw new ApiError(400, `Некорректное поле flatNum: ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
  const letter = optionalText('letter', body.letter, MAX_LETTER_LENGTH);
  const outcome = await createFlat(db, { houseUid, flatNum: body.flatNum, letter }, { buyerId: actor.buyerId, scope: actor.scope });
  if (outcome.status === 'house-not-found' || outcome.status === 'other-buyer') throw new ApiError(404, `Дом не найден: ${houseUid}`);
  if (outcome.status === 'duplicate') throw new ApiError(409, `Квартира ${body.flatNum} в этом доме уже есть`);
  await recordFlatChange(db, { houseUid, flatNum: body.flatNum }, { action: 'create', after: { letter } });
  return { result: true, message: 'Квартира создана', data: outcome.flat };
}

export async function removeFlat(ctx: WriteContext, param: string): Promise<Done> {
  const flat = await requireFlat(ctx, param);
  await deleteFlat(ctx.db, flat.id);
  await recordFlatChange(ctx.db, flat, { action: 'delete', before: { letter: flat.letter, status: flat.status } });
  return { result: true, message: 'Квартира удалена' };
}

/** Blocks (1) or unblocks the flat, with the reason; the same status again changes nothing. */
export async function changeFlatStatus(ctx: WriteContext, param: string, body: BodyOf<typeof flatEndpoints.setStatus>): Promise<Done> {
  const { db, actor } = ctx;
  const flat = await requireFlat(ctx, param);
  const reason = optionalText('reason', body.reason, MAX_REASON_LENGTH);
  const changed = await setFlatStatus(db, flat, { status: body.status, reason, login: actor.login, userId: actor.userId });
  if (changed) await recordFlatChange(db, flat, { action: 'update', before: { status: flat.status, blockReason: flat.blockReason }, after: { status: body.status, blockReason: reason } });
  const done = body.status === 1 ? 'Квартира заблокирована' : 'Квартира разблокирована';
  return { result: true, message: changed ? done : 'Статус квартиры не изменился' };
}

export async function detachFlatEntrance(ctx: WriteContext, param: string, entranceUid: string): Promise<Done> {
  const flat = await requireFlat(ctx, param);
  if (!(await removeFlatEntrance(ctx.db, flat.id, entranceUid))) throw new ApiError(404, `Подъезд ${entranceUid} не относится к квартире`);
  await recordInFlat(ctx.db, flat, { ...(await entranceObject(ctx.db, entranceUid)), action: 'remove' });
  return { result: true, message: 'Подъезд убран из квартиры' };
}

/** Binds a user of the flat's buyer to the flat. */
export async function bindFlatUser(ctx: WriteContext, param: string, userId: number): Promise<Done> {
  const { db } = ctx;
  const flat = await requireFlat(ctx, param);
  const outcome = await addFlatUser(db, flat, requireUserId(userId));
  if (outcome === 'unknown-user') throw new ApiError(400, `Некорректное поле userId: пользователь ${userId} не найден`);
  if (outcome === 'other-buyer') throw new ApiError(400, `Некорректное поле userId: пользователь ${userId} принадлежит другому покупателю`);
  if (outcome === 'already') throw new ApiError(409, `Пользователь ${userId} уже привязан к квартире`);
  await recordInFlat(db, flat, { ...(await userObject(db, userId)), action: 'add' });
  return { result: true, message: 'Пользователь добавлен в квартиру' };
}

export async function unbindFlatUser(ctx: WriteContext, param: string, userId: number): Promise<Done> {
  const { db } = ctx;
  const flat = await requireFlat(ctx, param);
  if (!(await removeFlatUser(db, flat.id, requireUserId(userId)))) throw new ApiError(404, `Пользователь ${userId} не привязан к квартире`);
  await recordInFlat(db, flat, { ...(await userObject(db, userId)), action: 'remove' });
  return { result: true, message: 'Пользователь убран из квартиры' };
}

/** A new temporary code for the flat, valid `duration` seconds (at most a year); it replaces the one before. */
export async function issueTemporaryCode(ctx: WriteContext, param: string, duration: number): Promise<AnswerOf<typeof flatEndpoints.setTemporaryCode>> {
  const { db } = ctx;
  if (duration > TEMPORARY_CODE_MAX_SECONDS) {
    throw new ApiError(400, `Некорректное поле duration: ожидается число секунд от 1 до ${TEMPORARY_CODE_MAX_SECONDS} (год)`);
  }
  const flat = await requireFlat(ctx, param);
  const before = await temporaryCodeOf(db, flat.id);
  const code = await storeTemporaryCode(db, flat.id, duration);
  await recordTemporaryCode(db, flat, before, code);
  return { result: true, message: 'Временный код сохранён', data: code };
}

export async function withdrawTemporaryCode(ctx: WriteContext, param: string): Promise<Done> {
  const { db } = ctx;
  const flat = await requireFlat(ctx, param);
  const before = await temporaryCodeOf(db, flat.id);
  const removed = await deleteTemporaryCode(db, flat.id);
  if (removed) await recordTemporaryCode(db, flat, before, null);
  return { result: true, message: removed ? 'Временный код удалён' : 'У квартиры не было временного кода' };
}

/** Takes the flat's residents, keys, code and access away, kept for a while so it can be undone. */
export async function moveOutOfFlat(ctx: WriteContext, param: string): Promise<AnswerOf<typeof flatEndpoints.moveOut>> {
  const { db, actor } = ctx;
  const flat = await requireFlat(ctx, param);
  const done = await storeMoveOut(db, flat, actor.userId);
  if (!done) throw new ApiError(409, 'В квартире нечего убирать: жильцов, ключей, кода и доступов нет');
  await recordMoveOut(db, flat, done.removed);
  return { result: true, message: 'Жильцы выселены', data: done };
}

export async function undoFlatMoveOut(ctx: WriteContext, param: string, moveOutId: number): Promise<Done> {
  const { db } = ctx;
  const flat = await requireFlat(ctx, param);
  const outcome = await storeUndoMoveOut(db, flat.id, moveOutId);
  if (outcome.status === 'not-found') throw new ApiError(404, `Выселение ${moveOutId} у этой квартиры не найдено`);
  if (outcome.status === 'already-undone') throw new ApiError(409, 'Выселение уже отменено');
  if (outcome.status === 'expired') throw new ApiError(409, 'Срок отмены выселения истёк');
  await recordFlatChange(db, flat, { action: 'update', before: { moveOut: moveOutId }, after: { moveOut: null } });
  return { result: true, message: 'Выселение отменено' };
}
