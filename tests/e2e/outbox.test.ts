import { readFile } from 'node:fs/promises';
import { request as apiRequest, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSerialNumberDraft } from '../../contract/adjuster-wizard';
import { DESKTOP, MOBILE, account, baseUrl, launchBrowser, logIn, openSession, screenshot, type Session, waitForControl } from './browser';

/*
 * The send queue in Chromium against the real server: jobs are written
 * into the app's own IndexedDB ('intercom-back-office', table 'outbox', the shape of
 * src/offline/db.ts) the way the wizard queues them, and the app's replay engine sends them.
 * Covers (e) two tabs → one POST per idempotency key, (f) a 401 during replay, (h) 500 three
 * times then 200, and the header chip and the queue screen.
 */

const PREPARE_DEVICE = '**/adjuster/api/prepare-device';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface TestHouse {
  uid: string;
  fias: string;
  address: string;
  porch: number;
}

let browser: Browser;
let house: TestHouse;
let macCounter = 0;
const runTag = Date.now().toString(16).slice(-6).toUpperCase().padStart(6, '0');

/** A MAC no seed and no earlier run has: 0E:<run>:<n>. */
function freshMac(): string {
  macCounter += 1;
  const hex = `0E${runTag}${macCounter.toString(16).toUpperCase().padStart(4, '0')}`;
  return hex.match(/.{2}/g)!.join(':');
}

/** A house with a FIAS id and its first entrance, read through the API as the superuser. */
async function findHouse(): Promise<TestHouse> {
  const api = await apiRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  try {
    const csrf = async () => ((await (await api.get('/site/csrf')).json()) as { token: string }).token;
    const login = await api.post('/site/auth/login', { data: { login: 'installer', password: 'installer' }, headers: { 'X-CSRF-Token': await csrf() } });
    expect(login.ok()).toBe(true);
    const list = (await (await api.get('/front/house-list?page=1')).json()) as { data: Array<{ id: string; address: string; fias?: string | null }> };
    const token = await csrf();
    for (const candidate of list.data.filter((h) => h.fias)) {
      const answer = await api.post('/front/wizard/entrances', { data: { houseUids: [candidate.id] }, headers: { 'X-CSRF-Token': token } });
      const entrances = ((await answer.json()) as { data?: Array<{ entranceNum: number }> }).data ?? [];
      if (entrances.length > 0) {
        return { uid: candidate.id, fias: candidate.fias ?? '', address: candidate.address, porch: Math.min(...entrances.map((e) => e.entranceNum)) };
      }
    }
    throw new Error('the seed has no house with a FIAS id and an entrance');
  } finally {
    await api.dispose();
  }
}

beforeAll(async () => {
  [browser, house] = await Promise.all([launchBrowser(), findHouse()]);
});

afterAll(async () => {
  await browser?.close();
});

function prepareBody(mac: string, fias = house.fias) {
  return {
    mac,
    url: `intercom-${mac.replace(/:/g, '').toLowerCase()}.local`,
    type: 1,
    model: 'ISCom',
    serialNumber: `SN-${mac.replace(/:/g, '')}`,
    fias,
    porch: house.porch,
    deviceOwner: null,
  };
}

interface QueuedJob {
  id: number;
  key: string;
}

/** The user id of the logged-in session, as the server says it. */
function userIdOf(page: Page): Promise<number> {
  return page.evaluate(async (headers) => {
    const answer = await fetch('/front/user/get-permissions', { headers });
    return ((await answer.json()) as { userId: number }).userId;
  }, XHR);
}

/** The header's connectivity chip (a link to /outbox for installers). */
function chip(page: Page) {
  return page.getByRole('link', { name: /ждут отправки/ });
}

/**
 * Queues a prepare-device job straight into the app's IndexedDB, as `engine.enqueue` stores it.
 * The app must have opened its database first (the header chip reads it).
 */
async function queueJob(page: Page, input: { userId: number; mac: string; body: unknown; house: string }): Promise<QueuedJob> {
  await chip(page).waitFor();
  return page.evaluate(async ({ userId, mac, body, house: houseLabel }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('intercom-back-office');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('outbox')) throw new Error('the app has not created its database yet');
      const key = crypto.randomUUID();
      const now = Date.now();
      const row = {
        idempotencyKey: key,
        kind: 'serial-number',
        method: 'POST',
        url: '/adjuster/api/prepare-device',
        body,
        status: 'queued',
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        lastStatus: null,
        userId,
        draftId: null,
        deviceKey: `mac:${mac}`,
        target: { mac, house: houseLabel },
        createdAt: now,
        updatedAt: now,
        sentAt: null,
      };
      const id = await new Promise<number>((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite');
        const added = tx.objectStore('outbox').add(row);
        added.onsuccess = () => resolve(added.result as number);
        tx.onerror = () => reject(tx.error);
      });
      return { id, key };
    } finally {
      db.close();
    }
  }, input);
}

/** Stores a draft row straight into the app's IndexedDB, as the wizard's autosave does. */
async function storeDraft(page: Page, row: { id: string; userId: number; title: string; target: object; data: unknown; schemaVersion: number }): Promise<void> {
  await chip(page).waitFor();
  await page.evaluate(async (draft) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('intercom-back-office');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const now = Date.now();
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('drafts', 'readwrite');
        tx.objectStore('drafts').put({ ...draft, kind: 'serial-number', createdAt: now, updatedAt: now });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  }, row);
}

/** What the browser does when the network comes back: the engine runs at once. */
function announceOnline(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** The MACs the server has for the test house (the installer may ask). */
async function macsOfHouse(context: BrowserContext): Promise<string[]> {
  const answer = await context.request.get(`/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(house.uid)}`, { headers: XHR });
  return ((await answer.json()) as { data: string[] }).data;
}

/** The desktop table row of a job, found by its number in the first cell. */
function jobRow(page: Page, id: number) {
  return page
    .getByRole('table', { name: 'Очередь отправки' })
    .locator('tbody tr')
    .filter({ has: page.locator('td:first-child').getByText(String(id), { exact: true }) });
}

/** A sent job leaves the default list (the jobs not sent) for the sent filter: waits for it there, shown as sent. */
async function sentRow(page: Page, id: number) {
  await page.getByRole('button', { name: /^Отправлены: \d+$/ }).click();
  const row = jobRow(page, id);
  await row.getByText('Отправлено', { exact: true }).waitFor();
  return row;
}

/** The "Попытки" cell of a job's row. */
function attemptsCell(page: Page, id: number) {
  return jobRow(page, id).locator('td').nth(4);
}


async function installerOnQueue(viewport = DESKTOP): Promise<Session & { userId: number }> {
  const session = await openSession(browser, viewport);
  await logIn(session.page, account('installer'));
  await session.page.goto('/outbox');
  await session.page.getByRole('heading', { name: 'Очередь отправки' }).waitFor();
  await chip(session.page).waitFor();
  return { ...session, userId: await userIdOf(session.page) };
}

function idempotencyKeyOf(route: Route): string | undefined {
  return route.request().headers()['idempotency-key'];
}

describe('replay', () => {
  it('(e) two tabs with the same queued job send one POST per idempotency key', async () => {
    const { context, page, userId, pageErrors } = await installerOnQueue();
    try {
      const second = await context.newPage();
      await second.goto('/outbox');
      await chip(second).waitFor();

      const posts: string[] = [];
      let released!: () => void;
      const inFlight = new Promise<void>((resolve) => {
        released = resolve;
      });
      await context.route(PREPARE_DEVICE, async (route) => {
        posts.push(idempotencyKeyOf(route) ?? '(none)');
        // Hold the first request, so the other tab has every chance to send the job again meanwhile.
        if (posts.length === 1) await inFlight;
        await route.continue();
      });

      const mac = freshMac();
      const job = await queueJob(page, { userId, mac, body: prepareBody(mac), house: house.address });
      await Promise.all([announceOnline(page), announceOnline(second)]);
      await expect.poll(() => posts.length, { timeout: 10_000 }).toBe(1);
      // Both tabs are told again that the network is back while the request is in flight.
      await Promise.all([announceOnline(page), announceOnline(second)]);
      await page.waitForTimeout(1_500);
      released();

      await sentRow(page, job.id);
      await sentRow(second, job.id);
      // The tab that found the lock taken looks again after 3 s: by then the job is sent.
      await page.waitForTimeout(3_500);
      expect(posts).toEqual([job.key]);
      expect((await macsOfHouse(context)).filter((m) => m === mac)).toEqual([mac]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('(f) a 401 during replay keeps the job, pauses the queue and asks to log in; after login it is sent', async () => {
    const { context, page, userId } = await installerOnQueue();
    try {
      const answers: Array<{ key: string | undefined; status: number }> = [];
      await context.route(PREPARE_DEVICE, async (route) => {
        const response = await route.fetch();
        answers.push({ key: idempotencyKeyOf(route), status: response.status() });
        await route.fulfill({ response });
      });

      const mac = freshMac();
      const job = await queueJob(page, { userId, mac, body: prepareBody(mac), house: house.address });
      // The server forgets the session (it expired): the next replay is answered 401.
      await context.clearCookies();
      await announceOnline(page);

      const toast = page.locator('.notistack-MuiContent', { hasText: 'Сессия истекла' });
      await toast.waitFor();
      await jobRow(page, job.id).getByText('Приостановлено', { exact: true }).waitFor();
      await page.getByText(/Отправка приостановлена/).waitFor();
      expect(answers).toEqual([{ key: job.key, status: 401 }]);
      expect(await page.evaluate(() => localStorage.getItem('logged'))).toBe('true');

      await toast.getByRole('button', { name: 'Войти' }).click();
      await page.waitForURL((url) => url.pathname === '/site/auth');
      await logIn(page, account('installer'));
      await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(2);
      expect(answers[1]).toEqual({ key: job.key, status: 200 });

      await page.goto('/outbox');
      await sentRow(page, job.id);
      expect((await macsOfHouse(context)).filter((m) => m === mac)).toEqual([mac]);
    } finally {
      await context.close();
    }
  });

  it('(h) 500 three times, then 200: the job is sent once, after growing delays', async () => {
    const { context, page, userId } = await installerOnQueue();
    try {
      const attempts: Array<{ at: number; key: string | undefined; status: number }> = [];
      await context.route(PREPARE_DEVICE, async (route) => {
        const at = Date.now();
        if (attempts.length < 3) {
          attempts.push({ at, key: idempotencyKeyOf(route), status: 500 });
          await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ result: false, message: 'Внутренняя ошибка сервера' }) });
          return;
        }
        const response = await route.fetch();
        attempts.push({ at, key: idempotencyKeyOf(route), status: response.status() });
        await route.fulfill({ response });
      });

      const mac = freshMac();
      const job = await queueJob(page, { userId, mac, body: prepareBody(mac), house: house.address });
      await announceOnline(page);

      // Between attempts the screen shows the error, the attempts so far and the job still queued.
      const row = jobRow(page, job.id);
      await row.getByText('Внутренняя ошибка сервера', { exact: true }).waitFor();
      await row.getByText('В очереди', { exact: true }).waitFor();

      await expect.poll(() => attempts.length, { timeout: 30_000 }).toBe(4);
      await sentRow(page, job.id);
      await page.waitForTimeout(1_000);
      expect(attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
      expect(new Set(attempts.map((a) => a.key))).toEqual(new Set([job.key]));
      const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i].at);
      // Backoff 1 s · 2^(n−1) with "equal" jitter: [0.5, 1], [1, 2], [2, 4] seconds. Each gap is at
      // least its window's start; a loaded machine only adds to a gap, so the windows' ends (and a
      // strict order of neighbours, whose windows touch at 1 s and 2 s) are not asserted.
      const windowStarts = [500, 1_000, 2_000];
      gaps.forEach((gap, n) => expect(gap, `gap ${n + 1} of ${gaps.join(', ')} ms`).toBeGreaterThanOrEqual(windowStarts[n] - 50));
      expect(gaps[2], `gaps ${gaps.join(', ')} ms`).toBeGreaterThan(gaps[0]);
      await expect.poll(() => attemptsCell(page, job.id).textContent()).toBe('4');
      expect((await macsOfHouse(context)).filter((m) => m === mac)).toEqual([mac]);
    } finally {
      await context.close();
    }
  });
});

describe('header chip and queue screen', () => {
  let session: Session & { userId: number };

  beforeAll(async () => {
    session = await installerOnQueue();
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('shows online, offline with the queued count, and online again once the job is sent', async () => {
    const { context, page, userId } = session;
    await waitForControl(page);
    await page.getByRole('link', { name: 'В сети, ждут отправки: 0' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Нет связи, ждут отправки: 0' }).waitFor();
    const mac = freshMac();
    const job = await queueJob(page, { userId, mac, body: prepareBody(mac), house: house.address });
    // Offline, the app reloads from the service worker's cache, on the access data of the last online load.
    await page.reload();
    await page.getByRole('link', { name: 'Нет связи, ждут отправки: 1' }).waitFor();
    await page.getByText(/^Данные доступа с последнего входа в сеть: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/).waitFor();
    const row = jobRow(page, job.id);
    await row.getByText('В очереди', { exact: true }).waitFor();
    // Offline the queue promises no «сейчас» and offers no «Отправить сейчас» that could not send.
    await row.getByText('Отправится, когда появится сеть', { exact: true }).waitFor();
    expect(await row.getByText('сейчас', { exact: true }).count()).toBe(0);
    const sendNow = row.getByRole('button', { name: `Отправить сейчас: задание #${job.id}` });
    expect(await sendNow.isDisabled()).toBe(true);
    expect(await page.locator(`#${await sendNow.getAttribute('aria-describedby')}`).innerText()).toBe('Отправится, когда появится сеть');
    await screenshot(page, 'outbox-offline');
    await page.setViewportSize(MOBILE);
    await page.getByRole('link', { name: 'Нет связи, ждут отправки: 1' }).waitFor();
    const card = page.getByRole('listitem', { name: `Задание #${job.id}` });
    await card.getByText('Отправится, когда появится сеть', { exact: true }).waitFor();
    expect(await card.getByText('сейчас', { exact: true }).count()).toBe(0);
    expect(await card.getByRole('button', { name: `Отправить сейчас: задание #${job.id}` }).isDisabled()).toBe(true);
    await card.getByText('Нет сети: отправить сейчас нельзя, задание уйдёт само, когда сеть появится').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'outbox-offline');
    await page.setViewportSize(DESKTOP);

    await context.setOffline(false);
    await page.getByRole('link', { name: 'В сети, ждут отправки: 0' }).waitFor({ timeout: 20_000 });
    // Sent, the job leaves the unsent ones for the folded sent jobs, which say when each was sent.
    await jobRow(page, job.id).waitFor({ state: 'detached' });
    await page.getByText(/^Отправленные задания свёрнуты: \d+\.$/).waitFor();
    await page.getByRole('button', { name: 'Показать отправленные' }).click();
    await jobRow(page, job.id).getByText('Отправлено', { exact: true }).waitFor();
    const headers = await page.getByRole('table', { name: 'Очередь отправки' }).getByRole('columnheader').allTextContents();
    expect(headers).toContain('Отправлено');
    expect(headers).not.toContain('Следующая попытка');
    expect(await jobRow(page, job.id).innerText()).not.toMatch(/попытка/i);
    await screenshot(page, 'outbox-filter-sent');
    await page.setViewportSize(MOBILE);
    const sentCard = page.getByRole('listitem', { name: `Задание #${job.id}` });
    await sentCard.getByText('Отправлено', { exact: true }).first().waitFor();
    expect(await sentCard.innerText()).not.toMatch(/попытка/i);
    await screenshot(page, 'outbox-filter-sent');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: /^Не отправлены: \d+$/ }).click();
    // Once the server answers again, the access data are live, and the header stops saying otherwise.
    await page.getByText(/^Данные доступа с последнего входа в сеть/).waitFor({ state: 'detached', timeout: 10_000 });
    expect((await macsOfHouse(context)).filter((m) => m === mac)).toEqual([mac]);
  });

  it('lists a refused job with its fields, exports it as JSON, and discards it only after confirmation', async () => {
    const { page, userId } = session;
    const mac = freshMac();
    const refused = await queueJob(page, { userId, mac, body: prepareBody(mac, 'no-such-fias'), house: house.address });
    // A later job of the same device waits behind the refused one.
    const behind = await queueJob(page, { userId, mac, body: prepareBody(mac), house: house.address });
    await announceOnline(page);

    const row = jobRow(page, refused.id);
    await row.getByText('Требует внимания', { exact: true }).waitFor();
    await row.getByText('Регистрация устройства по серийному номеру').waitFor();
    await row.getByText(`MAC: ${mac}`).waitFor();
    await row.getByText(`Дом: ${house.address}`).waitFor();
    await row.getByText(/^Некорректное поле fias/).waitFor();
    // In words by default: the method and the path only for whoever opens the technical details.
    const request = row.getByText('POST /adjuster/api/prepare-device', { exact: true });
    expect(await request.isVisible()).toBe(false);
    expect(await row.innerText()).not.toMatch(/POST|\/adjuster\/api|HTTP 400/);
    await screenshot(page, 'outbox-queue');
    await row.getByText('Технические сведения').click();
    await request.waitFor();
    await row.getByText(refused.key, { exact: true }).waitFor();
    await screenshot(page, 'outbox-queue-details');
    await row.getByText('Технические сведения').click();
    await request.waitFor({ state: 'hidden' });
    await expect.poll(() => attemptsCell(page, refused.id).textContent()).toBe('1');
    await row.getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/).first().waitFor();
    await jobRow(page, behind.id).getByText(`ждёт задание #${refused.id}`).waitFor();

    // The header counts the refused job apart: it will not be sent by itself.
    await page.getByRole('link', { name: 'В сети, ждут отправки: 1, требуют внимания: 1' }).waitFor();
    // The filter shows each kind apart.
    await page.getByRole('button', { name: 'Требуют внимания: 1' }).click();
    await jobRow(page, behind.id).waitFor({ state: 'detached' });
    await row.waitFor();
    await screenshot(page, 'outbox-filter-attention');
    await page.getByRole('button', { name: 'Ждут отправки: 1' }).click();
    await row.waitFor({ state: 'detached' });
    await jobRow(page, behind.id).waitFor();
    await page.getByRole('button', { name: 'Не отправлены: 2' }).click();
    await row.waitFor();
    // Logging out says what becomes of each kind; «Отмена» keeps the session.
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Выйти', exact: true }).click();
      const warning = page.getByRole('dialog', { name: 'Выйти из системы?' });
      await warning.getByText(/^Ждут отправки: 1\. Эти задания .* уйдут на сервер сами.* Требуют внимания: 1\. Такие задания сервер не принял, и сами они отправлены не будут/).waitFor();
      await expect.poll(() => warning.evaluate((element) => getComputedStyle(element.parentElement ?? element).opacity)).toBe('1');
      await screenshot(page, 'outbox-logout-warning');
      await warning.getByRole('button', { name: 'Отмена' }).click();
      await warning.waitFor({ state: 'hidden' });
    }
    await screenshot(page, 'outbox-filter-unsent');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('group', { name: 'Хранилище устройства' }).getByText(/Хранилище устройства: занято .+ из .+/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Выгрузить (JSON): задание #${refused.id}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^outbox-job-${refused.id}-.+\\.json$`));
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { idempotencyKey: string; status: string; body: { mac: string } };
    expect(exported).toMatchObject({ idempotencyKey: refused.key, status: 'needs-attention', body: { mac } });

    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Выгрузить все (JSON)' }).click()]);
    const allJobs = JSON.parse(await readFile((await all.path()) ?? '', 'utf8')) as Array<{ idempotencyKey: string }>;
    expect(allJobs.map((j) => j.idempotencyKey)).toEqual(expect.arrayContaining([refused.key, behind.key]));

    await page.setViewportSize(MOBILE);
    const card = page.getByRole('listitem', { name: `Задание #${refused.id}` });
    await card.getByText('Регистрация устройства по серийному номеру').waitFor();
    expect(await card.innerText()).not.toMatch(/POST|\/adjuster\/api/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'outbox-queue');
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: `Удалить: задание #${refused.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Удалить задание #${refused.id}?` });
    await dialog.getByText(/ещё не отправлено на сервер/).waitFor();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Требует внимания', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Удалить: задание #${refused.id}` }).click();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await row.waitFor({ state: 'detached' });
    // With the refused job gone, the job behind it is sent (and folded away with the sent ones).
    await jobRow(page, behind.id).waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('link', { name: 'В сети, ждут отправки: 0' }).waitFor();
    expect((await macsOfHouse(session.context)).filter((m) => m === mac)).toEqual([mac]);
  });

  it('lists the drafts to resume, and shows an unreadable one as such, with export', async () => {
    const { page, userId } = session;
    const mac = freshMac();
    const data = { ...defaultSerialNumberDraft(), serialNumber: 'SN-77', mac, address: house.address, house: house.fias };
    await storeDraft(page, { id: 'draft-ok', userId, title: house.address, target: { mac, house: house.address, step: 2 }, data, schemaVersion: 1 });
    // Saved by a later version of the app than this one.
    await storeDraft(page, { id: 'draft-new', userId, title: 'Черновик из новой версии', target: {}, data: { serial: 1 }, schemaVersion: 99 });
    await page.reload();
    await page.getByRole('tab', { name: 'Черновики (2)' }).click();
    const drafts = page.getByRole('table', { name: 'Черновики' });
    const readable = drafts.locator('tbody tr', { hasText: mac });
    await readable.getByText('Добавление устройства по серийному номеру').waitFor();
    await readable.getByText('Адрес (2 из 4)', { exact: true }).waitFor();
    // The name is made from the draft when shown (src/offline/draft-names.ts), not the stored title.
    expect(await readable.getByRole('link', { name: 'Продолжить: Устройство по серийному номеру SN-77' }).getAttribute('href')).toBe('/devices/serial-number-wizard?draft=draft-ok');

    const unreadable = drafts.locator('tbody tr', { hasText: 'Черновик из новой версии' });
    await unreadable.getByText('Черновик не читается этой версией приложения').waitFor();
    expect(await unreadable.getByRole('link').count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      unreadable.getByRole('button', { name: 'Выгрузить (JSON): Черновик из новой версии' }).click(),
    ]);
    expect(JSON.parse(await readFile((await download.path()) ?? '', 'utf8'))).toMatchObject({ id: 'draft-new', schemaVersion: 99, data: { serial: 1 } });

    await screenshot(page, 'outbox-drafts');
    await page.setViewportSize(MOBILE);
    await page.getByRole('listitem', { name: 'Черновик из новой версии' }).waitFor();
    await screenshot(page, 'outbox-drafts');
    await page.setViewportSize(DESKTOP);

    await unreadable.getByRole('button', { name: 'Удалить: Черновик из новой версии' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить черновик?' });
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await unreadable.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Черновики (1)' }).waitFor();
  });
});
