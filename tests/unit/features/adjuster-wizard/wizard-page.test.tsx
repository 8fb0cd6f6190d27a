import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdjusterWizardPage } from '@/features/adjuster-wizard/components/adjuster-wizard-page';
import { defaultWizardDraft, withAddressLookup, withStartedJobs } from '@/features/adjuster-wizard/model';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { createConnectivityStore } from '@/offline/connectivity';
import { getOfflineDb, type OutboxJob } from '@/offline/db';
import { saveDraft } from '@/offline/drafts';
import type { SendOutcome } from '@/offline/outbox';
import { createOfflineRuntime, type OfflineRuntime } from '@/offline/runtime';
import { OfflineRuntimeProvider } from '@/offline/runtime-context';
import { authItems, jsonResponse, renderWithApp, stubWideScreen, testQueryClient } from '../../helpers/render';
import { createFakeLocks } from '../../offline/helpers';

const USER_ID = 3;
let draftNo = 0;
let draftId = '';
const FOUND = { address: 'г. Москва, ул. Лесная, д. 28', entranceNum: 2, fiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5' };

describe('AdjusterWizardPage', () => {
  let runtime: OfflineRuntime;
  /** Job status answers by job number, consumed one per poll (the last one repeats). */
  let statuses: Record<number, { status: string; completed: boolean; message?: string }[]>;
  let portCalls: number;

  beforeEach(async () => {
    stubWideScreen();
    setCsrfToken('token');
    setLoggedFlag(true);
    const db = getOfflineDb();
    await Promise.all([db.drafts.clear(), db.outbox.clear(), db.snapshots.clear()]);
    portCalls = 0;
    // A draft per test: the previous test's unmount may still be saving its own.
    draftId = `adjuster-draft-${++draftNo}`;
    statuses = {
      1: [{ status: 'running', completed: false }, { status: 'success', completed: true }],
      2: [{ status: 'queued', completed: false }, { status: 'error', completed: true, message: 'Коммутатор не ответил на отключение порта' }],
      3: [{ status: 'success', completed: true }],
      4: [{ status: 'success', completed: true }],
      5: [{ status: 'success', completed: true }],
      6: [{ status: 'success', completed: true }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/adjuster/api/device/port-device') {
          const body = JSON.parse(String(init.body)) as { portNum: number };
          return jsonResponse(200, body.portNum === 21 ? { result: 'success', address: null, entranceNum: null, fiasId: null } : { result: 'success', ...FOUND });
        }
        if (url === '/adjuster/api/device/port') {
          portCalls++;
          const base = portCalls === 1 ? 1 : 4;
          return jsonResponse(200, { result: 'success', jobs: { changeVlanPort: base, disablePort: base + 1, enablePort: base + 2 } });
        }
        const job = /^\/adjuster\/api\/job\/(\d+)\/status$/.exec(url);
        if (job) {
          const queue = statuses[Number(job[1])];
          const answer = queue.length > 1 ? queue.shift()! : queue[0];
          return jsonResponse(200, { result: 'success', message: answer.message ?? null, status: answer.status, completed: answer.completed });
        }
        if (url.startsWith('/front/house-list?')) {
          return jsonResponse(200, { result: true, pagination: { count: 0, page: 1, pageCount: 0, pageSize: 20, totalCount: 0 }, data: [] });
        }
        if (url.startsWith('/front/user/')) return jsonResponse(200, { result: false, message: 'not in this test' });
        throw new Error(`Unexpected ${init.method} ${url}`);
      }),
    );
    runtime = createOfflineRuntime({
      db,
      currentUserId: () => USER_ID,
      send: vi.fn<(job: OutboxJob) => Promise<SendOutcome>>(),
      locks: createFakeLocks(),
      connectivity: createConnectivityStore({ probe: async () => true }),
    });
    runtime.start();
  });

  afterEach(() => {
    runtime.stop();
    vi.unstubAllGlobals();
  });

  function render() {
    const client = testQueryClient();
    client.setQueryData(sessionQueries.permissions().queryKey, { result: true, userId: USER_ID, buyerId: 1, roles: authItems('adjuster'), permissions: authItems() });
    return renderWithApp(
      <OfflineRuntimeProvider runtime={runtime}>
        <AdjusterWizardPage />
      </OfflineRuntimeProvider>,
      { client, path: `/devices/wizard?draft=${draftId}`, route: '/devices/wizard' },
    );
  }

  const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
  const stored = async () => (await getOfflineDb().drafts.get(draftId))?.data as ReturnType<typeof defaultWizardDraft> | undefined;

  it('«Далее» on the port step with empty fields stays, marks them and the step, and focuses the first', async () => {
    render();
    await screen.findByRole('heading', { name: 'Порт', level: 2 });
    expect(screen.queryByText('Введите имя базовой станции')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Далее/ }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Порт');
    expect(screen.getByText('Введите имя базовой станции')).toBeTruthy();
    expect(screen.getByText('Введите номер порта')).toBeTruthy();
    expect(document.activeElement).toBe(field('Базовая станция'));
    expect(field('Номер порта').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: '1. Порт', description: 'Шаг не завершён' })).toBeTruthy();
    expect(screen.getByText('Шаг не завершён').parentElement?.textContent).toBe('Шаг не завершён: Порт');
    expect(screen.getByText(/Найдите адрес порта/)).toBeTruthy();
  }, 15_000);

  it("looks up the address: none gives 'Адрес не найден'; a found one is saved with the port, and the wizard moves on", async () => {
    render();
    await screen.findByRole('heading', { name: 'Порт', level: 2 });
    fireEvent.change(field('Базовая станция'), { target: { value: 'BS-MSK-0001' } });
    fireEvent.change(field('Номер порта'), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти адрес' }));
    await screen.findByText('Адрес не найден');
    fireEvent.click(screen.getByRole('button', { name: /Далее/ }));
    await screen.findByText(/Найдите адрес порта/);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Порт');

    fireEvent.change(field('Номер порта'), { target: { value: '4' } });
    expect(screen.queryByText('Адрес не найден')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Найти адрес' }));
    await screen.findByText(FOUND.address);
    await waitFor(async () => expect(await stored()).toMatchObject({ bsName: 'BS-MSK-0001', portNum: '4', ...FOUND, error: null, lookedUp: 'BS-MSK-0001/4' }));
    fireEvent.click(screen.getByRole('button', { name: /Далее/ }));
    await screen.findByRole('heading', { name: 'Подъезд', level: 2 });
    await waitFor(async () => expect((await getOfflineDb().drafts.get(draftId))?.target).toMatchObject({ house: FOUND.address, step: 'entrance' }));
    // The house list has no house of that FIAS id for this user: the step says why no entrance is offered.
    await screen.findByText(/Этого дома нет среди ваших/);
  }, 15_000);

  it('polls the port jobs, shows a failure with its reason, and restarts them to success', async () => {
    const port = { bsName: 'BS-MSK-0001', portNum: 4 };
    const draft = { ...withAddressLookup({ ...defaultWizardDraft(), bsName: 'BS-MSK-0001', portNum: '4' }, port, FOUND), step: 'jobs' };
    await saveDraft(getOfflineDb(), { id: draftId, kind: 'adjuster', userId: USER_ID, title: 'Наладка', target: { step: 'jobs' }, data: draft });
    render();
    await screen.findByRole('heading', { name: 'Задания', level: 2 });
    // The step loads lazily after its heading.
    fireEvent.click(await screen.findByRole('button', { name: 'Запустить задания' }));
    const jobs = await screen.findByRole('list', { name: 'Задания на порту' });
    await within(jobs).findByText(/Задание № 2/);
    await screen.findByText('Коммутатор не ответил на отключение порта', {}, { timeout: 5_000 });
    await screen.findByText(/Задание не выполнено/);
    await waitFor(async () => expect((await stored())?.jobs.disablePort).toMatchObject({ status: 'error', jobNum: 2, completed: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Перезапустить задания' }));
    await screen.findByText('Все задания выполнены.', {}, { timeout: 5_000 });
    expect(portCalls).toBe(2);
    await waitFor(async () =>
      expect((await stored())?.jobs).toEqual({
        changeVlanPort: { status: 'success', jobNum: 4, completed: true, message: null },
        disablePort: { status: 'success', jobNum: 5, completed: true, message: null },
        enablePort: { status: 'success', jobNum: 6, completed: true, message: null },
      }),
    );
  }, 15_000);

  it('resumes a draft at its step with the job numbers it had, and goes on polling them', async () => {
    const port = { bsName: 'BS-MSK-0001', portNum: 4 };
    const looked = withAddressLookup({ ...defaultWizardDraft(), bsName: 'BS-MSK-0001', portNum: '4' }, port, FOUND);
    const draft = { ...withStartedJobs(looked, port, { changeVlanPort: 4, disablePort: 5, enablePort: 6 }), step: 'jobs' };
    await saveDraft(getOfflineDb(), { id: draftId, kind: 'adjuster', userId: USER_ID, title: 'Наладка', target: { step: 'jobs' }, data: draft });
    render();
    await screen.findByRole('heading', { name: 'Задания', level: 2 });
    await screen.findByText('Все задания выполнены.', {}, { timeout: 5_000 });
    expect(portCalls).toBe(0);
  }, 15_000);
});
