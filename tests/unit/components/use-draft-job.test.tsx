import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDraftJob, type DraftJobRequest } from '@/components/wizard/use-wizard-draft';
import { getOfflineDb, type OutboxJob } from '@/offline/db';
import { addJob, applyJobEvent, type AppliedTransition } from '@/offline/outbox-queue';
import type { OfflineRuntime } from '@/offline/runtime';
import { OfflineRuntimeProvider } from '@/offline/runtime-context';
import { openTestDb } from '../offline/helpers';

vi.mock('@/components/notifications/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('@/components/notifications/notify');

const USER_ID = 7;
const request: DraftJobRequest = { method: 'POST', url: '/front/wizard/save', body: { mac: 'AA:BB:CC:DD:EE:01' } };
let drafts = 0;

/**
 * An engine that answers at once but writes to the app's outbox only when the test says so: the
 * moment between a send's answer and the live query showing its change is held open.
 */
function fakeRuntime(retryAnswer: AppliedTransition['kind'] = 'update', statusAfterRetry: OutboxJob['status'] = 'queued') {
  const scratch = openTestDb();
  const writes: Array<() => Promise<unknown>> = [];
  const engine = {
    enqueue: vi.fn(async (input: Parameters<OfflineRuntime['engine']['enqueue']>[0]) => {
      const job = await addJob(scratch, input);
      writes.push(() => getOfflineDb().outbox.add(job));
      return job;
    }),
    retry: vi.fn(async (id: number): Promise<AppliedTransition> => {
      if (retryAnswer === 'ignored') return { kind: 'ignored', reason: `job ${id} is not in the outbox`, before: null };
      const before = (await getOfflineDb().outbox.get(id)) as OutboxJob;
      const job: OutboxJob = { ...before, status: statusAfterRetry, updatedAt: before.updatedAt + 1 };
      writes.push(() => getOfflineDb().outbox.put(job));
      return { kind: 'update', job, effects: [], before };
    }),
    sendNow: vi.fn(),
  };
  const runtime = { engine } as unknown as OfflineRuntime;
  const writeNow = () => act(async () => void (await Promise.all(writes.splice(0).map((write) => write()))));
  return { runtime, engine, writeNow };
}

function renderJob(runtime: OfflineRuntime | null = null) {
  drafts += 1;
  const draftId = `draft-job-${drafts}`;
  const wrapper = ({ children }: { children: ReactNode }) => <OfflineRuntimeProvider runtime={runtime}>{children}</OfflineRuntimeProvider>;
  const hook = renderHook(
    () => useDraftJob({ draftId, userId: USER_ID, flush: async () => undefined, kind: 'device-wizard', retryRefused: (reason) => `refused: ${reason}` }),
    { wrapper },
  );
  return { draftId, hook };
}

async function tap(hook: ReturnType<typeof renderJob>['hook'], prepare: () => DraftJobRequest = () => request): Promise<boolean> {
  let answer = false;
  await act(async () => {
    answer = await hook.result.current.send(prepare);
  });
  return answer;
}

const jobsOf = (draftId: string) => getOfflineDb().outbox.where('draftId').equals(draftId).toArray();

/** The hook over a new draft, its outbox read. */
async function renderLoaded(runtime: OfflineRuntime | null = null) {
  const rendered = renderJob(runtime);
  await waitFor(() => expect(rendered.hook.result.current.loaded).toBe(true));
  return rendered;
}

/** The hook over a draft whose job the server refused: it needs attention. */
async function renderNeedingAttention(runtime: OfflineRuntime) {
  const rendered = renderJob(runtime);
  const job = await addJob(getOfflineDb(), { kind: 'device-wizard', ...request, userId: USER_ID, draftId: rendered.draftId });
  await applyJobEvent(getOfflineDb(), job.id, { type: 'begin-send' });
  await applyJobEvent(getOfflineDb(), job.id, { type: 'refused', status: 200, message: 'MAC занят' });
  await waitFor(() => expect(rendered.hook.result.current.view.state).toBe('needs-attention'));
  return { ...rendered, job };
}

afterEach(async () => {
  await getOfflineDb().outbox.clear();
  vi.mocked(notify).mockClear();
});

describe('useDraftJob', () => {
  it('queues one job for two taps at once', async () => {
    const { draftId, hook } = await renderLoaded();
    expect(hook.result.current.editable).toBe(true);
    let answers: boolean[] = [];
    await act(async () => {
      answers = await Promise.all([hook.result.current.send(() => request), hook.result.current.send(() => request)]);
    });
    expect(answers).toEqual([true, false]);
    await waitFor(() => expect(hook.result.current.view.state).toBe('queued'));
    expect(hook.result.current.submitting).toBe(false);
    expect(await jobsOf(draftId)).toHaveLength(1);
  });

  it('stays busy after queueing until the outbox shows the job, and a tap meanwhile queues nothing', async () => {
    const { runtime, engine, writeNow } = fakeRuntime();
    const { draftId, hook } = await renderLoaded(runtime);

    expect(await tap(hook)).toBe(true);
    expect(hook.result.current.view.state).toBe('none');
    expect(hook.result.current.submitting).toBe(true);
    expect(hook.result.current.editable).toBe(false);
    expect(await tap(hook)).toBe(false);
    expect(engine.enqueue).toHaveBeenCalledTimes(1);

    await writeNow();
    await waitFor(() => expect(hook.result.current.view.state).toBe('queued'));
    expect(hook.result.current.submitting).toBe(false);
    expect(await jobsOf(draftId)).toHaveLength(1);
  });

  it('sends a job that needs attention again once, however often it is tapped before the change shows', async () => {
    const { runtime, engine, writeNow } = fakeRuntime();
    const { hook } = await renderNeedingAttention(runtime);

    expect(await tap(hook)).toBe(true);
    expect(hook.result.current.submitting).toBe(true);
    expect(await tap(hook)).toBe(false);
    expect(engine.retry).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();

    await writeNow();
    await waitFor(() => expect(hook.result.current.view.state).toBe('queued'));
    expect(hook.result.current.submitting).toBe(false);
  });

  it('is not left busy when a resend is refused again before the screen saw it queued', async () => {
    const { runtime, writeNow } = fakeRuntime('update', 'needs-attention');
    const { hook } = await renderNeedingAttention(runtime);

    expect(await tap(hook)).toBe(true);
    expect(hook.result.current.submitting).toBe(true);
    await writeNow();
    await waitFor(() => expect(hook.result.current.submitting).toBe(false));
    expect(hook.result.current.view.state).toBe('needs-attention');
    expect(hook.result.current.editable).toBe(true);
  });

  it('answers false and says why when the engine refuses to send a job again', async () => {
    const { runtime } = fakeRuntime('ignored');
    const { hook, job } = await renderNeedingAttention(runtime);

    expect(await tap(hook)).toBe(false);
    expect(notify).toHaveBeenCalledWith(`refused: job ${job.id} is not in the outbox`, { variant: 'error' });
    expect(hook.result.current.submitting).toBe(false);
    expect(hook.result.current.editable).toBe(true);
  });

  it('answers false and keeps the draft when the request cannot be built', async () => {
    const { draftId, hook } = await renderLoaded();
    const answer = await tap(hook, () => {
      throw new Error('Некорректное поле mac');
    });
    expect(answer).toBe(false);
    expect(notify).toHaveBeenCalledWith('Некорректное поле mac', { variant: 'error' });
    expect(await jobsOf(draftId)).toHaveLength(0);
    expect(hook.result.current.editable).toBe(true);
    // Nothing is left waiting: the next tap is taken.
    expect(await tap(hook)).toBe(true);
  });
});
