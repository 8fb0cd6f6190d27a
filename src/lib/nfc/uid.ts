import { CARD_TYPES, KEY_VALUE_LENGTHS, type CardType, type KeyType } from '@contract/keys';

/*
 * A card's UID, as Web NFC reports it (`serialNumber`, "04:a2:1b:3c"), turned into the value a key
 * type stores (docs/api.md "Keys", reading a card). Pure: no browser, no React.
 *
 * - MIFARE takes the UID as it is: 4, 7 or 10 bytes (8, 14 or 20 hex digits), nothing padded.
 * - RFID (EM-Marine, 5 or 6 bytes) and the contact key types (6 bytes) take a shorter UID padded
 *   with zero bytes in front, to the shortest length of the type that holds it (a 4-byte UID is
 *   "00" + its 8 digits for RFID, "0000" + them for Metakom). A longer UID than the type holds is
 *   refused: cutting bytes off would make another card's value.
 * - `reversed`: some panels store the UID's bytes last first (04:A2:1B:3C → 3C1BA204); the bytes
 *   are reversed before any padding.
 */

export type KeyKindName = KeyType | CardType;
export type ByteOrder = 'as-read' | 'reversed';

/** The longest UID a card has (ISO 14443 triple size). */
export const MAX_UID_BYTES = 10;

/** The UID's bytes: two hex digits each, separated by colons, dashes or spaces or not at all; null for anything else. */
export function parseSerialNumber(serial: string): Uint8Array | null {
  const text = serial.trim();
  if (text === '') return null;
  const parts = /[:\s-]/.test(text) ? text.split(/[:-]|\s+/) : (text.match(/.{1,2}/g) ?? []);
  if (parts.length === 0 || parts.length > MAX_UID_BYTES || !parts.every((part) => /^[0-9a-fA-F]{2}$/.test(part))) return null;
  return Uint8Array.from(parts, (part) => Number.parseInt(part, 16));
}

/** The UID as Web NFC writes it, upper case: "04:A2:1B:3C". */
export function formatUid(uid: Uint8Array): string {
  return Array.from(uid, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/** The byte counts a type's value holds (KEY_VALUE_LENGTHS halved). */
export function valueBytes(kind: KeyKindName): readonly number[] {
  return KEY_VALUE_LENGTHS[kind].map((digits) => digits / 2);
}

/** MIFARE is the UID itself; every other type takes a shorter one padded in front. */
export function padsUid(kind: KeyKindName): boolean {
  return !(CARD_TYPES as readonly string[]).includes(kind) || kind === 'RFID';
}

export type UidConversion =
  | { ok: true; value: string; /** zero bytes put in front */ padded: number }
  | { ok: false; reason: 'length'; bytes: number; accepted: readonly number[] };

/** The stored value (upper-case hex) of a card of `uid` as a key of `kind`, or why it cannot be one. */
export function uidToKeyValue(kind: KeyKindName, uid: Uint8Array, order: ByteOrder = 'as-read'): UidConversion {
  const accepted = valueBytes(kind);
  const fits = padsUid(kind) ? [...accepted].sort((a, b) => a - b).find((bytes) => bytes >= uid.length) : accepted.find((bytes) => bytes === uid.length);
  if (uid.length === 0 || fits === undefined) return { ok: false, reason: 'length', bytes: uid.length, accepted };
  const ordered = order === 'reversed' ? [...uid].reverse() : [...uid];
  const padded = fits - uid.length;
  const value = [...new Array<number>(padded).fill(0), ...ordered].map((byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase();
  return { ok: true, value, padded };
}

/** The same from Web NFC's `serialNumber`; a serial number that is not a UID is its own reason. */
export function serialToKeyValue(kind: KeyKindName, serial: string, order: ByteOrder = 'as-read'): UidConversion | { ok: false; reason: 'unreadable' } {
  const uid = parseSerialNumber(serial);
  return uid ? uidToKeyValue(kind, uid, order) : { ok: false, reason: 'unreadable' };
}
