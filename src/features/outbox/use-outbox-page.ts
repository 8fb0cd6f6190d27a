import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/outbox/messages';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb, type OutboxJob } from '@/offline/db';
import { deleteDraft } from '@/offline/drafts';
import { exportJobs, listJobs, pruneAgedSent } from '@/offline/outbox-queue';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { useDraftList } from '@/offline/use-draft';
import { useAgedSentCount, useOutboxJobPage } from '@/offline/use-outbox';
import { canOpenOutbox } from './access';
import { downloadJson } from './download';
import {
  DEFAULT_JOB_FILTER,
  JOB_FILTERS,
  draftFileName,
  draftView,
  filterCounts,
  isJobFilter,
  jobFileName,
  jobViews,
  jobsFileName,
  type DraftView,
  type JobFilter,
  type JobView,
} from './model';
import { outboxQueries } from './queries';

/** Jobs on one page of the queue screen. */
export const JOB_PAGE_SIZE = 50;

/** The query parameter of the job filter (absent: the default, jobs not sent yet). */
export const FILTER_PARAM = 'status';

/**
 * The queue screen's logic: a page of the user's jobs and their drafts, live across tabs, and what
 * each button does. Deleting is offered here only behind the screen's confirmation dialogs.
 */
export function useOutboxPage(now: () => number = Date.now) {
  const t = useT();
  const session = useSession();
  const runtime = useOfflineRuntime();
  const db = runtime?.db ?? getOfflineDb();
  const userId = session.userId;
  const [params, setParams] = useSearchParams();
  const requestedFilter = params.get(FILTER_PARAM);
  const filter: JobFilter = isJobFilter(requestedFilter) ? requestedFilter : DEFAULT_JOB_FILTER;
  const [pageOf, setPageOf] = useState<{ filter: JobFilter; page: number }>({ filter, page: 0 });
  // Another filter starts on its first page.
  const requestedPage = pageOf.filter === filter ? pageOf.page : 0;
  const setPage = useCallback((page: number) => setPageOf({ filter, page }), [filter]);
  const read = useOutboxJobPage(userId, requestedPage, JOB_PAGE_SIZE, JOB_FILTERS[filter], db);
  const agedSent = useAgedSentCount(userId, now, db);
  const drafts = useDraftList(userId, db);
  const connectivity = useConnectivity(runtime?.connectivity);
  // Jobs discarded (or sent) from under the last page: show the page that is now last.
  const lastPage = read ? Math.max(0, Math.ceil(read.matching / JOB_PAGE_SIZE) - 1) : requestedPage;
  const page = Math.min(requestedPage, lastPage);
  if (page !== requestedPage) setPage(page);

  const jobList = useMemo(() => (read && drafts ? jobViews(read.jobs, drafts, read.waitingFor) : undefined), [read, drafts]);
  const draftList = useMemo(() => drafts?.map(draftView), [drafts]);
  const revision = `${read?.total ?? '-'}:${drafts?.length ?? '-'}`;
  const storage = useQuery(outboxQueries.storage(revision));

  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      try {
        await action();
      } catch (error) {
        notify(t('outbox.actionFailed', { message: errorMessage(error) }), { variant: 'error' });
      }
    },
    [t],
  );

  const engine = runtime?.engine ?? null;

  const sendNow = useCallback((view: JobView) => run(async () => engine?.sendNow(view.id)), [engine, run]);
  const retry = useCallback((view: JobView) => run(async () => engine?.retry(view.id)), [engine, run]);

  /** Call only after the person confirmed. Resolves whether the job is gone. */
  const discard = useCallback(
    async (view: JobView): Promise<boolean> => {
      if (!engine) return false;
      try {
        const result = await engine.discard(view.id);
        if (result.kind === 'discard') {
          notify(t('outbox.discard.done'), { variant: 'success' });
          // Later jobs of the same device were waiting behind this one: they may go now.
          void engine.trigger('manual');
          return true;
        }
        notify(t('outbox.discard.busy'), { variant: 'warning' });
      } catch (error) {
        notify(t('outbox.actionFailed', { message: errorMessage(error) }), { variant: 'error' });
      }
      return false;
    },
    [engine, t],
  );

  const exportJob = useCallback((job: OutboxJob) => downloadJson(jobFileName(job.id, now()), exportJobs(job)), [now]);
  // Every job, not only the page: read when asked.
  const exportAll = useCallback(
    () =>
      run(async () => {
        if (userId !== null) downloadJson(jobsFileName(now()), exportJobs(await listJobs(db, userId)));
      }),
    [db, now, run, userId],
  );
  const exportDraft = useCallback((view: DraftView) => downloadJson(draftFileName(view.id), JSON.stringify(view.row, null, 2)), []);

  const selectFilter = useCallback(
    (next: JobFilter) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_JOB_FILTER) updated.delete(FILTER_PARAM);
          else updated.set(FILTER_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Call only after the person confirmed: deletes the sent jobs the server no longer keeps the key of. */
  const pruneSent = useCallback(
    () =>
      run(async () => {
        if (userId === null) return;
        const count = await pruneAgedSent(db, userId, now());
        notify(t('outbox.prune.done', { count }), { variant: 'success' });
      }),
    [db, now, run, t, userId],
  );

  /** Call only after the person confirmed. */
  const removeDraft = useCallback(
    (view: DraftView) =>
      run(async () => {
        await deleteDraft(db, view.id);
        notify(t('drafts.delete.done'), { variant: 'success' });
      }),
    [db, run, t],
  );

  return {
    ready: session.ready,
    allowed: canOpenOutbox(session.roles),
    jobs: jobList,
    /** Every job of the user. */
    jobTotal: read?.total ?? 0,
    /** The jobs the filter shows (the page shows JOB_PAGE_SIZE of them). */
    jobMatching: read?.matching ?? 0,
    filter,
    selectFilter,
    /** How many jobs each filter holds. */
    filterCounts: read ? filterCounts(read.counts) : null,
    /** Sent jobs the server no longer keeps the key of: offered for removal, with a confirmation. */
    agedSent,
    pruneSent,
    page,
    setPage,
    drafts: draftList,
    paused: (read?.counts.paused ?? 0) > 0,
    offline: connectivity.state === 'offline',
    storage: storage.data,
    storageLoading: storage.isPending,
    canAct: engine !== null,
    sendNow,
    retry,
    discard,
    exportJob,
    exportAll,
    exportDraft,
    removeDraft,
  };
}

export type OutboxPageModel = ReturnType<typeof useOutboxPage>;
