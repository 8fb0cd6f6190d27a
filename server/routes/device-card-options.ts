import type { Scalar } from '../../contract/common';
import { BILLING_OPTION_KEYS, HARDWARE_REVISIONS } from '../../contract/devices';
import type { JsonValue } from '../db/schema/devices';
import { ApiError } from '../http/errors';
import { DICTIONARIES } from '../seed/dictionaries';

type Rule =
  | { kind: 'string'; max: number }
  | { kind: 'nullableString'; max: number }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'enum'; values: readonly number[] };

const PORT: Rule = { kind: 'integer', min: 1, max: 65_535 };

/** Flat option keys PUT …/options may change, with what each accepts. */
export const EDITABLE_OPTIONS: Readonly<Record<string, Rule>> = {
  url: { kind: 'string', max: 255 },
  login: { kind: 'string', max: 64 },
  password: { kind: 'string', max: 64 },
  SHIFT: { kind: 'integer', min: -9999, max: 9999 },
  VENDOR: { kind: 'nullableString', max: 64 },
  ...Object.fromEntries(BILLING_OPTION_KEYS.map((key) => [key, { kind: 'nullableString', max: 255 } as const])),
  devicePurpose: { kind: 'enum', values: Object.keys(DICTIONARIES.device_purposes).map(Number) },
  deviceOwner: { kind: 'nullableString', max: 255 },
  apiPort: PORT,
  rtspPort: PORT,
  sipPort: PORT,
  sos: { kind: 'string', max: 32 },
  conciergeApartment: { kind: 'integer', min: 1, max: 99_999 },
  'systemInfo.revision': { kind: 'enum', values: HARDWARE_REVISIONS },
};

/** Keys that have a call of their own (a toggle, a nested value, or a dictionary key). */
const OWN_CALL: Readonly<Record<string, string>> = {
  isMifare: 'set-security',
  autoCollectKeys: 'auto-collect',
  audio: 'audio',
  display: 'display',
  voltage: 'levels',
  streamType: 'levels',
  echoCancellationType: 'echo-cancellation-type',
};

function check(key: string, rule: Rule, value: Scalar): JsonValue {
  const field = `options.${key}`;
  switch (rule.kind) {
    case 'string':
    case 'nullableString': {
      if (value === null && rule.kind === 'nullableString') return null;
      if (typeof value !== 'string') throw new ApiError(400, `Некорректное поле ${field}: ожидается строка`);
      const text = value.trim();
      if (text.length > rule.max) throw new ApiError(400, `Некорректное поле ${field}: не длиннее ${rule.max} символов`);
      return rule.kind === 'nullableString' && text === '' ? null : text;
    }
    case 'integer': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number) || number < rule.min || number > rule.max) {
        throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от ${rule.min} до ${rule.max}`);
      }
      return number;
    }
    case 'enum': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !rule.values.includes(number)) {
        throw new ApiError(400, `Некорректное поле ${field}: допустимые значения: ${rule.values.join(', ')}`);
      }
      return number;
    }
  }
}

/**
 * The changed options, checked and normalised (trimmed text, an empty nullable text as null,
 * numbers typed as text as numbers). An unknown key, or one with a call of its own, is a 400.
 */
export function checkOptionsUpdate(options: Readonly<Record<string, Scalar>>): Record<string, JsonValue> {
  const entries = Object.entries(options);
  if (entries.length === 0) throw new ApiError(400, 'Некорректное поле options: не указано ни одного параметра');
  const patch: Record<string, JsonValue> = {};
  for (const [key, value] of entries) {
    const own = OWN_CALL[key];
    if (own) throw new ApiError(400, `Некорректное поле options.${key}: меняется отдельным вызовом …/${own}`);
    const rule = EDITABLE_OPTIONS[key];
    if (!rule) throw new ApiError(400, `Некорректное поле options.${key}: неизвестный параметр`);
    patch[key] = check(key, rule, value);
  }
  return patch;
}
