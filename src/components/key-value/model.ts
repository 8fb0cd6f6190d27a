import { CARD_TYPES, KEY_TYPES, KEY_VALUE_LENGTHS, normalizeKeyValue, type CardType, type KeyType } from '@contract/keys';

/* A key's value and type as the forms and searches check them before the server does: no React. */

export type KeyKind = KeyType | CardType;
export const KEY_KINDS: readonly KeyKind[] = [...KEY_TYPES, ...CARD_TYPES];

const SEPARATORS = /[\s:.-]/g;

/** A typed value as hex digits: separators dropped as the server drops them, upper case. */
export function hexDigits(text: string): string {
  return text.replace(SEPARATORS, '').toUpperCase();
}

/** A value search the server takes: hex digits (separators ignored), or nothing. */
export function isHexSearch(text: string): boolean {
  return /^[0-9A-F]*$/.test(hexDigits(text));
}

/** What is wrong with a typed value for its type: nothing typed, not hex, or not one of the type's lengths (in hex digits). */
export type KeyValueProblem = { kind: 'required' } | { kind: 'hex' } | { kind: 'length'; lengths: readonly number[]; got: number };

/** The contract's format rule (KEY_VALUE_LENGTHS), told in parts so the field can say what is wrong as it is typed; null when it fits. */
export function checkKeyValue(kind: KeyKind, value: string): KeyValueProblem | null {
  const hex = hexDigits(value);
  if (hex === '') return { kind: 'required' };
  if (!/^[0-9A-F]+$/.test(hex)) return { kind: 'hex' };
  return normalizeKeyValue(kind, value) === null ? { kind: 'length', lengths: KEY_VALUE_LENGTHS[kind], got: hex.length } : null;
}
