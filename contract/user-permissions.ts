import { array, boolean, nullable, number, object, optional, size, string, type, type Infer } from 'superstruct';
import { AuthItem } from './users';
import { endpoint, withResult } from './common';

/**
 * One role or permission of the catalogue, seen from one user's permissions screen
 * (/users/:userId/permissions). The AuthItem fields describe the item itself (its times are Unix
 * seconds); the rest say how it stands for that user and for the caller.
 */
export const UserAuthItem = type({
  ...AuthItem.schema,
  /** Assigned to the user directly (auth_assignments). */
  assigned: boolean(),
  /** When it was assigned (Unix seconds), null when not assigned or not recorded. */
  assignedAt: nullable(number()),
  /** The user's assigned roles that give it through the hierarchy (auth_item_children), by name. */
  inheritedFrom: array(string()),
  /** The caller may grant and revoke it: it holds the item itself (the superuser: every item). */
  grantable: boolean(),
  /** The caller's own item it may not revoke: without it the caller would lose this screen. */
  selfLocked: boolean(),
});
export type UserAuthItem = Infer<typeof UserAuthItem>;

export const UserPermissionsData = type({
  userId: number(),
  login: string(),
  buyerId: number(),
  /** The caller may change this user's roles and permissions (USERS_LIST_PERMISSION; support only reads). */
  editable: boolean(),
  /** Every role and permission there is, roles first, each by name. */
  items: array(UserAuthItem),
});
export type UserPermissionsData = Infer<typeof UserPermissionsData>;

export const UserPermissionsResponse = withResult({ data: UserPermissionsData });
export type UserPermissionsResponse = Infer<typeof UserPermissionsResponse>;

/** At most this many names in `grant` or `revoke`. */
export const MAX_PERMISSION_CHANGES = 100;

/** The change: names to assign and names to take away; both optional, a name in neither stays as it is. */
export const UserPermissionsUpdate = object({
  grant: optional(size(array(string()), 0, MAX_PERMISSION_CHANGES)),
  revoke: optional(size(array(string()), 0, MAX_PERMISSION_CHANGES)),
});
export type UserPermissionsUpdate = Infer<typeof UserPermissionsUpdate>;

/**
 * A user's roles and permissions as an operator grants and revokes them (/users/:userId/permissions,
 * docs/api.md "User permissions").
 */
export const userPermissionEndpoints = {
  get: endpoint({ method: 'GET', pattern: '/front/user/:id/permissions', response: UserPermissionsResponse }),
  update: endpoint({ method: 'PUT', pattern: '/front/user/:id/permissions', body: UserPermissionsUpdate, response: UserPermissionsResponse }),
} as const;
