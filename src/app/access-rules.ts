import { PERMISSIONS, ROLES } from '@contract/users';
import { canOpenOutbox } from '@/features/outbox/access';
import type { MessageKey } from '@/i18n/i18n';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

/** What the app knows of a user's rights: the two maps of the permissions call. */
export interface Access {
  permissions: AuthItemMap;
  roles: AuthItemMap;
}

/** Who may open a screen. The server stays the authority: the app only hides what it would refuse. */
export interface AccessRule {
  allows: (access: Access) => boolean;
  /** Who may open it, in words, for the page a refused user sees. */
  whoKey: MessageKey;
}

function anyRole(...names: string[]): (access: Access) => boolean {
  return ({ roles }) => names.some((name) => hasRole(roles, name));
}

function permission(name: string): (access: Access) => boolean {
  return ({ permissions }) => hasPermission(permissions, name);
}

/**
 * One rule per kind of screen, shared by the menu, the main page and the routes. The menu rules
 * of docs/product.md, widened: support reads devices and houses, and installers see houses.
 */
export const ACCESS_RULES = {
  anyone: { allows: () => true, whoKey: 'access.who.anyone' },
  buyers: { allows: anyRole(ROLES.superuser), whoKey: 'access.who.superuser' },
  devices: { allows: anyRole(ROLES.adjuster, ROLES.management, ROLES.support), whoKey: 'access.who.devices' },
  /** The add, replace and set-up wizards write to devices: support may not open them. */
  wizards: { allows: anyRole(ROLES.adjuster, ROLES.management), whoKey: 'access.who.wizards' },
  /** Support reads groups, companies and users (the server refuses it every change). */
  groups: { allows: anyRole(ROLES.management, ROLES.support), whoKey: 'access.who.managementOrSupport' },
  houses: {
    allows: (access: Access) => permission(PERMISSIONS.housesList)(access) || anyRole(ROLES.adjuster, ROLES.management, ROLES.support)(access),
    whoKey: 'access.who.houses',
  },
  /**
   * A house's card, its flats and entrances, and the blocks on /access: operators with the
   * permission or the role management, and support to read. Installers list houses but are refused these.
   */
  housing: {
    allows: (access: Access) => permission(PERMISSIONS.housesList)(access) || anyRole(ROLES.management, ROLES.support)(access),
    whoKey: 'access.who.housing',
  },
  users: {
    allows: (access: Access) => permission(PERMISSIONS.usersList)(access) || anyRole(ROLES.support)(access),
    whoKey: 'access.who.users',
  },
  /** The cross-device keys list; support reads it (the server refuses it every change). */
  keys: { allows: (access: Access) => permission(PERMISSIONS.keysList)(access) || anyRole(ROLES.support)(access), whoKey: 'access.who.keys' },
  /**
   * A device's keys, RS keys, door codes and keyless access: the key editors (the permission or
   * management) and support to read. Installers set devices up but do not manage keys.
   */
  deviceKeys: {
    allows: (access: Access) => permission(PERMISSIONS.keysList)(access) || anyRole(ROLES.management, ROLES.support)(access),
    whoKey: 'access.who.deviceKeys',
  },
  /** Management companies are the operators' reference data (the server's list is theirs too). */
  managementCompanies: { allows: anyRole(ROLES.management, ROLES.support), whoKey: 'access.who.managementOrSupport' },
  /** Creating a company is a change: support, which only reads, is not let in. */
  managementCompanyCreate: { allows: anyRole(ROLES.management), whoKey: 'access.who.management' },
  outbox: { allows: ({ roles }: Access) => canOpenOutbox(roles), whoKey: 'access.who.outbox' },
  /** The installers' queues as their apps report them (the server scopes them by buyer). */
  field: { allows: anyRole(ROLES.management, ROLES.support), whoKey: 'access.who.managementOrSupport' },
} as const satisfies Record<string, AccessRule>;
