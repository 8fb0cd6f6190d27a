import type { FastifyBaseLogger } from 'fastify';
import { serverText } from '../../contract/server-texts';
import type { Db } from '../db/client';
import type { GatewayOutcome, NetworkGateway } from '../gateways/network/network-gateway';
import { claimJobs, finishJob, markJobRunning, releaseJobs, type ClaimedJob } from '../repositories/adjuster-jobs';
import { LeaseRunner, LostClaimError, type LeaseRunnerOptions } from './lease-runner';

export type PortJobRunnerOptions = LeaseRunnerOptions<ClaimedJob>;

export const DEFAULT_JOB_RUNNER_OPTIONS: PortJobRunnerOptions = { pollMs: 1_000, leaseMs: 30_000, concurrency: 8 };

/**
 * Works the adjuster's port jobs stored in `adjuster_jobs` (leased, see server/jobs/lease-runner.ts).
 * A stop interrupts the switch calls in hand, and those jobs go back to the queue.
 */
export class PortJobRunner extends LeaseRunner<ClaimedJob, GatewayOutcome> {
  protected readonly label = 'port job';
  protected readonly internalFailure: GatewayOutcome = { ok: false, ...serverText('portJob.internal') };

  constructor(
    private readonly db: Db,
    private readonly gateway: NetworkGateway,
    options: PortJobRunnerOptions,
    log: FastifyBaseLogger,
  ) {
    super(options, log, '');
  }

  protected claim(limit: number, leaseMs: number): Promise<ClaimedJob[]> {
    return claimJobs(this.db, this.id, limit, leaseMs);
  }

  protected work(job: ClaimedJob, signal: AbortSignal): Promise<GatewayOutcome> {
    return this.gateway.runPortJob(
      { id: job.id, kind: job.kind, bsName: job.bsName, portNum: job.portNum, attempt: job.attempts },
      async () => {
        if (!(await markJobRunning(this.db, job.id, this.id))) throw new LostClaimError();
      },
      signal,
    );
  }

  protected finish(job: ClaimedJob, outcome: GatewayOutcome): Promise<boolean> {
    return finishJob(this.db, job.id, this.id, outcome);
  }

  protected release(ids: readonly number[]): Promise<number> {
    return releaseJobs(this.db, this.id, ids);
  }
}
