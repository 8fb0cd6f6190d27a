import type { FastifyBaseLogger } from 'fastify';
import { serverText, type CodedText } from '../../contract/server-texts';
import type { Db } from '../db/client';
import { DeviceGatewayError, type DeviceGateway } from '../gateways/device/device-gateway';
import { claimUploadJobs, finishUploadJob, releaseUploadJobs, startDueUpload, uploadWork, type ClaimedUploadJob } from '../repositories/mc-uploads';
import { LeaseRunner, type LeaseRunnerOptions } from './lease-runner';

export type McUploadRunnerOptions = LeaseRunnerOptions<ClaimedUploadJob> & {
  /**
   * How often the runner looks for companies whose periodic upload is due (`nextExecute` past,
   * `interval` > 0, active) and starts an upload-all for each; 0 never (the default: tests and
   * tools build apps on seeds whose companies are long due; server/main.ts turns it on).
   */
  scheduleMs?: number;
};

/** Devices are slow and many: more of them at once than port jobs. */
export const DEFAULT_MC_UPLOAD_OPTIONS: McUploadRunnerOptions = { pollMs: 1_000, leaseMs: 30_000, concurrency: 32 };

type UploadOutcome = { ok: true } | { ok: false; reason: CodedText };

/** Due companies started per look at most (the rest wait for the next look). */
const DUE_BATCH = 100;

/**
 * Works the management companies' upload jobs (`mc_upload_jobs`), one device each, leased like the
 * port jobs (server/jobs/lease-runner.ts). A device call is short: a stop lets the uploads in hand
 * end. The runner also starts the companies' periodic uploads when they are due.
 */
export class McUploadRunner extends LeaseRunner<ClaimedUploadJob, UploadOutcome> {
  protected readonly label = 'upload job';
  protected readonly internalFailure: UploadOutcome = { ok: false, reason: serverText('upload.internal') };
  private scheduler: NodeJS.Timeout | null = null;
  private scheduling: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly gateway: DeviceGateway,
    private readonly uploadOptions: McUploadRunnerOptions,
    log: FastifyBaseLogger,
  ) {
    super(uploadOptions, log, 'mc:');
  }

  override start(): void {
    super.start();
    const every = this.uploadOptions.scheduleMs ?? 0;
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

  protected override async windDown(): Promise<void> {
    if (this.scheduler) clearTimeout(this.scheduler);
    await this.scheduling;
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

  protected claim(limit: number, leaseMs: number): Promise<ClaimedUploadJob[]> {
    return claimUploadJobs(this.db, this.id, limit, leaseMs);
  }

  protected async work(job: ClaimedUploadJob): Promise<UploadOutcome> {
    const work = await uploadWork(this.db, job);
    if (!work) return { ok: false, reason: serverText('upload.gone') };
    try {
      await this.gateway.uploadFlats(work.device, work.list);
      return { ok: true };
    } catch (error) {
      if (error instanceof DeviceGatewayError) return { ok: false, reason: error.text };
      throw error;
    }
  }

  protected finish(job: ClaimedUploadJob, outcome: UploadOutcome): Promise<boolean> {
    return finishUploadJob(this.db, job.id, this.id, outcome);
  }

  protected release(ids: readonly number[]): Promise<number> {
    return releaseUploadJobs(this.db, this.id, ids);
  }
}
