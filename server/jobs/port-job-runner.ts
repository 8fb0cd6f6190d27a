import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { NetworkGateway } from '../gateways/network/network-gateway';
import { claimJobs, finishJob, markJobRunning, releaseJobs, type ClaimedJob } from '../repositories/adjuster-jobs';

export interface PortJobRunnerOptions {
  /** How often an idle runner looks for due jobs (a new job also wakes the runner of its process). */
  pollMs: number;
  /** A claim older than this, on an unfinished job, is taken as abandoned (its process died). */
  leaseMs: number;
  /** Jobs one runner works at the same time. */
  concurrency: number;
  /** The name written to `locked_by`; unique per process by default. */
  id?: string;
  /** Called for every claim (tests count them). */
  onClaim?: (job: ClaimedJob, runnerId: string) => void;
}

export const DEFAULT_JOB_RUNNER_OPTIONS: PortJobRunnerOptions = { pollMs: 1_000, leaseMs: 30_000, concurrency: 8 };

/**
 * Works the adjuster's port jobs stored in `adjuster_jobs`. Several processes may run one each on
 * the same PostgreSQL: claims use `FOR UPDATE SKIP LOCKED`, and a claim is a lease, so the jobs of
 * a process that died are taken over once the lease runs out. A runner that stops cleanly hands
 * its unfinished jobs back at once.
 */
export class PortJobRunner {
  readonly id: string;
  private readonly active = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly gateway: NetworkGateway,
    private readonly options: PortJobRunnerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  start(): void {
    this.wake();
  }

  /** Looks for due jobs now (called when jobs are created). */
  wake(): void {
    if (this.stopped) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.polling = this.poll().finally(() => {
      this.polling = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollMs);
        this.timer.unref();
      }
    });
  }

  /** Stops claiming, interrupts the jobs in hand and hands them back to the queue. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.polling;
    await Promise.all(this.active.values());
  }

  private async poll(): Promise<void> {
    const free = this.options.concurrency - this.active.size;
    if (free <= 0) return;
    let claimed: ClaimedJob[];
    try {
      claimed = await claimJobs(this.db, this.id, free, this.options.leaseMs);
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'claiming port jobs failed');
      return;
    }
    for (const job of claimed) {
      this.options.onClaim?.(job, this.id);
      const work = this.work(job).finally(() => {
        this.active.delete(job.id);
        // A slot is free: more jobs may be waiting.
        this.wake();
      });
      this.active.set(job.id, work);
    }
    if (claimed.length === free) this.again = true;
  }

  private async work(job: ClaimedJob): Promise<void> {
    try {
      const outcome = await this.gateway.runPortJob(
        { id: job.id, kind: job.kind, bsName: job.bsName, portNum: job.portNum, attempt: job.attempts },
        async () => {
          if (!(await markJobRunning(this.db, job.id, this.id))) throw new LostClaimError();
        },
        this.abort.signal,
      );
      if (!(await finishJob(this.db, job.id, this.id, outcome))) this.log.warn({ job: job.id }, 'port job finished after its claim was taken over');
    } catch (error) {
      if (error instanceof LostClaimError) return;
      if (this.stopped) {
        await releaseJobs(this.db, this.id, [job.id]).catch((releaseError: unknown) => {
          // Its lease runs out and another process takes it.
          this.log.warn({ err: releaseError, job: job.id }, 'handing a port job back failed');
        });
        return;
      }
      this.log.error({ err: error, job: job.id }, 'port job failed');
      await finishJob(this.db, job.id, this.id, { ok: false, message: 'Внутренняя ошибка при выполнении задания' }).catch(() => undefined);
    }
  }
}

class LostClaimError extends Error {}
