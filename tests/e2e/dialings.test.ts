import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallOrderResponse, CallRoundsResponse } from '../../contract/dialings';
import { DESKTOP, MOBILE, getJson, launchBrowser, screenshot, sessionOf } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * Call rounds in Chromium against the real server (SEED=small): the operator opens a
 * panel's calls, unfolds a call's route, pages on, filters by a flat and sees that flat's call order,
 * changes it and puts it back; support reads the same on a phone without a control that changes it.
 */

/** The small seed's ISCom panel of buyer 1, with more than a page of calls. */
const MAC = 'E4:5A:D4:00:00:05';
const screenPath = (query = '') => `/dialings/${encodeURIComponent(MAC)}${query}`;
const roundsApi = (query = '') => `/front/dialings/${encodeURIComponent(MAC)}${query}`;
const orderApi = (flatNum: number) => `/front/dialings/${encodeURIComponent(MAC)}/flats/${flatNum}/call-order`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The flat whose call order has the most steps among the flats the panel called. */
async function flatWithLongestOrder(page: Page): Promise<{ flatNum: number; order: CallOrderResponse }> {
  const rounds = await getJson<CallRoundsResponse>(page, roundsApi());
  let best: { flatNum: number; order: CallOrderResponse } | null = null;
  for (const flatNum of new Set(rounds.data.map((round) => round.flatNum))) {
    const order = await getJson<CallOrderResponse>(page, orderApi(flatNum));
    if (!best || order.steps.length > best.order.steps.length) best = { flatNum, order };
  }
  if (!best || best.order.steps.length < 2) throw new Error('the small seed gave the panel no flat with two steps in its call order');
  return best;
}

describe('a panel’s call rounds (operator, 1440×900)', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('lists the calls newest first with their routes, pages on, filters by a flat and shows, changes and restores its call order', async () => {
    const { page, pageErrors } = operator();
    const all = await getJson<CallRoundsResponse>(page, roundsApi());
    expect(all.pagination.totalCount).toBeGreaterThan(50);
    await page.goto(screenPath());
    await page.getByRole('heading', { level: 1, name: 'Обзвон' }).waitFor();
    await page.getByText(`Устройство ${MAC}`).waitFor();
    const table = page.getByRole('table', { name: 'Вызовы' });
    await table.waitFor();
    expect(await table.locator('tbody tr[data-round]').count()).toBe(50);
    await page.getByText(`1–50 из ${all.pagination.totalCount}`).waitFor();

    // The first call's route unfolds step by step.
    const first = all.data[0];
    const row = table.locator(`tr[data-round="${first.id}"]`);
    await row.getByRole('button', { name: `Показать маршрут: шагов ${first.legs.length}` }).click();
    const steps = page.locator(`tr[data-route-of="${first.id}"]`).getByRole('listitem');
    expect(await steps.count()).toBe(first.legs.length);
    expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')))).toEqual(first.legs.map((leg) => leg.kind));
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'dialings');

    // The next page goes on from the last call of the first.
    await page.getByRole('button', { name: /следующ/i }).click();
    await page.waitForURL(/page=1/);
    await page.getByText(`51–${Math.min(100, all.pagination.totalCount)} из ${all.pagination.totalCount}`).waitFor();

    // A flat: its calls only, back on the first page, and its call order.
    const { flatNum, order } = await flatWithLongestOrder(page);
    await page.getByRole('textbox', { name: 'Квартира' }).fill(String(flatNum));
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.searchParams.get('flatNum') === String(flatNum) && !url.searchParams.has('page'));
    const filtered = await getJson<CallRoundsResponse>(page, roundsApi(`?flatNum=${flatNum}`));
    await page.getByText(`1–${filtered.data.length} из ${filtered.pagination.totalCount}`).waitFor();
    const flats = await table.locator('tbody tr[data-round] td:nth-child(2)').allTextContents();
    expect(new Set(flats)).toEqual(new Set([`кв. ${flatNum}`]));

    const section = page.getByRole('region', { name: `Порядок вызова квартиры ${flatNum}` });
    const items = section.getByRole('list').getByRole('listitem');
    await items.first().waitFor();
    expect(await items.evaluateAll((list) => list.map((item) => item.getAttribute('data-kind')))).toEqual(order.steps.map((step) => step.kind));
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'dialings-flat');

    // Management changes the order: the last step first, then puts the seed's order back.
    await section.getByRole('button', { name: 'Изменить порядок' }).click();
    const last = order.steps.length - 1;
    for (let index = last; index > 0; index--) await section.getByRole('button', { name: /^Выше: / }).nth(index).click();
    await screenshot(page, 'dialings-order-editor');
    await section.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Порядок вызова сохранён').first().waitFor();
    await section.getByRole('button', { name: 'Изменить порядок' }).waitFor();
    const changed = await getJson<CallOrderResponse>(page, orderApi(flatNum));
    expect(changed.steps.map((step) => step.target)).toEqual([order.steps[last], ...order.steps.slice(0, last)].map((step) => step.target));
    await send(page, 'PUT', orderApi(flatNum), { steps: order.steps.map(({ kind, target, ringSeconds, enabled }) => ({ kind, target, ringSeconds, enabled })) });

    // Days in the URL fill the date filter and narrow the calls.
    const day = first.startedAt.slice(0, 10);
    await page.goto(screenPath(`?dateFrom=${day}&dateTo=${day}`));
    await table.waitFor();
    const [year, month, date] = day.split('-');
    expect(await page.getByRole('textbox', { name: 'Дата с' }).inputValue()).toBe(`${date}.${month}.${year}`);
    expect(await page.getByRole('textbox', { name: 'Дата по' }).inputValue()).toBe(`${date}.${month}.${year}`);
    const ofDay = await table.locator('tbody tr[data-round]').count();
    expect(ofDay).toBeGreaterThan(0);
    expect(ofDay).toBeLessThan(50);
    // The first touch brings the shared date picker, holding the same day.
    await page.getByRole('textbox', { name: 'Дата с' }).click();
    await page.getByRole('group', { name: 'Дата с' }).waitFor();
    expect((await page.getByRole('group', { name: 'Дата с' }).textContent())?.replace(/\D/g, '')).toContain(`${date}${month}${year}`);
    await screenshot(page, 'dialings-days');
    expect(pageErrors).toEqual([]);
  });
});

describe('a panel’s call rounds for support (390×844)', () => {
  const support = sessionOf(() => browser, 'support', MOBILE);

  it('shows the calls as cards and the flat’s call order without a control that changes it, without scrolling sideways', async () => {
    const { page, pageErrors } = support();
    const { flatNum } = await flatWithLongestOrder(page);
    await page.goto(screenPath(`?flatNum=${flatNum}`));
    const cards = page.getByRole('list', { name: 'Вызовы' });
    await cards.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const section = page.getByRole('region', { name: `Порядок вызова квартиры ${flatNum}` });
    await section.getByText('Только просмотр: менять порядок может оператор.').waitFor();
    expect(await section.getByRole('button', { name: 'Изменить порядок' }).count()).toBe(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'dialings-support');

    const card = cards.getByRole('listitem').first();
    await card.getByRole('button', { name: /^Показать маршрут/ }).click();
    await card.getByRole('list', { name: 'Маршрут вызова' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'dialings-support-route');
    expect(pageErrors).toEqual([]);
  });
});

describe('a flat’s call order editor on a phone (operator, 390×844)', () => {
  const operator = sessionOf(() => browser, 'operator', MOBILE);

  it('fits the editor without scrolling sideways and cancels without a change', async () => {
    const { page, pageErrors } = operator();
    const { flatNum, order } = await flatWithLongestOrder(page);
    await page.goto(screenPath(`?flatNum=${flatNum}`));
    const section = page.getByRole('region', { name: `Порядок вызова квартиры ${flatNum}` });
    await section.getByRole('button', { name: 'Изменить порядок' }).click();
    await section.getByRole('button', { name: 'Сохранить' }).waitFor();
    expect(await section.getByRole('switch').count()).toBe(order.steps.length);
    await section.getByRole('switch').first().scrollIntoViewIfNeeded();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'dialings-order-editor');
    await section.getByRole('button', { name: 'Отмена' }).click();
    await section.getByRole('button', { name: 'Изменить порядок' }).waitFor();
    expect((await getJson<CallOrderResponse>(page, orderApi(flatNum))).steps).toEqual(order.steps);
    expect(pageErrors).toEqual([]);
  });
});
