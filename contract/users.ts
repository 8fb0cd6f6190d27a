import { array, boolean, nullable, number, object, optional, record, string, type, type Infer } from 'superstruct';
import { IntegerLike, NonEmptyString, PageQuery, Pagination, ResultResponse, endpoint, map, withResult } from './common';
import { Group } from './groups';

// ---------------------------------------------------------------------------
// Current user, permissions and roles

/** One RBAC item (a permission or a role), Yii-style. */
export const AuthItem = type({
  type: number(),
  name: string(),
  description: nullable(string()),
  ruleName: nullable(string()),
  data: nullable(string()),
  createdAt: nullable(number()),
  updatedAt: nullable(number()),
});
export type AuthItem = Infer<typeof AuthItem>;

export const PermissionsResponse = type({
  result: optional(boolean()),
  userId: number(),
  buyerId: number(),
  permissions: map(AuthItem),
  roles: map(AuthItem),
});
export type PermissionsResponse = Infer<typeof PermissionsResponse>;

export const UserGroupsResponse = withResult({ data: array(Group) });

/** Current user: what the app keeps about the logged-in user (permissions, then the name). */
export const CurrentUser = type({
  userId: number(),
  buyerId: number(),
  permissions: map(AuthItem),
  roles: map(AuthItem),
  login: string(),
  groups: array(Group),
});
export type CurrentUser = Infer<typeof CurrentUser>;

/**
 * Role names the product knows: the first three are the product's; `support` is ours (read-only, see
 * docs/api.md). Others may exist on an operator's back end.
 */
export const ROLES = { superuser: 'superuser', management: 'management', adjuster: 'adjuster', support: 'support' } as const;
/** Permission names the menu needs. */
export const PERMISSIONS = {
  housesList: 'HOUSES_LIST_PERMISSION',
  usersList: 'USERS_LIST_PERMISSION',
  keysList: 'KEYS_LIST_PERMISSION',
} as const;

// ---------------------------------------------------------------------------
// Users

export const UserListRow = type({
  userId: number(),
  buyerId: number(),
  login: string(),
  comment: nullable(string()),
  dateCreate: string(),
});
export type UserListRow = Infer<typeof UserListRow>;

/** Rows of a user list page. */
export const USER_LIST_PAGE_SIZE = 20;
/**
 * A `login` part this short is looked for at the start of the login: «79» finds the phone numbers
 * starting with it, «a» the logins starting with «a» (anywhere, a part that short matches most logins).
 */
export const LOGIN_PREFIX_MAX_LENGTH = 2;
export function isLoginPrefix(login: string): boolean {
  return login.length > 0 && login.length <= LOGIN_PREFIX_MAX_LENGTH;
}
/** `login` (see LOGIN_PREFIX_MAX_LENGTH) and `comment` match a part, case-insensitively; other buyers' users only for the superuser. */
export const UserListQuery = object({
  page: optional(PageQuery),
  login: optional(string()),
  buyerId: optional(IntegerLike),
  userId: optional(IntegerLike),
  comment: optional(string()),
});
export type UserListQuery = Infer<typeof UserListQuery>;
/**
 * `totalCountCapped`: the server counts matches up to a cap; when true, more users match than
 * `pagination.totalCount` (show it as «более N»), and the next page may exist past `pageCount`.
 */
export const UserListResponse = withResult({ data: array(UserListRow), pagination: Pagination, totalCountCapped: optional(boolean()) });

export const ExternalUser = type({ id: number(), userId: number(), buyerId: number(), externalId: string() });
export const UserSipAccount = type({
  id: number(),
  login: string(),
  password: string(),
  domain: string(),
  port: number(),
  type: nullable(string()),
});
export const UserGroupItem = type({ id: number(), name: string(), givenBy: nullable(string()) });
export const UserDeviceItem = type({ id: number(), name: string(), os: string(), pushEnabled: boolean(), dateUpdated: nullable(string()) });
export const UserFlatItem = type({ flatId: number(), address: string(), houseUid: string(), flatNum: number() });
export const UserAccessItem = type({ action: number(), reason: number(), service: number() });

export const UserDetail = type({
  id: number(),
  login: string(),
  password: string(),
  buyerId: number(),
  comment: nullable(string()),
  externalUser: nullable(ExternalUser),
  dateCreated: string(),
  roles: array(string()),
  dontUnlinkFromFlats: boolean(),
  operatorId: nullable(number()),
  sipAccounts: array(UserSipAccount),
  groups: array(UserGroupItem),
  devices: array(UserDeviceItem),
  flats: array(UserFlatItem),
  access: array(UserAccessItem),
  newRoles: array(string()),
  /** Lookup maps: id or name → label. */
  rolesList: optional(record(string(), string())),
  operators: optional(record(string(), string())),
  services: optional(record(string(), string())),
  actions: optional(record(string(), string())),
  reasons: optional(record(string(), string())),
});
export type UserDetail = Infer<typeof UserDetail>;

/** "Get user by userId: response has result and data with login". */
export const UserGetResponse = withResult({ data: UserDetail });

export const UserCreate = object({
  login: NonEmptyString,
  password: NonEmptyString,
  buyerId: optional(number()),
  comment: optional(nullable(string())),
  roles: optional(array(string())),
});
export const UserCreateResponse = withResult({ newUserId: optional(number()) });

export const UserMainInfo = object({
  data: object({
    login: optional(NonEmptyString),
    password: optional(string()),
    comment: optional(nullable(string())),
    buyerId: optional(number()),
    dontUnlinkFromFlats: optional(boolean()),
    operatorId: optional(nullable(number())),
    roles: optional(array(string())),
    newRoles: optional(array(string())),
  }),
});
export const UserGroupsUpdate = object({ groups: array(number()) });
export const UserSipUpdate = object({
  data: object({ login: NonEmptyString, password: NonEmptyString, domain: NonEmptyString, port: number(), type: optional(nullable(string())) }),
});
export const UserSipDelete = object({ data: object({ id: number() }) });
export const UserFlatDelete = object({ flatId: number() });
export const UserDeviceDelete = object({ deviceId: number() });
export const UserAccessUpdate = object({ data: array(object({ action: number(), reason: number(), service: number() })) });

export const userEndpoints = {
  permissions: endpoint({ method: 'GET', pattern: '/front/user/get-permissions', response: PermissionsResponse }),
  groups: endpoint({ method: 'GET', pattern: '/front/user/groups', response: UserGroupsResponse }),
  list: endpoint({ method: 'GET', pattern: '/front/user/list', query: UserListQuery, response: UserListResponse }),
  get: endpoint({ method: 'GET', pattern: '/front/user/:id', response: UserGetResponse }),
  remove: endpoint({ method: 'DELETE', pattern: '/front/user/:id', response: ResultResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/user/create', body: UserCreate, response: UserCreateResponse }),
  setGroups: endpoint({ method: 'POST', pattern: '/front/user/:id/groups', body: UserGroupsUpdate, response: ResultResponse }),
  setMainInfo: endpoint({ method: 'POST', pattern: '/front/user/:id/main-info', body: UserMainInfo, response: ResultResponse }),
  setSip: endpoint({ method: 'POST', pattern: '/front/user/:id/sip', body: UserSipUpdate, response: ResultResponse }),
  removeSip: endpoint({ method: 'DELETE', pattern: '/front/user/:id/sip', body: UserSipDelete, response: ResultResponse }),
  removeFlat: endpoint({ method: 'DELETE', pattern: '/front/user/:id/flat', body: UserFlatDelete, response: ResultResponse }),
  removeDevice: endpoint({ method: 'DELETE', pattern: '/front/user/:id/devices', body: UserDeviceDelete, response: ResultResponse }),
  setAccess: endpoint({ method: 'POST', pattern: '/front/user/:id/access', body: UserAccessUpdate, response: ResultResponse }),
} as const;
