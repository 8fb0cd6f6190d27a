import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Buffers generated rows per table and inserts them in large batches: one statement per batch,
 * the rows passed as a single JSON parameter (`json_populate_recordset`), which is fast on
 * PGlite and PostgreSQL alike and has no parameter-count limit. Tables are flushed in the order
 * they were registered, so a batch of children never reaches the database before its parents.
 */
export class BulkWriter {
  private readonly buffers = new Map<PgTable, Record<string, unknown>[]>();
  private readonly columnNames = new Map<PgTable, Map<string, string>>();
  readonly counts = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly order: readonly PgTable[],
    private readonly batchSize = 5_000,
  ) {
    for (const table of order) {
      this.buffers.set(table, []);
      const names = new Map<string, string>();
      for (const [key, column] of Object.entries(getTableColumns(table))) names.set(key, column.name);
      this.columnNames.set(table, names);
    }
  }

  async add<T extends PgTable>(table: T, row: InferInsertModel<T>): Promise<void> {
    const buffer = this.buffers.get(table);
    const names = this.columnNames.get(table);
    if (!buffer || !names) throw new Error(`table ${getTableName(table)} is not in the writer's order`);
    const record: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined) continue;
      const name = names.get(key);
      if (!name) throw new Error(`unknown column ${key} of ${getTableName(table)}`);
      record[name] = value;
    }
    buffer.push(record);
    if (buffer.length >= this.batchSize) await this.flushThrough(table);
  }

  /** Flushes `table` and every table before it in the order. */
  private async flushThrough(table: PgTable): Promise<void> {
    for (const candidate of this.order) {
      await this.flushTable(candidate);
      if (candidate === table) return;
    }
  }

  async flush(): Promise<void> {
    for (const table of this.order) await this.flushTable(table);
  }

  private async flushTable(table: PgTable): Promise<void> {
    const rows = this.buffers.get(table);
    if (!rows || rows.length === 0) return;
    this.buffers.set(table, []);
    const name = getTableName(table);
    const keys = new Set<string>();
    for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
    const columns = [...keys];
    const list = sql.join(
      columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    await this.db.execute(
      sql`insert into ${sql.identifier(name)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(rows)}::json)`,
    );
    this.counts.set(name, (this.counts.get(name) ?? 0) + rows.length);
  }
}
