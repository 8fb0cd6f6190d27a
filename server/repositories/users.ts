import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Group } from '../../contract/groups';
import type { UserListRow } from '../../contract/users';
import { queryRows, type Db } from '../db/client';
import { groups, userGroups } from '../db/schema/groups';
import { users } from '../db/schema/users';
import { containsPattern } from './houses';

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
 * The list's conditions on a users row `u`. The login matches with ILIKE, which the trigram index
 * serves, or as lower(login) LIKE, which it cannot: a walk in login order keeps its index.
 */
function listWhere(filters: UserListFilters, scope: number | null, login: 'trigram' | 'walk'): SQL {
  const conditions: SQL[] = [sql`true`];
  if (scope !== null) conditions.push(sql`u.buyer_id = ${scope}`);
  if (filters.buyerId !== undefined) conditions.push(sql`u.buyer_id = ${filters.buyerId}`);
  if (filters.userId !== undefined) conditions.push(sql`u.id = ${filters.userId}`);
  if (filters.comment) conditions.push(sql`u.comment ilike ${containsPattern(filters.comment)}`);
  if (filters.login) {
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
export const USER_COUNT_CAP = 3000;

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
 * A page of user list rows by login case-insensitively, then id: `login` and `comment` match a
 * part, case-insensitively; `scope` limits the list to one buyer (null: every buyer).
 *
 * The matches are counted up to a cap, found through the login's trigram index (counting every
 * match of three digits of a phone number may read 20k rows, 30–40 ms), and up to the cap the page
 * is sorted out of them. Past it, the matches are dense: a second statement walks the lower(login)
 * index in order and stops after the page's rows (the `offset 0` subquery keeps PostgreSQL from
 * planning a sort of every match, which it would choose from a wrong estimate of the LIKE; the
 * index is unique, so lower(login) alone is the order there). `knownCount`, the matches a recent
 * call counted for the same filter: past the cap, the page is walked at once.
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
  let counted = knownCount ?? 0;
  if (knownCount === null || knownCount <= cap) {
    const [matched] = await queryRows<{ total: number; rows: UserListRow[] }>(
      db,
      sql`with matched as materialized (select id, login, buyer_id, comment, date_created from users u where ${listWhere(filters, scope, 'trigram')} limit ${cap + 1})
          select (select count(*)::int from matched) as total,
            coalesce((select json_agg(${LIST_ROW} order by lower(u.login), u.id)
                      from (select * from matched order by lower(login), id limit ${pageSize} offset ${offset}) u), '[]'::json) as rows`,
    );
    counted = Number(matched?.total ?? 0);
    if (counted <= cap) return { rows: matched?.rows ?? [], total: counted, capped: false, counted };
  }
  const [walked] = await queryRows<{ rows: UserListRow[] }>(
    db,
    sql`select coalesce((select json_agg(${LIST_ROW} order by lower(u.login), u.id)
          from (select * from (select id, login, buyer_id, comment, date_created from users order by lower(login) offset 0) u
                where ${listWhere(filters, scope, 'walk')} limit ${pageSize} offset ${offset}) u), '[]'::json) as rows`,
  );
  return { rows: walked?.rows ?? [], total: cap, capped: true, counted };
}
