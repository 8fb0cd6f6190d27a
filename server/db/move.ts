import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from './client';
import { publicTables, setSequences, tableChecksum } from './tables';

/**
 * The move from the embedded database to PostgreSQL (`npm run db:move`, docs/operations.md
 * "Growing"): the target gets the schema from the migrations, then every row of every table of the
 * source, in the order of their foreign keys, with the tables' own triggers off (the rows come with
 * what those triggers derived), then every sequence past its column's largest value. Then each
 * table's row count and checksum are compared on both sides.
 */

export class MoveRefused extends Error {}

export interface MovedTable {
  name: string;
  rows: number;
  /** `rows:md5` of the source's table, and of the target's after the move. */
  source: string;
  target: string;
}

export interface MoveReport {
  tables: MovedTable[];
  rows: number;
  copyMs: number;
  checkMs: number;
}

/** Rows fetched from the source and inserted into the target at a time. */
const BATCH_ROWS = 2_000;

/** The tables, each after the tables its foreign keys point at (a table pointing at itself aside). */
async function foreignKeyOrder(db: Db, tables: readonly string[]): Promise<string[]> {
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`,
  );
  const strip = (name: string) => name.replace(/^public\./, '').replace(/^"|"$/g, '');
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const edge of edges) if (strip(edge.child) !== strip(edge.parent)) parents.get(strip(edge.child))?.add(strip(edge.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table)) throw new Error(`the foreign keys go round in a circle through ${table}`);
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** The columns a row is written with: not the generated ones (the target computes them). */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
  );
  return rows.map((row) => row.name);
}

/** Every table's checksum in one transaction: one connection, in UTC. */
async function checksums(db: Db, tables: readonly string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const sums: string[] = [];
    for (const table of tables) sums.push(await tableChecksum(tx, table));
    return sums;
  });
}

async function copyTable(source: Db, target: Db, table: string, columns: readonly string[]): Promise<number> {
  const cursor = sql.identifier(`move_${table}`);
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await source.execute(sql`declare ${cursor} no scroll cursor for select row_to_json(r)::text as row from ${sql.identifier(table)} r`);
  let copied = 0;
  for (;;) {
    const rows = await queryRows<{ row: string }>(source, sql`fetch ${sql.raw(String(BATCH_ROWS))} from ${cursor}`);
    if (rows.length === 0) break;
    const json = `[${rows.map((row) => row.row).join(',')}]`;
    await target.execute(sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`);
    copied += rows.length;
  }
  await source.execute(sql`close ${cursor}`);
  return copied;
}

/**
 * Copies everything `source` holds into `target`, which must hold no table yet; both are left open.
 * `progress` hears a line per table.
 */
export async function moveDatabase(source: Database, target: Database, progress: (line: string) => void = () => undefined): Promise<MoveReport> {
  const existing = await publicTables(target.drizzle);
  if (existing.length > 0) {
    throw new MoveRefused(`the target database is not empty: it has ${existing.length} tables (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ' …' : ''}); give a new, empty database`);
  }
  // The source is brought up to this version first (as the server's next start would), so both
  // sides have the same tables and columns.
  await source.migrate();
  await target.migrate();

  const copyStarted = performance.now();
  const tables = await foreignKeyOrder(target.drizzle, await publicTables(target.drizzle));
  let total = 0;
  await source.drizzle.transaction(async (from) => {
    await from.execute(sql`set transaction isolation level repeatable read, read only`);
    await target.drizzle.transaction(async (to) => {
      // The migrations' own rows (dictionaries, counters) are replaced by the source's.
      for (const table of tables) await to.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
      await to.execute(sql`truncate ${sql.join(tables.map((table) => sql.identifier(table)), sql`, `)}`);
      for (const table of tables) {
        const rows = await copyTable(from, to, table, await writableColumns(to, table));
        total += rows;
        progress(`${table}: ${rows} rows`);
      }
      for (const table of tables) await to.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
      await setSequences(to);
    });
  });
  const copyMs = performance.now() - copyStarted;

  const checkStarted = performance.now();
  const [before, after] = await Promise.all([source, target].map((database) => checksums(database.drizzle, tables)));
  const moved: MovedTable[] = tables.map((table, index) => ({ name: table, rows: Number(before[index]?.split(':')[0]), source: before[index] ?? '', target: after[index] ?? '' }));
  const differing = moved.filter((table) => table.source !== table.target);
  if (differing.length > 0) {
    throw new Error(`the copy differs from the source in ${differing.map((table) => `${table.name} (${table.source} → ${table.target})`).join(', ')}`);
  }
  return { tables: moved, rows: total, copyMs, checkMs: performance.now() - checkStarted };
}
