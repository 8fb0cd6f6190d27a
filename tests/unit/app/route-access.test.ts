import { describe, expect, it } from 'vitest';
import type { AuthItem } from '@contract/users';
import { ACCESS_RULES, type Access } from '@/app/access-rules';
import { MENU_ITEMS, WIZARD_LINKS } from '@/app/menu';
import { loginRoute, workspaceRoutes } from '@/app/route-table';
import { translate } from '@/i18n/i18n';
import type { AuthItemMap } from '@/lib/session';
import tableSource from '@/app/route-table.ts?raw';
import { routePaths } from '../../e2e/route-paths';

function items(...names: string[]): AuthItemMap {
  const map: Record<string, AuthItem> = {};
  for (const name of names) map[name] = { type: 1, name, description: null, ruleName: null, data: null, createdAt: null, updatedAt: null };
  return map;
}

const ALL_PERMISSIONS = ['HOUSES_LIST_PERMISSION', 'USERS_LIST_PERMISSION', 'KEYS_LIST_PERMISSION'];

/** The demo accounts (docs/api.md): the superuser holds every role and permission in its maps. */
const ACCOUNTS = {
  admin: { roles: items('superuser', 'management', 'adjuster', 'support'), permissions: items(...ALL_PERMISSIONS) },
  operator: { roles: items('management'), permissions: items(...ALL_PERMISSIONS) },
  installer: { roles: items('adjuster'), permissions: items() },
  support: { roles: items('support'), permissions: items() },
  nobody: { roles: items('someone-else'), permissions: items() },
} satisfies Record<string, Access>;

const WIZARDS = ['/devices/:mac/wizard', '/devices/wizard', '/devices/serial-number-wizard', '/devices/replace-wizard'];
const DEVICE_SCREENS = [
  '/devices',
  '/devices/:mac/update',
  '/devices/:mac/commutators',
  '/devices/:mac/power',
  '/devices/history',
  '/dialings/:mac',
];
/** `housing` rule: a house's page, its flats and entrances, and the blocks on /access. */
const HOUSING_SCREENS = ['/houses/:houseUid', '/houses/:houseUid/flats/:flatNum/update', '/entrances/:entranceUid', '/access'];
/** Support reads the companies, users and groups (creating a company is not reading). */
const PEOPLE_SCREENS = ['/mc', '/mc/:mcId/update', '/users', '/users/:userId', '/users/:userId/permissions', '/groups', '/groups/:groupId'];
const OPERATOR_SCREENS = ['/groups', '/groups/:groupId', '/mc', '/mc/:mcId/update', '/mc/view-create'];
const USER_SCREENS = ['/users', '/users/:userId', '/users/:userId/permissions'];
const OPEN_TO_ALL = ['/', '/user/options', '*'];
/** A device's keys, RS keys and codes, keyless access and the keys list; support reads them, installers do not. */
const KEY_SCREENS = ['/devices/:mac/keys', '/devices/:mac/rs-keys', '/devices/:mac/codes', '/device/codes', '/keys'];

function opens(access: Access): string[] {
  return workspaceRoutes.filter((route) => route.access.allows(access)).map((route) => route.path);
}

function routeOf(path: string) {
  const route = workspaceRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

describe('route access rules', () => {
  it('gives every route a rule that says in words who may open it', () => {
    for (const route of [loginRoute, ...workspaceRoutes]) {
      expect(typeof route.access.allows, route.path).toBe('function');
      const who = translate('ru', route.access.whoKey);
      expect(who, route.path).toMatch(/[а-я]/);
      expect(who, route.path).not.toBe(route.access.whoKey);
    }
  });

  it('refuses support the four wizards, the buyers and a send queue of its own, and lets it read devices, keys, housing, companies, users, groups and the installers\' queues', () => {
    const support = opens(ACCOUNTS.support);
    for (const path of WIZARDS) expect(support, path).not.toContain(path);
    const readable = [...OPEN_TO_ALL, ...DEVICE_SCREENS, ...KEY_SCREENS, '/houses', ...HOUSING_SCREENS, ...PEOPLE_SCREENS, '/field', '/field/:installerId', '/audit'];
    expect(support).toEqual(workspaceRoutes.map((route) => route.path).filter((path) => readable.includes(path)));
    expect(support).toHaveLength(readable.length);
  });

  it('lets the installer reach the wizards, the devices, the house list and the queue, and nothing of the operators', () => {
    const installer = opens(ACCOUNTS.installer);
    for (const path of [...WIZARDS, ...DEVICE_SCREENS, '/houses', '/outbox']) expect(installer, path).toContain(path);
    for (const path of [...HOUSING_SCREENS, ...OPERATOR_SCREENS, ...USER_SCREENS, ...KEY_SCREENS, '/buyers', '/buyers/:buyerId', '/field', '/audit']) expect(installer, path).not.toContain(path);
  });

  it('gives the house page, the flat card, the entrance page and /access the housing rule', () => {
    for (const path of HOUSING_SCREENS) expect(routeOf(path).access, path).toBe(ACCESS_RULES.housing);
    const operatorWithoutRole = { roles: items(), permissions: items('HOUSES_LIST_PERMISSION') };
    expect(ACCESS_RULES.housing.allows(operatorWithoutRole)).toBe(true);
    expect(ACCESS_RULES.housing.allows(ACCOUNTS.installer)).toBe(false);
  });

  it('lets the operator open everything but the buyers, and the superuser everything', () => {
    const allPaths = workspaceRoutes.map((route) => route.path);
    expect(opens(ACCOUNTS.operator)).toEqual(allPaths.filter((path) => !path.startsWith('/buyers')));
    expect(opens(ACCOUNTS.admin)).toEqual(allPaths);
  });

  it('leaves a role the app does not know the main page and the settings only', () => {
    expect(opens(ACCOUNTS.nobody)).toEqual(OPEN_TO_ALL);
  });

  it('gives each placeholder its menu rule', () => {
    expect(routeOf('/groups/:groupId').access).toBe(ACCESS_RULES.groups);
    expect(routeOf('/buyers/:buyerId').access).toBe(ACCESS_RULES.buyers);
    expect(routeOf('/users/:userId/permissions').access).toBe(ACCESS_RULES.users);
    expect(routeOf('/keys').access).toBe(ACCESS_RULES.keys);
    for (const path of KEY_SCREENS.filter((screen) => screen !== '/keys')) expect(routeOf(path).access, path).toBe(ACCESS_RULES.deviceKeys);
    const keysOnly = { roles: items(), permissions: items('KEYS_LIST_PERMISSION') };
    expect(ACCESS_RULES.deviceKeys.allows(keysOnly)).toBe(true);
    expect(ACCESS_RULES.keys.allows(keysOnly)).toBe(true);
    expect(routeOf('/devices/:mac/power').access).toBe(routeOf('/devices/:mac/update').access);
  });

  it('shows a menu item or a wizard link exactly to those who may open its route', () => {
    for (const item of MENU_ITEMS) expect(routeOf(item.to).access, item.to).toBe(item.access);
    for (const link of WIZARD_LINKS) expect(routeOf(link.to).access, link.to).toBe(ACCESS_RULES.wizards);
  });

  it('lists the same routes to the e2e tests as the table holds', () => {
    expect(routePaths(tableSource)).toEqual([loginRoute, ...workspaceRoutes].map((route) => route.path));
  });
});
