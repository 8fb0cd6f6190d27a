import type { UserAuthItem, UserPermissionsData } from '@contract/user-permissions';
import type { FeatureMessageKey } from './messages';

/** Yii's item types (contract/users.ts AuthItem). */
export const ITEM_ROLE = 1;
export const ITEM_PERMISSION = 2;

/** What the operator has switched but not saved: item name → wanted assignment. */
export type Draft = Readonly<Record<string, boolean>>;

export interface PermissionChange {
  grant: string[];
  revoke: string[];
}

/** The item as the switch shows it: the draft where the operator changed it, the server's state elsewhere. */
export function isOn(item: UserAuthItem, draft: Draft): boolean {
  return draft[item.name] ?? item.assigned;
}

/** Switches back to the server's state are no change. */
export function toggled(draft: Draft, item: UserAuthItem, on: boolean): Draft {
  const next = { ...draft };
  if (on === item.assigned) delete next[item.name];
  else next[item.name] = on;
  return next;
}

/** The call's body: what the draft changes against the server's state, by name. */
export function changeOf(items: readonly UserAuthItem[], draft: Draft): PermissionChange {
  const grant: string[] = [];
  const revoke: string[] = [];
  for (const item of items) {
    const wanted = draft[item.name];
    if (wanted === undefined || wanted === item.assigned) continue;
    (wanted ? grant : revoke).push(item.name);
  }
  return { grant, revoke };
}

export const isEmptyChange = (change: PermissionChange) => change.grant.length === 0 && change.revoke.length === 0;

/** Why the operator may not switch the item, or null when it may (offline is said once, for the page). */
export function lockReason(item: UserAuthItem, data: UserPermissionsData): FeatureMessageKey | null {
  if (!data.editable) return 'userPermissions.locked.readOnly';
  if (item.selfLocked) return 'userPermissions.locked.self';
  if (!item.grantable) return item.type === ITEM_ROLE ? 'userPermissions.locked.notHeldRole' : 'userPermissions.locked.notHeldPermission';
  return null;
}

/** Roles and permissions as the screen's two lists. */
export function splitByType(items: readonly UserAuthItem[]): { roles: UserAuthItem[]; permissions: UserAuthItem[] } {
  return { roles: items.filter((item) => item.type === ITEM_ROLE), permissions: items.filter((item) => item.type !== ITEM_ROLE) };
}

/** The item's type in words. */
export function typeKey(type: number): FeatureMessageKey {
  return type === ITEM_ROLE ? 'userPermissions.type.role' : type === ITEM_PERMISSION ? 'userPermissions.type.permission' : 'userPermissions.type.other';
}

/** RBAC times are Unix seconds; the app's date formatting takes milliseconds. */
export function secondsToDate(seconds: number | null): Date | null {
  return seconds === null ? null : new Date(seconds * 1000);
}

export const userPagePath = (userId: number) => `/users/${userId}`;
