import type { FastifyRequest } from 'fastify';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { CARD_TYPES, KEY_TYPES, KEY_VALUE_LENGTHS, type CardType, type KeyType } from '../../contract/keys';
import { PERMISSIONS, ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import { ANALOG_TYPES, BEWARD_DKS_TYPES, CAMERA_TYPES, ISCOM_TYPES } from '../devices/capabilities';
import type { DeviceGateway, DeviceRef } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { buyerScope, currentUser } from '../plugins/session';
import { AfterCommit } from '../http/after-commit';
import { type DeviceSyncSettings, noteOf, storeOweAndSend } from '../jobs/device-sync-runner';
import { owedWriteText, type OwedChange, type OwedNote } from '../repositories/device-sync';
import { deleteKeyRows, findDeviceKeys, findKeyDevice, flatOfDevice, insertKey, type StoredKey } from '../repositories/keys';
import { recordKeyAdded, recordKeysRemoved } from '../repositories/audit-labels';
import { DEVICE_NOT_FOUND } from './device-card-shared';

export type KeyKind = KeyType | CardType;

/** Operators with the keys permission (or management) write keys (docs/api.md "Keys"). */
export const KEY_EDITORS = { permissions: [PERMISSIONS.keysList], roles: [ROLES.management] } as const;
/** …and support reads them. */
export const KEY_READERS = { permissions: [PERMISSIONS.keysList], roles: [ROLES.management, ROLES.support] } as const;

/** At most this many keys or values in one bulk call (delete, duplicates, multiple). */
export const MAX_BULK_KEYS = 1000;

/** Panels whose reader takes contact keys (the coordinate systems): the analogue and ISCOM panels. */
const CONTACT_KEY_PANELS: ReadonlySet<number> = new Set([...ANALOG_TYPES, ...ISCOM_TYPES]);
/** Panels with an EM-Marine (125 kHz) reader: the IP camera panels and the ISCOM panels. */
const RFID_PANELS: ReadonlySet<number> = new Set([...CAMERA_TYPES, ...ISCOM_TYPES]);
/** What an RS485 controller's reader takes (ISCom RS-K1/K2: contact keys; MF-485: MIFARE). */
const RS_KEY_TYPES: readonly KeyKind[] = [...KEY_TYPES, 'MIFARE'];

type KeyDevice = Pick<DeviceRef, 'type' | 'capabilities' | 'options'>;

/**
 * The key and card types a device takes (docs/api.md "Keys"): none without the 'keys'
 * capability; contact keys on the analogue and ISCOM panels; MIFARE with the 'mifare' capability
 * or the option isMifare; RFID on the camera and ISCOM panels. Its RS485 controllers (rs) take
 * contact keys and MIFARE when it has 'rsKeys'.
 */
export function keyTypesOf(device: KeyDevice, rs: boolean): KeyKind[] {
  if (rs) return device.capabilities.includes('rsKeys') ? [...RS_KEY_TYPES] : [];
  if (!device.capabilities.includes('keys')) return [];
  const types: KeyKind[] = [];
  if (CONTACT_KEY_PANELS.has(device.type)) types.push(...KEY_TYPES);
  if (BEWARD_DKS_TYPES.has(device.type) || device.capabilities.includes('mifare') || device.options.isMifare === true) types.push('MIFARE');
  if (RFID_PANELS.has(device.type)) types.push('RFID');
  return types;
}

/** A value as stored: spaces, colons, dots and dashes dropped, upper case (any text; the caller checks hex). */
export function compactKeyValue(value: string): string {
  return value.replace(/[\s:.-]/g, '').toUpperCase();
}

export const isHex = (value: string): boolean => /^[0-9A-F]+$/.test(value);

/**
 * The value checked against the device's types: with `keyType` that type's lengths, without it
 * any length of a type the device takes; answers the stored value and its type (without one, the
 * first type the device takes, in the KEY_TYPES then CARD_TYPES order, whose length fits).
 */
export function checkKeyValue(field: string, raw: string, types: readonly KeyKind[], keyType: KeyKind | undefined): { value: string; keyType: KeyKind } {
  const value = compactKeyValue(raw);
  const candidates = keyType ? [keyType] : [...KEY_TYPES, ...CARD_TYPES].filter((kind) => types.includes(kind));
  const fits = isHex(value) ? candidates.find((kind) => KEY_VALUE_LENGTHS[kind].includes(value.length)) : undefined;
  if (fits) return { value, keyType: fits };
  const lengths = [...new Set(candidates.flatMap((kind) => KEY_VALUE_LENGTHS[kind]))].sort((a, b) => a - b);
  const what = keyType ? `ключ ${keyType}` : `ключ этого устройства (${candidates.join(', ')})`;
  throw new ApiError(400, `Некорректное поле ${field}: ${what} — ${lengths.join(', ')} шестнадцатеричных цифр`);
}

/** A flat number (1…MAX_FLAT_NUM) or null; 400 naming the field otherwise. */
export function flatNumber(field: string, value: number | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  if (value < 1 || value > MAX_FLAT_NUM) throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
  return value;
}

/** The device keys are written to, if the caller's buyer may see it; 404 otherwise. */
export async function requireKeyDevice(db: Db, request: FastifyRequest, where: { mac: string } | { id: number }) {
  const device = await findKeyDevice(db, buyerScope(request), where);
  if (!device) throw new ApiError(404, 'mac' in where ? `${DEVICE_NOT_FOUND}: ${where.mac}` : DEVICE_NOT_FOUND);
  return device;
}

/** `{n, …}` of a bulk call: 1…MAX_BULK_KEYS items, else 400 naming the field. */
export function requireBulkSize(field: string, count: number): void {
  if (count < 1 || count > MAX_BULK_KEYS) throw new ApiError(400, `Некорректное поле ${field}: ожидается от 1 до ${MAX_BULK_KEYS} элементов, получено ${count}`);
}

/** Taking a stored key off its device (its panel or its RS485 controllers), as owed to it. */
export function keyRemoval(key: StoredKey & { deviceId: number }): OwedChange {
  return { deviceId: key.deviceId, change: { kind: 'key', action: 'remove', value: key.value, flatNum: key.flatNum, rs: key.rs, inner: key.inner } };
}

/** Deletes the keys and owes their removal to their devices in one transaction, sent after it; answers the note when a device has not taken it. */
export async function removeKeys(db: Db, gateway: DeviceGateway, sync: DeviceSyncSettings, found: readonly (StoredKey & { deviceId: number })[]): Promise<AfterCommit<OwedNote>> {
  const written = await storeOweAndSend(db, gateway, sync, found.map(keyRemoval), async (tx) => {
    await recordKeysRemoved(tx, found.map((key) => key.id));
    await deleteKeyRows(tx, found.map((key) => key.id));
    return true;
  });
  return noteOf(written);
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
 * its reason, docs/api.md "Device sync"); answers the stored key and the message saying so.
 */
export async function addKey(db: Db, gateway: DeviceGateway, request: FastifyRequest, device: { ref: DeviceRef; buyerId: number }, key: KeyToAdd, sync: DeviceSyncSettings) {
  const { value, flatNum, inner, rs } = key;
  const flatId = flatNum === null ? null : await flatOfDevice(db, device.ref.id, flatNum);
  if (flatNum !== null && flatId === null) throw new ApiError(400, `Некорректное поле ${key.flatField}: квартиры ${flatNum} нет в домах устройства ${device.ref.mac}`);
  const side = rs ? (inner ? ' (внутренний)' : ' (внешний)') : '';
  const duplicate = `Ключ ${value} уже есть ${rs ? 'на контроллерах RS485 устройства' : 'на устройстве'} ${device.ref.mac}${side}`;
  const existing = await findDeviceKeys(db, device.ref.id, { value }, rs ? { rs, inner } : { rs });
  if (existing.length > 0) throw new ApiError(409, duplicate);
  const written = await storeOweAndSend(db, gateway, sync, [{ deviceId: device.ref.id, change: { kind: 'key', action: 'add', value, flatNum, rs, inner } }], async (tx) => {
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
      userLogin: currentUser(request).login,
    });
    if (stored) await recordKeyAdded(tx, { value, keyType: key.keyType, flatNum, flatId, inner, rs, mac: device.ref.mac, buyerId: device.buyerId });
    return stored;
  });
  if (!written) throw new ApiError(409, duplicate);
  return written.note.map((note) => ({ key: written.stored, text: owedWriteText('key.added', note) }));
}
