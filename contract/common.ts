import {
  StructError,
  array,
  boolean,
  record,
  create,
  define,
  integer,
  literal,
  nullable,
  number,
  optional,
  string,
  type,
  Struct,
  type Infer,
} from 'superstruct';
import type { ObjectSchema } from 'superstruct/dist/utils';
import { CODED_MESSAGE_FIELDS } from './server-texts';

/** One failing path of a decode, e.g. `{ path: 'data.0.address', message: 'Expected a string, but received: 1' }`. */
export interface DecodeFailure {
  path: string;
  message: string;
}

/** A value did not have the shape the contract expects. Lists every failing path. */
export class DecodeError extends Error {
  readonly failures: DecodeFailure[];
  readonly context: string;

  constructor(context: string, failures: DecodeFailure[]) {
    super(`${context}: ${failures.map((f) => `${f.path || '(root)'}: ${f.message}`).join('; ')}`);
    this.name = 'DecodeError';
    this.context = context;
    this.failures = failures;
  }

  static fromStructError(context: string, error: StructError): DecodeError {
    // A union reports the same path once per branch; one entry per path and message is enough.
    const seen = new Set<string>();
    const failures: DecodeFailure[] = [];
    for (const failure of error.failures()) {
      const path = failure.path.join('.');
      const id = `${path}\u0000${failure.message}`;
      if (seen.has(id)) continue;
      seen.add(id);
      failures.push({ path, message: failure.message });
    }
    return new DecodeError(context, failures);
  }
}

/** Checks (and coerces) a value against a struct; throws DecodeError listing every failing path. */
export function decode<T, S>(struct: Struct<T, S>, value: unknown, context = 'value'): T {
  try {
    return create(value, struct);
  } catch (error) {
    if (error instanceof StructError) throw DecodeError.fromStructError(context, error);
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Scalars

/** A number that may arrive as a numeric string (query strings, some back ends). */
/**
 * superstruct's `coerce(struct, condition, parse)` with a plain test for the condition. superstruct
 * checks it with `is(value, condition)`, which builds a StructError with a stack trace for every
 * value that does not match (an absent optional query field on every request) and throws it away.
 */
export function coerceWhen<T, S, I>(struct: Struct<T, S>, applies: (value: unknown) => value is I, parse: (value: I) => unknown): Struct<T, S> {
  return new Struct({ ...struct, coercer: (value, context) => struct.coercer(applies(value) ? parse(value) : value, context) });
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** A value of a query string, parsed by `parse` before it is checked against `struct`. */
export function fromString<T, S>(struct: Struct<T, S>, parse: (value: string) => unknown): Struct<T, S> {
  return coerceWhen(struct, isString, parse);
}

/** A number in a query string; blank is not zero. */
export function parseQueryNumber(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value);
}

export const NumberLike = fromString(number(), parseQueryNumber);
/** An integer that may arrive as a numeric string. */
export const IntegerLike = fromString(integer(), parseQueryNumber);
/** A page number: an integer ≥ 0 (history starts at 0, other lists at 1). */
export const PageNumber = define<number>('PageNumber', (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0);
export const PageQuery = fromString(PageNumber, parseQueryNumber);
/** A boolean that may arrive as '1' / '0' / 'true' / 'false' in a query string. */
export const BooleanLike = coerceWhen(boolean(), (value): value is string | number => typeof value === 'string' || typeof value === 'number', (value) =>
  value === '1' || value === 'true' || value === 1 ? true : value === '0' || value === 'false' || value === 0 ? false : value,
);
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

/**
 * An ISO 8601 instant with a time (`2026-11-25T10:00:00.000Z`, or with an offset): a real calendar
 * day (no 30 February, which Date would roll into March), a real time of day, and a year from 1900
 * to 9998, so that PostgreSQL's timestamptz takes it whatever the offset (year 0 or 10000 it refuses).
 */
export const IsoDateTime = define<string>('IsoDateTime', (value) => {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hours, minutes, seconds = 0, offsetHours = 0, offsetMinutes = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined || hours === undefined || minutes === undefined) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    year >= 1900 && year <= 9998 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth &&
    hours <= 23 && minutes <= 59 && seconds <= 59 && offsetHours <= 14 && offsetMinutes <= 59 && !Number.isNaN(Date.parse(value))
  );
});
/** A string that is not empty after trimming. */
export const NonEmptyString = define<string>('NonEmptyString', (value) => typeof value === 'string' && value.trim().length > 0);

/** A hardware address, normalised to upper-case hex pairs joined by colons: `AA:BB:CC:DD:EE:FF`. */
export const MAC_PATTERN = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;
export const Mac = define<string>('Mac', (value) => typeof value === 'string' && MAC_PATTERN.test(value));

/** Normalises a MAC typed in any common form (`aa-bb-..`, `aabb..`, `AA:BB:..`); null when it is not a MAC. */
export function normalizeMac(input: string): string | null {
  const hex = input.replace(/[\s:.\-]/g, '').toUpperCase();
  if (!/^[0-9A-F]{12}$/.test(hex)) return null;
  return hex.match(/.{2}/g)!.join(':');
}

// ---------------------------------------------------------------------------
// Responses

/** Most answers carry result and message; a coded message its code too (contract/server-texts.ts). */
export const ResultResponse = type({ result: boolean(), message: optional(nullable(string())), ...CODED_MESSAGE_FIELDS });
export type ResultResponse = Infer<typeof ResultResponse>;

/** `{ result, message, ...fields }`: the usual answer shape with its payload fields. */
export function withResult<S extends ObjectSchema>(fields: S) {
  return type({ ...ResultResponse.schema, ...fields });
}

/**
 * A map keyed by name. PHP back ends send an empty map as `[]`, so an empty array decodes
 * as an empty map.
 */
export function map<V>(value: Struct<V, unknown>) {
  return coerceWhen(record(string(), value), isArray, (input) => (input.length === 0 ? {} : input));
}

/** Adjuster answers use a string result, e.g. 'success' / 'error'. */
export const AdjusterResult = string();

export const Pagination = type({
  count: number(),
  page: number(),
  pageCount: number(),
  pageSize: number(),
  totalCount: number(),
});
export type Pagination = Infer<typeof Pagination>;

/** The answer of a failed call, and of every 4xx (a path parameter over 100 characters: 414 too) from the reference server. */
export const ErrorResponse = type({ result: literal(false), message: string(), ...CODED_MESSAGE_FIELDS });
export type ErrorResponse = Infer<typeof ErrorResponse>;

// ---------------------------------------------------------------------------
// Endpoints

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `'/front/user/:id/sip'` → `{ id: string | number }`. */
export type PathParams<P extends string> = [ParamNames<P>] extends [never]
  ? Record<string, never>
  : { [K in ParamNames<P>]: string | number };

/**
 * One call of the API. `pattern` is the Fastify route path (`:name` segments); `path()` builds
 * the URL the client calls, encoding each parameter. `query` and `body` validate the request on
 * the server and type it on the client; `response` decodes the answer on the client and is
 * asserted by the server tests.
 */
export interface Endpoint<P extends string, Q, B, R> {
  readonly method: HttpMethod;
  readonly pattern: P;
  readonly query: Struct<Q, unknown> | null;
  readonly body: Struct<B, unknown> | null;
  readonly response: Struct<R, unknown>;
  /** The one HTTP status that means success when it is not 200 (RS485 model save: 204). */
  readonly successStatus?: number;
  path(params: PathParams<P>): string;
}

export function buildPath<P extends string>(pattern: P, params: PathParams<P>): string {
  const values = params as Record<string, string | number>;
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

export function endpoint<P extends string, Q = undefined, B = undefined, R = unknown>(definition: {
  method: HttpMethod;
  pattern: P;
  query?: Struct<Q, unknown>;
  body?: Struct<B, unknown>;
  response: Struct<R, unknown>;
  successStatus?: number;
  path?: (params: PathParams<P>) => string;
}): Endpoint<P, Q, B, R> {
  const { pattern } = definition;
  return {
    method: definition.method,
    pattern,
    query: definition.query ?? null,
    body: definition.body ?? null,
    response: definition.response,
    ...(definition.successStatus === undefined ? {} : { successStatus: definition.successStatus }),
    path: definition.path ?? ((params) => buildPath(pattern, params)),
  };
}

export type EndpointQuery<E> = E extends Endpoint<string, infer Q, unknown, unknown> ? Q : never;
export type EndpointBody<E> = E extends Endpoint<string, unknown, infer B, unknown> ? B : never;
export type EndpointResponse<E> = E extends Endpoint<string, unknown, unknown, infer R> ? R : never;

/** Every request carries this header. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';
/** The anti-forgery header every mutating request carries. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Makes an outbox replay exactly-once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

// ---------------------------------------------------------------------------
// Helpers added with the whole-spec contract (docs/api.md)

/** A MAC in any common spelling; decoding normalises it to `AA:BB:CC:DD:EE:FF`. */
export const MacLike = fromString(Mac, (value) => normalizeMac(value) ?? value);

/**
 * A list in a query string. Fastify gives a repeated key (`macs=A&macs=B`) as an array and a single
 * one as a string; a single value may also hold a comma-separated list (`macs=A,B`).
 */
export function listLike<T>(element: Struct<T, unknown>) {
  return fromString(array(element), (value) => value.split(',').map((part) => part.trim()).filter((part) => part !== ''));
}

/** The empty answer of a call whose success is an HTTP status without a body (RS485 model save: 204). */
export const NoContent = define<undefined | null | ''>('NoContent', (value) => value === undefined || value === null || value === '');

// These use define() rather than union(): a union reports one failure per branch at the same path.

/** One value of an option map: devices and abonent units keep options as flat scalars. */
export const Scalar = define<string | number | boolean | null>(
  'Scalar',
  (value) => value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)),
);
export type Scalar = Infer<typeof Scalar>;

/** A string or a finite number. */
export const StringOrNumber = define<string | number>(
  'StringOrNumber',
  (value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)),
);

/** A flag sent as 0 / 1 (the upper-case key records: IS_SECURITY, AUTHENTIC, INNER, BLOCKED). */
export const Flag = define<0 | 1>('Flag', (value) => value === 0 || value === 1);
export type Flag = Infer<typeof Flag>;

/** `{ result, message, ...fields }` with the adjuster's string result ('success' | 'error'). */
export function withAdjusterResult<S extends ObjectSchema>(fields: S) {
  return type({ result: AdjusterResult, message: optional(nullable(string())), ...CODED_MESSAGE_FIELDS, ...fields });
}
