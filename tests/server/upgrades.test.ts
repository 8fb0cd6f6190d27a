import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type Db } from '../../server/db/client';
import { repoRoot } from '../e2e/server-process';
import { adminQuery, databaseUrl } from './postgres';

/*
 * Upgrades (docs/operations.md, "Migrations"): a database is built migration by migration, from the
 * first. Before each migration, every table the schema has then gets rows generated from its
 * columns (the fixture of that version: its types, its foreign keys, its checks); the migration is
 * applied; and every row of every earlier fixture must still be there, by its primary key, with
 * every column it still has holding what it held. What a migration changes on purpose is listed
 * below with its reason; anything else that moves fails the test.
 */

const MIGRATIONS = readMigrationFiles({ migrationsFolder: join(repoRoot, 'server/db/migrations') });
/** A foreign key with no row to point at yet (a table pointing at itself): null where it may be. */
const NULL_PARENT = '\u0000null';
/** Rows each fixture adds to each table. */
const ROWS = 2;

/**
 * Tables whose rows triggers write from other tables (the device list's rows, migrations 0003 and
 * 0012): a fixture's devices make them, and they are compared through the tables they come from.
 */
const DERIVED: Record<string, string> = {
  device_list_houses: 'the device list’s houses of a device, kept by triggers on devices and device_houses',
  device_list_rows: 'the device list’s row of a device, kept by triggers on devices and the tables it shows',
};

/** Changes a migration makes on purpose (`<migration index> <table>.<column>`): why, and the rule each value must follow. */
const INTENDED: Record<string, { why: string; holds: (before: unknown, after: unknown) => boolean }> = {
  '5 flats.status': {
    why: '0005_housing-stock: a flat’s status becomes the block flag, 2 (blocked) → 1, anything else → 0',
    holds: (before, after) => after === (before === 2 ? 1 : 0),
  },
};

interface Column {
  name: string;
  type: string;
  udt: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: boolean;
  generated: boolean;
}

interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /** Each foreign key: its columns, and the table and columns they point at. */
  references: { columns: string[]; table: string; parentColumns: string[] }[];
  /** Values a check allows, where it lists them (`col = ANY (ARRAY[…])`, `col IN (…)`). */
  allowed: Map<string, string[]>;
}

async function schemaTables(db: Db): Promise<Table[]> {
  const columns = await queryRows<{ table: string; name: string; type: string; udt: string; nullable: string; def: string | null; identity: string; generated: string }>(
    db,
    sql`select c.table_name as "table", c.column_name as name, c.data_type as type, c.udt_name as udt, c.is_nullable as nullable,
          c.column_default as def, c.is_identity as identity, c.is_generated as generated
        from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`,
  );
  const constraints = await queryRows<{ table: string; type: string; columns: string[]; parent: string | null; parentColumns: string[] | null; definition: string }>(
    db,
    sql`select cl.relname as "table", co.contype as type,
          array(select a.attname::text from unnest(co.conkey) k join pg_attribute a on a.attrelid = co.conrelid and a.attnum = k) as columns,
          pcl.relname as parent,
          array(select a.attname::text from unnest(co.confkey) k join pg_attribute a on a.attrelid = co.confrelid and a.attnum = k) as "parentColumns",
          pg_get_constraintdef(co.oid) as definition
        from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_namespace n on n.oid = cl.relnamespace
        left join pg_class pcl on pcl.oid = co.confrelid
        where n.nspname = 'public' and co.contype in ('p', 'f', 'c')`,
  );
  const tables = new Map<string, Table>();
  for (const column of columns) {
    const table: Table = tables.get(column.table) ?? { name: column.table, columns: [], primaryKey: [], references: [], allowed: new Map() };
    table.columns.push({
      name: column.name,
      type: column.type,
      udt: column.udt,
      nullable: column.nullable === 'YES',
      hasDefault: column.def !== null,
      identity: column.identity === 'YES' || (column.def ?? '').startsWith('nextval('),
      generated: column.generated !== 'NEVER',
    });
    tables.set(column.table, table);
  }
  for (const constraint of constraints) {
    const table = tables.get(constraint.table);
    if (!table) continue;
    if (constraint.type === 'p') table.primaryKey = constraint.columns;
    if (constraint.type === 'f' && constraint.parent && constraint.parentColumns) {
      table.references.push({ columns: constraint.columns, table: constraint.parent, parentColumns: constraint.parentColumns });
    }
    if (constraint.type === 'c') {
      const listed = /\((\w+) = ANY \(ARRAY\[(.+?)\]\)\)/.exec(constraint.definition) ?? /\((\w+) IN \((.+?)\)\)/.exec(constraint.definition);
      if (listed?.[1] && listed[2]) table.allowed.set(listed[1], [...listed[2].matchAll(/'([^']*)'/g)].map((match) => match[1]!));
    }
  }
  return [...tables.values()];
}

/** The tables, each after those its foreign keys point at. */
function parentsFirst(tables: readonly Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const visit = (table: Table, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const { table: parent } of table.references) {
      const parentTable = byName.get(parent);
      if (parentTable && parent !== table.name) visit(parentTable, path);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** A value for a column, as SQL text cast to the column's type; the n-th of the fixture is distinct. */
function valueFor(column: Column, table: Table, n: number, stage: number, parentValue: string | undefined): string | null {
  if (parentValue === NULL_PARENT) return null;
  if (parentValue !== undefined) return parentValue;
  const allowed = table.allowed.get(column.name);
  if (allowed?.length) return allowed[n % allowed.length]!;
  const unique = stage * 10 + n + 1;
  switch (column.udt) {
    case 'int2':
    case 'int4':
    case 'int8':
      return String(unique);
    case 'float4':
    case 'float8':
    case 'numeric':
      return `${unique}.5`;
    case 'bool':
      return n % 2 === 0 ? 'true' : 'false';
    case 'timestamptz':
    case 'timestamp':
      return new Date(Date.UTC(2025, 0, 1, 0, 0, unique)).toISOString();
    case 'date':
      return `2025-01-${String((unique % 28) + 1).padStart(2, '0')}`;
    case 'uuid':
      return `00000000-0000-4000-8000-${String(unique).padStart(12, '0')}`;
    case 'jsonb':
    case 'json':
      return JSON.stringify({ fixture: unique });
    case 'bytea':
      return unique.toString(16).padStart(4, '0');
    case 'inet':
      return `10.0.${stage}.${n + 1}`;
    default:
      if (column.udt.startsWith('_')) return '{}';
      // Text: short (a MAC, a code …) where the name says so, else a tagged value.
      if (/mac/.test(column.name)) return `02:F1:${String(stage).padStart(2, '0')}:00:00:${String(n).padStart(2, '0')}`;
      // The stage padded: a later fixture's value sorts after an earlier one's, as its ids do.
      return `fx${String(stage).padStart(3, '0')}-${n}-${column.name}`.slice(0, 64);
  }
}

interface FixtureRow {
  table: string;
  key: Record<string, unknown>;
  values: Record<string, unknown>;
}

/** Adds ROWS rows to every table it can fill; answers the rows (as stored) and the tables it could not fill, with why. */
async function addFixture(db: Db, stage: number): Promise<{ rows: FixtureRow[]; unfilled: Record<string, string> }> {
  const tables = parentsFirst(await schemaTables(db));
  const rows: FixtureRow[] = [];
  const unfilled: Record<string, string> = {};
  for (const table of tables.filter((candidate) => !(candidate.name in DERIVED))) {
    for (let n = 0; n < ROWS; n++) {
      // Each foreign key points at the n-th newest row of its table (this fixture's own, where it added some).
      const parents = new Map<string, string>();
      for (const reference of table.references) {
        const columns = sql.join(
          reference.parentColumns.map((column, index) => sql`${sql.identifier(column)}::text as ${sql.identifier(`c${index}`)}`),
          sql`, `,
        );
        const order = sql.join(
          reference.parentColumns.map((column) => sql`${sql.identifier(column)} desc`),
          sql`, `,
        );
        const [row] = await queryRows<Record<string, string>>(db, sql`select ${columns} from ${sql.identifier(reference.table)} order by ${order} offset ${n} limit 1`);
        reference.columns.forEach((column, index) => {
          if (row) parents.set(column, row[`c${index}`]!);
          else if (table.columns.find((candidate) => candidate.name === column)?.nullable) parents.set(column, NULL_PARENT);
        });
      }
      const referencing = new Set(table.references.flatMap((reference) => reference.columns));
      const attempts = [false, true];
      let lastError = '';
      let stored = false;
      for (const nullsOnly of attempts) {
        const columns = table.columns.filter((column) => !column.generated && !(column.identity && !referencing.has(column.name)) && !(nullsOnly && column.nullable && !referencing.has(column.name)));
        const values = columns.map((column) => valueFor(column, table, n, stage, parents.get(column.name)));
        const list = sql.join(
          columns.map((column) => sql.identifier(column.name)),
          sql`, `,
        );
        const typed = sql.join(
          columns.map((column, index) =>
            // bytea as hex through decode(): PGlite takes no text for a bytea parameter.
            column.udt === 'bytea' ? sql`decode(${values[index]}, 'hex')` : sql`${values[index]}::${sql.raw(column.udt.startsWith('_') ? `${column.udt.slice(1)}[]` : column.udt)}`,
          ),
          sql`, `,
        );
        try {
          const [row] = await db.transaction((tx) =>
            queryRows<{ row: Record<string, unknown> }>(
              tx,
              columns.length > 0
                ? sql`insert into ${sql.identifier(table.name)} (${list}) values (${typed}) returning row_to_json(${sql.identifier(table.name)}.*) as row`
                : sql`insert into ${sql.identifier(table.name)} default values returning row_to_json(${sql.identifier(table.name)}.*) as row`,
            ),
          );
          if (row) {
            const keyColumns = table.primaryKey.length > 0 ? table.primaryKey : Object.keys(row.row);
            rows.push({ table: table.name, key: Object.fromEntries(keyColumns.map((column) => [column, row.row[column]])), values: row.row });
          }
          stored = true;
          break;
        } catch (error) {
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
          lastError = cause instanceof Error ? cause.message : String(cause);
        }
      }
      if (!stored) unfilled[table.name] = lastError;
    }
  }
  return { rows, unfilled };
}

interface Moved {
  /** `<table>.<column>`, `<table> row` (the row is gone) or `<table> dropped`. */
  what: string;
  before: unknown;
  after: unknown;
}

/**
 * What moved in the fixtures' rows since they were last read; each row found is read again (its
 * values now), so the next migration is judged on what this one left.
 */
async function changes(db: Db, fixtures: FixtureRow[]): Promise<Moved[]> {
  const found: Moved[] = [];
  const existing = new Set((await schemaTables(db)).map((table) => table.name));
  const keyOf = (key: Record<string, unknown>, row: Record<string, unknown>) => JSON.stringify(Object.keys(key).map((column) => row[column]));
  // The database holds the fixtures' rows only (and what triggers made of them): each table is read whole, once.
  const current = new Map<string, Map<string, Record<string, unknown>>>();
  for (const table of new Set(fixtures.map((row) => row.table))) {
    if (!existing.has(table)) continue;
    const sample = fixtures.find((row) => row.table === table);
    const rows = await queryRows<{ row: Record<string, unknown> }>(db, sql`select row_to_json(t.*) as row from ${sql.identifier(table)} t`);
    current.set(table, new Map(rows.map(({ row }) => [keyOf(sample?.key ?? {}, row), row])));
  }
  for (const row of fixtures) {
    const rows = current.get(row.table);
    if (!rows) {
      found.push({ what: `${row.table} dropped`, before: null, after: null });
      continue;
    }
    const now = rows.get(keyOf(row.key, row.key));
    if (!now) {
      found.push({ what: `${row.table} row`, before: row.values, after: null });
      continue;
    }
    for (const [column, value] of Object.entries(row.values)) {
      if (!(column in now)) found.push({ what: `${row.table}.${column} dropped`, before: value, after: null });
      else if (JSON.stringify(now[column]) !== JSON.stringify(value)) found.push({ what: `${row.table}.${column}`, before: value, after: now[column] });
    }
    row.values = now;
  }
  return found;
}

async function applyMigration(db: Db, index: number): Promise<void> {
  const migration = MIGRATIONS[index]!;
  await db.transaction(async (tx) => {
    for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
  });
}

const BACKENDS = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(BACKENDS)('upgrades from every earlier migration on %s', (backend) => {
  const name = `intercom_upgrades_${randomBytes(5).toString('hex')}`;
  let database: Database;

  beforeAll(async () => {
    if (backend === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      await adminQuery(adminUrl, `create database ${name}`);
      database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 1 });
    } else {
      database = await openDatabase({ kind: 'pglite', dataDir: null });
    }
    await database.drizzle.execute(sql`create schema if not exists drizzle`);
    await database.drizzle.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (backend === 'postgres') await adminQuery(process.env.TEST_DATABASE_URL!, `drop database if exists ${name} with (force)`);
  });

  it('keeps every row and what it held through each migration to the latest', async () => {
    const db = database.drizzle;
    const fixtures: FixtureRow[] = [];
    const unexpected: string[] = [];
    const unfilled: Record<string, string> = {};
    for (let index = 0; index < MIGRATIONS.length; index++) {
      if (index > 0) {
        const fixture = await addFixture(db, index);
        fixtures.push(...fixture.rows);
        for (const [table, why] of Object.entries(fixture.unfilled)) unfilled[`${index} ${table}`] = why;
        // Read again what the new rows' triggers changed in older ones (a house's buyers): the migration is judged alone.
        await changes(db, fixtures);
      }
      await applyMigration(db, index);
      for (const change of await changes(db, fixtures)) {
        const key = `${index} ${change.what}`;
        const intended = INTENDED[key];
        const described = `${key}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`;
        if (!intended?.holds(change.before, change.after) && !unexpected.includes(described)) unexpected.push(described);
      }
    }
    expect(unfilled).toEqual({});
    expect(unexpected).toEqual([]);
    // The real migrator finds nothing left to apply: the database is at the latest version.
    await database.migrate();
    const [applied] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    expect(applied?.count).toBe(MIGRATIONS.length);
    expect(fixtures.length).toBeGreaterThan(MIGRATIONS.length * ROWS);
  }, 300_000);
});
