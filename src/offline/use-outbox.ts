import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { OUTBOX_STATUSES, getOfflineDb, type OfflineDb, type OutboxJob, type OutboxStatus } from './db';
import { countAgedSent, countUnsent, listJobs, readJobPage, type OutboxJobPage } from './outbox-queue';
import { NO_OUTBOX_JOBS, type OutboxCounts } from './runtime-demand';

/**
 * How often at most the outbox's live reads (the header's counter, the queue screen's page) read
 * again while jobs change: a replay writes each job twice, and a read and a redraw per write
 * cost the replay as much as the writes themselves.
 */
export const OUTBOX_REDRAW_MS = 250;

/** The user's jobs for the queue screen, newest first, live across tabs. */
export function useOutboxJobs(userId: number | null, db: OfflineDb = getOfflineDb()): OutboxJob[] | undefined {
  return useLiveQuery(() => (userId === null ? [] : listJobs(db, userId)), [db, userId]);
}

type Parts = Record<string, unknown>;

/**
 * `read()` now, then again after each write to the outbox (in any tab), at most once per `ms`: a
 * burst of writes is one trailing read. `key` names what is read; while a new key's first read is
 * pending, the last value read for the same `owner` (another page of one user's queue) is kept,
 * anything else is undefined.
 */
function useThrottledOutboxRead<T>(db: OfflineDb, read: (() => Promise<T>) | null, owner: string, key: string, ms = OUTBOX_REDRAW_MS): T | undefined {
  const [state, setState] = useState<{ owner: string; value: T } | undefined>(undefined);
  useEffect(() => {
    if (read === null) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRun = 0;
    let running = false;
    let again = false;
    const prefix = `idb://${db.name}/outbox/`;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      lastRun = Date.now();
      try {
        const value = await read();
        if (!cancelled) setState({ owner, value });
      } catch {
        // The next write reads again; a closed database (a logout) has nothing to show.
      } finally {
        running = false;
        if (again && !cancelled) {
          again = false;
          poke();
        }
      }
    };
    const poke = () => {
      if (timer !== null || cancelled) return;
      timer = setTimeout(
        () => {
          timer = null;
          void run();
        },
        Math.max(0, lastRun + ms - Date.now()),
      );
    };
    const onMutated = (parts: Parts) => {
      if (Object.keys(parts).some((part) => part.startsWith(prefix))) poke();
    };
    Dexie.on('storagemutated').subscribe(onMutated);
    void run();
    return () => {
      cancelled = true;
      Dexie.on('storagemutated').unsubscribe(onMutated);
      if (timer !== null) clearTimeout(timer);
    };
    // `owner` and `key` name what `read` reads: a new function with the same names is the same read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, owner, key, ms]);
  return state?.owner === owner ? state.value : undefined;
}

/** One page of the queue screen (newest first, jobs of `statuses`) and the totals, live across tabs, read at most every OUTBOX_REDRAW_MS. */
export function useOutboxJobPage(
  userId: number | null,
  page: number,
  pageSize: number,
  statuses: readonly OutboxStatus[] = OUTBOX_STATUSES,
  db: OfflineDb = getOfflineDb(),
): OutboxJobPage | undefined {
  const read = useThrottledOutboxRead(
    db,
    userId === null ? null : () => readJobPage(db, userId, page * pageSize, pageSize, statuses),
    String(userId),
    `${page}:${pageSize}:${statuses.join(',')}`,
  );
  return userId === null ? emptyPage() : read;
}

/** How many of the user's sent jobs the server no longer keeps the key of, live. */
export function useAgedSentCount(userId: number | null, now: () => number = Date.now, db: OfflineDb = getOfflineDb()): number {
  const read = useThrottledOutboxRead(db, userId === null ? null : () => countAgedSent(db, userId, now()), String(userId), 'aged-sent');
  return read ?? 0;
}

const EMPTY_COUNTS = { queued: 0, sending: 0, sent: 0, 'needs-attention': 0, paused: 0 } as const;

function emptyPage(): OutboxJobPage {
  return { jobs: [], total: 0, matching: 0, counts: { ...EMPTY_COUNTS }, waitingFor: new Map() };
}

/** Jobs not yet sent, waiting apart from needing attention, read at most every OUTBOX_REDRAW_MS. */
export function useUnsentCount(userId: number | null, db: OfflineDb = getOfflineDb()): OutboxCounts | undefined {
  const count = useThrottledOutboxRead(db, userId === null ? null : () => countUnsent(db, userId), String(userId), 'unsent');
  return userId === null ? NO_OUTBOX_JOBS : count;
}
