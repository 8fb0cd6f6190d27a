import { PERMISSIONS, ROLES } from '@contract/users';
import type { MessageKey } from '@/i18n/i18n';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

export type MenuItemId = 'buyers' | 'devices' | 'groups' | 'houses' | 'users' | 'keys';

export interface Access {
  permissions: AuthItemMap;
  roles: AuthItemMap;
}

export interface MenuItem {
  id: MenuItemId;
  to: string;
  labelKey: MessageKey;
  descriptionKey: MessageKey;
  visible: (access: Access) => boolean;
}

/** spec §6, in the spec's order. */
export const MENU_ITEMS: readonly MenuItem[] = [
  {
    id: 'buyers',
    to: '/buyers',
    labelKey: 'header.menu.buyers',
    descriptionKey: 'home.card.buyers',
    visible: ({ roles }) => hasRole(roles, ROLES.superuser),
  },
  {
    id: 'devices',
    to: '/devices',
    labelKey: 'header.menu.devices',
    descriptionKey: 'home.card.devices',
    visible: ({ roles }) => hasRole(roles, ROLES.adjuster) || hasRole(roles, ROLES.management),
  },
  {
    id: 'groups',
    to: '/groups',
    labelKey: 'header.menu.groups',
    descriptionKey: 'home.card.groups',
    visible: ({ roles }) => hasRole(roles, ROLES.management),
  },
  {
    id: 'houses',
    to: '/houses',
    labelKey: 'header.menu.houses',
    descriptionKey: 'home.card.houses',
    visible: ({ permissions }) => hasPermission(permissions, PERMISSIONS.housesList),
  },
  {
    id: 'users',
    to: '/users',
    labelKey: 'header.menu.users',
    descriptionKey: 'home.card.users',
    visible: ({ permissions }) => hasPermission(permissions, PERMISSIONS.usersList),
  },
  {
    id: 'keys',
    to: '/keys',
    labelKey: 'header.menu.keys',
    descriptionKey: 'home.card.keys',
    visible: ({ permissions }) => hasPermission(permissions, PERMISSIONS.keysList),
  },
];

export function visibleMenuItems(access: Access): MenuItem[] {
  return MENU_ITEMS.filter((item) => item.visible(access));
}

/** spec §6: the help menu is for any logged-in user, its PDF link for the superuser. */
export function helpLinks(logged: boolean, access: Access): { online: boolean; pdf: boolean } {
  return { online: logged, pdf: logged && hasRole(access.roles, ROLES.superuser) };
}
