import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { DeviceGatewayError, type DeviceGateway, type DeviceRef } from '../gateways/device/device-gateway';
import { failLineLevelCheck, finishLineLevelCheck, reportLineLevelCheck } from '../repositories/commutators';

/** A running check that has not finished this long after it started reads as failed (its process stopped). */
export const LINE_LEVEL_STALE_SECONDS = 120;

export const LINE_LEVEL_TEXTS = {
  stale: 'Проверка уровня линии прервана: сервер, который её вёл, перестал отвечать',
  stopping: 'Проверка уровня линии прервана: сервер останавливается',
  failed: 'Проверка уровня линии не удалась',
} as const;

export interface LineLevelCheckJob {
  taskId: string;
  deviceId: number;
  /** The house whose flats the panel codes number (a new handset is linked to its flat). */
  houseUid: string | null;
  device: DeviceRef;
  panelCodes: readonly number[];
}

class Stopped extends Error {}

/**
 * Runs line-level checks in this process, in the background of the request that started them:
 * progress and the outcome go to line_level_checks (so any process answers the poll), the levels
 * to abonent_units. Stopping (the app closes) marks the checks in hand failed before the database
 * closes; a process that dies leaves them running, and reads take them as failed once stale.
 */
export class LineLevelCheckRunner {
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly gateway: DeviceGateway,
    private readonly log: FastifyBaseLogger,
  ) {
    // Each check in flight listens for the stop and removes itself when done: many at once is no leak.
    setMaxListeners(0, this.stopping.signal);
  }

  start(job: LineLevelCheckJob): void {
    const run = this.run(job).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  private async run(job: LineLevelCheckJob): Promise<void> {
    const signal = this.stopping.signal;
    let onStop = (): void => undefined;
    const stopped = new Promise<never>((_resolve, reject) => {
      onStop = () => reject(new Stopped());
    });
    stopped.catch(() => undefined);
    signal.addEventListener('abort', onStop, { once: true });
    if (signal.aborted) onStop();
    try {
      const measuring = this.gateway.checkLineLevels(job.device, job.panelCodes, async (percent) => {
        if (!signal.aborted) await reportLineLevelCheck(this.db, job.taskId, percent);
      });
      // Left behind on stop, it still settles later (the gateway closes after the runner stops).
      measuring.catch(() => undefined);
      const readings = await Promise.race([measuring, stopped]);
      await finishLineLevelCheck(this.db, { taskId: job.taskId, deviceId: job.deviceId, houseUid: job.houseUid }, readings);
    } catch (error) {
      const message = error instanceof Stopped ? LINE_LEVEL_TEXTS.stopping : error instanceof DeviceGatewayError ? error.message : LINE_LEVEL_TEXTS.failed;
      if (!(error instanceof Stopped) && !(error instanceof DeviceGatewayError)) this.log.error({ err: error, taskId: job.taskId }, 'line-level check failed');
      await failLineLevelCheck(this.db, job.taskId, message).catch((failure: unknown) => this.log.error({ err: failure, taskId: job.taskId }, 'line-level check not recorded'));
    } finally {
      signal.removeEventListener('abort', onStop);
    }
  }
}
