import type { NUMBER_SYSTEMS } from '../../contract/keys';
import { compactKeyValue, isHex } from './keys-shared';

/** Lengths (hex digits) a stored value may have: MIFARE 8, 14, 20; RFID 10, 12; contact keys 12. */
const STORED_LENGTHS = [8, 10, 12, 14, 20] as const;
const MAX_DIGITS = 20;

/** A hex number as every stored length it fits, zero-padded on the left. */
function padded(hex: string): string[] {
  return STORED_LENGTHS.filter((length) => length >= hex.length).map((length) => hex.padStart(length, '0'));
}

/**
 * The stored values a pasted value may stand for (docs/api.md "Keys", duplicates), or null when it
 * is not a number of that system. hex: the digits as they are (separators dropped, upper case).
 * dec: EM-Marine's printed "series,number" (0–255, 0–65535) is the three low bytes SSNNNN; a plain
 * decimal is converted to hex; either is then zero-padded to each stored length it fits.
 */
export function duplicateCandidates(raw: string, system: (typeof NUMBER_SYSTEMS)[number]): string[] | null {
  if (system === 'hex') {
    const value = compactKeyValue(raw);
    return isHex(value) && value.length <= MAX_DIGITS ? [value] : null;
  }
  const text = raw.trim();
  const emMarine = /^(\d{1,3})\s*[,/]\s*(\d{1,5})$/.exec(text);
  if (emMarine) {
    const series = Number(emMarine[1]);
    const number = Number(emMarine[2]);
    if (series > 0xff || number > 0xffff) return null;
    return padded(series.toString(16).padStart(2, '0').toUpperCase() + number.toString(16).padStart(4, '0').toUpperCase());
  }
  const digits = text.replace(/\s/g, '');
  if (!/^\d{1,25}$/.test(digits)) return null;
  const hex = BigInt(digits).toString(16).toUpperCase();
  return hex.length <= MAX_DIGITS ? padded(hex) : null;
}
