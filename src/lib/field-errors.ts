import { HttpError, errorMessage } from './http';

/**
 * Why a field was refused, in a shape a screen puts into its own words: the server's reasons
 * (server/http/validation.ts and the routes' range checks) are recognised, anything else is kept
 * as the server wrote it.
 */
export type FieldReason =
  | { kind: 'required' }
  | { kind: 'integer' }
  | { kind: 'number' }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'maxLength'; max: number }
  | { kind: 'oneOf'; values: string }
  | { kind: 'other'; text: string };

/** One refused field: its path in the request body (`audio.musicVolume`), why, and the server's words. */
export interface FieldError {
  path: string;
  reason: FieldReason;
  text: string;
}

export interface ParsedFieldErrors {
  fields: FieldError[];
  /** Parts of the message that name no field, as written. */
  rest: string[];
}

const FIELD_PREFIX = /Некорректное поле (\S+?): /g;
/** validation.ts appends what was sent; the person sees what they typed, so it is dropped. */
const RECEIVED_SUFFIX = /, получено: [\s\S]*$/;

const REASONS: readonly [RegExp, (match: RegExpExecArray) => FieldReason][] = [
  [/^(?:обязательное поле|ожидается непустая строка)$/, () => ({ kind: 'required' })],
  [/^ожидается целое число от (-?\d+) до (-?\d+)$/, (m) => ({ kind: 'range', min: Number(m[1]), max: Number(m[2]) })],
  [/^ожидается целое число$/, () => ({ kind: 'integer' })],
  [/^ожидается число$/, () => ({ kind: 'number' })],
  [/^не длиннее (\d+) символов$/, (m) => ({ kind: 'maxLength', max: Number(m[1]) })],
  [/^допустимые значения: (.+)$/, (m) => ({ kind: 'oneOf', values: m[1] })],
];

export function parseReason(text: string): FieldReason {
  const reason = text.replace(RECEIVED_SUFFIX, '').trim();
  for (const [pattern, build] of REASONS) {
    const match = pattern.exec(reason);
    if (match) return build(match);
  }
  return { kind: 'other', text: reason };
}

/**
 * Splits a 400's message («Некорректное поле audio.musicVolume: ожидается целое число от 0 до 100,
 * получено: 150», several joined by «; ») into the fields it names and the rest.
 */
export function parseFieldErrors(message: string): ParsedFieldErrors {
  const starts = [...message.matchAll(FIELD_PREFIX)];
  const rest: string[] = [];
  const head = message.slice(0, starts[0]?.index ?? message.length).replace(/;\s*$/, '').trim();
  if (head !== '') rest.push(head);
  const fields = starts.map((match, index) => {
    const end = starts[index + 1]?.index ?? message.length;
    const text = message.slice(match.index, end).replace(/;\s*$/, '');
    return { path: match[1], reason: parseReason(text.slice(match[0].length)), text };
  });
  return { fields, rest };
}

/**
 * Shows a refused request's field errors at the form's fields: `fieldOf` names the form field of a
 * request path (null for a path the form does not show), `put` shows the reason there. Only a 400
 * names fields. Answers the text left for a banner: the whole message for any other error, the
 * parts naming no known field otherwise (null when every part found its field).
 */
export function placeFieldErrors<F extends string>(error: unknown, fieldOf: (path: string) => F | null, put: (field: F, reason: FieldReason) => void): string | null {
  if (!(error instanceof HttpError) || error.status !== 400) return errorMessage(error);
  const { fields, rest } = parseFieldErrors(error.message);
  const unplaced = [...rest];
  for (const { path, reason, text } of fields) {
    const field = fieldOf(path);
    if (field === null) unplaced.push(text);
    else put(field, reason);
  }
  return unplaced.length > 0 ? unplaced.join('; ') : null;
}
