import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { commutatorEndpoints, type CommutatorsUpdate } from '@contract/commutators';
import { getOfflineDb, type OutboxJob } from '@/offline/db';
import { outboxRequest } from '@/offline/outbox-queue';
import { queueJob, resendJob } from '@/offline/runtime';
import { useOfflineRuntime } from '@/offline/runtime-context';

/** The outbox kind of a matrix saved offline (the queue screen names it). */
export const MATRIX_JOB_KIND = 'commutators';

/** A job the server has not taken yet, latest first; a sent one no longer holds the matrix. */
function pendingOf(jobs: readonly OutboxJob[]): OutboxJob | null {
  return jobs.filter((job) => job.status !== 'sent').reduce<OutboxJob | null>((latest, job) => (latest === null || job.id > latest.id ? job : latest), null);
}

/**
 * A matrix saved without a network: an outbox job (POST /front/devices/{mac}/commutators) tied to
 * the matrix's draft, as the wizards queue theirs. While it waits the matrix is not edited (the job
 * holds it); refused by the server, it is fixed and sent again in its place. Once sent, the job no
 * longer holds the screen, so the next change is a new job.
 */
export function useMatrixJob({ mac, userId, draftId }: { mac: string; userId: number | null; draftId: string }) {
  const runtime = useOfflineRuntime();
  const [openedAt] = useState(() => Date.now());
  const jobs = useLiveQuery(() => (draftId ? getOfflineDb().outbox.where('draftId').equals(draftId).toArray() : []), [draftId]);
  const pending = pendingOf(jobs ?? []);
  // A job sent while the screen is open: its answer is shown, and the server's matrix read again.
  const sentHere = (jobs ?? []).filter((job) => job.status === 'sent' && (job.sentAt ?? 0) >= openedAt).sort((a, b) => b.id - a.id)[0] ?? null;

  /** Queues the matrix (or sends a refused one again with it); the contract checks the body first. */
  const queue = async (update: CommutatorsUpdate, house: string | null): Promise<void> => {
    if (userId === null) return;
    const request = outboxRequest(commutatorEndpoints.save, { params: { mac }, body: update });
    if (pending?.status === 'needs-attention') {
      await resendJob(runtime, pending.id, request.body);
      return;
    }
    if (pending) return;
    await queueJob(runtime, { kind: MATRIX_JOB_KIND, ...request, target: { mac, ...(house ? { house } : {}) }, userId, draftId });
  };

  return {
    loaded: jobs !== undefined,
    pending,
    /** The matrix waits in the queue: it is shown as queued and not edited. */
    holds: pending !== null && pending.status !== 'needs-attention',
    sentHere,
    queue,
  };
}
