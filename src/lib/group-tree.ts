import type { Group } from '@contract/groups';

/** A group as a picker shows it: in tree order, with its depth and its path from the top. */
export type GroupChoice<G extends Group = Group> = G & {
  depth: number;
  path: string;
};

const PATH_SEPARATOR = ' › ';

const byName = (a: Group, b: Group) => a.name.localeCompare(b.name, 'ru') || a.groupId - b.groupId;

/**
 * Orders groups as a tree, each parent followed by its children, siblings by name.
 * A group whose parent is not in the list (another page, another buyer) starts a tree of its own,
 * and so does one caught in a parent loop: every group given comes back exactly once.
 */
export function groupTree<G extends Group>(groups: readonly G[]): GroupChoice<G>[] {
  const sorted = [...groups].sort(byName);
  const ids = new Set(groups.map((group) => group.groupId));
  const isRoot = (group: G) => group.parentId === null || !ids.has(group.parentId);
  const children = new Map<number, G[]>();
  for (const group of sorted) {
    if (group.parentId !== null && !isRoot(group)) children.set(group.parentId, [...(children.get(group.parentId) ?? []), group]);
  }
  const ordered: GroupChoice<G>[] = [];
  const placed = new Set<number>();
  const place = (group: G, depth: number, parentPath: string | null) => {
    if (placed.has(group.groupId)) return;
    placed.add(group.groupId);
    const path = parentPath === null ? group.name : parentPath + PATH_SEPARATOR + group.name;
    ordered.push({ ...group, depth, path });
    for (const child of children.get(group.groupId) ?? []) place(child, depth + 1, path);
  };
  for (const group of sorted.filter(isRoot)) place(group, 0, null);
  // What is left sits in a parent loop.
  for (const group of sorted) place(group, 0, null);
  return ordered;
}
