import { PERMISSIONS, ROLES } from '@contract/users';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

/**
 * Who writes houses, flats and entrances: the server's HOUSES_LIST_PERMISSION (the superuser passes
 * every check there). Installers and support read only; the server stays the authority.
 */
export function canWriteHousing(access: { permissions: AuthItemMap; roles: AuthItemMap }): boolean {
  return hasPermission(access.permissions, PERMISSIONS.housesList) || hasRole(access.roles, ROLES.superuser);
}
