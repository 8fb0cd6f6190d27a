import { describe, expect, it } from 'vitest';
import { changeOf, isOn, lockReason, secondsToDate, splitByType, toggled, typeKey } from '@/features/user-permissions/model';
import { authItem, installerAsOperator } from './fixtures';

describe('user permissions model', () => {
  const data = installerAsOperator();
  const [adjuster, management, superuser, houses, keys] = data.items;

  it('turns the switched items into the call: grant what was off, revoke what was on', () => {
    let draft = toggled({}, houses!, true);
    draft = toggled(draft, keys!, false);
    expect(changeOf(data.items, draft)).toEqual({ grant: ['HOUSES_LIST_PERMISSION'], revoke: ['KEYS_LIST_PERMISSION'] });
    expect(isOn(houses!, draft)).toBe(true);
    expect(isOn(keys!, draft)).toBe(false);
    expect(isOn(adjuster!, draft)).toBe(true);
  });

  it('forgets a switch turned back to what the server has: no change', () => {
    const draft = toggled(toggled({}, management!, true), management!, false);
    expect(draft).toEqual({});
    expect(changeOf(data.items, draft)).toEqual({ grant: [], revoke: [] });
  });

  it('says why an item is locked: read only first, then the caller’s own lock, then what the caller does not hold', () => {
    expect(lockReason(management!, data)).toBeNull();
    expect(lockReason(adjuster!, data)).toBe('userPermissions.locked.notHeldRole');
    expect(lockReason(authItem('X', 2, { grantable: false }), data)).toBe('userPermissions.locked.notHeldPermission');
    expect(lockReason(authItem('USERS_LIST_PERMISSION', 2, { selfLocked: true }), data)).toBe('userPermissions.locked.self');
    expect(lockReason(management!, { ...data, editable: false })).toBe('userPermissions.locked.readOnly');
    expect(lockReason(superuser!, { ...data, editable: false })).toBe('userPermissions.locked.readOnly');
  });

  it('splits roles from permissions and names the type in words', () => {
    const { roles, permissions } = splitByType(data.items);
    expect(roles.map((item) => item.name)).toEqual(['adjuster', 'management', 'superuser']);
    expect(permissions.map((item) => item.name)).toEqual(['HOUSES_LIST_PERMISSION', 'KEYS_LIST_PERMISSION']);
    expect([typeKey(1), typeKey(2), typeKey(7)]).toEqual(['userPermissions.type.role', 'userPermissions.type.permission', 'userPermissions.type.other']);
  });

  it('reads the RBAC times as Unix seconds', () => {
    expect(secondsToDate(1_714_219_200)?.toISOString()).toBe('2024-04-27T12:00:00.000Z');
    expect(secondsToDate(null)).toBeNull();
  });
});
