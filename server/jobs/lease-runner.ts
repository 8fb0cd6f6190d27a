import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';

export interface LeaseRunnerOptions<Job> {
  /** How often an idle runner looks for due jobs (a new job also wakes the runner of its process). */
  pollMs: number;
  /** A claim older than this, on an unfinished job, is taken as abandoned (its process died). */
  leaseMs: number;
  /** Jobs one runner works at the same time. */
  concurrency: number;
  /** The name written to `locked_by`; unique per process by default. */
  id?: string;
  /** Called for every claim (tests count them). */
  onClaim?: (job: Job, runnerId: string) => void;
}

/** Thrown by `work` when the runner finds its claim taken over: the job is another runner's now. */
export class LostClaimError extends Error {}

/**
 * The loop of a queue of jobs leased in PostgreSQL. Several processes may run one each on the same
 * database: `claim` takes due jobs with `FOR UPDATE SKIP LOCKED` and a claim is a lease, so the jobs
 * of a process that died are taken over once the lease runs out. A runner that stops cleanly
 * interrupts the jobs in hand (the abort signal) and hands back those that did not end.
 *
 * A subclass says what it claims, how it works a job and how it records the outcome.
 */
export abstract class LeaseRunner<Job extends { id: number }, Outcome> {
  readonly id: string;
  private readonly active = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private again = false;
  private halted = false;

  /** Names the jobs in the log ('port job'). */
  protected abstract readonly label: string;
  /** What a job whose work threw unexpectedly ends with. */
  protected abstract readonly internalFailure: Outcome;

  protected constructor(
    private readonly options: LeaseRunnerOptions<Job>,
    protected readonly log: FastifyBaseLogger,
    idTag: string,
  ) {
    this.id = options.id ?? `${hostname()}:${process.pid}:${idTag}${randomBytes(4).toString('hex')}`;
    // Every job in hand listens to the one signal (one listener per wait), `concurrency` at a time and more.
    setMaxListeners(0, this.abort.signal);
  }

  /** Claims up to `limit` due jobs for this runner. */
  protected abstract claim(limit: number, leaseMs: number): Promise<Job[]>;
  /** Works a claimed job; throws LostClaimError when its claim was taken over. */
  protected abstract work(job: Job, signal: AbortSignal): Promise<Outcome>;
  /** Records the outcome; false when the claim was taken over meanwhile. */
  protected abstract finish(job: Job, outcome: Outcome): Promise<boolean>;
  /** Hands unfinished claims back to the queue. */
  protected abstract release(ids: readonly number[]): Promise<unknown>;

  protected get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    this.wake();
  }

  /** Looks for due jobs now (called when jobs are queued). */
  wake(): void {
    if (this.halted) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.polling = this.poll().finally(() => {
      this.polling = null;
      if (this.halted) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollMs);
        this.timer.unref();
      }
    });
  }

  /** Stops claiming, interrupts the jobs in hand and hands back those that did not end. */
  async stop(): Promise<void> {
    if (this.halted) return;
    this.halted = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.windDown();
    await this.polling;
    await Promise.all(this.active.values());
  }

  /** What a subclass winds down of its own before the jobs in hand are awaited. */
  protected async windDown(): Promise<void> {}

  private async poll(): Promise<void> {
    const free = this.options.concurrency - this.active.size;
    if (free <= 0) return;
    let claimed: Job[];
    try {
      claimed = await this.claim(free, this.options.leaseMs);
    } catch (error) {
      if (!this.halted) this.log.warn({ err: error }, `claiming ${this.label}s failed`);
      return;
    }
    for (const job of claimed) {
      this.options.onClaim?.(job, this.id);
      const run = this.run(job).finally(() => {
        this.active.delete(job.id);
        // A slot is free: more jobs may be waiting.
        this.wake();
      });
      this.active.set(job.id, run);
    }
    if (claimed.length === free) this.again = true;
  }

  private async run(job: Job): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await this.work(job, this.abort.signal);
    } catch (error) {
      if (error instanceof LostClaimError) return;
      if (this.halted) {
        await this.release([job.id]).catch((releaseError: unknown) => {
          // Its lease runs out and another process takes it.
          this.log.warn({ err: releaseError, job: job.id }, `handing back a ${this.label} failed`);
        });
        return;
      }
      this.log.error({ err: error, job: job.id }, `${this.label} failed`);
      outcome = this.internalFailure;
    }
    try {
      if (!(await this.finish(job, outcome))) this.log.warn({ job: job.id }, `${this.label} finished after its claim was taken over`);
    } catch (error) {
      // Its lease runs out and another process takes it.
      this.log.warn({ err: error, job: job.id }, `recording a ${this.label} failed`);
    }
  }
}

/** Plugin options without the keys given as undefined, so they do not hide the defaults. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
