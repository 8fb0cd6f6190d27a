import { validate, type Failure, type Struct } from 'superstruct';
import { DEVICE_FIELD_REASONS, isDeviceFieldFormat } from '../../contract/device-fields';
import { ACCESS_LOG_EVENTS, HISTORY_MAX_PAGE_SIZE } from '../../contract/history';
import { ApiError } from './errors';

const MAX_FAILURES = 5;
/** The deepest nesting a request's body, query or path parameters may have. */
export const MAX_DEPTH = 32;
/** The largest value of a PostgreSQL integer column. */
export const MAX_ID = 2_147_483_647;

/**
 * An optional id filter of a query, checked against the integer column it is compared with: a
 * larger number would fail in PostgreSQL (a 500) instead of being named as bad input. `min` is 0
 * where 0 has a meaning (a parent id of 0: the top level).
 */
export function idFilter(field: string, value: number | undefined, min = 1): number | undefined {
  if (value === undefined) return undefined;
  if (value < min || value > MAX_ID) throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от ${min} до ${MAX_ID}`);
  return value;
}

/**
 * Checks request input against a contract struct with `create()` semantics (coercion, defaults):
 * superstruct's `validate(…, { coerce: true })` is what `create()` and contract's `decode()` run.
 * It is called directly because a failure's type is needed to name the problem in Russian.
 * Throws a 400 ApiError whose message names every failing field.
 */
export function parseInput<T, S>(struct: Struct<T, S>, value: unknown): T {
  const input = withoutCsrfField(struct, value);
  rejectNulCharacters(input, []);
  const [error, result] = validate(input, struct, { coerce: true });
  if (!error) return result;
  const messages = error
    .failures()
    .slice(0, MAX_FAILURES)
    .map((failure) => describeFailure(failure, valueAt(input, failure.path)));
  throw new ApiError(400, messages.join('; '));
}

/** PostgreSQL text cannot hold U+0000: refused here rather than failing in the database (path parameters too). */
export function rejectNulCharacters(value: unknown, path: string[] = []): void {
  if (path.length > MAX_DEPTH) {
    // No request of the contract nests this deep; a deeper value would only cost time and stack.
    throw new ApiError(400, `Некорректное поле ${path.slice(0, 3).join('.')}: вложенность глубже ${MAX_DEPTH} уровней`);
  }
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      throw new ApiError(400, path.length > 0 ? `Некорректное поле ${path.join('.')}: недопустимый символ U+0000` : 'Некорректный запрос: недопустимый символ U+0000');
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) throw new ApiError(400, 'Некорректный запрос: недопустимый символ U+0000 в имени поля');
    rejectNulCharacters(item, [...path, key]);
  }
}

/** The anti-forgery token may come as body field `_csrf`; it is not part of any request struct. */
function withoutCsrfField(struct: { schema: unknown }, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('_csrf' in value)) return value;
  const schema = struct.schema as Record<string, unknown> | null;
  if (schema && typeof schema === 'object' && '_csrf' in schema) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  delete copy._csrf;
  return copy;
}

/** The value as sent (a failure carries the coerced one: 'abc' for a number arrives as NaN). */
function valueAt(input: unknown, path: readonly unknown[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[String(key)];
  }
  return current;
}

export function describeFailure(failure: Failure, sent: unknown = failure.value): string {
  const path = failure.path.join('.');
  const reason = reasonOf(failure);
  const received = sent === undefined || failure.type === 'never' ? '' : `, получено: ${preview(sent)}`;
  return path === '' ? `Некорректный запрос: ${reason}${received}` : `Некорректное поле ${path}: ${reason}${received}`;
}

function reasonOf(failure: Failure): string {
  if (failure.type === 'never') return 'неизвестное поле';
  if (failure.value === undefined) return 'обязательное поле';
  if (failure.refinement === 'Id') return `ожидается целое число от 1 до ${MAX_ID}`;
  if (isDeviceFieldFormat(failure.type)) return DEVICE_FIELD_REASONS[failure.type];
  if (failure.refinement !== undefined && isDeviceFieldFormat(failure.refinement)) return DEVICE_FIELD_REASONS[failure.refinement];
  switch (failure.type) {
    case 'string':
      return 'ожидается строка';
    case 'NonEmptyString':
      return 'ожидается непустая строка';
    case 'number':
      return 'ожидается число';
    case 'integer':
      return 'ожидается целое число';
    case 'PageNumber':
      return 'ожидается номер страницы (целое число не меньше 0)';
    case 'boolean':
      return 'ожидается логическое значение';
    case 'object':
    case 'type':
      return 'ожидается объект';
    case 'array':
      return 'ожидается массив';
    case 'record':
      return 'ожидается объект (словарь)';
    case 'Mac':
      return 'ожидается MAC-адрес вида AA:BB:CC:DD:EE:FF';
    case 'HistoryEventType':
      return `допустимые значения: ${ACCESS_LOG_EVENTS.join(', ')}`;
    case 'PerPage':
      return `ожидается целое число от 1 до ${HISTORY_MAX_PAGE_SIZE}`;
    case 'enums': {
      const allowed = /Expected one of `([^`]*)`/.exec(failure.message)?.[1];
      return allowed ? `допустимые значения: ${allowed.replaceAll('"', '').replaceAll(',', ', ')}` : 'недопустимое значение';
    }
    default:
      return 'недопустимое значение';
  }
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
