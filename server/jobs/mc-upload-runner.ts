import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { DeviceGatewayError, type DeviceGateway } from '../gateways/device/device-gateway';
import { claimUploadJobs, finishUploadJob, releaseUploadJobs, startDueUpload, uploadWork, type ClaimedUploadJob } from '../repositories/mc-uploads';
import type { PortJobRunnerOptions } from './port-job-runner';

export type McUploadRunnerOptions = Omit<PortJobRunnerOptions, 'onClaim'> & {
  /** Called for every claim (tests count them). */
  onClaim?: (job: ClaimedUploadJob, runnerId: string) => void;
  /**
   * How often the runner looks for companies whose periodic upload is due (`nextExecute` past,
   * `interval` > 0, active) and starts an upload-all for each; 0 never (the default: tests and
   * tools build apps on seeds whose companies are long due; server/main.ts turns it on).
   */
  scheduleMs?: number;
};

/** Devices are slow and many: more of them at once than port jobs. */
export const DEFAULT_MC_UPLOAD_OPTIONS: McUploadRunnerOptions = { pollMs: 1_000, leaseMs: 30_000, concurrency: 32 };

const GONE = 'Устройство или компания удалены: выгружать нечего';
/** Due companies started per look at most (the rest wait for the next look). */
const DUE_BATCH = 100;
const INTERNAL = 'Внутренняя ошибка при выгрузке';

/**
 * Works the management companies' upload jobs (`mc_upload_jobs`), one device each, like the port
 * jobs (server/jobs/port-job-runner.ts): several processes may run one each on the same
 * PostgreSQL; claims use `FOR UPDATE SKIP LOCKED` and are leases, so a dead process's jobs are
 * taken over once the lease runs out, and a runner that stops cleanly hands its jobs back at once.
 */
export class McUploadRunner {
  readonly id: string;
  private readonly active = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private scheduler: NodeJS.Timeout | null = null;
  private scheduling: Promise<void> | null = null;
  private polling: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly gateway: DeviceGateway,
    private readonly options: McUploadRunnerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.id = options.id ?? `${hostname()}:${process.pid}:mc:${randomBytes(4).toString('hex')}`;
  }

  start(): void {
    this.wake();
    const every = this.options.scheduleMs ?? 0;
    if (every > 0) {
      const tick = () => {
        this.scheduling = this.startDue().finally(() => {
          this.scheduling = null;
          if (this.stopped) return;
          this.scheduler = setTimeout(tick, every);
          this.scheduler.unref();
        });
      };
      tick();
    }
  }

  /** Starts an upload-all for every company whose periodic upload is due (one still running is left be). */
  private async startDue(): Promise<void> {
    try {
      for (let started = 0; started < DUE_BATCH && !this.stopped; started++) {
        const due = await startDueUpload(this.db);
        if (!due) return;
        if (due.outcome.status === 'started') {
          this.log.info({ company: due.companyId, devices: due.outcome.devices }, 'periodic upload queued');
          this.wake();
        }
      }
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'starting the periodic uploads failed');
    }
  }

  /** Looks for due jobs now (called when an upload is queued). */
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

  /** Stops claiming, waits for the uploads in hand (a device call is short) and hands back what did not end. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.scheduler) clearTimeout(this.scheduler);
    await this.scheduling;
    await this.polling;
    await Promise.all(this.active.values());
  }

  private async poll(): Promise<void> {
    const free = this.options.concurrency - this.active.size;
    if (free <= 0) return;
    let claimed: ClaimedUploadJob[];
    try {
      claimed = await claimUploadJobs(this.db, this.id, free, this.options.leaseMs);
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'claiming upload jobs failed');
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

  private async work(job: ClaimedUploadJob): Promise<void> {
    let outcome: { ok: true } | { ok: false; reason: string };
    try {
      const work = await uploadWork(this.db, job);
      if (!work) outcome = { ok: false, reason: GONE };
      else {
        await this.gateway.uploadFlats(work.device, work.list);
        outcome = { ok: true };
      }
    } catch (error) {
      if (error instanceof DeviceGatewayError) outcome = { ok: false, reason: error.message };
      else {
        if (this.stopped) {
          await this.handBack(job);
          return;
        }
        this.log.error({ err: error, job: job.id }, 'upload job failed');
        outcome = { ok: false, reason: INTERNAL };
      }
    }
    try {
      if (!(await finishUploadJob(this.db, job.id, this.id, outcome))) this.log.warn({ job: job.id }, 'upload job finished after its claim was taken over');
    } catch (error) {
      // Its lease runs out and another process takes it.
      this.log.warn({ err: error, job: job.id }, 'recording an upload job failed');
    }
  }

  private async handBack(job: ClaimedUploadJob): Promise<void> {
    await releaseUploadJobs(this.db, this.id, [job.id]).catch((error: unknown) => {
      this.log.warn({ err: error, job: job.id }, 'handing an upload job back failed');
    });
  }
}
