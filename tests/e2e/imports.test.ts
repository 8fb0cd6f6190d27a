import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launchBrowser, screenshot, sessionOf } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * Bulk import in Chromium against the real server: the operator imports a CSV of a
 * new house's flats and residents; the dry run shows two refused rows (a bad flat number and a
 * repeated row) and what the rest would create; the job applies it with progress; the flats show
 * in the house; the export downloads, and importing it back shows nothing to change. On a phone
 * the dialog fills the screen and the rows become cards.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A new house of the operator (no entrances: its flats take the operator's buyer). */
async function newHouse(page: Page): Promise<string> {
  const answer = (await send(page, 'POST', '/front/house-list/create', { address: `г. Импортов, ул. Файловая, д. ${randomInt(1, 1_000_000)}`, region: 77 })) as { data: { id: string } };
  return answer.data.id;
}

/** Ten fresh phone digits, so a rerun on the same server meets none of its own residents. */
const phonePrefix = () => `7955${String(randomInt(0, 1_000_000)).padStart(6, '0')}`.slice(0, 10);

function flatsFile(prefix: string): string {
  return [
    'Квартира;Литера;Телефон;ФИО',
    `1;А;+${prefix}1;Иванов Иван`,
    `1;;${prefix}2;Иванова Мария`,
    `2;;${prefix}3;"Петров; Пётр"`,
    '3;;;',
    'сто;;;',
    `2;;${prefix}3;`,
  ].join('\r\n');
}

async function openImport(page: Page, house: string, name: string, content: string | Buffer) {
  await page.goto(`/houses/${encodeURIComponent(house)}`);
  await page.getByRole('button', { name: 'Импорт', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт квартир и жителей' });
  await dialog.locator('[data-testid="import-file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await expect.poll(() => dialog.getByRole('button', { name: 'Проверить (пробный прогон)' }).isEnabled()).toBe(true);
  return dialog;
}

describe('importing a house’s flats at 1440×900', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('dry-runs with two refused rows, applies with progress, exports, and the export re-imports unchanged', async () => {
    const { page, pageErrors } = operator();
    const house = await newHouse(page);
    const prefix = phonePrefix();
    const dialog = await openImport(page, house, 'flats.csv', flatsFile(prefix));
    // The Russian headers were recognised.
    await expect.poll(() => dialog.getByLabel('Номер квартиры').textContent()).toContain('Квартира');
    await screenshot(page, 'import-mapping');
    await dialog.getByRole('button', { name: 'Проверить (пробный прогон)' }).click();
    const summary = dialog.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Строк: 6. Будет создано: 4, изменено: 0, без изменений: 0, отклонено: 2.');
    expect(await dialog.locator('[data-status="refused"]').count()).toBe(2);
    expect(await dialog.locator('[data-status="refused"]').first().textContent()).toContain('неверный номер квартиры «сто»');
    expect(await dialog.locator('[data-status="refused"]').last().textContent()).toContain('повтор строки 4 файла');
    await screenshot(page, 'import-dry-run');

    await dialog.getByRole('button', { name: 'Импортировать 4 строки' }).click();
    const done = dialog.getByTestId('import-done');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain('Создано: 4, изменено: 0, без изменений: 0, отклонено: 2, ошибок: 0.');
    const result = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Скачать результат (CSV)' }).click();
    const resultText = await readFile((await (await result).path()) ?? '', 'utf8');
    expect(resultText).toContain('сто;;;;6;refused;flat-bad;сто');
    await screenshot(page, 'import-done');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();

    // The flats are in the house.
    await expect.poll(() => page.getByRole('link', { name: /^2$|Кв\. 2|2\b/ }).count()).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Экспорт CSV' }).click();
    const exported = await readFile((await (await download).path()) ?? '', 'utf8');
    expect(exported.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'flat;letter;phone;name',
      `1;А;${prefix}1;Иванов Иван`,
      `1;А;${prefix}2;Иванова Мария`,
      `2;;${prefix}3;"Петров; Пётр"`,
      '3;;;',
    ]);

    const again = await openImport(page, house, 'export.csv', exported);
    await again.getByRole('button', { name: 'Проверить (пробный прогон)' }).click();
    await again.getByTestId('import-summary').waitFor();
    expect(await again.getByTestId('import-summary').textContent()).toContain('Будет создано: 0, изменено: 0, без изменений: 4, отклонено: 0. Файл совпадает с базой: менять нечего.');
    expect(await again.getByRole('button', { name: 'Импортировать 0 строк' }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('refuses a binary file named .csv with a clear message', async () => {
    const { page } = operator();
    const house = await newHouse(page);
    await page.goto(`/houses/${encodeURIComponent(house)}`);
    await page.getByRole('button', { name: 'Импорт', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Импорт квартир и жителей' });
    await dialog.locator('[data-testid="import-file"]').setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]) });
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Это не CSV и не XLSX');
    await screenshot(page, 'import-broken-file');
  });
});

describe('importing a house’s flats at 390×844', () => {
  const operator = sessionOf(() => browser, 'operator', MOBILE);

  it('fills the screen, shows the dry run as cards and does not scroll sideways', async () => {
    const { page } = operator();
    const house = await newHouse(page);
    const dialog = await openImport(page, house, 'flats.csv', flatsFile(phonePrefix()));
    await screenshot(page, 'import-mapping');
    await dialog.getByRole('button', { name: 'Проверить (пробный прогон)' }).click();
    await dialog.getByTestId('import-summary').waitFor();
    expect(await dialog.locator('li[data-status="refused"]').count()).toBe(2);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'import-dry-run');
  });
});
