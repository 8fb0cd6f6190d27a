import { useLiveQuery } from 'dexie-react-hooks';
import { getOfflineDb, type OfflineDb, type OutboxJob } from './db';
import { countUnsent, listJobs } from './outbox-queue';

/** The user's jobs for the queue screen, newest first, live across tabs. */
export function useOutboxJobs(userId: number | null, db: OfflineDb = getOfflineDb()): OutboxJob[] | undefined {
  return useLiveQuery(() => (userId === null ? [] : listJobs(db, userId)), [db, userId]);
}

/** Jobs not yet sent: the header's counter and the logout warning. */
export function useUnsentCount(userId: number | null, db: OfflineDb = getOfflineDb()): number | undefined {
  return useLiveQuery(() => (userId === null ? 0 : countUnsent(db, userId)), [db, userId]);
}
