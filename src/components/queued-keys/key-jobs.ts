import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { normalizeMac } from '@contract/common';
import type { CodedText } from '@contract/server-texts';
import { getOfflineDb, jobErrorOf, type OfflineDb, type OutboxJob, type OutboxStatus } from '@/offline/db';
import type { EnqueueInput } from '@/offline/outbox';
import { queueJob, type OfflineRuntime } from '@/offline/runtime';

/*
 * Keys added with no signal: each key write is one outbox job, queued as the wizards
 * queue theirs (an Idempotency-Key made once, FIFO per device) and replayed by the engine; the
 * screens show the jobs not yet sent as pending keys until the replay confirms them.
 */

/** create-key of the device keys screen (`/front/device-keys/:mac/create-key`). */
export const DEVICE_KEY_JOB = 'device-key';
/** keys/create of the flat card, one job per device of the flat (`/front/keys/create`). */
export const FLAT_KEY_JOB = 'flat-key';

export interface PendingKey {
  id: number;
  value: string;
  mac: string;
  status: OutboxStatus;
  /** The server's reason when it needs attention (coded when the server named it). */
  error: CodedText | string | null;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** The key a job writes: `VALUE` (create-key) or `value` (keys/create). */
export function jobKeyValue(job: Pick<OutboxJob, 'body'>): string {
  const value = field(job.body, 'VALUE') ?? field(job.body, 'value');
  return typeof value === 'string' ? value : '';
}

/** A body field of a key job, for the screens' own matching (`RS`, `flatNum`). */
export function jobBodyField(job: Pick<OutboxJob, 'body'>, name: string): unknown {
  return field(job.body, name);
}

export type KeyJobInput = Pick<EnqueueInput, 'kind' | 'method' | 'url' | 'body'> & { mac: string; house?: string };

/** Queues key writes (each its own job and key); the running engine sends them as soon as it can. */
export async function queueKeyJobs(runtime: OfflineRuntime | null, userId: number, inputs: readonly KeyJobInput[]): Promise<OutboxJob[]> {
  const jobs: OutboxJob[] = [];
  for (const { mac, house, ...request } of inputs) {
    jobs.push(await queueJob(runtime, { ...request, userId, target: { mac, ...(house ? { house } : {}) } }));
  }
  return jobs;
}

interface PendingKeysOptions {
  userId: number | null;
  kind: string;
  /** The devices whose jobs are read (the outbox's per-device index). */
  macs: readonly string[];
  /** Which of those jobs are this screen's. */
  matches: (job: OutboxJob) => boolean;
  /** A job shown pending was sent: read the screen's data again. */
  onSent: () => void;
  db?: OfflineDb;
}

/** The key jobs of these devices not sent yet, live across tabs, oldest first; `onSent` once one of them goes through. */
export function usePendingKeys({ userId, kind, macs, matches, onSent, db = getOfflineDb() }: PendingKeysOptions): PendingKey[] {
  const deviceKeys = macs.map((mac) => `mac:${normalizeMac(mac) ?? mac}`);
  const jobs = useLiveQuery(
    () => (userId === null || deviceKeys.length === 0 ? [] : db.outbox.where('deviceKey').anyOf(deviceKeys).filter((job) => job.userId === userId && job.kind === kind).toArray()),
    [db, userId, kind, deviceKeys.join(' ')],
  );
  const mine = (jobs ?? []).filter(matches);
  // The jobs seen unsent: one of them sent (or let go of on the queue screen) changes the screen's data.
  const shown = useRef(new Set<number>());
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  }, [onSent]);
  useEffect(() => {
    if (!jobs) return;
    let changed = false;
    for (const id of shown.current) {
      const job = jobs.find((each) => each.id === id);
      if (job && job.status !== 'sent') continue;
      shown.current.delete(id);
      changed = true;
    }
    for (const job of jobs) if (job.status !== 'sent') shown.current.add(job.id);
    if (changed) onSentRef.current();
  }, [jobs]);
  return mine
    .filter((job) => job.status !== 'sent')
    .sort((a, b) => a.id - b.id)
    .map((job) => ({ id: job.id, value: jobKeyValue(job), mac: job.target.mac ?? '', status: job.status, error: jobErrorOf(job) }));
}
