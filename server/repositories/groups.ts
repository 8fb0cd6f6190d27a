import { and, asc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Group, GroupBuyer, GroupDevice, GroupTreeNode, GroupUser } from '../../contract/groups';
import { queryRows, type Db } from '../db/client';
import { groups } from '../db/schema/groups';
import { selectPage } from './paging';

export interface GroupFilter {
  /** Whose groups the user may see: one buyer's, or every buyer's (null). */
  scope: number | null;
  /** One buyer's groups; it narrows the scope and never widens it. */
  buyerId?: number;
  /** A part of the name, any case. */
  name?: string;
  /** 0 lists the top-level groups. */
  parentId?: number;
}

const groupColumns = { groupId: groups.id, name: groups.name, buyerId: groups.buyerId, parentId: groups.parentId, uid: groups.uid };
const GROUP_FIELDS = sql`g.id as "groupId", g.name, g.buyer_id as "buyerId", g.parent_id as "parentId", g.uid`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereOf(filter: GroupFilter): SQL | undefined {
  return and(
    filter.scope === null ? undefined : eq(groups.buyerId, filter.scope),
    filter.buyerId === undefined ? undefined : eq(groups.buyerId, filter.buyerId),
    filter.name ? ilike(groups.name, likePattern(filter.name)) : undefined,
    filter.parentId === undefined ? undefined : filter.parentId === 0 ? isNull(groups.parentId) : eq(groups.parentId, filter.parentId),
  );
}

/** One page of groups in name order, with the number of all that match. */
export async function listGroups(db: Db, filter: GroupFilter, page: number, pageSize: number): Promise<{ rows: Group[]; total: number }> {
  return selectPage(db, { table: groups, columns: groupColumns, where: whereOf(filter), orderBy: [asc(groups.name), asc(groups.id)], page, pageSize });
}

export async function findGroup(db: Db, id: number): Promise<Group | null> {
  const [row] = await queryRows<Group>(db, sql`select ${GROUP_FIELDS} from groups g where g.id = ${id}`);
  return row ?? null;
}

export async function buyerExists(db: Db, id: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from buyers where id = ${id}`)).length > 0;
}

/**
 * Every group of the scope in name order, at most `limit`, each with its counts of devices,
 * users and child groups; and the buyers of the scope (every buyer for the superuser).
 */
export async function groupTree(db: Db, scope: number | null, limit: number): Promise<{ rows: GroupTreeNode[]; buyers: GroupBuyer[]; truncated: boolean }> {
  const inScope = scope === null ? sql`true` : sql`g.buyer_id = ${scope}`;
  const rows = await queryRows<GroupTreeNode>(
    db,
    sql`select ${GROUP_FIELDS},
          (select count(*)::int from device_groups dg where dg.group_id = g.id) as devices,
          (select count(*)::int from user_groups ug where ug.group_id = g.id) as users,
          (select count(*)::int from groups c where c.parent_id = g.id) as children
        from groups g where ${inScope} order by g.name, g.id limit ${limit + 1}`,
  );
  const buyers = await queryRows<GroupBuyer>(db, sql`select b.id as "buyerId", b.name from buyers b where ${scope === null ? sql`true` : sql`b.id = ${scope}`} order by b.id`);
  return { rows: rows.slice(0, limit), buyers, truncated: rows.length > limit };
}

/** One page of rows and the number of all: the total rides along as a window count, or is counted apart past the end. */
async function pageOf<T extends Record<string, unknown>>(db: Db, rows: SQL, count: SQL, page: number, pageSize: number): Promise<{ rows: T[]; total: number }> {
  const found = await queryRows<T & { total: number }>(db, sql`${rows} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  if (found.length > 0) return { rows: found.map(({ total: _total, ...row }) => row as unknown as T), total: Number(found[0]!.total) };
  if (page === 1) return { rows: [], total: 0 };
  const [counted] = await queryRows<{ total: number }>(db, count);
  return { rows: [], total: Number(counted?.total ?? 0) };
}

/** A group's devices in MAC order, each with the addresses of its houses. */
export async function groupDevices(db: Db, groupId: number, page: number, pageSize: number): Promise<{ rows: GroupDevice[]; total: number }> {
  return pageOf<GroupDevice>(
    db,
    sql`select d.id as "deviceId", d.mac, d.type,
          coalesce((select array_agg(h.address order by h.address) from device_houses dh join houses h on h.uid = dh.house_uid where dh.device_id = d.id), '{}') as addresses,
          count(*) over ()::int as total
        from device_groups dg join devices d on d.id = dg.device_id where dg.group_id = ${groupId} order by d.mac, d.id`,
    sql`select count(*)::int as total from device_groups where group_id = ${groupId}`,
    page,
    pageSize,
  );
}

/** A group's users in login order. */
export async function groupUsers(db: Db, groupId: number, page: number, pageSize: number): Promise<{ rows: GroupUser[]; total: number }> {
  return pageOf<GroupUser>(
    db,
    sql`select u.id as "userId", u.login, u.comment, ug.given_by as "givenBy", count(*) over ()::int as total
        from user_groups ug join users u on u.id = ug.user_id where ug.group_id = ${groupId} order by u.login, u.id`,
    sql`select count(*)::int as total from user_groups where group_id = ${groupId}`,
    page,
    pageSize,
  );
}

export interface GroupFields {
  name: string;
  buyerId: number;
  /** null: a top-level group. */
  parentId: number | null;
}

/**
 * Moves and creates of one buyer's groups take this transaction-scoped lock, so two moves at once
 * cannot each pass the loop check and together make a loop.
 */
async function lockBuyerTree(db: Db, buyerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`groups:${buyerId}`}, 0))`);
}

/** Whether `groupId` is `parentId` or one of its ancestors (`union` stops at a loop already stored). */
async function isAncestorOrSelf(db: Db, groupId: number, parentId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from groups where id = ${parentId}
          union
          select g.id, g.parent_id from groups g join up on g.id = up.parent_id
        ) select 1 from up where id = ${groupId} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Holds the parent until the transaction ends, so it cannot be deleted under a new child; false
 * when it is gone (deleted since the caller looked it up).
 */
async function holdParent(db: Db, parentId: number | null): Promise<boolean> {
  return parentId === null || (await queryRows(db, sql`select id from groups where id = ${parentId} for key share`)).length > 0;
}

export type CreateGroupResult = { status: 'created'; group: Group } | { status: 'no-parent' };

export async function createGroup(db: Db, fields: GroupFields, uid: string): Promise<CreateGroupResult> {
  return db.transaction(async (tx) => {
    if (!(await holdParent(tx, fields.parentId))) return { status: 'no-parent' };
    const [created] = await queryRows<{ id: number }>(
      tx,
      sql`insert into groups (name, buyer_id, parent_id, uid) values (${fields.name}, ${fields.buyerId}, ${fields.parentId}, ${uid}) returning id`,
    );
    return { status: 'created', group: (await findGroup(tx, created!.id))! };
  });
}

export type UpdateGroupResult = { status: 'updated'; group: Group } | { status: 'not-found' } | { status: 'no-parent' } | { status: 'loop' };

/** Renames and moves a group; a parent that is the group itself or lies under it is a loop. */
export async function updateGroup(db: Db, id: number, fields: GroupFields): Promise<UpdateGroupResult> {
  return db.transaction(async (tx) => {
    await lockBuyerTree(tx, fields.buyerId);
    if ((await queryRows(tx, sql`select id from groups where id = ${id} for update`)).length === 0) return { status: 'not-found' };
    if (!(await holdParent(tx, fields.parentId))) return { status: 'no-parent' };
    if (fields.parentId !== null && (await isAncestorOrSelf(tx, id, fields.parentId))) return { status: 'loop' };
    await tx.execute(sql`update groups set name = ${fields.name}, parent_id = ${fields.parentId} where id = ${id}`);
    return { status: 'updated', group: (await findGroup(tx, id))! };
  });
}

export type DeleteGroupResult =
  | { status: 'deleted'; devices: number; users: number }
  | { status: 'not-found' }
  | { status: 'has-children'; children: number };

/**
 * Deletes a group without child groups; its links to devices and users go with it (the schema
 * cascades). The row is locked from the count to the delete: a child added meanwhile waits for it.
 */
export async function deleteGroup(db: Db, id: number): Promise<DeleteGroupResult> {
  return db.transaction(async (tx) => {
    if ((await queryRows(tx, sql`select id from groups where id = ${id} for update`)).length === 0) return { status: 'not-found' };
    const [counts] = await queryRows<{ children: number; devices: number; users: number }>(
      tx,
      sql`select (select count(*)::int from groups where parent_id = ${id}) as children,
                 (select count(*)::int from device_groups where group_id = ${id}) as devices,
                 (select count(*)::int from user_groups where group_id = ${id}) as users`,
    );
    if (counts!.children > 0) return { status: 'has-children', children: counts!.children };
    await tx.execute(sql`delete from groups where id = ${id}`);
    return { status: 'deleted', devices: counts!.devices, users: counts!.users };
  });
}
