import { createConnectivityStore, getConnectivityStore, type ConnectivityStore } from './connectivity';
import { getOfflineDb, type OfflineDb, type OutboxJob } from './db';
import type { EnqueueInput } from './outbox';
import { addJob, applyJobEvent, type AppliedTransition } from './outbox-queue';
import { createReplayEngine, type ReplayEngine, type ReplayEngineOptions } from './replay';
import { persistStorage } from './storage';

/*
 * The offline core wired together for the app: the replay engine sends only while the server is
 * reachable, the header's 'syncing' follows the engine, and the way back online (as the probe
 * sees it, not only the browser's `online` event) starts a run.
 */

export interface OfflineRuntime {
  db: OfflineDb;
  engine: ReplayEngine;
  connectivity: ConnectivityStore;
  start(): void;
  stop(): void;
}

export type OfflineRuntimeOptions = Omit<ReplayEngineOptions, 'db' | 'isOnline'> & {
  db?: OfflineDb;
  connectivity?: ConnectivityStore;
};

export function createOfflineRuntime(options: OfflineRuntimeOptions): OfflineRuntime {
  const db = options.db ?? getOfflineDb();
  const connectivity = options.connectivity ?? (options.db ? createConnectivityStore() : getConnectivityStore());
  const engine = createReplayEngine({ ...options, db, isOnline: () => connectivity.getSnapshot().state !== 'offline' });
  let detach: (() => void) | null = null;

  return {
    db,
    engine,
    connectivity,
    start() {
      if (detach) return;
      void persistStorage();
      let wasOffline = connectivity.getSnapshot().state === 'offline';
      const offConnectivity = connectivity.subscribe(() => {
        const offline = connectivity.getSnapshot().state === 'offline';
        if (wasOffline && !offline) void engine.trigger('online');
        wasOffline = offline;
      });
      const offEngine = engine.subscribe((event) => {
        if (event.type === 'syncing') connectivity.setSyncing(event.syncing);
        // No answer to a job: check whether the server is still there, so the header tells the truth.
        if (event.type === 'job-changed' && event.job.status === 'queued' && event.job.lastStatus === null && event.job.attempts > 0) {
          void connectivity.check();
        }
      });
      detach = () => {
        offConnectivity();
        offEngine();
      };
      connectivity.start();
      engine.start();
    },
    stop() {
      detach?.();
      detach = null;
      engine.stop();
      connectivity.stop();
    },
  };
}

/** Queues a wizard's job: the running engine sends it at once; before the engine runs, the row waits for its first run. */
export async function queueJob(runtime: OfflineRuntime | null, input: EnqueueInput): Promise<OutboxJob> {
  return runtime ? runtime.engine.enqueue(input) : addJob(getOfflineDb(), input);
}

/** Sends a job that needs attention again, in its place, with the fixed body when one is given. */
export async function resendJob(runtime: OfflineRuntime | null, id: number, body?: unknown): Promise<AppliedTransition> {
  return runtime ? runtime.engine.retry(id, body) : applyJobEvent(getOfflineDb(), id, body === undefined ? { type: 'retry' } : { type: 'retry', body });
}
