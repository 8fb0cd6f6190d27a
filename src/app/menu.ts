import { PERMISSIONS, ROLES } from '@contract/users';
import type { MessageKey } from '@/i18n/i18n';
import { hasPermission, hasRole } from '@/lib/session';
import { ACCESS_RULES, type Access, type AccessRule } from './access-rules';

export type MenuItemId = 'buyers' | 'devices' | 'groups' | 'houses' | 'users' | 'keys';

export interface MenuItem {
  id: MenuItemId;
  to: string;
  labelKey: MessageKey;
  descriptionKey: MessageKey;
  access: AccessRule;
  /**
   * For a section whose description promises changes («Создание…»): what it says to those who
   * may only read there (support), and who may change.
   */
  reader?: { descriptionKey: MessageKey; writes: (access: Access) => boolean };
}

/** Buyers, devices, groups, housing stock, users, keys; each item shows to whoever may open its route. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { id: 'buyers', to: '/buyers', labelKey: 'header.menu.buyers', descriptionKey: 'home.card.buyers', access: ACCESS_RULES.buyers },
  {
    id: 'devices',
    to: '/devices',
    labelKey: 'header.menu.devices',
    descriptionKey: 'home.card.devices',
    access: ACCESS_RULES.devices,
    reader: { descriptionKey: 'home.card.devicesReader', writes: ACCESS_RULES.wizards.allows },
  },
  { id: 'groups', to: '/groups', labelKey: 'header.menu.groups', descriptionKey: 'home.card.groups', access: ACCESS_RULES.groups },
  { id: 'houses', to: '/houses', labelKey: 'header.menu.houses', descriptionKey: 'home.card.houses', access: ACCESS_RULES.houses },
  { id: 'users', to: '/users', labelKey: 'header.menu.users', descriptionKey: 'home.card.users', access: ACCESS_RULES.users },
  {
    id: 'keys',
    to: '/keys',
    labelKey: 'header.menu.keys',
    descriptionKey: 'home.card.keys',
    access: ACCESS_RULES.keys,
    reader: { descriptionKey: 'home.card.keysReader', writes: (access) => hasPermission(access.permissions, PERMISSIONS.keysList) || hasRole(access.roles, ROLES.superuser) },
  },
];

/** What a section's card says to this user: what it may do there. */
export function menuDescriptionKey(item: MenuItem, access: Access): MessageKey {
  return item.reader && !item.reader.writes(access) ? item.reader.descriptionKey : item.descriptionKey;
}

export function visibleMenuItems(access: Access): MenuItem[] {
  return MENU_ITEMS.filter((item) => item.access.allows(access));
}

export type MenuSubItemId = 'access' | 'managementCompanies' | 'field' | 'audit';

/** A screen reached from a section rather than from the desktop row, which has no width to spare. */
export interface MenuSubItem {
  id: MenuSubItemId;
  parent: MenuItemId;
  to: string;
  labelKey: MessageKey;
  descriptionKey: MessageKey;
  access: AccessRule;
}

/**
 * The blocked flats sit under the housing stock, on the main page and in the drawer; so do
 * the management companies, whose houses they are.
 */
export const MENU_SUB_ITEMS: readonly MenuSubItem[] = [
  { id: 'access', parent: 'houses', to: '/access', labelKey: 'route.title.access', descriptionKey: 'home.card.access', access: ACCESS_RULES.housing },
  {
    id: 'managementCompanies',
    parent: 'houses',
    to: '/mc',
    labelKey: 'route.title.managementCompanies',
    descriptionKey: 'home.card.managementCompanies',
    access: ACCESS_RULES.managementCompanies,
  },
  // The installers' queues sit under the devices they set up.
  { id: 'field', parent: 'devices', to: '/field', labelKey: 'route.title.field', descriptionKey: 'home.card.field', access: ACCESS_RULES.field },
  // Who changed what (devices, flats, users), for those who answer for it.
  { id: 'audit', parent: 'devices', to: '/audit', labelKey: 'route.title.audit', descriptionKey: 'home.card.audit', access: ACCESS_RULES.groups },
];

export function visibleSubItems(access: Access): MenuSubItem[] {
  return MENU_SUB_ITEMS.filter((item) => item.access.allows(access));
}

export type WizardLinkId = 'serialNumber' | 'port' | 'replace';

export interface WizardLink {
  id: WizardLinkId;
  to: string;
  labelKey: MessageKey;
  descriptionKey: MessageKey;
}

/** The three ways to add or replace a device, offered on the main page and in the menu. */
export const WIZARD_LINKS: readonly WizardLink[] = [
  { id: 'serialNumber', to: '/devices/serial-number-wizard', labelKey: 'wizards.serialNumber', descriptionKey: 'wizards.serialNumber.description' },
  { id: 'port', to: '/devices/wizard', labelKey: 'wizards.port', descriptionKey: 'wizards.port.description' },
  { id: 'replace', to: '/devices/replace-wizard', labelKey: 'wizards.replace', descriptionKey: 'wizards.replace.description' },
];

export function visibleWizardLinks(access: Access): readonly WizardLink[] {
  return ACCESS_RULES.wizards.allows(access) ? WIZARD_LINKS : [];
}

/** The help menu is for any logged-in user, its PDF link for the superuser. */
export function helpLinks(logged: boolean, access: Access): { online: boolean; pdf: boolean } {
  return { online: logged, pdf: logged && hasRole(access.roles, ROLES.superuser) };
}
