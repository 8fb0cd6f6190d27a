import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, getJson, launchBrowser, pathOf, screenshot, sessionOf } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * Management companies in Chromium against the real server (SEED=small, the
 * simulator's random failure share 0): the operator creates a company, sets a 3-week interval
 * (read back as 1814400 seconds from the API), filters the list through the URL, uploads a seed
 * company to all its devices and watches the progress end with one failure (a device of its
 * houses made for the test and disabled: the simulator never reaches a disabled device), then
 * enables it and retries the failed devices; support sees it all read-only.
 */

interface Company {
  id: number;
  internalId: string;
  name: string;
  interval: number;
  buyerId: number;
}

interface CompanyDevice {
  mac: string;
  statusCode: number;
  houses: { uid: string; address: string }[];
}

interface Upload {
  id: number;
  total: number;
  done: number;
  failed: number;
  left: number;
  running: boolean;
  failures: { mac: string; reason: string }[];
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});


/** A seed company of the operator's buyer with devices on its houses. */
async function companyWithDevices(page: Page): Promise<{ company: Company; devices: CompanyDevice[] }> {
  const { data } = await getJson<{ data: Company[] }>(page, '/front/management-company');
  for (const company of data) {
    const devices = (await getJson<{ data: CompanyDevice[] }>(page, `/front/management-company/${company.id}/devices`)).data;
    if (devices.length > 0) return { company, devices };
  }
  throw new Error('the small seed gave the operator no company with devices');
}

function randomMac(): string {
  return ['EE', ...[...randomBytes(5)].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase())].join(':');
}

/** The company's latest upload once it has ended and is not `previous` (the server may run a periodic one of its own). */
async function endedUpload(page: Page, companyId: number, previous: number | null, failed?: number): Promise<Upload> {
  let ended: Upload | null = null;
  await expect
    .poll(
      async () => {
        const upload = (await getJson<{ data: Upload | null }>(page, `/front/management-company/${companyId}/upload`)).data;
        ended = upload && upload.id !== previous && !upload.running && (failed === undefined || upload.failed === failed) ? upload : null;
        return ended !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return ended!;
}

const latestId = async (page: Page, companyId: number) => (await getJson<{ data: Upload | null }>(page, `/front/management-company/${companyId}/upload`)).data?.id ?? null;

/** The upload buttons usable again and the progress bar done sliding, for a screenshot. */
async function settledProgress(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Выгрузить на все устройства' }).isEnabled()).toBe(true);
  await page.waitForTimeout(600);
}

/** The count of the progress block named `key` (total, done, failed, left). */
function count(page: Page, key: string) {
  return page.locator(`[data-testid="mc-upload-counts"] [data-count="${key}"] dd`);
}

describe('the operator on the management company screens', () => {
  const session = sessionOf(() => browser, 'operator', DESKTOP);
  const internalId = `E2E-${randomBytes(3).toString('hex').toUpperCase()}`;

  it('creates a company, sets a 3-week interval and reads back 1814400 seconds', async () => {
    const { page, pageErrors } = session();
    await page.goto('/mc');
    await page.getByRole('link', { name: 'Создать' }).click();
    await page.waitForURL('**/mc/view-create');
    await page.getByLabel('Внутренний ID').fill(internalId);
    await page.getByLabel('Название').fill('УК «Проверка выгрузки»');
    await screenshot(page, 'mc-create');
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL(/\/mc\/\d+\/update$/);
    const id = Number(/\/mc\/(\d+)\/update$/.exec(pathOf(page))![1]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('УК «Проверка выгрузки»');

    await page.getByLabel('Интервал, недель').fill('3');
    await expect.poll(() => page.getByText('Будет сохранено: 1814400 с').count()).toBe(1);
    await page.getByLabel('Квартира консьержа').fill('9001');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await getJson<{ data: Company }>(page, `/front/management-company/${id}`)).data.interval).toBe(1814400);
    await page.reload();
    await expect.poll(() => page.getByLabel('Интервал, недель').inputValue()).toBe('3');
    // A negative interval is refused before it is sent.
    await page.getByLabel('Интервал, недель').fill('-2');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => page.getByText('Число недель от 0').count()).toBe(1);
    await page.getByRole('button', { name: 'Отменить изменения' }).click();

    await page.getByRole('button', { name: 'Отключить' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отключить' }).click();
    await expect.poll(() => page.getByText('Компания отключена: выгрузки на её устройства недоступны.').count()).toBe(1);
    expect((await getJson<{ data: { active: boolean } }>(page, `/front/management-company/${id}`)).data.active).toBe(false);
    expect(await page.getByRole('button', { name: 'Выгрузить на все устройства' }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('keeps the filters in the URL and goes back to page 1 when one changes', async () => {
    const { page } = session();
    await page.goto('/mc?page=2');
    await page.getByLabel('Внутренний ID').fill(internalId.toLowerCase());
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.searchParams.get('internalId') === internalId.toLowerCase());
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect.poll(() => page.getByRole('link', { name: 'Открыть компанию УК «Проверка выгрузки»' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByLabel('Внутренний ID').inputValue()).toBe(internalId.toLowerCase());
    await page.goto('/mc');
    await expect.poll(() => page.getByRole('table', { name: 'Управляющие компании' }).locator('tbody tr').count()).toBeGreaterThan(1);
    await screenshot(page, 'mc-list');
  });

  it('uploads to every device, shows the failed one with its reason, and retries it', async () => {
    const { page, pageErrors } = session();
    const { company, devices } = await companyWithDevices(page);
    // A device of the company's first house for this test alone, disabled: the simulator never reaches it.
    const mac = randomMac();
    await send(page, 'POST', '/front/device-list/create-device', { mac, type: 0, houses: [devices[0].houses[0].uid] });
    await send(page, 'PUT', `/front/devices/${encodeURIComponent(mac)}/status`, { status: 2 });
    const unreachable = devices.filter((device) => device.statusCode === 2 || device.statusCode === 3).length;

    await page.goto(`/mc/${company.id}/update`);
    // At its start the server uploaded the seed's due companies (periodic uploads): wait for that to end.
    await expect.poll(async () => (await getJson<{ data: Upload | null }>(page, `/front/management-company/${company.id}/upload`)).data?.running ?? false, { timeout: 30_000 }).toBe(false);
    const previous = await latestId(page, company.id);
    await expect.poll(() => page.getByRole('button', { name: 'Выгрузить на все устройства' }).isEnabled()).toBe(true);
    const reach = (await getJson<{ totalCount: number }>(page, `/front/management-company/${company.id}/devices`)).totalCount;
    await page.getByRole('button', { name: 'Выгрузить на все устройства' }).click();
    // Asked first, naming how many devices it writes to.
    const ask = page.getByRole('dialog', { name: 'Выгрузить на все устройства?' });
    await ask.getByText(new RegExp(`Устройств: ${reach}\\.`)).waitFor();
    await screenshot(page, 'mc-page-upload-all-confirm');
    await ask.getByRole('button', { name: 'Выгрузить' }).click();
    const status = await endedUpload(page, company.id, previous);
    expect(status).toMatchObject({ running: false, left: 0, failed: unreachable + 1, done: status.total - unreachable - 1 });
    await expect.poll(() => count(page, 'failed').textContent()).toBe(String(unreachable + 1));
    const row = page.getByRole('table', { name: 'Устройства с ошибкой' }).getByRole('row').filter({ hasText: mac });
    await expect.poll(() => row.textContent()).toMatch(/Устройство не отвечает: оно отключено или сброшено/);
    await settledProgress(page);
    await screenshot(page, 'mc-page-upload-failed');
    await page.getByRole('table', { name: 'Устройства с ошибкой' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'mc-page-upload-failures');

    await send(page, 'PUT', `/front/devices/${encodeURIComponent(mac)}/status`, { status: 1 });
    await page.getByRole('button', { name: 'Повторить для неудачных' }).click();
    await endedUpload(page, company.id, null, unreachable);
    await expect.poll(() => count(page, 'failed').textContent(), { timeout: 10_000 }).toBe(String(unreachable));
    await expect.poll(() => count(page, 'done').textContent()).toBe(String(status.total - unreachable));
    expect(await page.getByRole('table', { name: 'Устройства с ошибкой' }).getByRole('row').filter({ hasText: mac }).count()).toBe(0);

    // Upload to one device: picked from the company's devices by a part of its MAC.
    await page.getByRole('button', { name: 'Выгрузить на одно устройство' }).click();
    const dialog = page.getByRole('dialog', { name: 'Выгрузить на одно устройство' });
    await dialog.getByLabel('MAC-адрес').fill(mac.slice(-5));
    await dialog.getByRole('button', { name: new RegExp(mac) }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Выгрузить' }).isEnabled()).toBe(true);
    await screenshot(page, 'mc-page-device-dialog');
    await dialog.getByRole('button', { name: 'Выгрузить' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await endedUpload(page, company.id, status.id)).toMatchObject({ total: 1, done: 1 });
    await expect.poll(() => count(page, 'total').textContent()).toBe('1');
    await expect.poll(() => count(page, 'done').textContent()).toBe('1');
    // Leaving the page does not stop an upload; coming back shows where it is.
    await page.goto('/mc');
    await page.goto(`/mc/${company.id}/update`);
    await expect.poll(() => count(page, 'total').textContent()).toBe('1');
    await settledProgress(page);
    await screenshot(page, 'mc-page');
    expect(pageErrors).toEqual([]);
  });
});

describe('the operator on a phone', () => {
  const session = sessionOf(() => browser, 'operator', MOBILE);

  it('shows the list as cards and the company page without sideways scroll', async () => {
    const { page } = session();
    await page.goto('/mc');
    await expect.poll(() => page.getByRole('list', { name: 'Управляющие компании' }).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'mc-list');
    const { company } = await companyWithDevices(page);
    await page.goto(`/mc/${company.id}/update`);
    await expect.poll(() => page.getByRole('button', { name: 'Выгрузить на все устройства' }).count()).toBe(1);
    await expect.poll(() => page.getByText(/^Выгрузка завершена|Компанию ещё не выгружали/).count()).toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'mc-page');
    await page.getByRole('region', { name: 'Выгрузка на устройства' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'mc-page-upload');
    await page.goto('/mc/view-create');
    await expect.poll(() => page.getByLabel('Внутренний ID').count()).toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'mc-create');
  });
});

describe('support on the management company screens', () => {
  const session = sessionOf(() => browser, 'support', DESKTOP);

  it('reads the list and a company with no control that changes anything', async () => {
    const { page } = session();
    await page.goto('/mc');
    await expect.poll(() => page.getByRole('table', { name: 'Управляющие компании' }).locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Создать' }).count()).toBe(0);
    await page.getByRole('table', { name: 'Управляющие компании' }).getByRole('link').first().click();
    await page.waitForURL(/\/mc\/\d+\/update$/);
    await expect.poll(() => page.getByText('Только просмотр: изменять компании может оператор.').count()).toBe(1);
    for (const name of ['Сохранить', 'Отключить', 'Выгрузить на все устройства', 'Выгрузить на одно устройство', 'Изменить']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByLabel('Название').getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'mc-page-support');
  });
});
