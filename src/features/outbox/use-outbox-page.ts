import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/outbox/messages';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb, type OutboxJob } from '@/offline/db';
import { deleteDraft } from '@/offline/drafts';
import { exportJobs } from '@/offline/outbox-queue';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { useDraftList } from '@/offline/use-draft';
import { useOutboxJobs } from '@/offline/use-outbox';
import { canOpenOutbox } from './access';
import { downloadJson } from './download';
import { draftFileName, draftView, jobFileName, jobViews, jobsFileName, queuePaused, type DraftView, type JobView } from './model';
import { outboxQueries } from './queries';

/**
 * The queue screen's logic: the user's jobs and drafts, live across tabs, and what each button
 * does. Deleting is offered here only behind the screen's confirmation dialogs.
 */
export function useOutboxPage(now: () => number = Date.now) {
  const t = useT();
  const session = useSession();
  const runtime = useOfflineRuntime();
  const db = runtime?.db ?? getOfflineDb();
  const userId = session.userId;
  const jobs = useOutboxJobs(userId, db);
  const drafts = useDraftList(userId, db);
  const connectivity = useConnectivity(runtime?.connectivity);

  const jobList = useMemo(() => (jobs && drafts ? jobViews(jobs, drafts) : undefined), [jobs, drafts]);
  const draftList = useMemo(() => drafts?.map(draftView), [drafts]);
  const revision = `${jobs?.length ?? '-'}:${drafts?.length ?? '-'}`;
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
  const exportAll = useCallback(() => {
    if (jobs) downloadJson(jobsFileName(now()), exportJobs(jobs));
  }, [jobs, now]);
  const exportDraft = useCallback((view: DraftView) => downloadJson(draftFileName(view.id), JSON.stringify(view.row, null, 2)), []);

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
    drafts: draftList,
    paused: jobs ? queuePaused(jobs) : false,
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
