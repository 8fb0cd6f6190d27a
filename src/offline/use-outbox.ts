import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { getOfflineDb, type OfflineDb, type OutboxJob } from './db';
import { countUnsent, listJobs, readJobPage, type OutboxJobPage } from './outbox-queue';

/** The queue screen redraws at most this often while jobs change (a replay changes each job twice). */
export const OUTBOX_REDRAW_MS = 250;

/** The user's jobs for the queue screen, newest first, live across tabs. */
export function useOutboxJobs(userId: number | null, db: OfflineDb = getOfflineDb()): OutboxJob[] | undefined {
  return useLiveQuery(() => (userId === null ? [] : listJobs(db, userId)), [db, userId]);
}

/**
 * A value that follows `value` at most once per `ms`: the first change shows at once, later ones
 * within the interval are folded into one trailing update with the latest value.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}

/** One page of the queue screen (newest first) and the totals, live across tabs, redrawn at most every OUTBOX_REDRAW_MS. */
export function useOutboxJobPage(userId: number | null, page: number, pageSize: number, db: OfflineDb = getOfflineDb()): OutboxJobPage | undefined {
  const read = useLiveQuery(
    () => (userId === null ? emptyPage() : readJobPage(db, userId, page * pageSize, pageSize)),
    [db, userId, page, pageSize],
  );
  return useThrottled(read, OUTBOX_REDRAW_MS);
}

function emptyPage(): OutboxJobPage {
  return { jobs: [], total: 0, counts: { queued: 0, sending: 0, sent: 0, 'needs-attention': 0, paused: 0 }, waitingFor: new Map() };
}

/** Jobs not yet sent: the header's counter and the logout warning. */
export function useUnsentCount(userId: number | null, db: OfflineDb = getOfflineDb()): number | undefined {
  return useLiveQuery(() => (userId === null ? 0 : countUnsent(db, userId)), [db, userId]);
}
