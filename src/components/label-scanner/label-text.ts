import { normalizeMac } from '@contract/common';

/*
 * What a device label's codes say. Our label format (docs/api.md):
 *   - one QR code with `SN:<serial>;MAC:<mac>` (keys in any case, `:` or `=` after the key,
 *     pairs split by `;`, `,`, `|` or new lines; `S/N`, `SERIAL`, `SERIALNUMBER` also name the serial);
 *   - or JSON `{"sn": "...", "mac": "..."}` (`serial`, `serialNumber` also accepted);
 *   - or a URL whose query has `sn` / `mac`;
 *   - or separate codes (QR or 1D barcodes such as Code 128) holding a bare MAC, in any usual
 *     form, and a bare serial number: the scanner merges what each code gives.
 */

export interface LabelData {
  serialNumber: string | null;
  mac: string | null;
}

export type LabelField = keyof LabelData;

export const EMPTY_LABEL: LabelData = { serialNumber: null, mac: null };

const SERIAL_KEYS = new Set(['sn', 's/n', 'serial', 'serialnumber', 'serial_number', 'serial number', 'serial-number']);
const MAC_KEYS = new Set(['mac', 'macaddress', 'mac address', 'mac_address', 'mac-address']);
/** A bare serial number: letters, digits and a few separators, no spaces. */
const SERIAL_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._\-/]{2,63}$/;

function cleanSerial(value: string): string | null {
  const trimmed = value.trim();
  return SERIAL_PATTERN.test(trimmed) ? trimmed : null;
}

function fromPairs(pairs: Iterable<[string, string]>): LabelData {
  let serialNumber: string | null = null;
  let mac: string | null = null;
  for (const [rawKey, value] of pairs) {
    const key = rawKey.trim().toLowerCase();
    if (SERIAL_KEYS.has(key)) serialNumber ??= cleanSerial(value);
    else if (MAC_KEYS.has(key)) mac ??= normalizeMac(value.trim());
  }
  return { serialNumber, mac };
}

function fromJson(text: string): LabelData | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    return fromPairs(Object.entries(value).flatMap(([key, item]): [string, string][] => (typeof item === 'string' || typeof item === 'number' ? [[key, String(item)]] : [])));
  } catch {
    return null;
  }
}

function fromUrl(text: string): LabelData | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return fromPairs(new URL(text).searchParams.entries());
  } catch {
    return null;
  }
}

function fromKeyValues(text: string): LabelData | null {
  const pairs: [string, string][] = [];
  for (const part of text.split(/[;,|\r\n]+/)) {
    const match = /^\s*([A-Za-z][A-Za-z/ _-]*?)\s*[:=]\s*(.+?)\s*$/.exec(part);
    if (match) pairs.push([match[1], match[2]]);
  }
  const found = fromPairs(pairs);
  return found.serialNumber !== null || found.mac !== null ? found : null;
}

/** Reads one code's text: a keyed label, JSON, a URL, a bare MAC or a bare serial number. */
export function parseLabelText(raw: string): LabelData {
  const text = raw.trim();
  if (text === '') return EMPTY_LABEL;
  const structured = text.startsWith('{') ? fromJson(text) : (fromUrl(text) ?? fromKeyValues(text));
  if (structured) return structured;
  const mac = normalizeMac(text);
  if (mac) return { serialNumber: null, mac };
  return { serialNumber: cleanSerial(text), mac: null };
}

/** What several codes (or several frames) said together; the first value found for a field stays. */
export function mergeLabels(known: LabelData, next: LabelData): LabelData {
  return { serialNumber: known.serialNumber ?? next.serialNumber, mac: known.mac ?? next.mac };
}

export function parseLabelCodes(texts: readonly string[], known: LabelData = EMPTY_LABEL): LabelData {
  return texts.reduce((label, text) => mergeLabels(label, parseLabelText(text)), known);
}

/** Every wanted field has been read. */
export function hasFields(label: LabelData, wanted: readonly LabelField[]): boolean {
  return wanted.every((field) => label[field] !== null);
}

/** The text of our own label QR (used by the tests and by whoever prints labels). */
export function labelText(label: { serialNumber: string; mac: string }): string {
  return `SN:${label.serialNumber};MAC:${label.mac}`;
}
