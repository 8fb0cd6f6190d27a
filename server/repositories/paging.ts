import { count, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

export interface PageQuery<C extends Record<string, PgColumn>> {
  table: PgTable;
  columns: C;
  where: SQL | undefined;
  orderBy: readonly (SQL | PgColumn)[];
  page: number;
  pageSize: number;
}

/** A row of the selected columns, as drizzle reads it. */
type RowOf<C extends Record<string, PgColumn>> = { [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null };
type WithTotal<C extends Record<string, PgColumn>> = RowOf<C> & { total: number };

/**
 * One page of a table and the number of all rows that match: one query, the total riding along
 * as a window count. Only a page past the end, which has no rows to carry it, counts apart.
 */
export async function selectPage<C extends Record<string, PgColumn>>(db: Db, query: PageQuery<C>): Promise<{ rows: Omit<WithTotal<C>, 'total'>[]; total: number }> {
  const { table, columns, where, orderBy, page, pageSize } = query;
  const rows = (await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as WithTotal<C>[];
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0].total };
  if (page === 1) return { rows: [], total: 0 };
  const [counted] = await db.select({ total: count() }).from(table).where(where);
  return { rows: [], total: counted?.total ?? 0 };
}
