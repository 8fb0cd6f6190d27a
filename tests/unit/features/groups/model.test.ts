import { describe, expect, it } from 'vitest';
import type { GroupTreeNode } from '@contract/groups';
import { decode } from '@contract/common';
import { GroupDevicesResponse, GroupTreeResponse, GroupUsersResponse } from '@contract/groups';
import { buyerTrees, canEditGroups, canOpenUsers, checkGroupName, groupBody, indentedName, parentChoices, visibleRows } from '@/features/groups/model';
import { authItems } from '../../helpers/render';

function node(groupId: number, name: string, parentId: number | null, buyerId = 1): GroupTreeNode {
  return { groupId, name, parentId, buyerId, uid: `g-${groupId}`, devices: 0, users: 0, children: 0 };
}

// Север › Центр › Школьный; Север › Заречье; Юг; and buyer 2's Восток.
const NODES = [node(1, 'Север', null), node(2, 'Центр', 1), node(3, 'Школьный', 2), node(4, 'Заречье', 1), node(5, 'Юг', null), node(6, 'Восток', null, 2)];
const BUYERS = [
  { buyerId: 1, name: 'ООО «Домофон-Сервис»' },
  { buyerId: 2, name: 'ООО «Умный подъезд»' },
];

describe('the group tree of /groups', () => {
  it('splits the tree by buyer, each in tree order with paths', () => {
    const trees = buyerTrees(NODES, BUYERS);
    expect(trees.map((tree) => tree.buyer.name)).toEqual(['ООО «Домофон-Сервис»', 'ООО «Умный подъезд»']);
    expect(trees[0]!.rows.map((row) => `${row.depth}:${row.path}`)).toEqual(['0:Север', '1:Север › Заречье', '1:Север › Центр', '2:Север › Центр › Школьный', '0:Юг']);
    expect(trees[1]!.rows.map((row) => row.name)).toEqual(['Восток']);
    // An operator's one buyer keeps its part even without groups (the empty state).
    expect(buyerTrees([], [BUYERS[0]!])).toEqual([{ buyer: BUYERS[0], rows: [] }]);
  });

  it('hides what is under a collapsed group, and shows every match of a search with its ancestors', () => {
    const rows = buyerTrees(NODES, BUYERS)[0]!.rows;
    expect(visibleRows(rows, '', new Set([2])).map(({ row }) => row.name)).toEqual(['Север', 'Заречье', 'Центр', 'Юг']);
    expect(visibleRows(rows, '', new Set([1])).map(({ row }) => row.name)).toEqual(['Север', 'Юг']);
    const found = visibleRows(rows, 'школ', new Set([1]));
    expect(found.map(({ row, match }) => `${row.name}${match ? '*' : ''}`)).toEqual(['Север', 'Центр', 'Школьный*']);
    expect(visibleRows(rows, 'нет такой', new Set())).toEqual([]);
  });

  it('offers as a parent neither the group itself nor any group under it', () => {
    const rows = buyerTrees(NODES, BUYERS)[0]!.rows;
    expect(parentChoices(rows, 2).map((row) => row.name)).toEqual(['Север', 'Заречье', 'Юг']);
    expect(parentChoices(rows, 1).map((row) => row.name)).toEqual(['Юг']);
    expect(parentChoices(rows, null)).toHaveLength(5);
    expect(indentedName(rows[3]!)).toBe('\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0Школьный');
  });

  it('checks the name as the server does and builds the body (buyer only when the superuser picks one)', () => {
    expect(checkGroupName('  ')).toBe('nameRequired');
    expect(checkGroupName('я'.repeat(101))).toBe('nameLong');
    expect(checkGroupName(` ${'я'.repeat(100)} `)).toBeNull();
    expect(groupBody({ name: ' Центр ', parentId: '', buyerId: '2' }, false)).toEqual({ name: 'Центр', parentId: null });
    expect(groupBody({ name: 'Центр', parentId: '1', buyerId: '2' }, true)).toEqual({ name: 'Центр', parentId: 1, buyerId: 2 });
  });

  it('lets management and the superuser change groups, support only read; links users for the users rule', () => {
    expect(canEditGroups({ roles: authItems('management'), permissions: authItems() })).toBe(true);
    expect(canEditGroups({ roles: authItems('superuser'), permissions: authItems() })).toBe(true);
    expect(canEditGroups({ roles: authItems('support'), permissions: authItems() })).toBe(false);
    expect(canOpenUsers({ roles: authItems('management'), permissions: authItems('USERS_LIST_PERMISSION') })).toBe(true);
    expect(canOpenUsers({ roles: authItems('support'), permissions: authItems() })).toBe(true);
    expect(canOpenUsers({ roles: authItems('management'), permissions: authItems() })).toBe(false);
  });
});

describe('the group contract of the new calls', () => {
  const pagination = { count: 1, page: 1, pageCount: 1, pageSize: 20, totalCount: 1 };

  it('decodes the tree, a group’s devices and users, and names a bad field', () => {
    expect(decode(GroupTreeResponse, { result: true, data: [NODES[0]], buyers: BUYERS, truncated: false }).data[0]!.devices).toBe(0);
    expect(() => decode(GroupTreeResponse, { result: true, data: [{ ...NODES[0], users: '3' }], buyers: [], truncated: false })).toThrow(/data\.0\.users/);
    expect(decode(GroupDevicesResponse, { result: true, data: [{ deviceId: 7, mac: '00:1A:2B:3C:4D:5E', type: 6, addresses: ['г. Тверь'] }], pagination }).data[0]!.addresses).toEqual(['г. Тверь']);
    expect(() => decode(GroupUsersResponse, { result: true, data: [{ userId: 4, login: 'support', comment: null }], pagination })).toThrow(/data\.0\.givenBy/);
  });
});
