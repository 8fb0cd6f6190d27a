import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Group } from '../../contract/groups';
import { isLoginPrefix, type UserListRow } from '../../contract/users';
import { queryRows, type Db } from '../db/client';
import { groups, userGroups } from '../db/schema/groups';
import { users } from '../db/schema/users';
import { containsPattern, prefixPattern } from '../db/like-patterns';

export async function findUserByLogin(db: Db, login: string): Promise<{ id: number; passwordHash: string | null } | null> {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.login}) = lower(${login})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserBuyer(db: Db, userId: number): Promise<number | null> {
  const rows = await db.select({ buyerId: users.buyerId }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.buyerId ?? null;
}

/** The groups the user belongs to (Current user's group list). */
export async function listUserGroups(db: Db, userId: number): Promise<Group[]> {
  return db
    .select({ groupId: groups.id, name: groups.name, buyerId: groups.buyerId, parentId: groups.parentId, uid: groups.uid })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(groups.name), asc(groups.id));
}

/**
 * The list's conditions on a users row `u`. A short login part is a prefix of lower(login), which
 * users_login_prefix_idx serves; a longer one matches anywhere: with ILIKE, which the trigram index
 * serves, or as lower(login) LIKE, which it cannot: a walk in login order keeps its index.
 */
export function userListWhere(filters: UserListFilters, scope: number | null, login: 'trigram' | 'walk'): SQL {
  const conditions: SQL[] = [sql`true`];
  if (scope !== null) conditions.push(sql`u.buyer_id = ${scope}`);
  if (filters.buyerId !== undefined) conditions.push(sql`u.buyer_id = ${filters.buyerId}`);
  if (filters.userId !== undefined) conditions.push(sql`u.id = ${filters.userId}`);
  if (filters.comment) conditions.push(sql`u.comment ilike ${containsPattern(filters.comment)}`);
  if (filters.login && isLoginPrefix(filters.login)) {
    conditions.push(sql`lower(u.login) like lower(${prefixPattern(filters.login)})`);
  } else if (filters.login) {
    const pattern = containsPattern(filters.login);
    conditions.push(login === 'trigram' ? sql`u.login ilike ${pattern}` : sql`lower(u.login) like lower(${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

export interface UserListFilters {
  login?: string;
  comment?: string;
  buyerId?: number;
  userId?: number;
}

/** The list counts its matches up to this many (or to the end of the page asked for, if further). */
export const USER_COUNT_CAP = 500;

/**
 * Past the cap, the page is first looked for among this many users in login order (from the
 * prefix, for a short login part), or this many a row of the page, if more: dense matches («79»,
 * «790» of phone numbers) fill it there.
 */
export const USER_WALK_BUDGET = 20_000;
const USER_WALK_PER_ROW = 20;

/** The cap of a count for `page`: the page's last row at least, so a later page still reads as one. */
export function userCountCap(page: number, pageSize: number): number {
  return Math.max(USER_COUNT_CAP, page * pageSize);
}

export interface UserListPage {
  rows: UserListRow[];
  /** Exact when `capped` is false; otherwise the cap, and more users match. */
  total: number;
  capped: boolean;
  /** The matches counted, up to the cap and one: what a caller may remember of this filter. */
  counted: number;
}

const LIST_ROW = sql.raw(`json_build_object('userId', u.id, 'buyerId', u.buyer_id, 'login', u.login, 'comment', u.comment,
  'dateCreate', to_char(u.date_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);

/**
 * A page of user list rows by login case-insensitively, then id: `login` matches a part (a short one
 * the login's start), `comment` a part, case-insensitively; `scope` limits the list to one buyer
 * (null: every buyer).
 *
 * The matches are counted up to a cap (through the login's trigram index, or its prefix index for a
 * short part), and up to the cap the page is sorted out of them. Past it the matches are many, and
 * where they are dense the page is among the first users in login order: a second statement looks
 * for it in the first USER_WALK_BUDGET of them (users_login_walk_idx, from the prefix for a short
 * part). Only when that does not fill the page (staff names after every phone number) are all the
 * matches read and the page sorted out of them. `knownCount`, the matches a recent call counted for
 * the same filter: past the cap, the count is not made again.
 */
export async function listUsers(
  db: Db,
  filters: UserListFilters,
  scope: number | null,
  page: number,
  pageSize: number,
  knownCount: number | null = null,
): Promise<UserListPage> {
  const cap = userCountCap(page, pageSize);
  const offset = (page - 1) * pageSize;
  const sortedPage = async (limit: number | null) => {
    const [matched] = await queryRows<{ total: number; rows: UserListRow[] }>(
      db,
      sql`with matched as materialized (select id, login, buyer_id, comment, date_created from users u where ${userListWhere(filters, scope, 'trigram')} ${limit === null ? sql`` : sql`limit ${limit}`})
          select (select count(*)::int from matched) as total,
            coalesce((select json_agg(${LIST_ROW} order by lower(u.login), u.id)
                      from (select * from matched order by lower(login), id limit ${pageSize} offset ${offset}) u), '[]'::json) as rows`,
    );
    return { rows: matched?.rows ?? [], total: Number(matched?.total ?? 0) };
  };
  let counted = knownCount ?? 0;
  if (knownCount === null || knownCount <= cap) {
    const matched = await sortedPage(cap + 1);
    counted = matched.total;
    if (counted <= cap) return { rows: matched.rows, total: counted, capped: false, counted };
  }
  const budget = Math.max(USER_WALK_BUDGET, (offset + pageSize) * USER_WALK_PER_ROW);
  const from = filters.login && isLoginPrefix(filters.login) ? sql`where lower(login) >= lower(${filters.login})` : sql``;
  // The walk reads users_login_walk_idx alone (the columns the filter needs are in it); only the page's rows are read from the table.
  const [walked] = await queryRows<{ rows: UserListRow[] }>(
    db,
    sql`select coalesce((select json_agg(${LIST_ROW} order by lower(u.login), u.id)
          from (select lower(u.login) as login_key
                from (select id, login, buyer_id, comment from users ${from} order by lower(login) limit ${budget}) u
                where ${userListWhere(filters, scope, 'walk')} limit ${pageSize} offset ${offset}) page
          join users u on lower(u.login) = page.login_key), '[]'::json) as rows`,
  );
  if ((walked?.rows.length ?? 0) === pageSize) return { rows: walked!.rows, total: cap, capped: true, counted };
  // Many matches, but not near the start of the login order: the page is sorted out of all of them.
  return { rows: (await sortedPage(null)).rows, total: cap, capped: true, counted };
}
