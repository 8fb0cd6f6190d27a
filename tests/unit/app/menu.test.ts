import { describe, expect, it } from 'vitest';
import type { AuthItem } from '@contract/users';
import type { Access } from '@/app/access-rules';
import { helpLinks, visibleMenuItems, visibleSubItems, visibleWizardLinks } from '@/app/menu';
import { translate } from '@/i18n/i18n';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

function items(...names: string[]): AuthItemMap {
  const map: Record<string, AuthItem> = {};
  for (const name of names) map[name] = { type: 1, name, description: null, ruleName: null, data: null, createdAt: null, updatedAt: null };
  return map;
}

const ALL_PERMISSIONS = ['HOUSES_LIST_PERMISSION', 'USERS_LIST_PERMISSION', 'KEYS_LIST_PERMISSION'];

/** The demo accounts (docs/api.md): the superuser holds every role and permission in its maps. */
const ACCOUNTS: Record<string, Access> = {
  admin: { roles: items('superuser', 'management', 'adjuster', 'support'), permissions: items(...ALL_PERMISSIONS) },
  operator: { roles: items('management'), permissions: items(...ALL_PERMISSIONS) },
  installer: { roles: items('adjuster'), permissions: items() },
  support: { roles: items('support'), permissions: items() },
};

function labels(access: Access): string[] {
  return visibleMenuItems(access).map((item) => translate('ru', item.labelKey));
}

describe('menu visibility (houses for installers, devices and houses for support)', () => {
  it('shows the superuser every item', () => {
    expect(labels(ACCOUNTS.admin)).toEqual(['Покупатели', 'Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи']);
  });

  it('shows the operator (management + list permissions) everything but buyers', () => {
    expect(labels(ACCOUNTS.operator)).toEqual(['Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи']);
  });

  it('shows the installer (adjuster) devices and the house list, where houses are taken offline', () => {
    expect(labels(ACCOUNTS.installer)).toEqual(['Устройства', 'Жилой фонд']);
  });

  it('shows support what it may read: devices, groups, houses, users and keys', () => {
    expect(labels(ACCOUNTS.support)).toEqual(['Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи']);
  });

  it('gates each item on its own key', () => {
    expect(labels({ roles: items(), permissions: items('KEYS_LIST_PERMISSION') })).toEqual(['Ключи']);
    expect(labels({ roles: items(), permissions: items('HOUSES_LIST_PERMISSION') })).toEqual(['Жилой фонд']);
    expect(labels({ roles: items('management'), permissions: items() })).toEqual(['Устройства', 'Группы', 'Жилой фонд']);
    expect(labels({ roles: items('someone-else'), permissions: items() })).toEqual([]);
  });

  // /access sits under the housing stock, not in the desktop row (no width to spare there).
  it('lists «Управление блокировками» and the companies under the houses for whoever may open them, never for installers', () => {
    const subs = (access: Access) => visibleSubItems(access).map((sub) => [sub.parent, translate('ru', sub.labelKey), sub.to]);
    const access = ['houses', 'Управление блокировками', '/access'];
    const companies = ['houses', 'Управляющие компании', '/mc'];
    // The installers' queues, under the devices.
    const field = ['devices', 'Очереди монтажников', '/field'];
    // The audit trail, under the devices too.
    const audit = ['devices', 'Журнал изменений', '/audit'];
    expect(subs(ACCOUNTS.admin)).toEqual([access, companies, field, audit]);
    expect(subs(ACCOUNTS.operator)).toEqual([access, companies, field, audit]);
    expect(subs(ACCOUNTS.support)).toEqual([access, companies, field, audit]);
    expect(subs({ roles: items(), permissions: items('HOUSES_LIST_PERMISSION') })).toEqual([access]);
    expect(subs(ACCOUNTS.installer)).toEqual([]);
    expect(visibleMenuItems(ACCOUNTS.admin)).toHaveLength(6);
  });

  it('offers the three wizards to installers and operators, never to support', () => {
    const wizards = (access: Access) => visibleWizardLinks(access).map((link) => [translate('ru', link.labelKey), link.to]);
    const all = [
      ['Добавить по серийному номеру', '/devices/serial-number-wizard'],
      ['Подключить по базовой станции и порту', '/devices/wizard'],
      ['Заменить устройство', '/devices/replace-wizard'],
    ];
    expect(wizards(ACCOUNTS.installer)).toEqual(all);
    expect(wizards(ACCOUNTS.operator)).toEqual(all);
    expect(wizards(ACCOUNTS.admin)).toEqual(all);
    expect(wizards(ACCOUNTS.support)).toEqual([]);
  });

  it('offers online help to every logged-in user and the PDF to the superuser only', () => {
    expect(helpLinks(true, ACCOUNTS.admin)).toEqual({ online: true, pdf: true });
    expect(helpLinks(true, ACCOUNTS.operator)).toEqual({ online: true, pdf: false });
    expect(helpLinks(false, ACCOUNTS.admin)).toEqual({ online: false, pdf: false });
  });
});

describe('permission and role checks', () => {
  it('is true when the key exists in the map, whatever its value', () => {
    expect(hasPermission(items('HOUSES_LIST_PERMISSION'), 'HOUSES_LIST_PERMISSION')).toBe(true);
    expect(hasPermission(items(), 'HOUSES_LIST_PERMISSION')).toBe(false);
    expect(hasPermission(undefined, 'HOUSES_LIST_PERMISSION')).toBe(false);
    expect(hasRole(items('adjuster'), 'adjuster')).toBe(true);
    expect(hasRole(items('adjuster'), 'toString')).toBe(false);
  });
});
