import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, findDevice, getJson, launchBrowser, screenshot, sessionOf } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * The audit trail in Chromium against the real server: the operator switches a device's key
 * auto-collection on its card, blocks a flat (made by the test) on the flat card and gives it a
 * temporary code; both cards say the change in words in their recent history («Изменено устройство
 * …», «Изменена кв. N, адрес», «Временный код … создан для кв. N, адрес»), and /audit filtered to
 * each object shows the record, its fields before → after and the object linked to its screen.
 * /audit at both widths, no sideways scroll on a phone; the installer is refused.
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

/** Opens the record saying `sentence` in /audit filtered to the object and returns its dialog. */
async function openRecord(page: Page, targetKind: string, targetId: string, sentence: string | RegExp) {
  await page.goto(`/audit?${new URLSearchParams({ targetKind, targetId }).toString()}`);
  await page.getByRole('heading', { level: 1, name: 'Журнал изменений' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: sentence }).first();
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

  it('says a device change made on its card and a flat’s block and temporary code in words, each found in /audit with its fields before → after', async () => {
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
    await recent.getByText(`Изменено устройство ${mac}`).first().waitFor();
    expect(await recent.getByText('PUT devices/:mac/auto-collect').count()).toBe(0);
    expect(await recent.getByRole('link', { name: 'Вся история изменений' }).getAttribute('href')).toBe(`/audit?targetKind=device&targetId=${encodeURIComponent(mac)}`);

    const deviceRecord = await openRecord(page, 'device', mac, `Изменено устройство ${mac}`);
    expect(await deviceRecord.getByRole('link', { name: mac }).first().getAttribute('href')).toBe(`/devices/${encodeURIComponent(mac)}/update`);
    await deviceRecord.getByText(`автосбор ключей: ${on ? 'да → нет' : 'нет → да'}`).waitFor();
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
    const flatRecent = page.getByRole('region', { name: 'Последние изменения' });
    const flatName = new RegExp(`^Изменена кв\\. ${flatNum}, `);
    await flatRecent.getByText(flatName).first().waitFor();

    const flatRecord = await openRecord(page, 'flat', flatKey, new RegExp(`Изменена кв\\. ${flatNum}, `));
    await flatRecord.getByText('статус: 0 → 1').waitFor();
    await flatRecord.getByText('причина блокировки: — → проверка журнала').waitFor();
    expect(await flatRecord.getByRole('link', { name: new RegExp(`^кв\\. ${flatNum}, `) }).first().getAttribute('href')).toBe(
      `/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`,
    );
    await flatRecord.getByRole('button', { name: 'Закрыть' }).click();

    // A temporary code given to the flat: its record is the code's, and the flat's trail holds it.
    const code = (await send(page, 'POST', `/front/flats/${encodeURIComponent(flatKey)}/temporary-access-code`, { duration: 3600 })) as { data: { tempCode: string } };
    await page.goto(`/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`);
    await page
      .getByRole('region', { name: 'Последние изменения' })
      .getByText(new RegExp(`^Временный код ${code.data.tempCode} создан для кв\\. ${flatNum}, `))
      .first()
      .waitFor();
    await screenshot(page, 'audit-flat-recent-desktop');

    // Who: the filter by login keeps only the operator's records.
    await page.goto('/audit?login=operator');
    await page.getByRole('row').nth(1).waitFor();
    const logins = await page.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(logins.length).toBeGreaterThan(1);
    expect(new Set(logins)).toEqual(new Set(['operator']));
    // No raw routes in the list: each record says what was done.
    expect(await page.locator('tbody').getByText(/^(PUT|POST|DELETE) /).count()).toBe(0);
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
