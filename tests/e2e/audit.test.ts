import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, findDevice, getJson, launchBrowser, screenshot, sessionOf } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * The audit trail in Chromium against the real server: the operator switches a
 * device's key auto-collection on its card and blocks a flat (made by the test) on the flat card;
 * both cards show the change in their recent history, and /audit filtered to each target shows the
 * record, whose diff names the changed fields before and after. /audit at both widths, no sideways
 * scroll on a phone; the installer is refused.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface CardAnswer {
  device: { mac: string; capabilities: string[]; options: Record<string, unknown> };
}

/** A device of the operator whose card shows the auto-collect switch. */
async function autoCollectDevice(page: Page): Promise<{ mac: string; on: boolean }> {
  const found = await findDevice(page, async ({ MAC }) => {
    const card = await getJson<CardAnswer>(page, `/front/device-card/device/${encodeURIComponent(MAC)}`);
    return card.device.capabilities.includes('autoCollectKeys') ? { mac: MAC, on: card.device.options.autoCollectKeys === true } : undefined;
  });
  if (!found) throw new Error('the small seed gave the operator no device with key auto-collection');
  return found;
}

/** Opens the record of `route` in /audit filtered to the target and returns the diff dialog. */
async function openRecord(page: Page, targetKind: string, targetId: string, route: string) {
  await page.goto(`/audit?${new URLSearchParams({ targetKind, targetId }).toString()}`);
  await page.getByRole('heading', { level: 1, name: 'Журнал изменений' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: route }).first();
  await row.waitFor();
  await row.getByRole('button', { name: /Изменения записи/ }).click();
  const dialog = page.getByRole('dialog', { name: /Запись \d+/ });
  await dialog.waitFor();
  await faded(page);
  return dialog;
}

/** The dialog's fade-in is over (a screenshot during it shows the page through the dialog). */
async function faded(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('.MuiDialog-container')].every((element) => getComputedStyle(element).opacity === '1'));
}

describe('the audit trail (operator)', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('records a device change made on its card and a flat change made on the flat card, each found in /audit with its diff', async () => {
    const { page, pageErrors } = operator();
    const { mac, on } = await autoCollectDevice(page);
    await page.goto(`/devices/${encodeURIComponent(mac)}/update`);
    const toggle = page.getByRole('switch', { name: 'Автосбор ключей' }).or(page.getByRole('checkbox', { name: 'Автосбор ключей' }));
    await toggle.waitFor();
    const saved = page.waitForResponse((response) => response.url().includes('/auto-collect') && response.request().method() === 'PUT');
    await toggle.click();
    expect((await saved).status()).toBe(200);
    // The card's own recent history shows it.
    const recent = page.getByRole('region', { name: 'Последние изменения' });
    await recent.getByText('PUT devices/:mac/auto-collect').first().waitFor();
    expect(await recent.getByRole('link', { name: 'Вся история изменений' }).getAttribute('href')).toBe(`/audit?targetKind=device&targetId=${encodeURIComponent(mac)}`);

    const deviceRecord = await openRecord(page, 'device', mac, 'PUT devices/:mac/auto-collect');
    const change = deviceRecord.getByRole('row').filter({ hasText: 'options.autoCollectKeys' });
    await change.waitFor();
    expect(await change.getByRole('cell').allInnerTexts()).toEqual(['options.autoCollectKeys', on ? 'true' : 'false', on ? 'false' : 'true']);
    await expect(deviceRecord.getByText('operator').first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'audit-record-desktop');
    await deviceRecord.getByRole('button', { name: 'Закрыть' }).click();

    // A flat of its own in one of the operator's houses, blocked on its card.
    const houses = await getJson<{ data: { id: string }[] }>(page, '/front/house-list?page=1');
    const houseUid = houses.data[0].id;
    const flatNum = randomInt(5_000, 9_000);
    await send(page, 'POST', `/front/flats/${encodeURIComponent(houseUid)}/flat`, { flatNum });
    const flatKey = `${houseUid}:${flatNum}`;
    await page.goto(`/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`);
    await page.getByTestId('flat-card-ready').waitFor();
    await page.getByRole('button', { name: 'Заблокировать' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Причина/ }).fill('проверка журнала');
    const blocked = page.waitForResponse((response) => response.url().includes('/status') && response.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    expect((await blocked).status()).toBe(200);
    await page.getByRole('region', { name: 'Последние изменения' }).getByText('PUT flats/:flat/status').first().waitFor();

    const flatRecord = await openRecord(page, 'flat', flatKey, 'PUT flats/:flat/status');
    const status = flatRecord.getByRole('row').filter({ hasText: /^status/ });
    await status.waitFor();
    expect(await status.getByRole('cell').allInnerTexts()).toEqual(['status', '0', '1']);
    expect(await flatRecord.getByRole('row').filter({ hasText: 'block_reason' }).getByRole('cell').allInnerTexts()).toEqual(['block_reason', '—', 'проверка журнала']);
    await flatRecord.getByRole('button', { name: 'Закрыть' }).click();

    // Who: the filter by login keeps only the operator's records.
    await page.goto('/audit?login=operator');
    await page.getByRole('row').nth(1).waitFor();
    const logins = await page.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(logins.length).toBeGreaterThan(1);
    expect(new Set(logins)).toEqual(new Set(['operator']));
    await screenshot(page, 'audit-desktop');
    expect(pageErrors).toEqual([]);
  });
});

describe('the audit trail on a phone (operator, 390×844)', () => {
  const operator = sessionOf(() => browser, 'operator', MOBILE);

  it('shows the records as cards without sideways scroll, and a record opens its diff', async () => {
    const { page, pageErrors } = operator();
    await page.goto('/audit');
    await page.getByRole('heading', { level: 1, name: 'Журнал изменений' }).waitFor();
    const cards = page.getByRole('list', { name: 'Журнал изменений' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table', { name: 'Журнал изменений' }).count()).toBe(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'audit-mobile');
    await cards.getByRole('button', { name: /Изменения записи/ }).first().click();
    await page.getByRole('dialog', { name: /Запись \d+/ }).waitFor();
    await faded(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'audit-record-mobile');
    expect(pageErrors).toEqual([]);
  });
});

describe('the audit trail (installer)', () => {
  const installer = sessionOf(() => browser, 'installer', DESKTOP);

  it('is refused: the screen says who may open it and the call answers 403', async () => {
    const { page } = installer();
    const answer = await page.request.get('/front/audit', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(answer.status()).toBe(403);
  });
});
