import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATUS } from '../../contract/devices';
import { DESKTOP, MOBILE, findDevice, getJson, launchBrowser, screenshot, sessionOf } from './browser';
import { sideways } from './housing-helpers';

/*
 * The voltage screen in Chromium against the real server (SEED=small, the
 * simulator's failure share 0): the operator opens a device's supply voltage over 7 days, sees the
 * band, the readings outside it marked and counted as the server counts them, and refreshes it
 * (progress, then the new reading is the last one); support sees the same screen and may refresh
 * too (a reading changes no setting); on a phone the 30-day chart fits without sideways scroll.
 */

interface PowerAnswer {
  device: { mac: string; capabilities: string[] };
  points: unknown[];
  last: { measuredAt: string; volts: number; source: string } | null;
  readingCount: number;
  outsideCount: number;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const powerPath = (mac: string, range?: string) => `/devices/${encodeURIComponent(mac)}/power${range ? `?range=${range}` : ''}`;
const powerApi = (mac: string, range: string) => `/front/devices/${encodeURIComponent(mac)}/power?range=${range}`;

/**
 * A device of the logged-in user with the power capability and readings outside the band in the last
 * 7 days, and one that answers a reading: other files reset or disable devices (a device in either
 * state refuses the gateway), so those are passed over.
 */
async function deviceWithDips(page: Page): Promise<{ mac: string; week: PowerAnswer }> {
  const found = await findDevice(page, async ({ MAC, STATUS_CODE }) => {
    if (STATUS_CODE === DEVICE_STATUS.disabled || STATUS_CODE === DEVICE_STATUS.reset) return undefined;
    const response = await page.request.get(powerApi(MAC, '7d'), { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    if (response.status() !== 200) return undefined;
    const week = (await response.json()) as PowerAnswer;
    return week.readingCount > 0 && week.outsideCount > 0 ? { mac: MAC, week } : undefined;
  });
  if (!found) throw new Error('the small seed gave this user no power device with dips in the last 7 days');
  return found;
}

const chart = (page: Page) => page.getByRole('img', { name: 'Напряжение питания за период, вольт' });

describe('a device’s supply voltage (operator, 1440×900)', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('opens the 7-day chart: band, marked dips, the count outside the band, the last reading', async () => {
    const { page, pageErrors } = operator();
    const { mac, week } = await deviceWithDips(page);
    await page.goto(powerPath(mac));
    await page.getByRole('heading', { level: 1, name: 'Напряжение питания' }).waitFor();
    await page.getByText(`Устройство ${mac}`).waitFor();
    await page.locator('main').getByText(/^(В сети|Не в сети)$/).waitFor();
    expect(await page.getByRole('link', { name: 'Карточка устройства' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(mac)}/update`);
    // 24 hours first; then 7 days, kept in the address.
    expect(await page.getByRole('button', { name: '24 ч' }).getAttribute('aria-pressed')).toBe('true');
    await chart(page).waitFor();
    await page.getByRole('button', { name: '7 дней' }).click();
    await page.waitForURL(/range=7d/);
    await page.getByText(`Вне нормы за период: ${week.outsideCount} из ${week.readingCount}`).waitFor();
    expect(await page.getByRole('button', { name: '7 дней' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Норма 11,40–13,20 В').waitFor();
    await chart(page).waitFor();
    expect(await page.getByTestId('normal-band').count()).toBe(1);
    expect(await page.getByTestId('outside-marks').locator('circle').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('voltage-line').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    // Pointing at the chart shows the nearest reading.
    const box = await chart(page).boundingBox();
    if (!box) throw new Error('the chart has no box');
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    await page.getByRole('status').filter({ hasText: /Среднее: \d+,\d\d В/ }).waitFor();
    await screenshot(page, 'device-power-7d');
    expect(await sideways(page)).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('refreshes: progress while the device is read, then the new reading is the last one', async () => {
    const { page, pageErrors } = operator();
    const { mac } = await deviceWithDips(page);
    await page.goto(powerPath(mac, '7d'));
    await chart(page).waitFor();
    const refresh = page.getByRole('button', { name: 'Обновить' });
    await refresh.click();
    // The simulator takes half a second to answer: the button says so meanwhile.
    await page.getByRole('button', { name: 'Читаем устройство…' }).waitFor();
    const note = page.getByRole('status').filter({ hasText: /^Показание получено: \d+,\d\d В, / });
    await note.waitFor();
    await refresh.waitFor();
    const after = await getJson<PowerAnswer>(page, powerApi(mac, '7d'));
    expect(after.last?.source).toBe('manual');
    expect(Date.now() - Date.parse(after.last?.measuredAt ?? '')).toBeLessThan(60_000);
    const volts = after.last!.volts.toFixed(2).replace('.', ',');
    expect(await note.textContent()).toContain(`${volts} В`);
    await page.getByRole('group', { name: 'Последнее показание' }).getByText(`${volts} В`).waitFor();
    await screenshot(page, 'device-power-refreshed');
    expect(pageErrors).toEqual([]);
  });
});

describe('support reads a device’s voltage and may refresh it (1440×900)', () => {
  const support = sessionOf(() => browser, 'support', DESKTOP);

  it('sees the chart and refreshes it', async () => {
    const { page, pageErrors } = support();
    const { mac } = await deviceWithDips(page);
    await page.goto(powerPath(mac, '30d'));
    await chart(page).waitFor();
    expect(await page.getByRole('button', { name: '30 дней' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Обновить' }).click();
    await page.getByRole('status').filter({ hasText: /^Показание получено/ }).waitFor();
    await screenshot(page, 'device-power-support-30d');
    expect(pageErrors).toEqual([]);
  });
});

describe('a device’s supply voltage on a phone (operator, 390×844)', () => {
  const operator = sessionOf(() => browser, 'operator', MOBILE);

  it('fits the 24-hour and 30-day charts without sideways scroll', async () => {
    const { page, pageErrors } = operator();
    const { mac } = await deviceWithDips(page);
    await page.goto(powerPath(mac));
    await chart(page).waitFor();
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'device-power-24h');
    await page.getByRole('button', { name: '30 дней' }).click();
    await page.waitForURL(/range=30d/);
    await page.getByText(/^Вне нормы за период: \d+ из \d+$/).waitFor();
    await chart(page).waitFor();
    const box = await chart(page).boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(MOBILE.width);
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'device-power-30d');
    expect(pageErrors).toEqual([]);
  });
});
