import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/app/header/header';
import { OfflineRuntimeHost } from '@/app/offline-runtime-host';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { SESSION_CACHE_KEY, clearSavedSession, sessionQueries } from '@/lib/session';
import { onSessionEvent } from '@/lib/session-events';
import { createConnectivityStore } from '@/offline/connectivity';
import { getOfflineDb, type OfflineDb, type OutboxJob } from '@/offline/db';
import type { SendOutcome } from '@/offline/outbox';
import { createOfflineRuntime } from '@/offline/runtime';
import { reportsFieldQueue } from '@/platform/field-report-access';
import { OfflineRuntimeProvider, getOfflineRuntime } from '@/offline/runtime-context';
import { authItems, jsonResponse, renderWithApp, stubWideScreen, testQueryClient } from '../helpers/render';
import { createFakeLocks, makeJob, openTestDb } from '../offline/helpers';

async function addJob(db: OfflineDb, overrides: Partial<OutboxJob> = {}): Promise<number> {
  const { id: _id, ...row } = makeJob({ nextAttemptAt: Date.now(), ...overrides });
  return db.outbox.add(row as OutboxJob);
}

function loggedInAs(roles: string[]) {
  setLoggedFlag(true);
  const client = testQueryClient();
  client.setQueryData(sessionQueries.permissions().queryKey, { result: true, userId: 7, buyerId: 1, roles: authItems(...roles), permissions: authItems() });
  client.setQueryData(sessionQueries.user(7).queryKey, { result: true, message: null, data: { login: 'installer' } } as never);
  return client;
}

beforeEach(() => {
  stubWideScreen();
  setCsrfToken('token');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSavedSession();
  await getOfflineDb().outbox.clear();
});

describe('Header: connectivity chip', () => {
  it('shows the state and the unsent jobs, linking installers to /outbox', async () => {
    await addJob(getOfflineDb());
    await addJob(getOfflineDb(), { idempotencyKey: 'k-sent', status: 'sent' });
    renderWithApp(<Header />, { client: loggedInAs(['adjuster']) });
    const chip = await screen.findByRole('link', { name: 'В сети, ждут отправки: 1' });
    expect(chip.getAttribute('href')).toBe('/outbox');
    expect(chip.textContent).toBe('В сети1');
  });

  it('counts the jobs needing attention apart: they will not be sent by themselves', async () => {
    await addJob(getOfflineDb());
    await addJob(getOfflineDb(), { idempotencyKey: 'k-refused', status: 'needs-attention' });
    await addJob(getOfflineDb(), { idempotencyKey: 'k-refused-2', status: 'needs-attention' });
    renderWithApp(<Header />, { client: loggedInAs(['adjuster']) });
    const chip = await screen.findByRole('link', { name: 'В сети, ждут отправки: 1, требуют внимания: 2' });
    expect(chip.textContent).toBe('В сети1!2');
  });

  it('says "Нет связи" when the browser is offline', async () => {
    const runtime = createOfflineRuntime({
      db: getOfflineDb(),
      currentUserId: () => 7,
      locks: createFakeLocks(),
      connectivity: createConnectivityStore({ navigatorOnline: () => false }),
    });
    renderWithApp(
      <OfflineRuntimeProvider runtime={runtime}>
        <Header />
      </OfflineRuntimeProvider>,
      { client: loggedInAs(['adjuster']) },
    );
    await screen.findByRole('link', { name: 'Нет связи, ждут отправки: 0' });
  });

  it('is not a link for a user who may not open the queue', async () => {
    renderWithApp(<Header />, { client: loggedInAs([]) });
    await screen.findByRole('status', { name: 'В сети, ждут отправки: 0' });
    expect(screen.queryByRole('link', { name: /ждут отправки/ })).toBeNull();
  });

  it('says when the access data come from the last online load, in the user\'s time zone', async () => {
    const savedAt = Date.UTC(2025, 0, 2, 3, 4, 5);
    const permissions = { result: true, userId: 7, buyerId: 1, roles: authItems('adjuster'), permissions: authItems() };
    localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ userId: 7, savedAt, login: 'installer', permissions }));
    setLoggedFlag(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithApp(<Header />, { client: testQueryClient() });
    await screen.findByText('Данные доступа с последнего входа в сеть: 02.01.2025, 06:04:05');
    screen.getByText('installer');
  });
});

describe('Header: logout with unsent jobs', () => {
  it('warns with the count first; "Отмена" keeps the session, "Выйти" logs out', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { result: true }));
    vi.stubGlobal('fetch', fetchMock);
    await addJob(getOfflineDb());
    await addJob(getOfflineDb(), { idempotencyKey: 'k2', status: 'needs-attention' });
    renderWithApp(<Header />, { client: loggedInAs(['adjuster']), path: '/houses' });

    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    let dialog = await screen.findByRole('dialog', { name: 'Выйти из системы?' });
    // The job needing attention is not promised to be sent.
    within(dialog).getByText(
      'Ждут отправки: 1. Эти задания останутся на этом устройстве и уйдут на сервер сами, когда вы снова войдёте под этой учётной записью. ' +
        'Требуют внимания: 1. Такие задания сервер не принял, и сами они отправлены не будут: после входа откройте очередь отправки, исправьте их и отправьте снова. До тех пор они останутся на этом устройстве.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('logged')).toBe('true');
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/houses');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    dialog = await screen.findByRole('dialog', { name: 'Выйти из системы?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/site/auth'));
    expect(localStorage.getItem('logged')).toBe('false');
    // The jobs stay for the next login of this user.
    expect(await getOfflineDb().outbox.count()).toBe(2);
  });

  it('logs out at once when nothing is waiting', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { result: true })));
    await addJob(getOfflineDb(), { status: 'sent' });
    renderWithApp(<Header />, { client: loggedInAs(['adjuster']), path: '/houses' });
    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/site/auth'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('OfflineRuntimeHost', () => {
  function hostOptions(db: OfflineDb, outcome: () => SendOutcome) {
    const send = vi.fn(async (_job: OutboxJob) => outcome());
    return { send, options: { db, send, locks: createFakeLocks(), connectivity: createConnectivityStore({ probe: async () => true }) } };
  }

  it('starts the runtime for the user, and stops it when unmounted', async () => {
    setLoggedFlag(true);
    const db = openTestDb();
    await addJob(db);
    const { send, options } = hostOptions(db, () => ({ type: 'sent', status: 200 }));
    const { unmount } = renderWithApp(<OfflineRuntimeHost userId={7} confirmed options={options} />);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(getOfflineRuntime()?.db).toBe(db);
    unmount();
    expect(getOfflineRuntime()).toBeNull();
  });

  it('sends support the queue summary only where told to (installers), never from an operator\'s, support\'s or the superuser\'s browser', async () => {
    setLoggedFlag(true);
    const reported = vi.fn();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (String(input).includes('/front/field/report')) reported();
      return jsonResponse(200, { result: true });
    });
    for (const [roles, reportsField] of [[['management'], false], [['support'], false], [['superuser', 'management', 'adjuster', 'support'], false], [['adjuster'], true]] as const) {
      reported.mockClear();
      const db = openTestDb();
      const { options } = hostOptions(db, () => ({ type: 'sent', status: 200 }));
      const { unmount } = renderWithApp(<OfflineRuntimeHost userId={7} confirmed reportsField={reportsFieldQueue(authItems(...roles))} options={options} />);
      // A report is sent soon after the start (a loaded machine may take seconds); none is ever sent where not told to.
      if (reportsField) await vi.waitFor(() => expect(reported, roles.join()).toHaveBeenCalled(), { timeout: 10_000 });
      else {
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(reported, roles.join()).not.toHaveBeenCalled();
      }
      unmount();
    }
  });

  it('a 401 keeps the job, pauses the queue and asks to log in; «Войти» ends the local session', async () => {
    setLoggedFlag(true);
    const expired = vi.fn();
    const off = onSessionEvent(expired);
    const db = openTestDb();
    const id = await addJob(db);
    const { options } = hostOptions(db, () => ({ type: 'http-error', status: 401, message: 'Требуется вход' }));
    renderWithApp(<OfflineRuntimeHost userId={7} confirmed={false} options={options} />);
    const toast = await screen.findByText(/Сессия истекла\. Войдите снова/);
    expect((await db.outbox.get(id))?.status).toBe('paused');
    const alert = toast.closest('.notistack-MuiContent') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Войти' }));
    expect(localStorage.getItem('logged')).toBe('false');
    expect(expired).toHaveBeenCalledWith({ type: 'expired' });
    expect((await db.outbox.get(id))?.status).toBe('paused');
    off();
  });

  it('after a login the server confirmed, paused jobs go back to the queue and are sent', async () => {
    setLoggedFlag(true);
    const db = openTestDb();
    const id = await addJob(db, { status: 'paused', lastStatus: 401, attempts: 1 });
    const { send, options } = hostOptions(db, () => ({ type: 'sent', status: 200 }));
    function Harness() {
      const [confirmed, setConfirmed] = useState(false);
      return (
        <>
          <OfflineRuntimeHost userId={7} confirmed={confirmed} options={options} />
          <button onClick={() => setConfirmed(true)}>server answered</button>
        </>
      );
    }
    renderWithApp(<Harness />);
    // On the saved (offline) session nothing resumes: the server has not said the session is good.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'server answered' }));
    await waitFor(async () => expect((await db.outbox.get(id))?.status).toBe('sent'));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
