import { describe, expect, it } from 'vitest';
import type { Group } from '@contract/groups';
import { groupTree } from '@/lib/group-tree';

function group(groupId: number, name: string, parentId: number | null = null): Group {
  return { groupId, name, parentId, buyerId: 1, uid: `uid-${groupId}` };
}

const shape = (groups: Group[]) => groupTree(groups).map(({ groupId, depth, path }) => ({ groupId, depth, path }));

describe('groupTree', () => {
  it('puts each parent before its children, siblings by name, with depth and path', () => {
    const groups = [group(3, 'Подъезды', 1), group(1, 'Обслуживание'), group(4, 'Лифты', 1), group(2, 'Аварийные'), group(5, 'Первый', 3)];
    expect(shape(groups)).toEqual([
      { groupId: 2, depth: 0, path: 'Аварийные' },
      { groupId: 1, depth: 0, path: 'Обслуживание' },
      { groupId: 4, depth: 1, path: 'Обслуживание › Лифты' },
      { groupId: 3, depth: 1, path: 'Обслуживание › Подъезды' },
      { groupId: 5, depth: 2, path: 'Обслуживание › Подъезды › Первый' },
    ]);
  });

  it('starts a tree at a group whose parent is not in the list', () => {
    expect(shape([group(7, 'Дочерняя', 99), group(1, 'Верхняя')])).toEqual([
      { groupId: 1, depth: 0, path: 'Верхняя' },
      { groupId: 7, depth: 0, path: 'Дочерняя' },
    ]);
  });

  it('returns every group once, also those caught in a parent loop', () => {
    const tree = groupTree([group(1, 'А', 2), group(2, 'Б', 1), group(3, 'В')]);
    expect(tree.map((g) => g.groupId).sort()).toEqual([1, 2, 3]);
    expect(tree.find((g) => g.groupId === 2)).toMatchObject({ depth: 1, path: 'А › Б' });
  });

  it('orders equal names by id and keeps the group fields', () => {
    const tree = groupTree([group(9, 'Двор'), group(4, 'Двор')]);
    expect(tree.map((g) => g.groupId)).toEqual([4, 9]);
    expect(tree[0]).toMatchObject({ buyerId: 1, uid: 'uid-4', parentId: null });
  });
});
