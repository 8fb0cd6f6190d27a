import { PanelError } from '../panel-driver';

/** A JSON object as a panel sent it: nothing about its keys is trusted yet. */
export type JsonRecord = Readonly<Record<string, unknown>>;

/**
 * The panel's JSON answer. An empty body is `emptyAs` (rev.5 answers an empty list with no body);
 * anything that is not JSON is 'garbled', so half an answer is never read as a whole one.
 */
export function parseJsonAnswer(text: string, what: string, emptyAs?: unknown): unknown {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '' && emptyAs !== undefined) return emptyAs;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    throw new PanelError('garbled', `${what}: не JSON (${JSON.stringify(trimmed.slice(0, 40))})`);
  }
}

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field by name; firmwares differ in case (`deviceID`, `DeviceId`), so a case-insensitive match is taken when the exact one is missing. */
export function field(source: unknown, name: string): unknown {
  if (!isRecord(source)) return undefined;
  if (Object.hasOwn(source, name)) return source[name];
  const lower = name.toLowerCase();
  const key = Object.keys(source).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : source[key];
}

/** A nested field, `path` like `opt.versions.hw.name`. */
export function fieldAt(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, name) => field(value, name), source);
}

export function requireRecord(value: unknown, what: string): JsonRecord {
  if (!isRecord(value)) throw new PanelError('garbled', `${what}: ожидался объект`);
  return value;
}

export function requireArray(value: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new PanelError('garbled', `${what}: ожидался список`);
  return value;
}

/** A whole number, also as a numeric string («12»); null when absent or null; 'garbled' otherwise. */
export function optionalInteger(value: unknown, what: string): number | null {
  const number = optionalNumber(value, what);
  if (number !== null && !Number.isInteger(number)) throw new PanelError('garbled', `${what}: не целое число`);
  return number;
}

export function requireInteger(value: unknown, what: string): number {
  const number = optionalInteger(value, what);
  if (number === null) throw new PanelError('garbled', `${what}: нет числа`);
  return number;
}

/** A number, also as a numeric string (rev.5 sends volts as floats); null when absent or null. */
export function optionalNumber(value: unknown, what: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  throw new PanelError('garbled', `${what}: не число`);
}

/** A string (a number is taken as its text); null when absent or null. */
export function optionalString(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new PanelError('garbled', `${what}: не строка`);
}

/** A flag as firmwares write it: true / false, 1 / 0, «true», «on», «yes»; null when absent. */
export function optionalBoolean(value: unknown, what: string): boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['true', '1', 'on', 'yes', 'registered', 'ok'].includes(text)) return true;
    if (['false', '0', 'off', 'no', 'unregistered', 'not registered', ''].includes(text)) return false;
  }
  throw new PanelError('garbled', `${what}: не да/нет`);
}
