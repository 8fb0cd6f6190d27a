import { AUDIT_MASK, type AuditChange } from '../../contract/audit';
import { normalizeMac } from '../../contract/common';
import { parseFlatKey } from '../../contract/flats';
import type { SnapshotTarget } from '../repositories/audit';

/*
 * What a mutating request names and what it changed, read generically from its route pattern,
 * path parameters and body (docs/api.md "Audit"): no route declares anything for the audit.
 */

/** Field names whose values never reach a record: both sides read AUDIT_MASK. */
const SECRET_FIELD = /pass(word)?|secret|token|hash|_csrf|csrf|pin$|private/i;
const MAX_DEPTH = 4;
const MAX_STRING = 300;
const MAX_ARRAY = 20;
const MAX_CHANGES = 200;

export interface AuditTargets {
  kind: string | null;
  id: string | null;
  /** Every id named, by kind (`device`, `flat`, `user` …). */
  all: Record<string, string>;
  /** The target read before and after, where its kind has a snapshot. */
  snapshot: SnapshotTarget | null;
}

const INT4 = /^[1-9]\d{0,8}$/;

/** The kind a path parameter names, from the parameter and the segment before it. */
function kindOfParam(name: string, previousSegment: string): string | null {
  switch (name) {
    case 'mac':
      return 'device';
    case 'device':
      return 'device-id';
    case 'flat':
      return 'flat';
    case 'house':
    case 'houseUid':
      return 'house';
    case 'entranceUid':
      return 'entrance';
    case 'groupId':
      return 'group';
    case 'buyerId':
      return 'buyer';
    case 'key':
      return 'key';
    case 'flatNum':
      return 'flat-number';
    case 'id':
      if (previousSegment === 'user') return 'user';
      if (previousSegment === 'door-codes') return 'door-code';
      if (previousSegment === 'keyless-codes') return 'keyless-code';
      if (previousSegment === 'action') return 'access-action';
      if (previousSegment === 'reason') return 'access-reason';
      if (previousSegment === 'device') return 'device';
      return previousSegment || 'id';
    default:
      return null;
  }
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > 200 || trimmed.includes('\u0000') ? null : storable(trimmed);
}

/** A target's id in the form its filter uses: MACs normalised, the rest as sent. */
function idOf(kind: string, value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  if (kind === 'device') return normalizeMac(raw) ?? (/^\d+$/.test(raw) ? null : raw);
  return raw;
}

function snapshotOf(kind: string, id: string): SnapshotTarget | null {
  if (kind === 'device' && normalizeMac(id) === id) return { kind: 'device', mac: id };
  if (kind === 'user' && INT4.test(id)) return { kind: 'user', id: Number(id) };
  if (kind === 'house') return { kind: 'house', uid: id };
  if (kind === 'flat') {
    const flat = parseFlatKey(id);
    return flat && flat.flatNum <= 99_999 ? { kind: 'flat', houseUid: flat.houseUid, flatNum: flat.flatNum } : null;
  }
  return null;
}

/** Body fields that name a target, in the order a record prefers them as its main one. */
const BODY_TARGETS: readonly [field: string, kind: string][] = [
  ['mac', 'device'],
  ['houseUid', 'house'],
  ['userId', 'user'],
  ['entranceUid', 'entrance'],
  ['groupId', 'group'],
  ['buyerId', 'buyer'],
  ['companyId', 'management-company'],
  ['login', 'login'],
];

/** The targets of a request: path parameters first (the first is the main one), then the body's id fields. */
export function targetsOf(pattern: string, params: unknown, body: unknown): AuditTargets {
  const all: Record<string, string> = {};
  let main: [string, string] | null = null;
  const values = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const segments = pattern.split('/');
  segments.forEach((segment, index) => {
    if (!segment.startsWith(':')) return;
    const name = segment.slice(1);
    const kind = kindOfParam(name, segments[index - 1] ?? '');
    if (kind === null) return;
    const id = idOf(kind, values[name]);
    if (id === null) return;
    all[kind] = id;
    main ??= [kind, id];
  });
  const fields = isObject(body) ? body : {};
  for (const [field, kind] of BODY_TARGETS) {
    const id = idOf(kind, fields[field]);
    if (id === null || kind in all) continue;
    all[kind] = id;
    if (kind !== 'login' && kind !== 'buyer') main ??= [kind, id];
  }
  if (all['house'] !== undefined && typeof fields['flatNum'] === 'number' && Number.isInteger(fields['flatNum'])) {
    all['flat'] ??= `${all['house']}:${String(fields['flatNum'])}`;
  }
  if (pattern === '/site/auth/login' || pattern === '/site/auth/logout') main = ['session', all['login'] ?? ''];
  const [kind, id] = main ?? [null, null];
  return { kind, id: id === '' ? null : id, all, snapshot: kind !== null && id !== null ? snapshotOf(kind, id) : null };
}

/** A plain object (a parsed JSON body, a row's JSON): a stream, a buffer or any class instance is not walked. */
function isObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const NOT_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as a record can keep it: PostgreSQL's text and jsonb take no NUL character, and jsonb no
 * lone surrogate (the record goes to the database as JSON): each reads as U+FFFD.
 */
export function storable(text: string): string {
  return text.replace(NOT_STORABLE, '\uFFFD');
}

/** A value as a record keeps it: long strings and arrays cut, nested secrets masked. */
function kept(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value);
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ARRAY).map((item) => kept(item, depth + 1));
    return value.length > MAX_ARRAY ? [...items, `… ${value.length - MAX_ARRAY} more`] : items;
  }
  if (isObject(value)) {
    if (depth >= MAX_DEPTH) return '{…}';
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key), SECRET_FIELD.test(key) ? masked(item) : kept(item, depth + 1)]));
  }
  return value;
}

function masked(value: unknown): unknown {
  return value === null || value === undefined || value === '' ? (value ?? null) : AUDIT_MASK;
}

/** Object fields as dotted paths (`options.audio.volume`); arrays and scalars are leaves. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>, depth: number): void {
  if (isObject(value) && depth < MAX_DEPTH) {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix === '' ? key : `${prefix}.${key}`, into, depth + 1);
    return;
  }
  into.set(prefix, value);
}

function isSecretPath(path: string): boolean {
  return path.split('.').some((part) => SECRET_FIELD.test(part));
}

/** The fields that differ between two states, secrets masked (a changed secret shows as changed, never its value). */
export function diffStates(before: unknown, after: unknown): AuditChange[] {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  flatten(before ?? {}, '', left, 0);
  flatten(after ?? {}, '', right, 0);
  const changes: AuditChange[] = [];
  for (const field of new Set([...left.keys(), ...right.keys()])) {
    const was = left.has(field) ? left.get(field) : null;
    const now = right.has(field) ? right.get(field) : null;
    if (JSON.stringify(was ?? null) === JSON.stringify(now ?? null)) continue;
    if (isSecretPath(field)) changes.push({ field: storable(field), before: masked(was), after: masked(now) });
    else changes.push({ field: storable(field), before: kept(was ?? null), after: kept(now ?? null) });
    if (changes.length >= MAX_CHANGES) break;
  }
  return changes.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

/** A request's own fields as the "after" side, where no stored state could be compared. */
export function requestChanges(body: unknown): AuditChange[] {
  if (body === undefined || body === null) return [];
  if (typeof body === 'object' && !Array.isArray(body) && !isObject(body)) return [{ field: 'body', before: null, after: `(${body.constructor?.name ?? 'binary'})` }];
  const fields: Record<string, unknown> = isObject(body) ? { ...body } : { body };
  delete fields['_csrf'];
  return diffStates({}, fields);
}
