import type { Infer } from 'superstruct';
import { PERMISSIONS, ROLES, UserCreate, type UserDetail, type UserListQuery } from '@contract/users';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { parseFieldErrors, placeFieldErrors, type FieldReason } from '@/lib/field-errors';
import { HttpError } from '@/lib/http';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

export type UserFilterKey = 'login' | 'userId' | 'buyerId' | 'comment';

/** The user list's filters, as URL parameters (the API's names); the list starts at page 1. */
export const USER_LIST_STATE: ListStateConfig<UserFilterKey> = {
  filterKeys: ['login', 'userId', 'buyerId', 'comment'],
  firstPage: 1,
};

/** An id filter the server takes: an integer 1–2,147,483,647 (docs/api.md "Users"). */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;
/** The server's longest login search (docs/api.md "Users"). */
export const LOGIN_FILTER_MAX = 100;
/** The shortest password a new user or a password change takes. */
export const PASSWORD_MIN = 8;

export function isId(text: string): boolean {
  return ID_PATTERN.test(text) && Number(text) <= MAX_ID;
}

interface Access {
  permissions: AuthItemMap;
  roles: AuthItemMap;
}

export const isSuperuser = (access: Access) => hasRole(access.roles, ROLES.superuser);

/** The server's rule for user changes: USERS_LIST_PERMISSION (the superuser passes); support reads only. */
export function canEditUsers(access: Access): boolean {
  return isSuperuser(access) || hasPermission(access.permissions, PERMISSIONS.usersList);
}

/**
 * The URL state as the API query. An id that is not a number (a hand-edited URL) is left out, and
 * the buyer filter only for the superuser, the one who sees other buyers' users.
 */
export function userListQuery(state: ListState<UserFilterKey>, superuser: boolean): UserListQuery {
  const { login, userId, buyerId, comment } = state.filters;
  return {
    page: state.page,
    ...(login ? { login } : {}),
    ...(isId(userId) ? { userId: Number(userId) } : {}),
    ...(superuser && isId(buyerId) ? { buyerId: Number(buyerId) } : {}),
    ...(comment ? { comment } : {}),
  };
}

export function userPath(userId: number): string {
  return `/users/${userId}`;
}

export function flatCardPath(houseUid: string, flatNum: number): string {
  return `/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`;
}

/** `/users/:userId`: null unless a positive integer. */
export function parseUserId(text: string | undefined): number | null {
  return text !== undefined && isId(text) ? Number(text) : null;
}

/** A role's or an operator's label from a lookup map; the key itself when the map lacks it. */
export function labelOf(map: Record<string, string> | undefined, key: string | number): string {
  return map?.[String(key)] || String(key);
}

// ---------------------------------------------------------------------------
// Create

export interface UserCreateValues {
  login: string;
  password: string;
  buyerId: string;
  comment: string;
  roles: string[];
}

export type UserCreateField = 'login' | 'password' | 'buyerId' | 'comment' | 'roles';

/** The create call's body (contract/users.ts UserCreate). */
export type UserCreateBody = Infer<typeof UserCreate>;

export const EMPTY_USER_CREATE: UserCreateValues = { login: '', password: '', buyerId: '', comment: '', roles: [] };

export type CreateProblem = 'loginRequired' | 'passwordShort' | 'buyerNumber';

/** What the form refuses before sending, field by field. */
export function checkUserCreate(values: UserCreateValues, withBuyer: boolean): Partial<Record<UserCreateField, CreateProblem>> {
  const problems: Partial<Record<UserCreateField, CreateProblem>> = {};
  if (values.login.trim() === '') problems.login = 'loginRequired';
  if (values.password.length < PASSWORD_MIN) problems.password = 'passwordShort';
  if (withBuyer && values.buyerId.trim() !== '' && !isId(values.buyerId.trim())) problems.buyerId = 'buyerNumber';
  return problems;
}

/** The create body: an empty comment and buyer are left out (the server takes the caller's buyer). */
export function userCreateBody(values: UserCreateValues, withBuyer: boolean): UserCreateBody {
  const comment = values.comment.trim();
  const buyer = values.buyerId.trim();
  return {
    login: values.login.trim(),
    password: values.password,
    ...(withBuyer && buyer ? { buyerId: Number(buyer) } : {}),
    ...(comment ? { comment } : {}),
    ...(values.roles.length > 0 ? { roles: values.roles } : {}),
  };
}


/** The form field a refused request's path names (`data.login` → login), or null. */
export function fieldOfPath<F extends string>(path: string, fields: readonly F[]): F | null {
  const name = path.replace(/^data\./, '').split(/[.[]/)[0];
  return (fields as readonly string[]).includes(name) ? (name as F) : null;
}

/**
 * A refusal shown at the fields it names: a 400, and also a 409 (a login taken) or a 403 (a role the
 * caller does not hold) whose message names its field the same way («Некорректное поле login: …»).
 * Answers the text left for a banner.
 */
export function placeRefusal<F extends string>(error: unknown, fieldOf: (path: string) => F | null, put: (field: F, reason: FieldReason) => void): string | null {
  const named = error instanceof HttpError && (error.status === 403 || error.status === 409) && parseFieldErrors(error.message).fields.length > 0;
  return placeFieldErrors(named ? new HttpError(400, error.message, error.body) : error, fieldOf, put);
}

// ---------------------------------------------------------------------------
// Main info

export interface MainInfoValues {
  login: string;
  password: string;
  comment: string;
  buyerId: string;
  dontUnlinkFromFlats: boolean;
  operatorId: string;
  roles: string[];
  newRoles: string[];
}

export type MainInfoField = keyof MainInfoValues;
export const MAIN_INFO_FIELDS: readonly MainInfoField[] = ['login', 'password', 'comment', 'buyerId', 'dontUnlinkFromFlats', 'operatorId', 'roles', 'newRoles'];

export function mainInfoValues(user: UserDetail): MainInfoValues {
  return {
    login: user.login,
    // The stored password is never shown: the field is for a new one only.
    password: '',
    comment: user.comment ?? '',
    buyerId: String(user.buyerId),
    dontUnlinkFromFlats: user.dontUnlinkFromFlats,
    operatorId: user.operatorId === null ? '' : String(user.operatorId),
    roles: [...user.roles],
    newRoles: [...user.newRoles],
  };
}

export type MainInfoProblem = 'loginRequired' | 'passwordShort' | 'buyerNumber';

export function checkMainInfo(values: MainInfoValues, withBuyer: boolean): Partial<Record<MainInfoField, MainInfoProblem>> {
  const problems: Partial<Record<MainInfoField, MainInfoProblem>> = {};
  if (values.login.trim() === '') problems.login = 'loginRequired';
  if (values.password !== '' && values.password.length < PASSWORD_MIN) problems.password = 'passwordShort';
  if (withBuyer && !isId(values.buyerId.trim())) problems.buyerId = 'buyerNumber';
  return problems;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/**
 * The main-info payload: only what differs from the saved user (the server changes only what is
 * sent, and refuses a change of one's own roles or buyer even when it is none), the password only
 * when one was typed, the buyer only from the superuser.
 */
export function mainInfoBody(values: MainInfoValues, saved: MainInfoValues, withBuyer: boolean) {
  const comment = values.comment.trim();
  const login = values.login.trim();
  const buyer = values.buyerId.trim();
  return {
    data: {
      ...(login !== saved.login ? { login } : {}),
      ...(values.password !== '' ? { password: values.password } : {}),
      ...(comment !== saved.comment.trim() ? { comment: comment === '' ? null : comment } : {}),
      ...(withBuyer && buyer !== saved.buyerId ? { buyerId: Number(buyer) } : {}),
      ...(values.dontUnlinkFromFlats !== saved.dontUnlinkFromFlats ? { dontUnlinkFromFlats: values.dontUnlinkFromFlats } : {}),
      ...(values.operatorId !== saved.operatorId ? { operatorId: values.operatorId === '' ? null : Number(values.operatorId) } : {}),
      ...(!sameSet(values.roles, saved.roles) ? { roles: values.roles } : {}),
      ...(!sameSet(values.newRoles, saved.newRoles) ? { newRoles: values.newRoles } : {}),
    },
  };
}

export function toggled(list: readonly string[], item: string): string[] {
  return list.includes(item) ? list.filter((other) => other !== item) : [...list, item];
}

/**
 * The roles a checkbox may change: any for the superuser; for the others only the roles they hold
 * themselves (the server refuses granting or taking away any other).
 */
export function roleChangeable(access: Access, role: string): boolean {
  return isSuperuser(access) || hasRole(access.roles, role);
}

// ---------------------------------------------------------------------------
// SIP accounts

export interface SipValues {
  login: string;
  password: string;
  domain: string;
  port: string;
  type: string;
}

export const EMPTY_SIP: SipValues = { login: '', password: '', domain: '', port: '5060', type: '' };
export type SipField = keyof SipValues;
export const SIP_FIELDS: readonly SipField[] = ['login', 'password', 'domain', 'port', 'type'];
export type SipProblem = 'required' | 'port';

export function checkSip(values: SipValues): Partial<Record<SipField, SipProblem>> {
  const problems: Partial<Record<SipField, SipProblem>> = {};
  for (const field of ['login', 'password', 'domain'] as const) if (values[field].trim() === '') problems[field] = 'required';
  const port = values.port.trim();
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) problems.port = 'port';
  return problems;
}

export function sipBody(values: SipValues) {
  const type = values.type.trim();
  return { data: { login: values.login.trim(), password: values.password, domain: values.domain.trim(), port: Number(values.port.trim()), type: type === '' ? null : type } };
}

// ---------------------------------------------------------------------------
// Access entries

export interface AccessRow {
  service: string;
  action: string;
  reason: string;
}

export function accessRows(user: UserDetail): AccessRow[] {
  return user.access.map((entry) => ({ service: String(entry.service), action: String(entry.action), reason: String(entry.reason) }));
}

/** A new row starts at the first entry of each map. */
export function newAccessRow(user: UserDetail): AccessRow {
  const first = (map: Record<string, string> | undefined) => Object.keys(map ?? {})[0] ?? '';
  return { service: first(user.services), action: first(user.actions), reason: first(user.reasons) };
}

/** Rows with every choice made; a service listed twice is refused (one entry per service). */
export function checkAccess(rows: readonly AccessRow[]): 'incomplete' | 'duplicate' | null {
  if (rows.some((row) => row.service === '' || row.action === '' || row.reason === '')) return 'incomplete';
  if (new Set(rows.map((row) => row.service)).size !== rows.length) return 'duplicate';
  return null;
}

export function accessBody(rows: readonly AccessRow[]) {
  return { data: rows.map((row) => ({ service: Number(row.service), action: Number(row.action), reason: Number(row.reason) })) };
}

export function sameAccess(a: readonly AccessRow[], b: readonly AccessRow[]): boolean {
  return a.length === b.length && a.every((row, index) => row.service === b[index].service && row.action === b[index].action && row.reason === b[index].reason);
}

/** A lookup map as options, in its key order (the server lists them by id). */
export function mapOptions(map: Record<string, string> | undefined): { value: string; label: string }[] {
  return Object.entries(map ?? {}).map(([value, label]) => ({ value, label }));
}
