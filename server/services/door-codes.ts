import { randomInt } from 'node:crypto';
import { DOOR_CODE_COMMENT_MAX, DOOR_CODE_GENERATED_LENGTH, DOOR_CODE_PATTERN, KEYLESS_MAX_DEVICES, doorCodeEndpoints, type KeylessService } from '../../contract/door-codes';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { serverText } from '../../contract/server-texts';
import type { Db } from '../db/client';
import type { DeviceChange } from '../gateways/device/device-gateway';
import { AfterCommit } from '../http/after-commit';
import { ApiError } from '../http/errors';
import { noteOf, sendOwed, storeOweAndSend } from '../jobs/device-sync-runner';
import { recordDoorCode, recordKeylessCode } from '../repositories/audit-labels';
import { flatRangeOfDevice } from '../repositories/commutators';
import { oweEach, openKeylessChanges, owedWriteText, targetOutcomes } from '../repositories/device-sync';
import { deviceRefOf, deviceRefsByMac } from '../repositories/devices';
import {
  codeHolders,
  codesInUse,
  deleteDoorCode,
  deleteKeylessCode,
  deviceBuyers,
  findDoorCode,
  findKeylessCode,
  insertDoorCode,
  insertKeylessCode,
  keylessTargets,
  recordTargetResults,
  updateDoorCode,
  type CodeHolder,
} from '../repositories/door-codes';
import { flatDeviceFlags } from '../repositories/flat-devices';
import { flatOfDevice } from '../repositories/keys';
import { requireDeviceIn } from './device-lookup';
import type { AnswerOf, BodyOf, WriteContext } from './write-context';

/*
 * Door codes' and keyless codes' writes (docs/api.md "Door codes"): each checks the code against
 * the device (its flats, the codes it holds), stores it and owes it to its devices in one
 * transaction, says what it changed for the audit trail, and answers as of the commit; the owed
 * changes are sent once it has committed, and a refusal stays owed (docs/api.md "Device sync").
 */

const SERVICE_NAMES: Record<KeylessService, string> = {
  post: 'почта',
  courier: 'курьеры',
  emergency: 'экстренные службы',
  utilities: 'коммунальные службы',
  cleaning: 'уборка',
  other: 'другая служба',
};

type DoorCodeAnswer = AnswerOf<typeof doorCodeEndpoints.create>;
type KeylessAnswer = AnswerOf<typeof doorCodeEndpoints.keylessCreate>;
type Removed = AnswerOf<typeof doorCodeEndpoints.remove>;

function bad(field: string, why: string): ApiError {
  return new ApiError(400, `Некорректное поле ${field}: ${why}`);
}

function holderText(holder: CodeHolder): string {
  if (holder.kind === 'flat') return `код уже у квартиры ${holder.flatNum}`;
  if (holder.kind === 'common') return 'код уже общий код устройства';
  return `код уже у бесключевого доступа (${SERVICE_NAMES[holder.service]})`;
}

function checkedCode(code: string): string {
  const trimmed = code.trim();
  if (!DOOR_CODE_PATTERN.test(trimmed)) throw bad('code', 'ожидается от 4 до 8 цифр');
  return trimmed;
}

function checkedComment(comment: string | null | undefined): string | null {
  const trimmed = comment?.trim() ?? '';
  if (trimmed.length > DOOR_CODE_COMMENT_MAX) throw bad('comment', `не длиннее ${DOOR_CODE_COMMENT_MAX} символов`);
  return trimmed === '' ? null : trimmed;
}

/** A create's expiry: none, or a moment still ahead. */
function futureExpiry(expiresAt: string | null | undefined, now: Date): Date | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw bad('expiresAt', 'срок действия уже прошёл');
  return at;
}

/** A random code of DOOR_CODE_GENERATED_LENGTH digits that none of `taken` is. */
function generateCode(taken: ReadonlySet<string>): string {
  for (;;) {
    const code = String(randomInt(0, 10 ** DOOR_CODE_GENERATED_LENGTH)).padStart(DOOR_CODE_GENERATED_LENGTH, '0');
    if (!taken.has(code)) return code;
  }
}

/** A flat number of a door code: 1…MAX_FLAT_NUM, else 400. */
export function checkFlatNum(flatNum: number): void {
  if (flatNum < 1 || flatNum > MAX_FLAT_NUM) throw bad('flatNum', `ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
}

/** The device of the codes, if the actor's buyer may see it (404 otherwise), with what it takes. */
export async function requireCodeDevice(db: Db, scope: number | null, mac: string) {
  const record = await requireDeviceIn(db, scope, { mac });
  return { record, ref: deviceRefOf(record), flags: flatDeviceFlags(record.device.type, record.device.capabilities) };
}

/** A flat the device serves: inside its entrance's range, or (no entrance) a flat of its houses. */
async function requireDeviceFlat(db: Db, deviceId: number, mac: string, flatNum: number): Promise<void> {
  checkFlatNum(flatNum);
  const range = await flatRangeOfDevice(db, deviceId);
  if (range) {
    if (flatNum < range.firstFlat || flatNum > range.lastFlat) throw bad('flatNum', `квартиры ${flatNum} нет в подъезде устройства (${range.firstFlat}–${range.lastFlat})`);
    return;
  }
  if ((await flatOfDevice(db, deviceId, flatNum)) === null) throw bad('flatNum', `квартиры ${flatNum} нет в домах устройства ${mac}`);
}

/** 409 when another code of the device is `code`. */
async function requireFreeCode(db: Db, deviceId: number, code: string, ownId: number | null): Promise<void> {
  const holder = (await codeHolders(db, [deviceId], code)).get(deviceId);
  if (holder && !(holder.kind !== 'keyless' && holder.id === ownId)) throw new ApiError(409, `Код ${code} занят: ${holderText(holder)}`);
}

/** The keyless code, if the actor's buyer may see it; 404 otherwise. */
export async function requireKeyless(db: Db, scope: number | null, id: number, now: Date) {
  const code = await findKeylessCode(db, scope, id, now);
  if (!code) throw new ApiError(404, `Код бесключевого доступа ${id} не найден`);
  return code;
}

/** A keyless code as answered: without its buyer. */
export async function keylessData(db: Db, scope: number | null, id: number, now: Date) {
  const { buyerId: _buyerId, ...data } = await requireKeyless(db, scope, id, now);
  return data;
}

/** A device's common code (flatNum null) or a flat's: given or generated, one per flat, not held by another code of the device. */
export async function createDoorCode(ctx: WriteContext, mac: string, body: BodyOf<typeof doorCodeEndpoints.create>): Promise<AfterCommit<DoorCodeAnswer>> {
  const { db, actor, devices } = ctx;
  const now = new Date();
  const given = body.code === undefined ? null : checkedCode(body.code);
  const expiresAt = futureExpiry(body.expiresAt, now);
  const comment = checkedComment(body.comment);
  const { record, ref, flags } = await requireCodeDevice(db, actor.scope, mac);
  const { flatNum } = body;
  if (flatNum !== null) {
    if (!flags.canFlatDoorCode) throw bad('flatNum', `устройство ${ref.mac} не принимает коды квартир`);
    await requireDeviceFlat(db, record.id, ref.mac, flatNum);
  }
  if (await findDoorCode(db, record.id, { flatNum }, now)) {
    throw new ApiError(409, flatNum === null ? 'У устройства уже есть общий код: измените его' : `У квартиры ${flatNum} уже есть код: измените его`);
  }
  if (given !== null) await requireFreeCode(db, record.id, given, null);
  const code = given ?? generateCode(await codesInUse(db, [record.id]));
  const change: DeviceChange = { kind: 'doorCode', action: 'set', flatNum, code, expiresAt: expiresAt?.toISOString() ?? null };
  const written = await storeOweAndSend(db, devices.gateway, devices.sync, [{ deviceId: record.id, change }], async (tx) => {
    const stored = await insertDoorCode(tx, { deviceId: record.id, flatNum, code, expiresAt, comment, createdBy: actor.login }, now);
    recordDoorCode(ref.mac, null, stored);
    return stored;
  });
  if (!written) throw new ApiError(409, `Код ${code} или код ${flatNum === null ? 'устройства' : `квартиры ${flatNum}`} только что добавлен другим запросом`);
  return written.note.map((note) => ({ result: true, ...owedWriteText('doorCode.added', note), data: written.stored }));
}

/** A code's new digits (given or regenerated), expiry or comment; only a change of digits or expiry is owed to the device. */
export async function changeDoorCode(ctx: WriteContext, mac: string, id: number, body: BodyOf<typeof doorCodeEndpoints.update>): Promise<AfterCommit<DoorCodeAnswer>> {
  const { db, actor, devices } = ctx;
  const now = new Date();
  if (body.code !== undefined && body.regenerate) throw bad('regenerate', 'нельзя вместе с code');
  const given = body.code === undefined ? null : checkedCode(body.code);
  const { record, ref } = await requireCodeDevice(db, actor.scope, mac);
  const current = await findDoorCode(db, record.id, { id }, now);
  if (!current) throw new ApiError(404, `Код ${id} не найден на устройстве ${ref.mac}`);
  if (given !== null && given !== current.code) await requireFreeCode(db, record.id, given, current.id);
  const code = body.regenerate ? generateCode(await codesInUse(db, [record.id])) : (given ?? current.code);
  // "Expire now" is an expiry of now or earlier: allowed when changing, unlike when creating.
  const expiresAt = body.expiresAt === undefined ? (current.expiresAt === null ? null : new Date(current.expiresAt)) : body.expiresAt === null ? null : new Date(body.expiresAt);
  const comment = body.comment === undefined ? current.comment : checkedComment(body.comment);
  const toDevice = code !== current.code || expiresAt?.toISOString() !== (current.expiresAt ?? undefined);
  const change: DeviceChange = { kind: 'doorCode', action: 'set', flatNum: current.flatNum, code, expiresAt: expiresAt?.toISOString() ?? null };
  const store = async (tx: Db) => {
    const stored = await updateDoorCode(tx, current.id, { code, expiresAt, comment }, now);
    if (stored) recordDoorCode(ref.mac, current, stored);
    return stored;
  };
  const written = toDevice
    ? await storeOweAndSend(db, devices.gateway, devices.sync, [{ deviceId: record.id, change }], store)
    : await store(db).then((stored) => stored && { stored, note: AfterCommit.done(null) });
  if (!written) throw new ApiError(404, `Код ${id} не найден на устройстве ${ref.mac}`);
  return written.note.map((note) => ({ result: true, ...owedWriteText('doorCode.changed', note), data: written.stored }));
}

export async function removeDoorCode(ctx: WriteContext, mac: string, id: number): Promise<AfterCommit<Removed>> {
  const { db, actor, devices } = ctx;
  const now = new Date();
  const { record, ref } = await requireCodeDevice(db, actor.scope, mac);
  const current = await findDoorCode(db, record.id, { id }, now);
  if (!current) throw new ApiError(404, `Код ${id} не найден на устройстве ${ref.mac}`);
  const change: DeviceChange = { kind: 'doorCode', action: 'remove', flatNum: current.flatNum, code: current.code, expiresAt: current.expiresAt };
  const written = await storeOweAndSend(db, devices.gateway, devices.sync, [{ deviceId: record.id, change }], async (tx) => {
    if (!(await deleteDoorCode(tx, current.id))) return null;
    recordDoorCode(ref.mac, current, null);
    return true;
  });
  return noteOf(written).map((note) => ({ result: true, ...owedWriteText('doorCode.removed', note) }));
}

/** One code for a service on up to KEYLESS_MAX_DEVICES devices of one buyer, free on each of them. */
export async function createKeylessCode(ctx: WriteContext, body: BodyOf<typeof doorCodeEndpoints.keylessCreate>): Promise<AfterCommit<KeylessAnswer>> {
  const { db, actor, devices } = ctx;
  const now = new Date();
  const given = body.code === undefined ? null : checkedCode(body.code);
  const expiresAt = futureExpiry(body.expiresAt, now);
  const comment = checkedComment(body.comment);
  const macs = [...new Set(body.macs)];
  if (macs.length === 0 || macs.length > KEYLESS_MAX_DEVICES) throw bad('macs', `ожидается от 1 до ${KEYLESS_MAX_DEVICES} устройств`);
  const refs = await deviceRefsByMac(db, { buyerId: actor.scope }, macs);
  const known = new Set(refs.map((ref) => ref.mac));
  const unknown = macs.filter((mac) => !known.has(mac));
  if (unknown.length > 0) throw bad('macs', `устройства не найдены: ${unknown.join(', ')}`);
  const ids = refs.map((ref) => ref.id);
  const buyers = await deviceBuyers(db, ids);
  if (buyers.length !== 1) throw bad('macs', 'устройства разных покупателей в одном коде');
  const [buyerId] = buyers;
  if (given !== null) {
    const holders = await codeHolders(db, ids, given);
    if (holders.size > 0) {
      const taken = refs.filter((ref) => holders.has(ref.id)).map((ref) => `${ref.mac} (${holderText(holders.get(ref.id)!)})`);
      throw new ApiError(409, `Код ${given} занят на устройствах: ${taken.join(', ')}`);
    }
  }
  const code = given ?? generateCode(await codesInUse(db, ids));
  const change: DeviceChange = { kind: 'doorCode', action: 'set', flatNum: null, code, expiresAt: expiresAt?.toISOString() ?? null, service: body.service };
  const owed = ids.map((deviceId) => ({ deviceId, change }));
  const written = await storeOweAndSend(db, devices.gateway, devices.sync, owed, async (tx) => {
    const id = await insertKeylessCode(tx, { buyerId, service: body.service, code, expiresAt, comment, createdBy: actor.login, deviceIds: ids }, now);
    recordKeylessCode('create', { id, code, service: body.service, expiresAt, comment, macs: refs.map((ref) => ref.mac), buyerId });
    return id;
  });
  const { stored: codeId, ids: owedIds } = written!;
  // Each device's outcome is recorded as of the commit (owed), and again once sent.
  return written!.note.mapWith(db, async (_note, current) => {
    const results = await targetOutcomes(current, owedIds);
    await recordTargetResults(current, codeId, results, new Date());
    const data = await keylessData(current, actor.scope, codeId, now);
    const failed = results.filter((result) => result.status === 'failed').length;
    return { result: true, ...(failed === 0 ? serverText('keyless.written') : serverText('keyless.savedOwed', { count: failed })), data };
  });
}

/** Sends the code again to the devices that have not taken it, owing it anew where nothing is owed any more. */
export async function retryKeylessCode(ctx: WriteContext, id: number): Promise<KeylessAnswer> {
  const { db, actor, devices } = ctx;
  const now = new Date();
  const current = await requireKeyless(db, actor.scope, id, now);
  if (current.expired) throw new ApiError(409, 'Срок действия кода истёк: повторять запись незачем');
  const unwritten = (await keylessTargets(db, current.id)).filter((target) => target.status !== 'written');
  const refs = await deviceRefsByMac(db, { buyerId: current.buyerId }, unwritten.map((target) => target.mac));
  const change: DeviceChange = { kind: 'doorCode', action: 'set', flatNum: null, code: current.code, expiresAt: current.expiresAt, service: current.service };
  // A full re-sync or an older write may have left nothing owed for a device.
  const open = await openKeylessChanges(db, refs.map((ref) => ref.id), current);
  const missing = refs.filter((ref) => !open.has(ref.id)).map((ref) => ({ deviceId: ref.id, change }));
  const owed = missing.length === 0 ? [] : await db.transaction((tx) => oweEach(tx, missing));
  await sendOwed(db, devices.gateway, refs.map((ref) => ref.id), devices.sync);
  const results = await targetOutcomes(db, [...open.values(), ...owed]);
  await recordTargetResults(db, current.id, results, new Date());
  const data = await keylessData(db, actor.scope, current.id, now);
  return { result: true, ...(data.devices.failed === 0 ? serverText('keyless.written') : serverText('keyless.notWritten', { count: data.devices.failed })), data };
}

/** Deletes the code and owes its removal to the devices that were sent it. */
export async function removeKeylessCode(ctx: WriteContext, id: number): Promise<AfterCommit<Removed>> {
  const { db, actor, devices } = ctx;
  const now = new Date();
  const current = await requireKeyless(db, actor.scope, id, now);
  const sent = current.targets.filter((target) => target.status !== 'pending').map((target) => target.mac);
  const refs = await deviceRefsByMac(db, { buyerId: current.buyerId }, sent);
  const change: DeviceChange = { kind: 'doorCode', action: 'remove', flatNum: null, code: current.code, expiresAt: current.expiresAt, service: current.service };
  const owed = refs.map((ref) => ({ deviceId: ref.id, change }));
  const written = await storeOweAndSend(db, devices.gateway, devices.sync, owed, async (tx) => {
    await deleteKeylessCode(tx, current.id);
    recordKeylessCode('delete', { ...current, macs: current.targets.map((target) => target.mac) });
    return true;
  });
  return noteOf(written).mapWith(db, async (_note, currentDb) => {
    const waiting = new Set((await targetOutcomes(currentDb, written?.ids ?? [])).filter((result) => result.status === 'failed').map((result) => result.deviceId));
    const failed = refs.filter((ref) => waiting.has(ref.id)).map((ref) => ref.mac);
    return { result: true, ...(failed.length === 0 ? serverText('keyless.removed') : serverText('keyless.removedOwed', { macs: failed.join(', ') })) };
  });
}
