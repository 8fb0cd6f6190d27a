import { IMPORT_DRY_RUN_ROWS, type ImportAction, type ImportCounts, type ImportDryRun, type ImportReason, type ImportRow, type ImportStatus } from '../../contract/imports';
import type { Db } from '../db/client';

/** A data row of the file with its mapped values (IMPORT_FIELDS order). */
export interface SourceRow {
  line: number;
  values: string[];
}

/** A row with its outcome, and for a row to write what the kind's apply needs. */
export interface PlannedRow<D> extends ImportRow {
  data?: D;
}

/** One kind's checks and writes, a batch at a time; it keeps what it saw of the file across batches. */
export interface BatchPlanner<D> {
  plan(db: Db, rows: readonly SourceRow[]): Promise<PlannedRow<D>[]>;
  apply(db: Db, rows: readonly PlannedRow<D>[]): Promise<void>;
}

export function refuse(row: SourceRow, reason: ImportReason, detail: string | null): PlannedRow<never> {
  return { line: row.line, values: row.values, status: 'refused', reason, detail, actions: [] as ImportAction[] };
}

export const emptyCounts = (): ImportCounts => ({ total: 0, create: 0, change: 0, unchanged: 0, refused: 0, failed: 0 });

export function count(counts: ImportCounts, status: ImportStatus): void {
  counts.total++;
  counts[status]++;
}

/** Rows per batch: one set of lookups (dry run) or one transaction (apply). */
export const IMPORT_BATCH_ROWS = 1000;

/** Groups a row stream into batches. */
export async function* batches<T>(rows: AsyncIterable<T>, size = IMPORT_BATCH_ROWS): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The next item is read (the file parsed) while the caller works on this one (the database answers). */
export async function* prefetched<T>(items: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = iterator.next();
      // A failure of the read ahead surfaces when it is awaited, not as an unhandled rejection.
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    await iterator.return?.();
  }
}

const publicRow = ({ line, status, reason, detail, actions, values }: ImportRow): ImportRow => ({ line, status, reason, detail, actions, values });

/** The dry run: every batch planned against the database, nothing written; the rows that matter up to IMPORT_DRY_RUN_ROWS. */
export async function dryRun<D>(db: Db, planner: BatchPlanner<D>, rows: AsyncIterable<SourceRow>): Promise<ImportDryRun> {
  const counts = emptyCounts();
  const shown: ImportRow[] = [];
  let truncated = false;
  for await (const batch of prefetched(batches(rows))) {
    for (const row of await planner.plan(db, batch)) {
      count(counts, row.status);
      if (row.status === 'unchanged') continue;
      if (shown.length < IMPORT_DRY_RUN_ROWS) shown.push(publicRow(row));
      else truncated = true;
    }
  }
  return { counts, rows: shown, truncated };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Thrown by a commit to undo its transaction and stop the apply (the job is not this process's any more). */
export class ApplyAbandoned extends Error {}

/** Records rows inside the transaction that wrote them (the job's checkpoint and result lines). */
export type CommitRows = (tx: Db, rows: readonly ImportRow[]) => Promise<void>;

/**
 * The apply: each batch planned and written in one transaction, with its commit; when the batch's
 * transaction fails, its rows are tried one by one, each in its own, so a bad row fails alone.
 */
export async function applyBatch<D>(db: Db, planner: BatchPlanner<D>, batch: readonly SourceRow[], replan: () => BatchPlanner<D>, commit: CommitRows): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const planned = await planner.plan(tx, batch);
      await planner.apply(tx, planned);
      await commit(tx, planned.map(publicRow));
    });
  } catch (error) {
    if (error instanceof ApplyAbandoned) throw error;
    for (const row of batch) {
      // A fresh planner per row: the failed batch's plan left its marks in the shared one.
      const single = replan();
      try {
        await db.transaction(async (tx) => {
          const planned = await single.plan(tx, [row]);
          await single.apply(tx, planned);
          await commit(tx, planned.map(publicRow));
        });
      } catch (rowError) {
        if (rowError instanceof ApplyAbandoned) throw rowError;
        const failed: ImportRow = { line: row.line, values: row.values, status: 'failed', reason: 'failed', detail: messageOf(rowError), actions: [] };
        await db.transaction((tx) => commit(tx, [failed]));
      }
    }
  }
}
