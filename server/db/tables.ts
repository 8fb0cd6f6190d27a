import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/** The tables of the public schema, by name. */
export async function publicTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/**
 * `rows:md5` of a table (of its rows `where` holds, if given), its rows as text in a stable order:
 * equal checksums mean equal data. Timestamps read in the session's time zone, so two databases
 * are compared in the same one.
 */
export async function tableChecksum(db: Db, table: string, where?: SQL): Promise<string> {
  const [row] = await queryRows<{ sum: string; count: number }>(
    db,
    sql`select md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as "sum", count(*)::int as "count"
        from ${sql.identifier(table)} r ${where ? sql`where ${where}` : sql``}`,
  );
  return `${row?.count ?? 0}:${row?.sum ?? ''}`;
}

/** Each sequence owned by a column (identity or serial) set past the column's largest value. */
export async function setSequences(db: Db): Promise<void> {
  const columns = await queryRows<{ table: string; column: string; sequence: string }>(
    db,
    sql`select table_name as "table", column_name as "column", pg_get_serial_sequence(format('%I', table_name), column_name) as "sequence"
        from information_schema.columns where table_schema = 'public' and pg_get_serial_sequence(format('%I', table_name), column_name) is not null`,
  );
  for (const { table, column, sequence } of columns) {
    await db.execute(sql`select setval(${sequence}, coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`);
  }
}
