import { KEY_SCENARIO_MAX, KEY_SCENARIO_MIN, keyEndpoints, type DeviceKeyCreate, type DeviceKeyTarget, type KeyDeleteResult, type MultipleKeyFailure } from '../../contract/keys';
import { nestText, serverText } from '../../contract/server-texts';
import type { Db } from '../db/client';
import type { DeviceChange, DeviceRef } from '../gateways/device/device-gateway';
import { AfterCommit } from '../http/after-commit';
import { ApiError } from '../http/errors';
import { noteOf, storeOweAndSend, type OwedWrite } from '../jobs/device-sync-runner';
import { recordKeyAdded, recordKeysRemoved } from '../repositories/audit-labels';
import { changeOutcomes, owedWriteText, type OwedChange, type OwedNote } from '../repositories/device-sync';
import { deviceRefsByMac } from '../repositories/devices';
import { deleteKeyRows, findDeviceKeys, findKeyDevice, findKeysByMacAndValue, flatOfDevice, insertKey, setKeySecurity, setKeysScenario, type StoredKey } from '../repositories/keys';
import { checkKeyValue, compactKeyValue, flatNumber, isHex, keyTypesOf, type KeyKind } from '../routes/keys-shared';
import { DEVICE_NOT_FOUND } from './device-lookup';
import type { AnswerOf, BodyOf, WriteContext } from './write-context';

/*
 * The keys' writes (docs/api.md "Keys"): each checks what it is given against the device, stores
 * the change and owes it to the device in one transaction, says what it changed for the audit
 * trail, and answers as of the commit; the owed changes are sent once it has committed.
 */

const KEY_NOT_FOUND = 'Ключ не найден на устройстве';

type KeyAdded = AnswerOf<typeof keyEndpoints.createDeviceKey>;
type DeviceKey = StoredKey & { deviceId: number };

/** The device keys are written to, if the actor's buyer may see it; 404 otherwise. */
async function requireKeyDevice(ctx: WriteContext, where: { mac: string } | { id: number }) {
  const device = await findKeyDevice(ctx.db, ctx.actor.scope, where);
  if (!device) throw new ApiError(404, 'mac' in where ? `${DEVICE_NOT_FOUND}: ${where.mac}` : DEVICE_NOT_FOUND);
  return device;
}

/** The device's key by value (panel or RS, inner and outer unless `inner` is given); 400 naming inner when both sides hold it. */
async function oneKey(db: Db, deviceId: number, value: string, rs: boolean, inner: boolean | undefined): Promise<StoredKey> {
  const found = await findDeviceKeys(db, deviceId, { value }, { rs, inner });
  if (found.length === 0) throw new ApiError(404, `${KEY_NOT_FOUND}: ${value}`);
  if (found.length > 1) throw new ApiError(400, `Некорректное поле inner: ключ ${value} есть и внутренний, и внешний — укажите inner`);
  return found[0];
}

/** Taking a stored key off its device (its panel or its RS485 controllers), as owed to it. */
function keyRemoval(key: DeviceKey): OwedChange {
  return { deviceId: key.deviceId, change: { kind: 'key', action: 'remove', value: key.value, flatNum: key.flatNum, rs: key.rs, inner: key.inner } };
}

/** Deletes the keys and owes their removal to their devices in one transaction, sent after it. */
function deleteAndOwe(ctx: WriteContext, found: readonly DeviceKey[]): Promise<OwedWrite<boolean> | null> {
  return storeOweAndSend(ctx.db, ctx.devices.gateway, ctx.devices.sync, found.map(keyRemoval), async (tx) => {
    await recordKeysRemoved(tx, found.map((key) => key.id));
    await deleteKeyRows(tx, found.map((key) => key.id));
    return true;
  });
}

/** As deleteAndOwe; answers the note when a device has not taken it. */
async function removeStoredKeys(ctx: WriteContext, found: readonly DeviceKey[]): Promise<AfterCommit<OwedNote>> {
  return noteOf(await deleteAndOwe(ctx, found));
}

export interface KeyToAdd {
  value: string;
  keyType: KeyKind;
  flatNum: number | null;
  /** The request field a flat number that is not a flat of the device's houses is named by. */
  flatField: string;
  inner: boolean;
  rs: boolean;
  isSecurity?: boolean;
  authentic?: boolean;
}

/**
 * Binds the key to its flat (a flat of the device's houses, else 400), refuses a duplicate (409:
 * on the panel the value inner or outer, on the RS controllers the same value on the same side),
 * stores it and owes it to the device in one transaction, then sends it (a refusal stays owed with
 * its reason, docs/api.md "Device sync").
 */
async function storeKey(ctx: WriteContext, device: { ref: DeviceRef; buyerId: number }, key: KeyToAdd): Promise<AfterCommit<KeyAdded>> {
  const { db, devices, actor } = ctx;
  const { value, flatNum, inner, rs } = key;
  const flatId = flatNum === null ? null : await flatOfDevice(db, device.ref.id, flatNum);
  if (flatNum !== null && flatId === null) throw new ApiError(400, `Некорректное поле ${key.flatField}: квартиры ${flatNum} нет в домах устройства ${device.ref.mac}`);
  const side = rs ? (inner ? ' (внутренний)' : ' (внешний)') : '';
  const duplicate = `Ключ ${value} уже есть ${rs ? 'на контроллерах RS485 устройства' : 'на устройстве'} ${device.ref.mac}${side}`;
  const existing = await findDeviceKeys(db, device.ref.id, { value }, rs ? { rs, inner } : { rs });
  if (existing.length > 0) throw new ApiError(409, duplicate);
  const change: DeviceChange = { kind: 'key', action: 'add', value, flatNum, rs, inner };
  const written = await storeOweAndSend(db, devices.gateway, devices.sync, [{ deviceId: device.ref.id, change }], async (tx) => {
    const stored = await insertKey(tx, {
      deviceId: device.ref.id,
      mac: device.ref.mac,
      buyerId: device.buyerId,
      flatId,
      flatNum,
      value,
      keyType: key.keyType,
      inner,
      rs,
      isSecurity: key.isSecurity ?? false,
      authentic: key.authentic ?? true,
      userLogin: actor.login,
    });
    if (stored) await recordKeyAdded(tx, { value, keyType: key.keyType, flatNum, flatId, inner, rs, mac: device.ref.mac, buyerId: device.buyerId });
    return stored;
  });
  if (!written) throw new ApiError(409, duplicate);
  return written.note.map((note) => ({ result: true, ...owedWriteText('key.added', note), data: written.stored }));
}

/** A panel key of the device with this MAC (the cross-device create: the value is checked against its type already). */
export async function addKey(ctx: WriteContext, mac: string, key: Omit<KeyToAdd, 'rs'>): Promise<AfterCommit<KeyAdded>> {
  const device = await requireKeyDevice(ctx, { mac });
  return storeKey(ctx, device, { ...key, rs: false });
}

/** A key of the device's panel or RS485 controllers, its value checked against the types the device takes. */
export async function addDeviceKey(ctx: WriteContext, mac: string, body: DeviceKeyCreate): Promise<AfterCommit<KeyAdded>> {
  const rs = body.RS === 1;
  const device = await requireKeyDevice(ctx, { mac });
  const types = keyTypesOf(device.ref, rs);
  if (types.length === 0) throw new ApiError(409, `Устройство ${mac} не принимает ключи${rs ? ' на контроллерах RS485' : ''}`);
  if (body.KEY_TYPE !== undefined && !types.includes(body.KEY_TYPE)) {
    throw new ApiError(400, `Некорректное поле KEY_TYPE: устройство ${mac} ${rs ? '(RS485) ' : ''}принимает ${types.join(', ')}`);
  }
  const { value, keyType } = checkKeyValue('VALUE', body.VALUE, types, body.KEY_TYPE);
  const flatNum = flatNumber('FLAT_NUM', body.FLAT_NUM);
  return storeKey(ctx, device, {
    value,
    keyType,
    flatNum,
    flatField: 'FLAT_NUM',
    inner: body.INNER === 1,
    rs,
    isSecurity: body.IS_SECURITY === 1,
    authentic: body.AUTHENTIC !== 0,
  });
}

/** One key of a device by its id, or by MAC and value (the panel's key, inner and outer; an RS key goes by removeRsKey). */
export async function removeDeviceKey(ctx: WriteContext, target: DeviceKeyTarget): Promise<AfterCommit<AnswerOf<typeof keyEndpoints.removeDeviceKey>>> {
  const device = await requireKeyDevice(ctx, target.kind === 'id' ? { id: target.deviceId } : { mac: target.mac });
  const found =
    target.kind === 'id'
      ? await findDeviceKeys(ctx.db, device.ref.id, { keyId: target.keyId })
      : await findDeviceKeys(ctx.db, device.ref.id, { value: compactKeyValue(target.value) }, { rs: false });
  if (found.length === 0) throw new ApiError(404, KEY_NOT_FOUND);
  const removed = await removeStoredKeys(ctx, found.map((key) => ({ ...key, deviceId: device.ref.id })));
  return removed.map((note) => ({ result: true, ...owedWriteText('key.removed', note) }));
}

/** One key of the device's RS485 controllers, on the side given. */
export async function removeRsKey(ctx: WriteContext, mac: string, value: string, inner: boolean): Promise<AfterCommit<AnswerOf<typeof keyEndpoints.removeRsKey>>> {
  const device = await requireKeyDevice(ctx, { mac });
  const key = await oneKey(ctx.db, device.ref.id, compactKeyValue(value), true, inner);
  const removed = await removeStoredKeys(ctx, [{ ...key, deviceId: device.ref.id }]);
  return removed.map((note) => ({ result: true, ...owedWriteText('key.rsRemoved', note) }));
}

/**
 * Keys by MAC and value across the actor's devices, every key of a pair (panel and RS, inner and
 * outer); one result per asked key, in order, saying why one was not deleted or is still owed.
 */
export async function removeKeysByMacAndValue(ctx: WriteContext, asked: BodyOf<typeof keyEndpoints.remove>['keys']): Promise<AfterCommit<AnswerOf<typeof keyEndpoints.remove>>> {
  const { db, actor } = ctx;
  const wanted = asked.map((key) => ({ mac: key.mac, value: compactKeyValue(key.value) }));
  const [refs, stored] = await Promise.all([
    deviceRefsByMac(db, { buyerId: actor.scope }, [...new Set(wanted.map((key) => key.mac))]),
    findKeysByMacAndValue(db, actor.scope, wanted.filter((key) => isHex(key.value))),
  ]);
  const devices = new Map(refs.map((ref) => [ref.mac, ref]));
  const taken = new Set<number>();
  const removed: DeviceKey[] = [];
  const matched = wanted.map(({ mac, value }) => {
    const device = devices.get(mac);
    if (!device) return { found: [], message: `Устройство не найдено: ${mac}` };
    const found = stored.filter((key) => key.mac === mac && key.value === value && !taken.has(key.id)).map((key) => ({ ...key, deviceId: device.id }));
    for (const key of found) taken.add(key.id);
    removed.push(...found);
    return { found, message: found.length === 0 ? KEY_NOT_FOUND : null };
  });
  const written = await deleteAndOwe(ctx, removed);
  return noteOf(written).mapWith(db, async (_note, current) => {
    const outcomes = await changeOutcomes(current, written?.ids ?? []);
    const waiting = new Map([...outcomes.values()].filter((outcome) => !outcome.confirmed).map((outcome) => [outcome.deviceId, outcome.lastError]));
    const results = matched.map(({ found, message }, index): KeyDeleteResult => {
      const base = { value: asked[index].value, mac: wanted[index].mac };
      if (message !== null) return { ...base, deleted: false, message };
      const deviceId = found[0].deviceId;
      if (!waiting.has(deviceId)) return { ...base, deleted: true, message: null };
      const reason = waiting.get(deviceId);
      return { ...base, deleted: true, ...(reason ? serverText('key.removal.owedBecause', nestText('reason', reason)) : serverText('key.removal.owed')) };
    });
    const deleted = results.filter((result) => result.deleted).length;
    return { result: true, message: `Удалено ключей: ${deleted} из ${results.length}`, deleted, results };
  });
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

/** Deletes the device's keys, or adds a scenario to them or takes one off; the items not found are listed. */
export async function processDeviceKeys(
  ctx: WriteContext,
  mac: string,
  body: BodyOf<typeof keyEndpoints.multiple>,
): Promise<AfterCommit<AnswerOf<typeof keyEndpoints.multiple>>> {
  const { db, devices } = ctx;
  const scenario = body.scenario;
  if (body.action !== 'deleteKeys' && (scenario === undefined || scenario < KEY_SCENARIO_MIN || scenario > KEY_SCENARIO_MAX)) {
    throw new ApiError(400, `Некорректное поле scenario: для ${body.action} ожидается номер сценария от ${KEY_SCENARIO_MIN} до ${KEY_SCENARIO_MAX}`);
  }
  const rs = body.rs === true;
  const device = await requireKeyDevice(ctx, { mac });
  const values = [...new Set(body.items.map((item) => compactKeyValue(item.value)).filter(isHex))];
  const keys = values.length === 0 ? [] : await findDeviceKeys(db, device.ref.id, { values }, { rs });
  const { found, failed } = matchItems(keys, body.items);
  const ids = found.map((key) => key.id);
  let note = AfterCommit.done<OwedNote>(null);
  if (found.length > 0 && body.action === 'deleteKeys') {
    note = await removeStoredKeys(ctx, found.map((key) => ({ ...key, deviceId: device.ref.id })));
  } else if (found.length > 0) {
    const add = body.action === 'addScenario';
    const change: DeviceChange = { kind: 'keyScenario', action: add ? 'add' : 'remove', scenario: scenario!, values: [...new Set(found.map((key) => key.value))], rs };
    const written = await storeOweAndSend(db, devices.gateway, devices.sync, [{ deviceId: device.ref.id, change }], async (tx) => {
      await setKeysScenario(tx, ids, scenario!, add);
      return true;
    });
    note = noteOf(written);
  }
  return note.map((owed) => ({ result: true, ...owedWriteText('keys.processed', owed, { processed: found.length, failed: failed.length }), processed: found.length, failed }));
}

/** Puts a key in security mode (`secure`) or takes it out; 409 when it already is so. */
export async function setKeySecurityMode(
  ctx: WriteContext,
  mac: string,
  secure: boolean,
  body: BodyOf<typeof keyEndpoints.encode>,
): Promise<AfterCommit<AnswerOf<typeof keyEndpoints.encode>>> {
  const { db, devices } = ctx;
  const rs = body.rs === true;
  const device = await requireKeyDevice(ctx, { mac });
  const value = compactKeyValue(body.value);
  const key = await oneKey(db, device.ref.id, value, rs, body.inner === undefined ? undefined : body.inner === 1);
  if (key.isSecurity === secure) throw new ApiError(409, secure ? `Ключ ${value} уже в режиме безопасности` : `Ключ ${value} уже не в режиме безопасности`);
  const change: DeviceChange = { kind: 'key', action: secure ? 'encode' : 'decode', value, flatNum: key.flatNum, rs, inner: key.inner };
  const written = await storeOweAndSend(db, devices.gateway, devices.sync, [{ deviceId: device.ref.id, change }], async (tx) => {
    await setKeySecurity(tx, key.id, secure);
    return true;
  });
  return noteOf(written).map((note) => ({ result: true, ...owedWriteText(secure ? 'key.secured' : 'key.unsecured', note) }));
}
