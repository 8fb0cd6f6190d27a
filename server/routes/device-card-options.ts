import type { Scalar } from '../../contract/common';
import { OPTION_RULES, type OptionRule } from '../../contract/device-card-settings';
import { optionFormatProblem } from '../../contract/device-fields';
import type { JsonValue } from '../db/schema/devices';
import { ApiError } from '../http/errors';
import { DICTIONARIES } from '../seed/dictionaries';

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

function check(key: string, rule: OptionRule, value: Scalar): JsonValue {
  const field = `options.${key}`;
  switch (rule.kind) {
    case 'text': {
      if (value === null && rule.nullable) return null;
      if (typeof value !== 'string') throw new ApiError(400, `Некорректное поле ${field}: ожидается строка`);
      const text = value.trim();
      if (text.length > rule.max) throw new ApiError(400, `Некорректное поле ${field}: не длиннее ${rule.max} символов`);
      const problem = optionFormatProblem(key, text);
      if (problem) throw new ApiError(400, `Некорректное поле ${field}: ${problem}`);
      return rule.nullable && text === '' ? null : text;
    }
    case 'integer': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number) || number < rule.min || number > rule.max) {
        throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от ${rule.min} до ${rule.max}`);
      }
      return number;
    }
    case 'enum':
    case 'dictionary': {
      const values = rule.kind === 'enum' ? rule.values : Object.keys(DICTIONARIES[rule.dictionary]).map(Number);
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !values.includes(number)) {
        throw new ApiError(400, `Некорректное поле ${field}: допустимые значения: ${values.join(', ')}`);
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
    const rule = OPTION_RULES[key];
    if (!rule) throw new ApiError(400, `Некорректное поле options.${key}: неизвестный параметр`);
    patch[key] = check(key, rule, value);
  }
  return patch;
}
