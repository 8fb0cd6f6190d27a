import { GROUP_NAME_MAX_LENGTH, type GroupBuyer, type GroupInput, type GroupTreeNode } from '@contract/groups';
import { PERMISSIONS, ROLES } from '@contract/users';
import { groupTree, type GroupChoice } from '@/lib/group-tree';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

export type GroupRow = GroupChoice<GroupTreeNode>;

interface Access {
  permissions: AuthItemMap;
  roles: AuthItemMap;
}

/** The server lets management change groups (the superuser holds every role); support only reads. */
export function canEditGroups({ roles }: Access): boolean {
  return hasRole(roles, ROLES.management) || hasRole(roles, ROLES.superuser);
}

/** The app's `users` rule (src/app/access-rules.ts): who gets a user's login as a link to the user. */
export function canOpenUsers({ roles, permissions }: Access): boolean {
  return hasPermission(permissions, PERMISSIONS.usersList) || hasRole(roles, ROLES.support) || hasRole(roles, ROLES.superuser);
}

/** The child groups that keep a group from being deleted (the server refuses while there are any); 0 when it may go. */
export function childGroupsBlockingDelete(group: { children: number | null }): number {
  return group.children ?? 0;
}

export function groupPagePath(groupId: number): string {
  return `/groups/${groupId}`;
}

export function deviceCardPath(mac: string): string {
  return `/devices/${encodeURIComponent(mac)}/update`;
}

export function userPagePath(userId: number): string {
  return `/users/${userId}`;
}

/** The URL's parameters with one set, or taken out (null). */
export function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
}

/** One buyer's part of the tree: its groups in tree order. */
export interface BuyerTree {
  buyer: GroupBuyer;
  rows: GroupRow[];
}

/**
 * The tree split by buyer (the superuser sees several; a buyer's name comes with the answer), each
 * part in tree order. A buyer without groups still gets its (empty) part when it is the only one.
 */
export function buyerTrees(nodes: readonly GroupTreeNode[], buyers: readonly GroupBuyer[]): BuyerTree[] {
  const known = new Map(buyers.map((buyer) => [buyer.buyerId, buyer]));
  const ids = [...new Set([...buyers.map((buyer) => buyer.buyerId), ...nodes.map((node) => node.buyerId)])].sort((a, b) => a - b);
  const trees = ids.map((buyerId) => ({
    buyer: known.get(buyerId) ?? { buyerId, name: String(buyerId) },
    rows: groupTree(nodes.filter((node) => node.buyerId === buyerId)),
  }));
  return trees.length > 1 ? trees.filter((tree) => tree.rows.length > 0) : trees;
}

function parentsOf(rows: readonly GroupRow[]): Map<number, number | null> {
  return new Map(rows.map((row) => [row.groupId, row.parentId]));
}

/** The group's ancestors, nearest first; stops at a loop. */
export function ancestorIds(groupId: number, parents: ReadonlyMap<number, number | null>): number[] {
  const found: number[] = [];
  const seen = new Set([groupId]);
  let current = parents.get(groupId) ?? null;
  while (current !== null && parents.has(current) && !seen.has(current)) {
    found.push(current);
    seen.add(current);
    current = parents.get(current) ?? null;
  }
  return found;
}

export interface VisibleRow {
  row: GroupRow;
  /** Its name holds the search. */
  match: boolean;
}

/**
 * The rows to show: with a search, the groups whose name holds it (any case) and their ancestors,
 * every one shown; without, every row but those under a collapsed group.
 */
export function visibleRows(rows: readonly GroupRow[], search: string, collapsed: ReadonlySet<number>): VisibleRow[] {
  const text = search.trim().toLocaleLowerCase('ru');
  if (text !== '') {
    const parents = parentsOf(rows);
    const matches = new Set(rows.filter((row) => row.name.toLocaleLowerCase('ru').includes(text)).map((row) => row.groupId));
    const kept = new Set(matches);
    for (const id of matches) for (const ancestor of ancestorIds(id, parents)) kept.add(ancestor);
    return rows.filter((row) => kept.has(row.groupId)).map((row) => ({ row, match: matches.has(row.groupId) }));
  }
  const visible: VisibleRow[] = [];
  let hiddenBelow: number | null = null;
  for (const row of rows) {
    if (hiddenBelow !== null && row.depth > hiddenBelow) continue;
    hiddenBelow = collapsed.has(row.groupId) ? row.depth : null;
    visible.push({ row, match: false });
  }
  return visible;
}

/** Whether a row has a child among the rows (the tree order puts it right after). */
export function hasChildRow(rows: readonly GroupRow[], index: number): boolean {
  const next = rows[index + 1];
  return next !== undefined && next.depth > rows[index]!.depth;
}

/** The groups a group may move under: its buyer's, but neither itself nor any group under it. */
export function parentChoices(rows: readonly GroupRow[], groupId: number | null): GroupRow[] {
  if (groupId === null) return [...rows];
  const parents = parentsOf(rows);
  return rows.filter((row) => row.groupId !== groupId && !ancestorIds(row.groupId, parents).includes(groupId));
}

/** A picker's line: the group indented under its parent (a native select shows no tree). */
export function indentedName(row: GroupRow): string {
  return `${'\u00a0\u00a0\u00a0'.repeat(row.depth)}${row.name}`;
}

export interface GroupFormValues {
  name: string;
  /** '' for the top level. */
  parentId: string;
  /** The superuser's choice on create; '' keeps the session's buyer. */
  buyerId: string;
}

export type GroupFormProblem = 'nameRequired' | 'nameLong';

/** The checks the server makes on a name, before sending. */
export function checkGroupName(name: string): GroupFormProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'nameRequired';
  if (trimmed.length > GROUP_NAME_MAX_LENGTH) return 'nameLong';
  return null;
}

export function groupBody(values: GroupFormValues, withBuyer: boolean): GroupInput {
  const body: GroupInput = { name: values.name.trim(), parentId: values.parentId === '' ? null : Number(values.parentId) };
  if (withBuyer && values.buyerId !== '') body.buyerId = Number(values.buyerId);
  return body;
}
