import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import type { DraftData } from '@/offline/draft-kinds';
import { deleteDraft, forgetEarlyJobs, takeEarlyJobs } from '@/offline/drafts';
import { getOfflineDb, type DraftKind, type DraftTarget, type OutboxJob } from '@/offline/db';
import type { EnqueueInput } from '@/offline/outbox';
import { queueJob, resendJob } from '@/offline/runtime';
import { useOfflineRuntime } from '@/offline/runtime-context';
import type { UseDraftResult } from '@/offline/use-draft';
import { isEditable, jobView, latestJob } from './job-view';

/** The query parameter that names the open draft (the drafts list's resume URLs use it). */
export const DRAFT_PARAM = 'draft';

/** What every wizard screen gets from its page: where its draft lives and how to write it. */
export interface WizardDraftSession<K extends DraftKind> {
  draftId: string;
  userId: number;
  /** The draft is already stored (resumed), so a step change alone is worth saving. */
  stored: boolean;
  save: UseDraftResult<K>['save'];
  flush: UseDraftResult<K>['flush'];
}

export interface DraftAutosaveOptions<K extends DraftKind, S extends string | number, E> {
  session: WizardDraftSession<K>;
  /** The draft as it is now. */
  data: DraftData<K>;
  /** The step to store (the wizard's DONE step once the server has it). */
  step: S;
  /** Anything else the stored target reads (e.g. a house's address): a change of it is saved too. */
  extra: E;
  title: string;
  /** A module-level function: it is a dependency of the save. */
  target: (data: DraftData<K>, step: S, extra: E) => DraftTarget;
  /** What the wizard opened with: a new wizard nobody has typed into yet is not a draft. */
  initial: { data: DraftData<K>; step: string | number; extra: E };
}

/**
 * Autosave: every change of a field, of the step or of `extra` goes to the draft (debounced by
 * useDraft, flushed on pagehide). Moving between the steps of an untouched new wizard stores
 * nothing. `removeDraft` deletes the draft for good, after which nothing is saved again.
 */
export function useDraftAutosave<K extends DraftKind, S extends string | number, E>({
  session,
  data,
  step,
  extra,
  title,
  target,
  initial,
}: DraftAutosaveOptions<K, S, E>): { removeDraft: () => Promise<void> } {
  const { draftId, save, flush } = session;
  const initialKey = useRef(JSON.stringify(initial.data));
  const savedKey = useRef(JSON.stringify({ draft: initial.data, step: initial.step, extra: initial.extra }));
  const stored = useRef(session.stored);
  const deleted = useRef(false);
  const draftKey = JSON.stringify(data);
  const key = JSON.stringify({ draft: data, step, extra });
  useEffect(() => {
    if (deleted.current || key === savedKey.current) return;
    if (!stored.current && draftKey === initialKey.current) return;
    savedKey.current = key;
    stored.current = true;
    const parsed = JSON.parse(key) as { draft: DraftData<K>; step: S; extra: E };
    save({ title, target: target(parsed.draft, parsed.step, parsed.extra), data: parsed.draft });
  }, [key, draftKey, title, target, save]);

  const removeDraft = async () => {
    deleted.current = true;
    await flush();
    await deleteDraft(getOfflineDb(), draftId);
  };
  return { removeDraft };
}

/** What a wizard sends: the request (`outboxRequest`) and where the job is shown to come from. */
export type DraftJobRequest = Pick<EnqueueInput, 'method' | 'url' | 'body' | 'target'>;

interface DraftJobOptions {
  draftId: string;
  userId: number;
  /** Writes the draft's pending autosave, so the job and the draft agree. */
  flush: () => Promise<void>;
  kind: string;
  /** The message when the engine refuses to send the job again (its reason given). */
  retryRefused: (reason: string) => string;
}

/** A job a send changed, until the live query shows the change. */
interface AwaitedChange {
  id: number;
  /** A job sent again: its stored update time then (later changes show it was seen); null for a job just queued. */
  updatedAt: number | null;
}

function changeShown(jobs: readonly OutboxJob[], change: AwaitedChange): boolean {
  const job = jobs.find((each) => each.id === change.id);
  return change.updatedAt === null ? job !== undefined : !job || job.updatedAt >= change.updatedAt;
}

/**
 * The outbox job of a wizard's draft, read back live, and its sending: queued the first time,
 * sent again with the corrected body when it needs attention. A request the contract refuses,
 * or a queue that fails, is told to the user and leaves the draft as it is.
 */
export function useDraftJob({ draftId, userId, flush, kind, retryRefused }: DraftJobOptions) {
  const runtime = useOfflineRuntime();
  const [submitting, setSubmitting] = useState(false);
  // The job a send changed, until the live query shows the change (queued: the job is there; sent
  // again: it no longer needs attention). Meanwhile the screen shows the old state, and a second
  // tap must not queue the draft twice or resend it. The ref also covers taps before a render.
  const [awaited, setAwaited] = useState<AwaitedChange | null>(null);
  const sending = useRef(false);
  // Counts finished sends, so the effect below runs after each one even when `awaited` was set and
  // cleared in one render (the live query was quicker than the send's answer).
  const [finished, setFinished] = useState(0);
  // Read ahead at the start with the draft (offline reload): the fields are editable at the first render.
  const [earlyJobs] = useState(() => takeEarlyJobs(getOfflineDb(), draftId));
  const jobs = useLiveQuery(() => getOfflineDb().outbox.where('draftId').equals(draftId).toArray(), [draftId], earlyJobs);
  useEffect(() => forgetEarlyJobs(draftId), [draftId]);
  const view = jobView(latestJob(jobs ?? []));
  const shown = awaited === null || changeShown(jobs ?? [], awaited);
  // Cleared while rendering, as React advises for state that follows other state: no extra effect pass.
  if (awaited !== null && shown) setAwaited(null);
  useEffect(() => {
    if (awaited === null) sending.current = false;
  }, [awaited, finished]);
  const busy = submitting || !shown;
  const editable = jobs !== undefined && shown && isEditable(view);

  /** `prepare` builds the request (a contract check may throw); true once the job is queued or sent again. */
  const send = async (prepare: () => DraftJobRequest): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    let awaiting = false;
    setSubmitting(true);
    try {
      const request = prepare();
      await flush();
      if (view.state === 'needs-attention') {
        const result = await resendJob(runtime, view.job.id, request.body);
        if (result.kind === 'ignored') {
          notify(retryRefused(result.reason), { variant: 'error' });
          return false;
        }
        if (result.kind === 'update') {
          // Not its status: a resend refused again at once is back to needs-attention before the screen saw it go.
          setAwaited({ id: view.job.id, updatedAt: result.job.updatedAt });
          awaiting = true;
        }
      } else if (view.state === 'none') {
        const job = await queueJob(runtime, { kind, ...request, userId, draftId });
        setAwaited({ id: job.id, updatedAt: null });
        awaiting = true;
      }
      return true;
    } catch (error) {
      notify(errorMessage(error), { variant: 'error' });
      return false;
    } finally {
      // A change sent is let go by the effect above, once it is on screen.
      if (!awaiting) sending.current = false;
      setSubmitting(false);
      setFinished((count) => count + 1);
    }
  };

  const sendNow = async () => {
    if (view.state === 'queued' && runtime) await runtime.engine.sendNow(view.job.id);
  };

  return { view, editable, loaded: jobs !== undefined, submitting: busy, send, sendNow };
}
