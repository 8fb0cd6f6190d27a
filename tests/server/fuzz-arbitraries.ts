import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { Struct, validate } from 'superstruct';
import type { Endpoint, HttpMethod } from '../../contract/common';

/**
 * Requests derived from the contract for tests/server/fuzz.test.ts: every `…Endpoints` table of
 * contract/*.ts, and for each endpoint valid queries and bodies built from its structs, and broken
 * ones (wrong types, missing and extra fields, empty, huge strings, deep nesting, numbers out of
 * range, NaN text, U+0000) together with the field a 400 must name.
 */

type AnyStruct = Struct<unknown, unknown>;

export interface ContractEndpoint {
  /** `users.create`: the contract file and the endpoint's key. */
  name: string;
  method: HttpMethod;
  pattern: string;
  query: AnyStruct | null;
  body: AnyStruct | null;
  response: AnyStruct;
}

const CONTRACT_DIR = resolve(import.meta.dirname, '../../contract');

function isEndpoint(value: unknown): value is Endpoint<string, unknown, unknown, unknown> {
  return typeof value === 'object' && value !== null && 'method' in value && 'pattern' in value && 'response' in value;
}

/** Every endpoint of every `…Endpoints` table the contract exports. */
export async function contractEndpoints(): Promise<ContractEndpoint[]> {
  const endpoints: ContractEndpoint[] = [];
  for (const file of readdirSync(CONTRACT_DIR).filter((name) => name.endsWith('.ts')).sort()) {
    const module = (await import(resolve(CONTRACT_DIR, file))) as Record<string, unknown>;
    for (const [exportName, table] of Object.entries(module)) {
      if (!exportName.endsWith('Endpoints') || typeof table !== 'object' || table === null) continue;
      for (const [key, value] of Object.entries(table)) {
        if (!isEndpoint(value)) continue;
        endpoints.push({
          name: `${file.replace(/\.ts$/, '')}.${key}`,
          method: value.method,
          pattern: value.pattern,
          query: value.query as AnyStruct | null,
          body: value.body as AnyStruct | null,
          response: value.response as AnyStruct,
        });
      }
    }
  }
  return endpoints;
}

export type Where = 'query' | 'body';

export function accepts(struct: AnyStruct, value: unknown): boolean {
  return validate(value, struct, { coerce: true })[0] === undefined;
}

/** The failing paths the server's 400 must name, in superstruct's order; [] when the value passes. */
export function failingPaths(struct: AnyStruct, value: unknown): string[] {
  const [error] = validate(value, struct, { coerce: true });
  return error ? error.failures().map((failure) => failure.path.join('.')) : [];
}

const MAC = 'E4:5A:D4:00:00:05';
/** Leaf values tried for a struct the generator cannot look into (define(), refinements, unions). */
const LEAF_VALUES: readonly unknown[] = [1, 2, 5, 0, 69, 5060, 'Тест', 'x1', '1', MAC, '2026-11-25T10:00:00.000Z', '192.168.1.10', 'device_types', true, false, null, '1.4.2', 'ru'];

function isOptional(struct: AnyStruct): boolean {
  return accepts(struct, undefined);
}

/** A query string carries text: numbers and booleans as their digits and words. */
function asQueryValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asQueryValue);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value;
}

/**
 * A value the struct accepts, or null when the generator cannot build one. Values of a query are
 * text; the candidates are kept only when the struct accepts them.
 */
export function validArbitrary(struct: AnyStruct, where: Where, depth = 0): fc.Arbitrary<unknown> | null {
  const schema = struct.schema as unknown;
  const fit = (values: readonly unknown[]) => {
    const kept = values.map((value) => (where === 'query' && depth > 0 ? asQueryValue(value) : value)).filter((value) => value !== undefined && accepts(struct, value));
    return kept.length > 0 ? fc.constantFrom(...kept) : null;
  };
  if (depth > 6) return null;
  switch (struct.type) {
    case 'object':
    case 'type': {
      const fields = schema as Record<string, AnyStruct>;
      const arbitraries: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(fields)) {
        const arbitrary = validArbitrary(field, where, depth + 1);
        const optional = isOptional(field);
        if (!arbitrary) {
          if (optional) continue;
          return null;
        }
        arbitraries[key] = arbitrary;
        if (!optional) required.push(key);
      }
      return fc.record(arbitraries, { requiredKeys: required });
    }
    case 'array': {
      const element = schema ? validArbitrary(schema as AnyStruct, where, depth + 1) : fc.constant('1');
      if (!element) return fit([[]]);
      return fc.array(element, { minLength: 0, maxLength: 3 }).map((items) => (accepts(struct, items) ? items : items.slice(0, 1)));
    }
    case 'enums':
      return fit(Object.values(schema as Record<string, unknown>));
    case 'literal':
      return fit([schema]);
    case 'record':
      return fit([{}]);
    default:
      return fit(LEAF_VALUES);
  }
}

/** One broken request part: the value sent, what was done, and the path a 400 must name ('' the root). */
export interface Broken {
  value: unknown;
  kind: string;
  path: string[];
}

const HUGE = 'x'.repeat(100_000);
/** Deeper than the server's limit (server/http/validation.ts MAX_DEPTH, 32). */
const DEEP = 100;

export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let n = 0; n < depth; n++) value = n % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Every path of the value down to its leaves (objects and arrays included), root first. */
function pathsOf(value: unknown, path: string[] = []): string[][] {
  const paths = [path];
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...path, key]));
  }
  return paths;
}

function setAt(value: unknown, path: string[], replace: (current: unknown) => unknown | typeof REMOVE): unknown {
  if (path.length === 0) {
    const next = replace(value);
    return next === REMOVE ? undefined : next;
  }
  const [head, ...rest] = path;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) };
  const inner = (copy as Record<string, unknown>)[head];
  if (rest.length === 0) {
    const next = replace(inner);
    if (next === REMOVE) {
      if (Array.isArray(copy)) copy.splice(Number(head), 1);
      else delete copy[head];
    } else (copy as Record<string, unknown>)[head] = next;
    return copy;
  }
  (copy as Record<string, unknown>)[head] = setAt(inner, rest, replace);
  return copy;
}

const REMOVE = Symbol('remove');

function wrongTypeOf(current: unknown): unknown {
  if (typeof current === 'number') return { n: current };
  if (typeof current === 'string') return [current];
  if (typeof current === 'boolean') return 'maybe';
  if (Array.isArray(current)) return { 0: 'x' };
  if (current === null) return [];
  return 'text';
}

const OUT_OF_RANGE = [2 ** 31, -1, -(2 ** 31) - 1, 1e308, 1.5, Number.MAX_SAFE_INTEGER + 2, 0];
const OUT_OF_RANGE_TEXT = ['99999999999999999999', '-1', '1e309', '1.5', '0', '2147483648'];
const NAN_TEXT = ['NaN', 'abc', 'Infinity', ' ', '0x1F'];
const ROOT_BODIES = [null, [], '', 'text', 0, true, {}, [{}]];

export const BREAKS = ['wrongType', 'missing', 'extra', 'empty', 'huge', 'deep', 'outOfRange', 'nanText', 'nul'] as const;
export type BreakKind = (typeof BREAKS)[number];

/** Breaks a valid value at one of its paths (picked by `pick`), the way `kind` says. */
export function breakValue(valid: unknown, kind: BreakKind, pick: number, where: Where): Broken {
  const paths = pathsOf(valid);
  const leafPaths = paths.filter((path) => path.length > 0);
  const objectPaths = paths.filter((path) => {
    const at = path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], valid);
    return typeof at === 'object' && at !== null && !Array.isArray(at);
  });
  const path = leafPaths.length > 0 ? leafPaths[pick % leafPaths.length] : [];
  const text = (value: unknown) => (where === 'query' ? asQueryValue(value) : value);
  switch (kind) {
    case 'wrongType':
      return { kind, path, value: setAt(valid, path, (current) => (where === 'query' ? ['1', 'x'] : wrongTypeOf(current))) };
    case 'missing':
      return { kind, path, value: setAt(valid, path, () => REMOVE) };
    case 'extra': {
      const at = objectPaths.length > 0 ? objectPaths[pick % objectPaths.length] : [];
      return { kind, path: [...at, 'fuzzExtra'], value: setAt(valid, [...at, 'fuzzExtra'], () => text(1)) };
    }
    case 'empty':
      return where === 'query' ? { kind, path, value: setAt(valid, path, () => '') } : { kind, path: [], value: ROOT_BODIES[pick % ROOT_BODIES.length] };
    case 'huge':
      return { kind, path, value: setAt(valid, path, () => HUGE) };
    case 'deep':
      return where === 'query' ? { kind, path, value: setAt(valid, path, () => '['.repeat(2000)) } : { kind, path, value: setAt(valid, path, () => nested(DEEP)) };
    case 'outOfRange':
      return { kind, path, value: setAt(valid, path, () => (where === 'query' ? OUT_OF_RANGE_TEXT : OUT_OF_RANGE)[pick % OUT_OF_RANGE.length]) };
    case 'nanText':
      return { kind, path, value: setAt(valid, path, () => NAN_TEXT[pick % NAN_TEXT.length]) };
    case 'nul':
      return { kind, path, value: setAt(valid, path, () => 'a\u0000b') };
  }
}

/** A query object as a query string: arrays as repeated keys. */
export function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The same query as Fastify parses it (every value text, repeated keys an array), to predict the 400. */
export function parsedQuery(query: unknown): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(queryString(query).slice(1))) {
    const previous = parsed[key];
    parsed[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return parsed;
}

/** Path parameter values that are wrong for any parameter (none longer than Fastify's limit). */
export const BAD_PATH_VALUES = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', '%20', 'NaN', '1e3', "'", 'x'.repeat(100), '%E0%A4%A', '..', 'AA%3ABB'];

/** Over Fastify's `maxParamLength` (100): a 414 refusal. */
export const OVER_LONG_PARAM = '9'.repeat(300);

/** The pattern with each `:name` replaced by the value of the same segment in `url`, then `name` changed to `value`. */
export function withParam(pattern: string, url: string, name: string, value: string): string {
  const [path] = url.split('?');
  const urlSegments = path.split('/');
  return pattern
    .split('/')
    .map((segment, index) => (segment === `:${name}` ? value : segment.startsWith(':') ? urlSegments[index] : segment))
    .join('/');
}

export function paramNames(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}
