import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTypeId } from '../../contract/devices';
import { DESKTOP, MOBILE, launchBrowser, screenshot, sessionOf } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * Bulk import of keys on /keys in Chromium against the real server: the operator
 * makes a house with flat 1 and a panel of its own, imports a CSV of four keys; the dry run shows
 * two refused rows (a value too short for Metakom, a device not found) and two to create; the job
 * applies them; the list filtered by the panel shows them; its export downloads and, imported
 * back, changes nothing. On a phone the dialog fills the screen and the rows become cards.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const hex = (bytes: number) => [...randomBytes(bytes)].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase());

/** A house of the operator with flat 1 and an ISCOM panel in it; answers the panel's MAC. */
async function panelWithFlat(page: Page): Promise<string> {
  const house = ((await send(page, 'POST', '/front/house-list/create', { address: `г. Ключёв, ул. Импортная, д. ${randomInt(1, 1_000_000)}`, region: 77 })) as { data: { id: string } }).data.id;
  await send(page, 'POST', `/front/flats/${encodeURIComponent(house)}/flat`, { flatNum: 1 });
  const mac = ['EA', ...hex(5)].join(':');
  await send(page, 'POST', '/front/device-list/create-device', { mac, type: deviceTypeId('ISCOM_X1'), houses: [house] });
  return mac;
}

function keysFile(mac: string, values: readonly string[]): string {
  return [
    'MAC;Ключ;Тип;Квартира;Внутренний',
    `${mac};${values[0]};Metakom;1;0`,
    `${mac.toLowerCase()};${values[1]};;;1`,
    `${mac};12AB;Metakom;;0`,
    `EA:00:00:00:00:00;${values[2]};Metakom;;0`,
  ].join('\r\n');
}

async function openImport(page: Page, mac: string, name: string, content: string) {
  await page.goto(`/keys?mac=${encodeURIComponent(mac)}`);
  await page.getByRole('button', { name: 'Импорт', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт ключей' });
  await dialog.locator('[data-testid="import-file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await expect.poll(() => dialog.getByRole('button', { name: 'Проверить (пробный прогон)' }).isEnabled()).toBe(true);
  return dialog;
}

const DRY_RUN = 'Проверить (пробный прогон)';

describe('importing keys on /keys at 1440×900', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('dry-runs with two refused rows, applies, exports the filtered list, and the export re-imports unchanged', async () => {
    const { page, pageErrors } = operator();
    const mac = await panelWithFlat(page);
    const values = [hex(6).join(''), hex(6).join(''), hex(6).join('')];
    const dialog = await openImport(page, mac, 'keys.csv', keysFile(mac, values));
    // The Russian headers were recognised.
    await expect.poll(() => dialog.getByLabel('MAC устройства').textContent()).toContain('MAC');
    await expect.poll(() => dialog.getByLabel('Значение ключа').textContent()).toContain('Ключ');
    await dialog.getByRole('button', { name: DRY_RUN }).click();
    const summary = dialog.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Строк: 4. Будет создано: 2, изменено: 0, без изменений: 0, отклонено: 2.');
    const refused = dialog.locator('[data-status="refused"]');
    expect(await refused.count()).toBe(2);
    expect(await refused.first().textContent()).toContain('неверный формат ключа «12AB»');
    expect(await refused.last().textContent()).toContain('устройство EA:00:00:00:00:00 не найдено среди ваших');
    expect(await dialog.locator('[data-status="create"]').first().textContent()).toContain('новый ключ на устройство');
    await screenshot(page, 'keys-import-dry-run');

    await dialog.getByRole('button', { name: 'Импортировать 2 строки' }).click();
    const done = dialog.getByTestId('import-done');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain('Создано: 2, изменено: 0, без изменений: 0, отклонено: 2, ошибок: 0.');
    const result = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Скачать результат (CSV)' }).click();
    const resultText = await readFile((await (await result).path()) ?? '', 'utf8');
    expect(resultText).toContain(`${mac};12AB;Metakom;;0;4;refused;value-bad;12AB`);
    await screenshot(page, 'keys-import-done');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();

    // The list (filtered by the panel) shows both keys.
    await page.getByText(values[0]).first().waitFor();
    await page.getByText(values[1]).first().waitFor();
    await screenshot(page, 'keys-import-list');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Экспорт CSV' }).click();
    const exported = await readFile((await (await download).path()) ?? '', 'utf8');
    const lines = exported.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('mac;value;type;flat;inner');
    expect(lines.slice(1).sort()).toEqual([`${mac};${values[0]};Metakom;1;0`, `${mac};${values[1]};Factorial;;1`].sort());

    const again = await openImport(page, mac, 'keys-export.csv', exported);
    await again.getByRole('button', { name: DRY_RUN }).click();
    await again.getByTestId('import-summary').waitFor();
    expect(await again.getByTestId('import-summary').textContent()).toContain('Будет создано: 0, изменено: 0, без изменений: 2, отклонено: 0. Файл совпадает с базой: менять нечего.');
    expect(await again.getByRole('button', { name: 'Импортировать 0 строк' }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

describe('importing keys on /keys at 390×844', () => {
  const operator = sessionOf(() => browser, 'operator', MOBILE);

  it('fits the buttons in the header, fills the screen with the dialog and shows the dry run as cards', async () => {
    const { page, pageErrors } = operator();
    const mac = await panelWithFlat(page);
    await page.goto('/keys');
    await page.getByRole('button', { name: 'Экспорт CSV' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'keys-import-buttons');
    const dialog = await openImport(page, mac, 'keys.csv', keysFile(mac, [hex(6).join(''), hex(6).join(''), hex(6).join('')]));
    await screenshot(page, 'keys-import-mapping');
    await dialog.getByRole('button', { name: DRY_RUN }).click();
    await dialog.getByTestId('import-summary').waitFor();
    expect(await dialog.locator('li[data-status="refused"]').count()).toBe(2);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'keys-import-dry-run');
    expect(pageErrors).toEqual([]);
  });
});
