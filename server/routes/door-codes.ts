import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object } from 'superstruct';
import { MacLike } from '../../contract/common';
import {
  DOOR_CODE_COMMENT_MAX,
  DOOR_CODE_GENERATED_LENGTH,
  DOOR_CODE_PAGE_SIZE,
  DOOR_CODE_PATTERN,
  KEYLESS_MAX_DEVICES,
  KEYLESS_PAGE_SIZE,
  doorCodeEndpoints,
  type DoorCode,
  type KeylessService,
} from '../../contract/door-codes';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { PERMISSIONS, ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import type { DeviceChange, DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { AfterCommit } from '../http/after-commit';
import { noteOf, sendOwed, storeOweAndSend } from '../jobs/device-sync-runner';
import { serverText } from '../../contract/server-texts';
import { oweEach, openKeylessChanges, owedCodeKey, owedDoorCodes, owedWriteText, targetOutcomes } from '../repositories/device-sync';
import { Id, IdParams } from '../http/structs';
import { buyerScope, currentUser } from '../plugins/session';
import { deviceRefOf, deviceRefsByMac } from '../repositories/devices';
import {
  codeHolders,
  codesInUse,
  deleteDoorCode,
  deleteKeylessCode,
  deviceAddress,
  deviceBuyers,
  findDoorCode,
  findKeylessCode,
  insertDoorCode,
  insertKeylessCode,
  keylessTargets,
  listDoorCodes,
  listKeylessCodes,
  recordTargetResults,
  updateDoorCode,
  type CodeHolder,
} from '../repositories/door-codes';
import { flatRangeOfDevice } from '../repositories/commutators';
import { flatDeviceFlags } from '../repositories/flat-devices';
import { flatOfDevice } from '../repositories/keys';
import { recordDoorCode, recordKeylessCode } from '../repositories/audit-labels';
import { requireDevice, scopeOf } from './device-card-shared';

/** Codes are read like keys (docs/api.md "Door codes"): the keys permission, management or support. */
const CODE_READERS = { permissions: [PERMISSIONS.keysList], roles: [ROLES.management, ROLES.support] } as const;
const CODE_EDITORS = { permissions: [PERMISSIONS.keysList], roles: [ROLES.management] } as const;
/** Devices written to at once by a keyless code. */

const SERVICE_NAMES: Record<KeylessService, string> = {
  post: 'почта',
  courier: 'курьеры',
  emergency: 'экстренные службы',
  utilities: 'коммунальные службы',
  cleaning: 'уборка',
  other: 'другая служба',
};

const MacParams = object({ mac: MacLike });
const MacIdParams = object({ mac: MacLike, id: Id });

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

async function requireCodeDevice(db: Db, request: FastifyRequest, mac: string) {
  const record = await requireDevice(db, request, { mac });
  return { record, ref: deviceRefOf(record), flags: flatDeviceFlags(record.device.type, record.device.capabilities) };
}

/** A flat the device serves: inside its entrance's range, or (no entrance) a flat of its houses. */
async function requireDeviceFlat(db: Db, deviceId: number, mac: string, flatNum: number): Promise<void> {
  if (flatNum < 1 || flatNum > MAX_FLAT_NUM) throw bad('flatNum', `ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
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

async function requireKeyless(db: Db, request: FastifyRequest, id: number, now: Date) {
  const code = await findKeylessCode(db, buyerScope(request), id, now);
  if (!code) throw new ApiError(404, `Код бесключевого доступа ${id} не найден`);
  return code;
}

/** Door codes (docs/api.md "Door codes"): a device's door-open codes and keyless access. */
export async function doorCodeRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const { gateway } = options;

  defineRoute(app, doorCodeEndpoints.list, { access: CODE_READERS, params: MacParams }, async ({ params, query, request, db }) => {
    const page = pageNumber(query.page);
    if (query.flatNum !== undefined && (query.flatNum < 1 || query.flatNum > MAX_FLAT_NUM)) throw bad('flatNum', `ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
    const { record, flags } = await requireCodeDevice(db, request, params.mac);
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

  defineRoute(app, doorCodeEndpoints.create, { access: CODE_EDITORS, params: MacParams, idempotent: true }, async ({ params, body, request, db }) => {
    const now = new Date();
    const given = body.code === undefined ? null : checkedCode(body.code);
    const expiresAt = futureExpiry(body.expiresAt, now);
    const comment = checkedComment(body.comment);
    const { record, ref, flags } = await requireCodeDevice(db, request, params.mac);
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
    // Stored and owed to the device in one transaction, then sent (docs/api.md "Device sync").
    const change: DeviceChange = { kind: 'doorCode', action: 'set', flatNum, code, expiresAt: expiresAt?.toISOString() ?? null };
    const written = await storeOweAndSend(db, gateway, app.deviceSync, [{ deviceId: record.id, change }], async (tx) => {
      const stored = await insertDoorCode(tx, { deviceId: record.id, flatNum, code, expiresAt, comment, createdBy: currentUser(request).login }, now);
      recordDoorCode(ref.mac, null, stored);
      return stored;
    });
    if (!written) throw new ApiError(409, `Код ${code} или код ${flatNum === null ? 'устройства' : `квартиры ${flatNum}`} только что добавлен другим запросом`);
    return written.note.map((note) => ({ result: true, ...owedWriteText('doorCode.added', note), data: written.stored }));
  });

  defineRoute(app, doorCodeEndpoints.update, { access: CODE_EDITORS, params: MacIdParams }, async ({ params, body, request, db }) => {
    const now = new Date();
    if (body.code !== undefined && body.regenerate) throw bad('regenerate', 'нельзя вместе с code');
    const given = body.code === undefined ? null : checkedCode(body.code);
    const { record, ref } = await requireCodeDevice(db, request, params.mac);
    const current = await findDoorCode(db, record.id, { id: params.id }, now);
    if (!current) throw new ApiError(404, `Код ${params.id} не найден на устройстве ${ref.mac}`);
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
    const written = toDevice ? await storeOweAndSend(db, gateway, app.deviceSync, [{ deviceId: record.id, change }], store) : await store(db).then((stored) => stored && { stored, note: AfterCommit.done(null) });
    if (!written) throw new ApiError(404, `Код ${params.id} не найден на устройстве ${ref.mac}`);
    return written.note.map((note) => ({ result: true, ...owedWriteText('doorCode.changed', note), data: written.stored }));
  });

  defineRoute(app, doorCodeEndpoints.remove, { access: CODE_EDITORS, params: MacIdParams }, async ({ params, request, db }) => {
    const now = new Date();
    const { record, ref } = await requireCodeDevice(db, request, params.mac);
    const current = await findDoorCode(db, record.id, { id: params.id }, now);
    if (!current) throw new ApiError(404, `Код ${params.id} не найден на устройстве ${ref.mac}`);
    const change: DeviceChange = { kind: 'doorCode', action: 'remove', flatNum: current.flatNum, code: current.code, expiresAt: current.expiresAt };
    const written = await storeOweAndSend(db, gateway, app.deviceSync, [{ deviceId: record.id, change }], async (tx) => {
      if (!(await deleteDoorCode(tx, current.id))) return null;
      recordDoorCode(ref.mac, current, null);
      return true;
    });
    return noteOf(written).map((note) => ({ result: true, ...owedWriteText('doorCode.removed', note) }));
  });

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

  defineRoute(app, doorCodeEndpoints.keylessGet, { access: CODE_READERS, params: IdParams }, async ({ params, request, db }) => {
    const { buyerId: _buyerId, ...data } = await requireKeyless(db, request, params.id, new Date());
    return { result: true, data };
  });

  defineRoute(app, doorCodeEndpoints.keylessCreate, { access: CODE_EDITORS, idempotent: true }, async ({ body, request, db }) => {
    const now = new Date();
    const given = body.code === undefined ? null : checkedCode(body.code);
    const expiresAt = futureExpiry(body.expiresAt, now);
    const comment = checkedComment(body.comment);
    const macs = [...new Set(body.macs)];
    if (macs.length === 0 || macs.length > KEYLESS_MAX_DEVICES) throw bad('macs', `ожидается от 1 до ${KEYLESS_MAX_DEVICES} устройств`);
    const refs = await deviceRefsByMac(db, scopeOf(request), macs);
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
    // The code and what is owed to each device in one transaction, then sent: a refusal stays owed (docs/api.md "Device sync").
    const written = await storeOweAndSend(
      db,
      gateway,
      app.deviceSync,
      ids.map((deviceId) => ({ deviceId, change })),
      async (tx) => {
        const id = await insertKeylessCode(tx, { buyerId, service: body.service, code, expiresAt, comment, createdBy: currentUser(request).login, deviceIds: ids }, now);
        recordKeylessCode('create', { id, code, service: body.service, expiresAt, comment, macs: refs.map((ref) => ref.mac), buyerId });
        return id;
      },
    );
    const { stored: codeId, ids: owedIds } = written!;
    // Each device's outcome is recorded as of the commit (owed), and again once sent.
    return written!.note.mapWith(db, async (_note, current) => {
      const results = await targetOutcomes(current, owedIds);
      await recordTargetResults(current, codeId, results, new Date());
      const { buyerId: _buyerId, ...data } = await requireKeyless(current, request, codeId, now);
      const failed = results.filter((result) => result.status === 'failed').length;
      return { result: true, ...(failed === 0 ? serverText('keyless.written') : serverText('keyless.savedOwed', { count: failed })), data };
    });
  });

  defineRoute(app, doorCodeEndpoints.keylessRetry, { access: CODE_EDITORS, params: IdParams }, async ({ params, request, db }) => {
    const now = new Date();
    const current = await requireKeyless(db, request, params.id, now);
    if (current.expired) throw new ApiError(409, 'Срок действия кода истёк: повторять запись незачем');
    const unwritten = (await keylessTargets(db, current.id)).filter((target) => target.status !== 'written');
    const refs = await deviceRefsByMac(
      db,
      { buyerId: current.buyerId },
      unwritten.map((target) => target.mac),
    );
    const change: DeviceChange = { kind: 'doorCode', action: 'set', flatNum: null, code: current.code, expiresAt: current.expiresAt, service: current.service };
    // What is still owed is sent again (and owed anew where a full re-sync or an older write left nothing owed).
    const open = await openKeylessChanges(db, refs.map((ref) => ref.id), current);
    const missing = refs.filter((ref) => !open.has(ref.id)).map((ref) => ({ deviceId: ref.id, change }));
    const owed = missing.length === 0 ? [] : await db.transaction((tx) => oweEach(tx, missing));
    await sendOwed(db, gateway, refs.map((ref) => ref.id), app.deviceSync);
    const results = await targetOutcomes(db, [...open.values(), ...owed]);
    await recordTargetResults(db, current.id, results, new Date());
    const { buyerId: _buyerId, ...data } = await requireKeyless(db, request, current.id, now);
    return { result: true, ...(data.devices.failed === 0 ? serverText('keyless.written') : serverText('keyless.notWritten', { count: data.devices.failed })), data };
  });

  defineRoute(app, doorCodeEndpoints.keylessRemove, { access: CODE_EDITORS, params: IdParams }, async ({ params, request, db }) => {
    const now = new Date();
    const current = await requireKeyless(db, request, params.id, now);
    const refs = await deviceRefsByMac(
      db,
      { buyerId: current.buyerId },
      current.targets.filter((target) => target.status !== 'pending').map((target) => target.mac),
    );
    const change: DeviceChange = { kind: 'doorCode', action: 'remove', flatNum: null, code: current.code, expiresAt: current.expiresAt, service: current.service };
    const written = await storeOweAndSend(
      db,
      gateway,
      app.deviceSync,
      refs.map((ref) => ({ deviceId: ref.id, change })),
      async (tx) => {
        await deleteKeylessCode(tx, current.id);
        recordKeylessCode('delete', { ...current, macs: current.targets.map((target) => target.mac) });
        return true;
      },
    );
    return noteOf(written).mapWith(db, async (_note, current) => {
      const waiting = new Set((await targetOutcomes(current, written?.ids ?? [])).filter((result) => result.status === 'failed').map((result) => result.deviceId));
      const failed = refs.filter((ref) => waiting.has(ref.id)).map((ref) => ref.mac);
      return { result: true, ...(failed.length === 0 ? serverText('keyless.removed') : serverText('keyless.removedOwed', { macs: failed.join(', ') })) };
    });
  });
}
