import type { FastifyBaseLogger } from 'fastify';
import { serverText, type CodedText } from '../../contract/server-texts';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { csvLine } from '../import/csv-out';
import { mappedRows } from '../import/mapping';
import type { ImportStore } from '../import/store';
import {
  checkpointImportJob,
  claimImportJobs,
  finishImportJob,
  releaseImportJobs,
  renewImportLease,
  type ClaimedImportJob,
  type ImportJobRun,
} from '../repositories/import-jobs';
import { FlatImport } from '../repositories/imports-flats';
import { KeyImport } from '../repositories/imports-keys';
import { ApplyAbandoned, applyBatch, batches, prefetched, type BatchPlanner, type CommitRows, type SourceRow } from '../repositories/imports-plan';
import { keyTypesOf } from '../routes/keys-shared';
import type { ImportKind, ImportMapping } from '../../contract/imports';
import { LeaseRunner, LostClaimError, type LeaseRunnerOptions } from './lease-runner';

export type ImportJobRunnerOptions = LeaseRunnerOptions<ClaimedImportJob>;

/** A lease long enough for a batch of 1,000 rows many times over; a batch renews it. */
export const DEFAULT_IMPORT_RUNNER_OPTIONS: ImportJobRunnerOptions = { pollMs: 1_000, leaseMs: 30_000, concurrency: 2 };

/** null: done; a text: why the job failed. */
type ImportOutcome = CodedText | null;

/** The checks and writes of one kind for the caller the job runs for. */
export function importPlanner(kind: ImportKind, run: ImportJobRun): BatchPlanner<unknown> {
  if (kind === 'flats') {
    if (!run.house) throw new Error('a flats import job without its house');
    return new FlatImport(run.house, { buyerId: run.caller.buyerId, scope: run.caller.scope });
  }
  return new KeyImport({ scope: run.caller.scope, login: run.caller.login }, (device) => keyTypesOf(device, false));
}

/** A failure in the words the job shows: a refusal of ours keeps its code, one without words says «Импорт прерван». */
export function importFailure(error: unknown): CodedText {
  if (error instanceof ApiError) return error.text;
  const message = error instanceof Error ? error.message : String(error);
  return message ? { message } : serverText('import.interrupted');
}

/**
 * Works the import jobs (`import_jobs`, leased, see server/jobs/lease-runner.ts) in whichever process
 * holds the lease. A job taken over from a process that died or stopped goes on after its checkpoint:
 * the rows before it are planned again, without writing, only so the planner remembers what the file
 * held (a duplicate further down is still told from its first line).
 */
export class ImportJobRunner extends LeaseRunner<ClaimedImportJob, ImportOutcome> {
  protected readonly label = 'import job';
  protected readonly internalFailure: ImportOutcome = serverText('import.interrupted');

  constructor(
    private readonly db: Db,
    private readonly store: ImportStore,
    options: ImportJobRunnerOptions,
    log: FastifyBaseLogger,
  ) {
    super(options, log, 'import:');
  }

  protected claim(limit: number, leaseMs: number): Promise<ClaimedImportJob[]> {
    return claimImportJobs(this.db, this.id, limit, leaseMs);
  }

  protected async work(job: ClaimedImportJob, signal: AbortSignal): Promise<ImportOutcome> {
    try {
      await this.apply(job, signal);
      return null;
    } catch (error) {
      if (error instanceof ApplyAbandoned) throw new LostClaimError();
      // Stopping: the runner hands the job back and another process goes on from the checkpoint.
      if (signal.aborted) throw error;
      return importFailure(error);
    }
  }

  private async apply(job: ClaimedImportJob, signal: AbortSignal): Promise<void> {
    if (!job.uploadId) throw new ApiError(400, serverText('import.interrupted'));
    const upload = await this.store.upload(job.uploadId, job.userId, job.kind);
    const rows = await mappedRows(await this.store.file(upload), upload.detection, job.kind, job.run.mapping as ImportMapping);
    const planner = () => importPlanner(job.kind, job.run);
    const shared = planner();
    const commit: CommitRows = (tx, results) => {
      const lines = results.map((row) => csvLine([...row.values, row.line, row.status, row.reason, row.detail])).join('');
      return checkpointImportJob(tx, job.id, this.id, results, lines);
    };
    let before = job.processed;
    for await (const batch of prefetched(batches(rows))) {
      if (signal.aborted) throw new Error('stopping');
      let rest: readonly SourceRow[] = batch;
      if (before > 0) {
        const written = batch.slice(0, before);
        before -= written.length;
        await shared.plan(this.db, written);
        if (!(await renewImportLease(this.db, job.id, this.id))) throw new LostClaimError();
        rest = batch.slice(written.length);
        if (rest.length === 0) continue;
      }
      await applyBatch(this.db, shared, rest, planner, commit);
    }
  }

  protected async finish(job: ClaimedImportJob, outcome: ImportOutcome): Promise<boolean> {
    return finishImportJob(this.db, job.id, this.id, outcome);
  }

  protected release(ids: readonly number[]): Promise<number> {
    return releaseImportJobs(this.db, this.id, ids);
  }
}
