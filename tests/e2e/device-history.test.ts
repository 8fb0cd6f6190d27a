import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatEndpoints } from '../../contract/flat-card';
import { flatParams, type FlatDataResponse } from '../../contract/flats';
import { historyDateRange, type HistoryEvent, type HistoryResponse } from '../../contract/history';
import { DESKTOP, MOBILE, getJson, launchBrowser, screenshot, sessionOf } from './browser';
import { sideways } from './housing-helpers';

/*
 * The event history in Chromium against the real server (SEED=small, no simulated
 * trickle): the operator filters by device, days and type, pages forward and back, opens a snapshot
 * and steps to the next, exports the filtered events as CSV; the device card and the flat card lead
 * there; support reads it; the rows become cards on a phone.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const history = (page: Page, query: string) => getJson<HistoryResponse>(page, `/front/devices/history?${query}`);
const table = (page: Page) => page.getByRole('table', { name: 'История событий' });
const filters = (page: Page) => page.getByRole('search', { name: 'Поиск событий' });
/** The event rows of the table (its header row left out). */
const bodyRows = (page: Page) => table(page).locator('tbody tr');

/** «20.11.2026, 10:05:09» → «2026-11-20». */
const dayOf = (text: string) => {
  const match = /(\d{2})\.(\d{2})\.(\d{4})/.exec(text);
  if (!match) throw new Error(`no date in «${text}»`);
  return `${match[3]}-${match[2]}-${match[1]}`;
};

/** The device with the most events on the operator's first 200, its commonest event type, and the day of the middle such event (UTC). */
async function busyDevice(page: Page): Promise<{ mac: string; eventType: string; day: string }> {
  const { data } = await history(page, 'perPage=200');
  const count = (values: string[]) => [...values.reduce((map, value) => map.set(value, (map.get(value) ?? 0) + 1), new Map<string, number>())].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mac = count(data.map((event) => event.mac));
  if (!mac) throw new Error('the small seed gave the operator no events');
  const eventType = count(data.filter((event) => event.mac === mac).map((event) => event.eventType)) ?? '';
  const events = data.filter((event) => event.mac === mac && event.eventType === eventType);
  return { mac, eventType, day: events[Math.floor(events.length / 2)].eventDate.slice(0, 10) };
}

/** The day `days` after `day` (both YYYY-MM-DD). */
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Waits until the modal's fade-in is over (a screenshot mid-fade shows the page through it). */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.MuiDialog-container').evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}

/** Wakes a day field (the pickers load on the first touch) and types the day into it. */
async function typeDay(page: Page, label: string, day: string) {
  const [year, month, date] = day.split('-');
  await filters(page).getByLabel(label, { exact: true }).first().click();
  const field = filters(page).getByRole('group', { name: label });
  await field.waitFor();
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${date}${month}${year}`);
}

/** An event of a flat whose device calls handsets (an analogue panel: it has call rounds). */
async function flatEventOnAnaloguePanel(page: Page): Promise<{ mac: string; houseUid: string; flatNum: number }> {
  const { data } = await history(page, 'perPage=200');
  const seen = new Set<string>();
  for (const row of data) {
    if (!row.houseUid || row.flatNum === null || row.flatNum === undefined || seen.has(`${row.houseUid}:${row.flatNum}`)) continue;
    seen.add(`${row.houseUid}:${row.flatNum}`);
    const flat = await getJson<FlatDataResponse>(page, flatEndpoints.get.path(flatParams(row.houseUid, row.flatNum)));
    if (flat.deviceData.some((device) => device.mac === row.mac && device.canCallToHandset)) return { mac: row.mac, houseUid: row.houseUid, flatNum: row.flatNum };
  }
  throw new Error('the small seed gave no event of a flat on an analogue panel');
}

describe('event history (operator, 1440×900)', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('pages from the first page forward and back, 50 a page, the count from the server', async () => {
    const { page, pageErrors } = operator();
    const all = await history(page, 'page=0');
    expect(all.numberPages).toBeGreaterThan(1);
    await page.goto('/devices/history');
    await page.getByRole('heading', { level: 1, name: 'История событий' }).waitFor();
    await page.getByText(`Страница 1 из ${all.numberPages}`).waitFor();
    expect(await bodyRows(page).count()).toBe(50);
    const firstTime = await bodyRows(page).first().locator('td').first().textContent();
    await screenshot(page, 'device-history-list');
    await page.getByRole('button', { name: 'Следующая страница' }).click();
    await page.getByText(`Страница 2 из ${all.numberPages}`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    await expect.poll(() => bodyRows(page).first().locator('td').first().textContent()).not.toBe(firstTime);
    await page.getByRole('button', { name: 'Предыдущая страница' }).click();
    await page.getByText(`Страница 1 из ${all.numberPages}`).waitFor();
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    await expect.poll(() => bodyRows(page).first().locator('td').first().textContent()).toBe(firstTime);
    expect(pageErrors).toEqual([]);
  });

  it('filters by a device, days and an event type, back from the first page, as the server counts them', async () => {
    const { page, pageErrors } = operator();
    const { mac, eventType, day } = await busyDevice(page);
    await page.goto('/devices/history?page=2');
    await table(page).waitFor();
    const macs = filters(page).getByRole('combobox', { name: 'Устройства (MAC)' });
    await macs.fill(mac.replace(/:/g, '').toLowerCase());
    await macs.press('Enter');
    await filters(page).getByRole('button', { name: `Убрать ${mac}` }).waitFor();
    // A week around one of the device's events of that type (a day's margin for the user's zone).
    const from = shift(day, -3);
    const to = shift(day, 3);
    await typeDay(page, 'Дата с', from);
    await typeDay(page, 'Дата по', to);
    await filters(page).getByRole('combobox', { name: 'Событие' }).selectOption(eventType);
    await filters(page).getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.searchParams.get('macs') === mac && url.searchParams.get('dateFrom') === from && url.searchParams.get('dateTo') === to && url.searchParams.get('eventType') === eventType);
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    await expect.poll(async () => new Set(await bodyRows(page).locator('td:nth-child(2) a').allTextContents())).toEqual(new Set([mac]));
    const rows = bodyRows(page);
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const shown = dayOf((await rows.nth(index).locator('td').nth(0).textContent()) ?? '');
      expect(shown >= from && shown <= to, shown).toBe(true);
    }
    // What the screen sent: the days' 00:00:00 and 23:59:59 in the user's zone, and the server's count for it.
    const timeZone = await page.evaluate(() => (JSON.parse(localStorage.getItem('preferences') ?? '{}') as { timezone?: string }).timezone ?? 'Europe/Moscow');
    const sent = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/front/devices/history?')).at(-1) ?? '');
    const query = new URL(sent).searchParams;
    expect(query.getAll('macs')).toEqual([mac]);
    expect(query.get('eventType')).toBe(eventType);
    expect(query.get('page')).toBe('0');
    const range = historyDateRange(from, to, timeZone);
    expect({ dateFrom: query.get('dateFrom'), dateTo: query.get('dateTo') }).toEqual(range);
    const answer = await history(page, `macs=${encodeURIComponent(mac)}&eventType=${eventType}&dateFrom=${encodeURIComponent(range.dateFrom ?? '')}&dateTo=${encodeURIComponent(range.dateTo ?? '')}&perPage=50`);
    expect(answer.data.every((event: HistoryEvent) => event.mac === mac && event.eventType === eventType)).toBe(true);
    expect(count).toBe(answer.data.length);
    await screenshot(page, 'device-history-filtered');
    // «Сбросить» empties the filters and the URL.
    await filters(page).getByRole('button', { name: 'Сбросить' }).click();
    await page.waitForURL((url) => url.search === '');
    expect(pageErrors).toEqual([]);
  });

  it('opens a snapshot with its event, steps to the next by button and by arrow key, and closes', async () => {
    const { page, pageErrors } = operator();
    const { data } = await history(page, 'page=0');
    const withImages = data.filter((event) => event.image !== null);
    expect(withImages.length).toBeGreaterThan(1);
    await page.goto('/devices/history');
    await table(page).waitFor();
    await table(page).getByRole('button', { name: /^Снимок события/ }).first().click();
    const dialog = page.getByRole('dialog', { name: /Снимок события/ });
    await dialog.getByText(`1 из ${withImages.length}`).waitFor();
    const image = dialog.getByRole('img');
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toBe(withImages[0].image);
    await settled(page);
    await screenshot(page, 'device-history-image');
    await dialog.getByRole('button', { name: 'Следующий снимок' }).click();
    await dialog.getByText(`2 из ${withImages.length}`).waitFor();
    expect(await image.getAttribute('src')).toBe(withImages[1].image);
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText(`1 из ${withImages.length}`).waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText(`2 из ${withImages.length}`).waitFor();
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it('exports the filtered events as CSV: a header line, then one line per event', async () => {
    const { page, pageErrors } = operator();
    const { mac } = await busyDevice(page);
    const expected = await history(page, `macs=${encodeURIComponent(mac)}&perPage=200`);
    await page.goto(`/devices/history?macs=${encodeURIComponent(mac)}`);
    await table(page).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать CSV' }).click()]);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line !== '');
    expect(lines[0]).toMatch(/^"?Время \(.+\)"?[;,]"?Устройство \(MAC\)"?[;,]"?Адрес"?[;,]"?Событие"?/);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(lines.slice(1).filter((line) => line.includes(mac))).toHaveLength(expected.data.length);
    await page.getByText('Файл со событиями скачан').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('is opened from the device card for its device, and from the flat card for the flat on a device', async () => {
    const { page, pageErrors } = operator();
    const { mac } = await busyDevice(page);
    await page.goto(`/devices/${encodeURIComponent(mac)}/update`);
    const links = page.getByRole('navigation', { name: 'Экраны устройства' });
    await links.getByRole('link', { name: 'История событий' }).click();
    await page.waitForURL((url) => url.pathname === '/devices/history' && url.searchParams.get('macs') === mac);
    await filters(page).getByRole('button', { name: `Убрать ${mac}` }).waitFor();
    await expect.poll(async () => new Set(await bodyRows(page).locator('td:nth-child(2) a').allTextContents())).toEqual(new Set([mac]));

    // A flat with events on an analogue panel: its card links the device to the flat's events there and to its call rounds.
    const event = await flatEventOnAnaloguePanel(page);
    await page.goto(`/houses/${encodeURIComponent(event.houseUid)}/flats/${event.flatNum}/update`);
    await page.getByTestId('flat-card-ready').waitFor();
    // The section loads when it is scrolled to.
    await page.getByRole('navigation', { name: 'Разделы квартиры' }).getByRole('link', { name: 'Настройки на устройствах' }).click();
    const device = page.getByRole('article', { name: event.mac });
    expect(await device.getByRole('link', { name: `Обходы вызова квартиры на ${event.mac}` }).getAttribute('href')).toBe(`/dialings/${encodeURIComponent(event.mac)}?flatNum=${event.flatNum}`);
    await screenshot(page, 'device-history-flat-links');
    await device.getByRole('link', { name: `История событий квартиры на ${event.mac}` }).click();
    await page.waitForURL((url) => url.pathname === '/devices/history' && url.searchParams.get('macs') === event.mac && url.searchParams.get('flatNum') === String(event.flatNum));
    await table(page).waitFor();
    await expect.poll(async () => new Set(await bodyRows(page).locator('td:nth-child(4)').getByRole('link', { name: /^Кв\. / }).allTextContents())).toEqual(new Set([`Кв. ${event.flatNum}`]));
    expect(pageErrors).toEqual([]);
  });
});

describe('event history on a phone (operator, 390×844)', () => {
  const operator = sessionOf(() => browser, 'operator', MOBILE);

  it('shows each event as a card without sideways scroll, and the snapshot modal fits', async () => {
    const { page, pageErrors } = operator();
    await page.goto('/devices/history');
    const cards = page.getByRole('list', { name: 'История событий' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'device-history-cards');
    // The short fields fold away on a phone.
    const key = filters(page).getByRole('searchbox', { name: 'Ключ' });
    expect(await key.isVisible()).toBe(false);
    await filters(page).getByRole('button', { name: 'Ещё фильтры' }).click();
    await key.waitFor();
    await filters(page).getByRole('button', { name: 'Меньше фильтров' }).click();
    await key.waitFor({ state: 'hidden' });
    await cards.getByRole('button', { name: /^Снимок события/ }).first().click();
    const dialog = page.getByRole('dialog', { name: /Снимок события/ });
    await dialog.getByText(/^1 из \d+$/).waitFor();
    await expect.poll(() => dialog.getByRole('img').evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await settled(page);
    await screenshot(page, 'device-history-image');
    await dialog.getByRole('button', { name: 'Следующий снимок' }).click();
    await dialog.getByText(/^2 из \d+$/).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('tap targets on a phone (operator, 390×844)', () => {
  const operator = sessionOf(() => browser, 'operator', MOBILE);

  /** The heights and widths of the links `links` finds, each at least 44 px (a finger, not a cursor). */
  async function smallTargets(links: ReturnType<Page['locator']>): Promise<string[]> {
    const small: string[] = [];
    const count = await links.count();
    for (let index = 0; index < Math.min(count, 12); index += 1) {
      const box = await links.nth(index).boundingBox();
      if (box && (box.height < 44 || box.width < 44)) small.push(`${await links.nth(index).textContent()}: ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return small;
  }

  it('makes the MAC, key and flat links of the history cards and the MAC links of the key cards at least 44 px', async () => {
    const { page } = operator();
    await page.goto('/devices/history');
    const cards = page.getByRole('list', { name: 'История событий' });
    await cards.getByRole('listitem').first().waitFor();
    const macs = cards.getByRole('link', { name: /^Карточка устройства/ });
    expect(await macs.count()).toBeGreaterThan(0);
    expect(await smallTargets(macs)).toEqual([]);
    // Flats, keys and users: whichever the first page's events name.
    expect(await smallTargets(cards.getByRole('listitem').getByRole('link', { name: /^(Кв\. \d+|Ключ|Пользователь)/ }))).toEqual([]);
    await page.goto('/keys?page=1');
    const keyCards = page.getByRole('list', { name: 'Ключи' });
    await keyCards.getByRole('listitem').first().waitFor();
    expect(await keyCards.getByRole('link').count()).toBeGreaterThan(0);
    expect(await smallTargets(keyCards.getByRole('link'))).toEqual([]);
    await screenshot(page, 'keys-cards-phone');
  });
});

describe('event history for support', () => {
  const support = sessionOf(() => browser, 'support', DESKTOP);

  it('reads the events with nothing to change', async () => {
    const { page, pageErrors } = support();
    await page.goto('/devices/history');
    await bodyRows(page).first().waitFor();
    expect(await bodyRows(page).count()).toBeGreaterThan(0);
    // The screen only reads: its buttons are the refresh, the export, the filter's, the pager's and the snapshots'.
    const buttons = (await page.getByRole('main').getByRole('button').allTextContents()).map((text) => text.trim()).filter(Boolean);
    expect(new Set(buttons)).toEqual(new Set(['Обновить', 'Скачать CSV', 'Найти', 'Сбросить']));
    await screenshot(page, 'device-history-support');
    expect(pageErrors).toEqual([]);
  });
});
