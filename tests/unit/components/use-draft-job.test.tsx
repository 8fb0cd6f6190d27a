import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDraftJob, type DraftJobRequest } from '@/components/wizard/use-wizard-draft';
import { getOfflineDb } from '@/offline/db';
import { addJob, applyJobEvent } from '@/offline/outbox-queue';

vi.mock('@/components/notifications/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('@/components/notifications/notify');

const USER_ID = 7;
const request: DraftJobRequest = { method: 'POST', url: '/front/wizard/save', body: { mac: 'AA:BB:CC:DD:EE:01' } };
let drafts = 0;

function renderJob() {
  drafts += 1;
  const draftId = `draft-job-${drafts}`;
  const hook = renderHook(() => useDraftJob({ draftId, userId: USER_ID, flush: async () => undefined, kind: 'device-wizard', retryRefused: (reason) => `refused: ${reason}` }));
  return { draftId, hook };
}

const jobsOf = (draftId: string) => getOfflineDb().outbox.where('draftId').equals(draftId).toArray();

afterEach(async () => {
  await getOfflineDb().outbox.clear();
  vi.mocked(notify).mockClear();
});

describe('useDraftJob', () => {
  it('queues one job however fast the submit is tapped twice, and is not busy once the job is seen', async () => {
    const { draftId, hook } = renderJob();
    await waitFor(() => expect(hook.result.current.loaded).toBe(true));
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

  it('answers false and says why when the engine refuses to send a job again', async () => {
    const { draftId, hook } = renderJob();
    const job = await addJob(getOfflineDb(), { kind: 'device-wizard', ...request, userId: USER_ID, draftId });
    await applyJobEvent(getOfflineDb(), job.id, { type: 'begin-send' });
    await applyJobEvent(getOfflineDb(), job.id, { type: 'refused', status: 200, message: 'MAC занят' });
    await waitFor(() => expect(hook.result.current.view.state).toBe('needs-attention'));

    // The job is gone before the tap (another tab discarded it): the view is stale, the engine refuses.
    await getOfflineDb().outbox.delete(job.id);
    let answer = true;
    await act(async () => {
      answer = await hook.result.current.send(() => request);
    });
    expect(answer).toBe(false);
    expect(notify).toHaveBeenCalledWith(expect.stringMatching(/^refused: job \d+ is not in the outbox$/), { variant: 'error' });
    expect(await jobsOf(draftId)).toHaveLength(0);
  });

  it('answers false and keeps the draft when the request cannot be built', async () => {
    const { draftId, hook } = renderJob();
    await waitFor(() => expect(hook.result.current.loaded).toBe(true));
    let answer = true;
    await act(async () => {
      answer = await hook.result.current.send(() => {
        throw new Error('Некорректное поле mac');
      });
    });
    expect(answer).toBe(false);
    expect(notify).toHaveBeenCalledWith('Некорректное поле mac', { variant: 'error' });
    expect(await jobsOf(draftId)).toHaveLength(0);
    expect(hook.result.current.editable).toBe(true);
  });
});
