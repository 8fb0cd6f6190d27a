import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSerialNumberDraft } from '@contract/adjuster-wizard';
import { OutboxPage } from '@/features/outbox/components/outbox-page';
import { defaultReplaceDraft } from '@/features/replace-wizard/model';
import { setLoggedFlag } from '@/lib/logged-flag';
import { loadCatalog } from '@/i18n/i18n';
import { setPreferences } from '@/lib/preferences';
import { sessionQueries } from '@/lib/session';
import { createConnectivityStore } from '@/offline/connectivity';
import type { OfflineDb, OutboxJob } from '@/offline/db';
import { saveDraft } from '@/offline/drafts';
import type { SendOutcome } from '@/offline/outbox';
import { createOfflineRuntime } from '@/offline/runtime';
import { OfflineRuntimeProvider } from '@/offline/runtime-context';
import { authItems, renderWithApp, stubPhoneScreen, stubWideScreen, testQueryClient } from '../../helpers/render';
import { createFakeLocks, makeJob, openTestDb } from '../../offline/helpers';

const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);
/** A next attempt still ahead whenever the test runs. */
const LATER = Date.UTC(2100, 0, 15, 9, 1, 0);

async function addJob(db: OfflineDb, overrides: Partial<OutboxJob>): Promise<number> {
  const { id: _id, ...row } = makeJob(overrides);
  return db.outbox.add(row as OutboxJob);
}

interface Setup {
  roles?: string[];
  phone?: boolean;
  outcome?: SendOutcome;
  /** The browser says there is no network. */
  offline?: boolean;
}

async function setup({ roles = ['adjuster'], phone = false, outcome = { type: 'sent', status: 200, response: { result: 'success' } }, offline = false }: Setup = {}) {
  if (phone) stubPhoneScreen();
  else stubWideScreen();
  setLoggedFlag(true);
  const client = testQueryClient();
  client.setQueryData(sessionQueries.permissions().queryKey, { result: true, userId: 7, buyerId: 1, roles: authItems(...roles), permissions: authItems() });
  client.setQueryData(sessionQueries.user(7).queryKey, { result: true, message: null, data: { login: 'installer' } } as never);
  const db = openTestDb();
  const send = vi.fn(async (_job: OutboxJob): Promise<SendOutcome> => outcome);
  const runtime = createOfflineRuntime({
    db,
    currentUserId: () => 7,
    send,
    locks: createFakeLocks(),
    connectivity: createConnectivityStore({ probe: async () => !offline, navigatorOnline: () => !offline }),
  });
  const render = () =>
    renderWithApp(
      <OfflineRuntimeProvider runtime={runtime}>
        <OutboxPage />
      </OfflineRuntimeProvider>,
      { client, path: '/outbox' },
    );
  return { db, send, runtime, render };
}

/** A queued head (#1), a job of the same device behind it (#2), one refused by the server (#3, with a draft), one sent (#4). */
async function seedQueue(db: OfflineDb) {
  await addJob(db, { idempotencyKey: 'k1', nextAttemptAt: LATER, attempts: 1, lastError: 'Нет связи с сервером' });
  await addJob(db, { idempotencyKey: 'k2', nextAttemptAt: T0 });
  await addJob(db, {
    idempotencyKey: 'k3',
    status: 'needs-attention',
    attempts: 1,
    lastStatus: 400,
    lastError: 'Некорректное поле porch: в доме нет подъезда № 9',
    deviceKey: 'mac:AA:BB:CC:DD:EE:03',
    target: { mac: 'AA:BB:CC:DD:EE:03', house: 'ул. Садовая, 5' },
    draftId: 'draft-3',
  });
  await addJob(db, { idempotencyKey: 'k4', status: 'sent', sentAt: T0 + 1_000, deviceKey: 'mac:AA:BB:CC:DD:EE:04', target: { mac: 'AA:BB:CC:DD:EE:04' } });
  await saveDraft(db, { id: 'draft-3', kind: 'serial-number', userId: 7, title: 'ул. Садовая, 5', data: defaultSerialNumberDraft() }, T0);
}

function rowOf(id: number): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent === String(id));
  if (!row) throw new Error(`no row for job #${id}`);
  return row;
}

beforeEach(() => {
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setPreferences({ language: 'ru' });
});

describe('OutboxPage: the job list', () => {
  it('lists every job with kind, target, created time, attempts, last error, next attempt and status', async () => {
    const { db, render } = await setup();
    await seedQueue(db);
    render();
    const table = await screen.findByRole('table', { name: 'Очередь отправки' });
    // Not sent yet, by default: the sent job is folded away.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '№',
      'Вид',
      'Устройство и дом',
      'Создано',
      'Попытки',
      'Последняя ошибка',
      'Следующая попытка',
      'Статус',
      'Действия',
    ]);

    const head = within(rowOf(1));
    head.getByText('Регистрация устройства по серийному номеру');
    head.getByText('MAC: AA:BB:CC:DD:EE:01');
    head.getByText('Дом: house-1');
    head.getByText('15.01.2025, 12:00:00'); // created, in the user's zone (Europe/Moscow)
    head.getByText('15.01.2100, 12:01:00'); // next attempt
    head.getByText('Нет связи с сервером');
    head.getByText('В очереди');

    within(rowOf(2)).getByText('ждёт задание #1');
    const refused = within(rowOf(3));
    refused.getByText('Требует внимания');
    refused.getByText('Некорректное поле porch: в доме нет подъезда № 9');
    expect(() => rowOf(4)).toThrow();
    screen.getByText('Отправленные задания свёрнуты: 1.');
  });

  it('filters the jobs waiting, needing attention and sent; a sent job says when it was sent, not a next attempt', async () => {
    const { db, render } = await setup();
    await seedQueue(db);
    render();
    const filters = await screen.findByRole('group', { name: 'Какие задания показать' });
    const filter = (name: string) => within(filters).getByRole('button', { name });
    await waitFor(() => filter('Не отправлены: 3'));
    expect(filter('Не отправлены: 3').getAttribute('aria-pressed')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Очередь отправки' });
    const shown = () => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent);

    fireEvent.click(filter('Ждут отправки: 2'));
    await waitFor(() => expect(shown()).toEqual(['2', '1']));
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/outbox?status=waiting');
    fireEvent.click(filter('Требуют внимания: 1'));
    await waitFor(() => expect(shown()).toEqual(['3']));

    fireEvent.click(screen.getByRole('button', { name: 'Отправлены: 1' }));
    await waitFor(() => expect(shown()).toEqual(['4']));
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Отправлено');
    expect(headers).not.toContain('Следующая попытка');
    within(rowOf(4)).getByText('15.01.2025, 12:00:01');
    expect(rowOf(4).textContent).not.toMatch(/попытка/i);
    expect(screen.queryByText(/свёрнуты/)).toBeNull();

    fireEvent.click(filter('Не отправлены: 3'));
    fireEvent.click(await screen.findByRole('button', { name: 'Показать отправленные' }));
    await waitFor(() => expect(shown()).toEqual(['4']));
  }, 30_000);

  it('offers to remove the sent jobs the server no longer keeps the keys of, only after confirmation, and never an unsent one', async () => {
    const { db, render } = await setup();
    const now = Date.now();
    const DAY = 86_400_000;
    await addJob(db, { idempotencyKey: 'old-sent', status: 'sent', sentAt: now - 8 * DAY });
    await addJob(db, { idempotencyKey: 'new-sent', status: 'sent', sentAt: now - 6 * DAY });
    await addJob(db, { idempotencyKey: 'old-refused', status: 'needs-attention', createdAt: now - 30 * DAY, lastError: 'x' });
    await addJob(db, { idempotencyKey: 'old-queued', createdAt: now - 30 * DAY, nextAttemptAt: LATER });
    render();
    // Not offered among the unsent jobs.
    await screen.findByRole('table', { name: 'Очередь отправки' });
    expect(screen.queryByRole('button', { name: 'Убрать из списка' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Отправлены: 2' }));
    await screen.findByText('Отправленных заданий старше 7 дней: 1. Сервер уже не хранит их ключи идемпотентности, и от повторной отправки они больше не защищают: их можно убрать из списка.');

    fireEvent.click(screen.getByRole('button', { name: 'Убрать из списка' }));
    let dialog = await screen.findByRole('dialog', { name: 'Убрать отправленные задания старше 7 дней?' });
    within(dialog).getByText(/будет удалено отправленных заданий: 1\. На сервере ничего не изменится/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(4);

    fireEvent.click(screen.getByRole('button', { name: 'Убрать из списка' }));
    dialog = await screen.findByRole('dialog', { name: 'Убрать отправленные задания старше 7 дней?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Убрать' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((job) => job.idempotencyKey).sort()).toEqual(['new-sent', 'old-queued', 'old-refused']));
    await waitFor(() => expect(screen.queryByText(/старше 7 дней/)).toBeNull());
  }, 30_000);

  it('names jobs in words; the call, the key and the answer code only in folded technical details', async () => {
    const { db, render } = await setup();
    await seedQueue(db);
    await addJob(db, { idempotencyKey: 'k5', kind: 'from-a-later-version', method: 'PUT', url: '/front/later', deviceKey: 'job:k5', target: {} });
    render();
    await screen.findByRole('table', { name: 'Очередь отправки' });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    const details = (id: number) => {
      const summary = within(rowOf(id)).getByText('Технические сведения');
      const element = summary.closest('details');
      if (!element) throw new Error('no details');
      return element;
    };
    expect(details(1).open).toBe(false);
    expect(within(details(1)).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['prepare-device', 'POST /adjuster/api/prepare-device', 'k1', 'нет ответа']);
    expect(within(details(3)).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['prepare-device', 'POST /adjuster/api/prepare-device', 'k3', '400']);
    // Outside the details, no row shows a method, a path or a stored kind.
    for (const id of [1, 2, 3, 5]) {
      const visible = [...rowOf(id).querySelectorAll('td')].map((cell) => {
        const copy = cell.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('details').forEach((element) => element.remove());
        return copy.textContent ?? '';
      });
      expect(visible.join(' '), `job #${id}`).not.toMatch(/POST|PUT|\/adjuster|\/front|prepare-device|from-a-later-version/);
    }
    within(rowOf(5)).getByText('Задание для сервера');
    within(details(5)).getByText('PUT /front/later');
  });

  it('offline: promises no «сейчас» and offers no working «Отправить сейчас», and says why', async () => {
    const { db, send, render } = await setup({ offline: true });
    await addJob(db, { idempotencyKey: 'k1', nextAttemptAt: T0, attempts: 1, lastError: 'Нет связи с сервером' });
    render();
    await screen.findByText('Нет связи с сервером. Задания сохранены и будут отправлены, когда связь появится.');
    await screen.findByRole('table', { name: 'Очередь отправки' });
    const row = within(await waitFor(() => rowOf(1)));
    await waitFor(() => row.getByText('Отправится, когда появится сеть'));
    expect(row.queryByText('сейчас')).toBeNull();
    const sendNow = row.getByRole('button', { name: 'Отправить сейчас: задание #1' });
    expect(sendNow).toHaveProperty('disabled', true);
    expect(document.getElementById(sendNow.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Отправится, когда появится сеть');
    expect(sendNow.parentElement?.getAttribute('title')).toBe('Нет сети: отправить сейчас нельзя, задание уйдёт само, когда сеть появится');
    fireEvent.click(sendNow);
    expect(send).not.toHaveBeenCalled();
  });

  it('online: the next attempt is the job’s own time, and «Отправить сейчас» is on', async () => {
    const { db, render } = await setup();
    await addJob(db, { idempotencyKey: 'k1', nextAttemptAt: LATER });
    render();
    const sendNow = await within(await screen.findByRole('table', { name: 'Очередь отправки' })).findByRole('button', { name: 'Отправить сейчас: задание #1' });
    expect(sendNow).toHaveProperty('disabled', false);
    expect(sendNow.getAttribute('aria-describedby')).toBeNull();
    within(rowOf(1)).getByText('15.01.2100, 12:01:00');
  });

  it('offers per job what its status allows', async () => {
    const { db, render } = await setup();
    await seedQueue(db);
    render();
    await screen.findByRole('table', { name: 'Очередь отправки' });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    const names = (id: number) => [...rowOf(id).querySelectorAll('button, a')].map((el) => el.getAttribute('aria-label'));
    expect(names(1)).toEqual(['Отправить сейчас: задание #1', 'Выгрузить (JSON): задание #1', 'Удалить: задание #1']);
    expect(names(3)).toEqual(['Повторить: задание #3', 'Открыть черновик: задание #3', 'Выгрузить (JSON): задание #3', 'Удалить: задание #3']);
    expect(screen.getByRole('link', { name: 'Открыть черновик: задание #3' }).getAttribute('href')).toBe('/devices/serial-number-wizard?draft=draft-3');
    fireEvent.click(screen.getByRole('button', { name: 'Отправлены: 1' }));
    await waitFor(() => expect(names(4)).toEqual(['Выгрузить (JSON): задание #4', 'Удалить: задание #4']));
  });

  it('"send now" sends the job at once, with its idempotency key', async () => {
    const { db, send, render } = await setup();
    await addJob(db, { idempotencyKey: 'k1', nextAttemptAt: Date.now() + 600_000, attempts: 1 });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Отправить сейчас: задание #1' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0][0].idempotencyKey).toBe('k1');
    // Sent, it leaves the unsent jobs for the folded sent ones.
    await screen.findByText('Отправленные задания свёрнуты: 1.');
  });

  it('"retry" puts a job that needs attention back in the queue, and it is sent', async () => {
    const { db, send, render } = await setup();
    await addJob(db, { idempotencyKey: 'k1', status: 'needs-attention', lastStatus: 409, lastError: 'Конфликт', attempts: 1 });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить: задание #1' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await screen.findByText('Отправленные задания свёрнуты: 1.');
  });

  it('words a refusal the server coded in the reader’s language', async () => {
    const { db, render } = await setup();
    const message = 'На порту 4 базовой станции BS-MSK-0001 не отвечает ни одно устройство';
    const lastErrorCoded = { message, messageCode: 'port.noDevice', messageParams: { port: 4, station: 'BS-MSK-0001' } };
    await addJob(db, { idempotencyKey: 'k1', status: 'needs-attention', lastStatus: 404, lastError: message, lastErrorCoded, attempts: 1 });
    await loadCatalog('en');
    setPreferences({ language: 'en' });
    render();
    await screen.findByText('No device answers on port 4 of base station BS-MSK-0001');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('asks before discarding: "Отмена" keeps the job, "Удалить" removes it', async () => {
    const { db, render } = await setup();
    await addJob(db, { idempotencyKey: 'k1', status: 'needs-attention', lastError: 'x' });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить: задание #1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Удалить задание #1?' });
    within(dialog).getByText(/ещё не отправлено на сервер/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить: задание #1' }));
    dialog = await screen.findByRole('dialog', { name: 'Удалить задание #1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await screen.findByText('Заданий нет: всё отправлено.');
  });

  it('exports one job, and all jobs, as JSON files', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.mocked(HTMLAnchorElement.prototype.click);
    const { db, render } = await setup();
    await addJob(db, { idempotencyKey: 'k1' });
    await addJob(db, { idempotencyKey: 'k2' });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Выгрузить (JSON): задание #2' }));
    expect(blobs[0].type).toBe('application/json');
    expect(JSON.parse(await blobs[0].text())).toMatchObject({ id: 2, idempotencyKey: 'k2', url: '/adjuster/api/prepare-device' });
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^outbox-job-2-.+\.json$/);

    // Every job, read from the database when asked (the screen holds only a page).
    fireEvent.click(screen.getByRole('button', { name: 'Выгрузить все (JSON)' }));
    await waitFor(() => expect(blobs).toHaveLength(2));
    const all = JSON.parse(await blobs[1].text()) as OutboxJob[];
    expect(all.map((job) => job.idempotencyKey)).toEqual(['k2', 'k1']);
  });

  it('shows a long queue a page at a time, newest first, with every job counted', async () => {
    const { db, render } = await setup();
    await db.outbox.bulkAdd(Array.from({ length: 55 }, (_, i) => {
      const { id: _id, ...row } = makeJob({ idempotencyKey: `k${i + 1}`, deviceKey: `mac:${i + 1}`, nextAttemptAt: LATER });
      return row as OutboxJob;
    }));
    render();
    await screen.findByRole('tab', { name: 'Задания (55)' });
    const table = await screen.findByRole('table', { name: 'Очередь отправки' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(51));
    rowOf(55);
    expect(() => rowOf(5)).toThrow();
    const pager = screen.getByRole('navigation', { name: 'Страницы очереди' });
    within(pager).getByText('1–50 из 55');
    fireEvent.click(within(pager).getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6), { timeout: 10_000 });
    rowOf(5);
    rowOf(1);
  }, 30_000);

  it('shows the storage state and a paused queue', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      storage: { estimate: async () => ({ usage: 1_258_291, quota: 2 * 1024 ** 3 }), persisted: async () => true, persist: async () => true },
    });
    const { db, render } = await setup();
    await addJob(db, { idempotencyKey: 'k1', status: 'paused', lastStatus: 401, lastError: 'Требуется вход' });
    render();
    const storage = await screen.findByRole('group', { name: 'Хранилище устройства' });
    await within(storage).findByText('Хранилище устройства: занято 1,2 МБ из 2 ГБ');
    within(storage).getByText('постоянное: браузер не удалит данные сам');
    await screen.findByText(/Отправка приостановлена/);
    within(rowOf(1)).getByText('Приостановлено');
  });
});

describe('OutboxPage: drafts', () => {
  it('lists drafts with kind, device, house, step and time; resumes one by its link', async () => {
    const { db, render } = await setup();
    await saveDraft(
      db,
      {
        id: 'd1',
        kind: 'serial-number',
        userId: 7,
        title: 'Устройство по серийному номеру SN-77',
        target: { mac: 'AA:BB:CC:DD:EE:01', house: 'ул. Ленина, 1', step: 2 },
        data: { ...defaultSerialNumberDraft(), serialNumber: 'SN-77' },
      },
      T0,
    );
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Черновики (1)' }));
    const table = await screen.findByRole('table', { name: 'Черновики' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Устройство по серийному номеру SN-77', 'AA:BB:CC:DD:EE:01', 'ул. Ленина, 1', 'Адрес (2 из 4)', '15.01.2025, 12:00:00']),
    );
    within(row).getByText('Добавление устройства по серийному номеру');
    expect(within(row).getByRole('link', { name: 'Продолжить: Устройство по серийному номеру SN-77' }).getAttribute('href')).toBe('/devices/serial-number-wizard?draft=d1');
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/outbox?tab=drafts');
  });

  it('names a draft in the language of the moment, not in the one it was saved in', async () => {
    const { db, render } = await setup();
    const data = { ...defaultReplaceDraft(), oldMac: 'aa:bb:cc:dd:ee:01', newMac: 'AA-BB-CC-DD-EE-02' };
    await saveDraft(db, { id: 'd1', kind: 'replace', userId: 7, title: 'Замена устройства: AA:BB:CC:DD:EE:01 → AA:BB:CC:DD:EE:02', data }, T0);
    setPreferences({ language: 'en' });
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Drafts (1)' }));
    const table = await screen.findByRole('table', { name: 'Drafts' });
    within(table).getByText('Device replacement: AA:BB:CC:DD:EE:01 → AA:BB:CC:DD:EE:02');
    expect(within(table).queryByText(/Замена/)).toBeNull();
  });

  it('shows an unreadable draft as such, exports it, and deletes it only after confirmation', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { db, render } = await setup();
    await db.drafts.put({ id: 'old', kind: 'serial-number', userId: 7, title: 'Старый', target: {}, data: { serialNumber: 5 }, schemaVersion: 1, createdAt: T0, updatedAt: T0 });
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Черновики (1)' }));
    await screen.findByText('Черновик не читается этой версией приложения');
    expect(screen.queryByRole('link', { name: /Продолжить/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Выгрузить (JSON): Старый' }));
    expect(JSON.parse(await blobs[0].text())).toMatchObject({ id: 'old', data: { serialNumber: 5 } });

    fireEvent.click(screen.getByRole('button', { name: 'Удалить: Старый' }));
    let dialog = await screen.findByRole('dialog', { name: 'Удалить черновик?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.drafts.count()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить: Старый' }));
    dialog = await screen.findByRole('dialog', { name: 'Удалить черновик?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(async () => expect(await db.drafts.count()).toBe(0));
  });
});

describe('OutboxPage: phone and access', () => {
  it('shows cards instead of a table on a phone', async () => {
    const { db, render } = await setup({ phone: true });
    await seedQueue(db);
    render();
    const card = await screen.findByRole('listitem', { name: 'Задание #2' });
    expect(screen.queryByRole('table')).toBeNull();
    within(card).getByText('ждёт задание #1');
    within(card).getByRole('button', { name: 'Отправить сейчас: задание #2' });
    within(card).getByText('Регистрация устройства по серийному номеру');
  });

  it('offline on a phone: «Отправить сейчас» is off, and a line under it says why', async () => {
    const { db, render } = await setup({ phone: true, offline: true });
    await addJob(db, { idempotencyKey: 'k1', nextAttemptAt: T0 });
    render();
    const card = await screen.findByRole('listitem', { name: 'Задание #1' });
    await waitFor(() => within(card).getByText('Отправится, когда появится сеть'));
    const sendNow = within(card).getByRole('button', { name: 'Отправить сейчас: задание #1' });
    expect(sendNow).toHaveProperty('disabled', true);
    const why = document.getElementById(sendNow.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Нет сети: отправить сейчас нельзя, задание уйдёт само, когда сеть появится');
    expect(card.contains(why)).toBe(true);
  });

  it('a draft on a phone names its step in words, with the stored step id only in the details', async () => {
    const { db, render } = await setup({ phone: true });
    await saveDraft(db, { id: 'd1', kind: 'replace', userId: 7, title: 'Замена устройства', target: { step: 'review' }, data: defaultReplaceDraft() }, T0);
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Черновики (1)' }));
    const card = await screen.findByRole('listitem', { name: 'Замена устройства' });
    within(card).getByText('Шаг: Проверка и замена (4 из 4)');
    expect(within(card).queryByText('Шаг: review')).toBeNull();
    const details = within(card).getByText('Технические сведения').closest('details');
    expect(details?.open).toBe(false);
    within(details as HTMLElement).getByText('review');
  });

  it('tells a user without an installer or operator role that the queue is not for them, and support where it sees the installers\' queues', async () => {
    const { render } = await setup({ roles: ['support'] });
    render();
    await screen.findByText('Очередь отправки доступна монтажникам и операторам: техническая поддержка видит очереди монтажников в разделе «Очереди монтажников».');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
