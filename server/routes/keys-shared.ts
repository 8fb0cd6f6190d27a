import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { CARD_TYPES, KEY_TYPES, KEY_VALUE_LENGTHS, type CardType, type KeyType } from '../../contract/keys';
import { PERMISSIONS, ROLES } from '../../contract/users';
import { ANALOG_TYPES, BEWARD_DKS_TYPES, CAMERA_TYPES, ISCOM_TYPES } from '../devices/capabilities';
import type { DeviceRef } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';

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

/** `{n, …}` of a bulk call: 1…MAX_BULK_KEYS items, else 400 naming the field. */
export function requireBulkSize(field: string, count: number): void {
  if (count < 1 || count > MAX_BULK_KEYS) throw new ApiError(400, `Некорректное поле ${field}: ожидается от 1 до ${MAX_BULK_KEYS} элементов, получено ${count}`);
}
