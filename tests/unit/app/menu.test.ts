import { describe, expect, it } from 'vitest';
import type { AuthItem } from '@contract/users';
import { helpLinks, visibleMenuItems, type Access } from '@/app/menu';
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

describe('menu visibility (spec §6)', () => {
  it('shows the superuser every item', () => {
    expect(labels(ACCOUNTS.admin)).toEqual(['Покупатели', 'Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи']);
  });

  it('shows the operator (management + list permissions) everything but buyers', () => {
    expect(labels(ACCOUNTS.operator)).toEqual(['Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи']);
  });

  it('shows the installer (adjuster) devices only', () => {
    expect(labels(ACCOUNTS.installer)).toEqual(['Устройства']);
  });

  it('shows support nothing from the menu', () => {
    expect(labels(ACCOUNTS.support)).toEqual([]);
  });

  it('gates each item on its own key', () => {
    expect(labels({ roles: items(), permissions: items('KEYS_LIST_PERMISSION') })).toEqual(['Ключи']);
    expect(labels({ roles: items('management'), permissions: items() })).toEqual(['Устройства', 'Группы']);
  });

  it('offers online help to every logged-in user and the PDF to the superuser only', () => {
    expect(helpLinks(true, ACCOUNTS.admin)).toEqual({ online: true, pdf: true });
    expect(helpLinks(true, ACCOUNTS.operator)).toEqual({ online: true, pdf: false });
    expect(helpLinks(false, ACCOUNTS.admin)).toEqual({ online: false, pdf: false });
  });
});

describe('permission and role checks (spec §5)', () => {
  it('is true when the key exists in the map, whatever its value', () => {
    expect(hasPermission(items('HOUSES_LIST_PERMISSION'), 'HOUSES_LIST_PERMISSION')).toBe(true);
    expect(hasPermission(items(), 'HOUSES_LIST_PERMISSION')).toBe(false);
    expect(hasPermission(undefined, 'HOUSES_LIST_PERMISSION')).toBe(false);
    expect(hasRole(items('adjuster'), 'adjuster')).toBe(true);
    expect(hasRole(items('adjuster'), 'toString')).toBe(false);
  });
});
