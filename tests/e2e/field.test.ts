import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, csrfToken, getJson, launchBrowser, logIn, openSession, screenshot, type Session } from './browser';

/*
 * Support's view of the field: an installer queues two registrations of one new MAC
 * in the app's outbox; the replay sends the first and the server refuses the second (409, the MAC is
 * taken). The app reports its queue, and support finds the job with the server's reason on /field.
 */

/** A tag and a MAC no seed, no earlier run and no retry of this test has: 0F:<tag>:00:01. */
function freshMac(): { runTag: string; MAC: string } {
  const runTag = Date.now().toString(16).slice(-6).toUpperCase().padStart(6, '0');
  return { runTag, MAC: `0F${runTag}0001`.match(/.{2}/g)!.join(':') };
}

let browser: Browser;
let installer: Session;
let support: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  [installer, support] = await Promise.all([openSession(browser, DESKTOP), openSession(browser, DESKTOP)]);
  await Promise.all([logIn(installer.page, account('installer')), logIn(support.page, account('support'))]);
});

afterAll(async () => {
  await browser?.close();
});

/** A house with a FIAS id and its first entrance, as the installer may read them. */
async function houseWithEntrance(page: Page): Promise<{ fias: string; address: string; porch: number }> {
  const list = await getJson<{ data: Array<{ id: string; address: string; fias?: string | null }> }>(page, '/front/house-list?page=1');
  const token = await csrfToken(page);
  for (const house of list.data.filter((candidate) => candidate.fias)) {
    const answer = await page.request.post('/front/wizard/entrances', { data: { houseUids: [house.id] }, headers: { ...XHR, 'X-CSRF-Token': token } });
    const entrances = ((await answer.json()) as { data?: Array<{ entranceNum: number }> }).data ?? [];
    if (entrances.length > 0) return { fias: house.fias ?? '', address: house.address, porch: Math.min(...entrances.map((entrance) => entrance.entranceNum)) };
  }
  throw new Error('the seed has no house with a FIAS id and an entrance');
}

/** Queues prepare-device jobs straight into the app's IndexedDB, as the serial-number wizard's `engine.enqueue` stores them. */
async function queueJobs(page: Page, input: { userId: number; mac: string; house: string; bodies: unknown[] }): Promise<number[]> {
  return page.evaluate(async ({ userId, mac, house, bodies }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('intercom-back-office');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const now = Date.now();
      const tx = db.transaction('outbox', 'readwrite');
      const ids = bodies.map(
        (body) =>
          new Promise<number>((resolve) => {
            const key = crypto.randomUUID();
            const row = { idempotencyKey: key, kind: 'serial-number', method: 'POST', url: '/adjuster/api/prepare-device', body, status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, lastStatus: null, userId, draftId: null, deviceKey: `mac:${mac}`, target: { mac, house }, createdAt: now, updatedAt: now, sentAt: null };
            const added = tx.objectStore('outbox').add(row);
            added.onsuccess = () => resolve(added.result as number);
          }),
      );
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      return Promise.all(ids);
    } finally {
      db.close();
    }
  }, input);
}

describe('the field', () => {
  it('shows support the job the server refused on an installer’s phone, with the reason', async () => {
    const { runTag, MAC } = freshMac();
    const { page } = installer;
    await page.goto('/outbox');
    await page.getByRole('heading', { name: 'Очередь отправки' }).waitFor();
    await page.getByRole('link', { name: /ждут отправки/ }).waitFor();
    const { userId } = await getJson<{ userId: number }>(page, '/front/user/get-permissions');
    const house = await houseWithEntrance(page);
    const body = (serial: string) => ({ mac: MAC, url: `intercom-${MAC.replace(/:/g, '').toLowerCase()}.local`, type: 1, model: 'ISCom', serialNumber: serial, fias: house.fias, porch: house.porch, deviceOwner: null });
    const [, refused] = await queueJobs(page, { userId, mac: MAC, house: house.address, bodies: [body(`SN-${runTag}-1`), body(`SN-${runTag}-2`)] });

    // The replay runs on `online`, sends the first, gets a 409 for the second; the report follows the run.
    const reported = page.waitForRequest((request) => request.url().endsWith('/front/field/report') && request.postData()?.includes('уже зарегистрировано') === true, { timeout: 30_000 });
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText('Требует внимания', { exact: true }).first().waitFor({ timeout: 20_000 });
    const sent = JSON.parse((await reported).postData() ?? '{}') as { installId: string; counts: { needsAttention: number }; jobs: Array<{ id: number; httpStatus: number; error: string; mac: string }> };
    expect(sent.counts.needsAttention).toBeGreaterThanOrEqual(1);
    expect(sent.jobs.find((job) => job.id === refused)).toMatchObject({ httpStatus: 409, mac: MAC, error: `Устройство с MAC-адресом ${MAC} уже зарегистрировано` });
    // Never a job's body: the serial numbers stay on the phone.
    expect(JSON.stringify(sent)).not.toContain(`SN-${runTag}`);

    // Support: the installer stands out as needing attention, and the detail names the job and the reason.
    const desk = support.page;
    await desk.goto('/field');
    await desk.getByRole('heading', { name: 'Очереди монтажников' }).waitFor();
    const table = desk.getByRole('table', { name: 'Очереди монтажников' });
    const row = table.locator('tbody tr').filter({ has: desk.getByRole('link', { name: 'Подробнее: installer' }) });
    await row.getByText('Требует внимания', { exact: true }).waitFor();
    await desk.getByRole('region', { name: 'Сводка' }).getByText(/^Требуют внимания: [1-9]/).waitFor();
    await screenshot(desk, 'field-list');

    await desk.getByLabel('Внимание').selectOption('1');
    await desk.getByRole('button', { name: 'Найти' }).click();
    await desk.waitForURL((url) => url.searchParams.get('attention') === '1');
    await row.waitFor();
    // The list of before the filter stays up until the filtered one has come.
    await expect.poll(() => table.locator('tbody tr').filter({ hasText: 'В порядке' }).count(), { timeout: 15_000 }).toBe(0);

    await row.getByRole('link', { name: 'Подробнее: installer' }).click();
    await desk.waitForURL((url) => url.pathname === `/field/${userId}`);
    const device = desk.getByRole('region', { name: `Устройство ${sent.installId.slice(0, 8)}` });
    const job = device.getByRole('listitem', { name: `Задание #${refused}` });
    await job.getByText(`Устройство с MAC-адресом ${MAC} уже зарегистрировано`).waitFor();
    await job.getByText(MAC, { exact: true }).waitFor();
    await job.getByText(house.address, { exact: true }).waitFor();
    await job.getByText('HTTP 409', { exact: true }).waitFor();
    await job.getByText('Регистрация устройства по серийному номеру').waitFor();
    await device.getByText(/^Хранилище: /).waitFor();
    await device.getByText(/^Последняя отправка: \d/).waitFor();
    await job.scrollIntoViewIfNeeded();
    await screenshot(desk, 'field-installer');

    await desk.setViewportSize(MOBILE);
    await job.getByText(`Устройство с MAC-адресом ${MAC} уже зарегистрировано`).waitFor();
    expect(await desk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await job.scrollIntoViewIfNeeded();
    await screenshot(desk, 'field-installer');
    await desk.getByRole('link', { name: 'Все монтажники' }).click();
    const card = desk.getByRole('list', { name: 'Очереди монтажников' }).getByRole('listitem', { name: 'installer' });
    await card.getByText('Требует внимания', { exact: true }).waitFor();
    expect(await desk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(desk, 'field-list');
    expect([...installer.pageErrors, ...support.pageErrors]).toEqual([]);
  });

  it('refuses the installer the field screen and the calls behind it', async () => {
    const { page } = installer;
    await page.goto('/field');
    await page.getByRole('heading', { name: 'Нет доступа к этому разделу' }).waitFor();
    expect((await page.request.get('/front/field', { headers: XHR })).status()).toBe(403);
  });
});
