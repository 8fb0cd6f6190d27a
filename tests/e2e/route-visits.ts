import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { XHR } from './browser';
import { routePaths } from './route-paths';
import { repoRoot } from './server-process';

/** Every route of the app but the login form (checked against the table by tests/unit/app/route-access.test.ts). */
export const APP_ROUTES = routePaths(readFileSync(join(repoRoot, 'src/app/route-table.ts'), 'utf8')).filter((path) => path !== '/site/auth');

/** The heading a user sees on a route the access rules refuse them. */
export const REFUSAL = /^(Нет доступа к этому разделу|No access to this section)$/;

async function firstOf<T>(page: Page, url: string, pick: (row: T) => string | number | undefined): Promise<string | undefined> {
  const response = await page.request.get(url, { headers: XHR });
  if (!response.ok()) return undefined;
  const body = (await response.json()) as { data?: T[] } | T[];
  const rows = Array.isArray(body) ? body : (body.data ?? []);
  for (const row of rows) {
    const value = pick(row);
    if (value !== undefined && value !== '') return String(value);
  }
  return undefined;
}

/**
 * Real values for the routes' parameters, as far as this user may read them: the device with the
 * most capabilities on the list's first page, a house with entrances and flats, a user, a group, a
 * buyer and a company. What the user may not read falls back to 1 (its route refuses them anyway).
 */
export async function routeValues(page: Page): Promise<Record<string, string>> {
  const macs = (await firstRows<{ MAC: string }>(page, '/front/device-list/get-list?page=1')).map((row) => row.MAC);
  let mac = macs[0] ?? '000000000000';
  let most = -1;
  for (const candidate of macs.slice(0, 12)) {
    const answer = await page.request.get(`/front/device-card/device/${candidate}`, { headers: XHR });
    if (!answer.ok()) continue;
    const count = ((await answer.json()) as { device: { capabilities: string[] } }).device.capabilities.length;
    if (count > most) [mac, most] = [candidate, count];
  }
  const houses = await firstRows<{ id: string }>(page, '/front/house-list?page=1');
  let houseUid = houses.find((house) => house.id !== '')?.id ?? '1';
  let entranceUid = '1';
  let flatNum = '1';
  for (const house of houses) {
    const entrance = await firstOf<{ id: string }>(page, `/front/entrances?houseUid=${encodeURIComponent(house.id)}`, (row) => row.id);
    if (!entrance) continue;
    [houseUid, entranceUid] = [house.id, entrance];
    flatNum = (await firstOf<{ flatNum: number }>(page, `/front/houses/${encodeURIComponent(house.id)}/flats?page=1`, (row) => row.flatNum)) ?? flatNum;
    break;
  }
  return {
    mac,
    houseUid,
    entranceUid,
    flatNum,
    userId: (await firstOf<{ userId: number }>(page, '/front/user/list?page=1', (row) => row.userId)) ?? '1',
    groupId: (await firstOf<{ groupId: number }>(page, '/front/groups?page=1', (row) => row.groupId)) ?? '1',
    buyerId: (await firstOf<{ id: number }>(page, '/front/buyers?page=1', (row) => row.id)) ?? '1',
    mcId: (await firstOf<{ id: number }>(page, '/front/management-company', (row) => row.id)) ?? '1',
    // The demo installer (id 3) when the field list is not this user's to read.
    installerId: (await firstOf<{ userId: number }>(page, '/front/field?page=1', (row) => row.userId)) ?? '3',
  };
}

async function firstRows<T>(page: Page, url: string): Promise<T[]> {
  const response = await page.request.get(url, { headers: XHR });
  if (!response.ok()) return [];
  return ((await response.json()) as { data: T[] }).data;
}

/** A route of the table with its parameters filled in; `*` becomes a path no route has. */
export function concretePath(path: string, values: Record<string, string>): string {
  if (path === '*') return '/no/such/page';
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no example value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

/** Counts the page's requests in flight, to look at a screen only once it has loaded what it shows. */
export function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  const done = () => (inFlight = Math.max(0, inFlight - 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

/** Waits for a screen's ready state: the app's loader gone, the page's h1 up and the network quiet for `quietMs`. */
export async function settleRoute(page: Page, inFlight: () => number, quietMs = 300): Promise<void> {
  await page.getByRole('progressbar', { name: /^(Загрузка…|Loading…)$/ }).waitFor({ state: 'detached' });
  await page.locator('main h1').first().waitFor();
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(100);
}

/**
 * Opens a route inside the running app (history.pushState and a popstate the router follows), as a
 * link would: a full load per route would evaluate the whole shell again each time. The first visit
 * of a session, with no app yet, loads the page.
 */
export async function visitRoute(page: Page, url: string, inFlight: () => number): Promise<void> {
  const running = await page.evaluate(() => document.querySelector('main h1') !== null).catch(() => false);
  if (running) {
    await page.evaluate((next) => {
      window.history.pushState(null, '', next);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  } else {
    await page.goto(url);
  }
  await settleRoute(page, inFlight);
}

/** How far the page reaches past the viewport, and the outermost elements that do. */
export async function overflow(page: Page): Promise<{ doc: number; body: number; inner: number; culprits: string[] }> {
  return page.evaluate(() => {
    const inner = window.innerWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const right = element.getBoundingClientRect().right;
      const parent = element.parentElement;
      if (right > inner + 0.5 && (!parent || parent.getBoundingClientRect().right <= inner + 0.5)) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        culprits.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0] ?? ''} "${name}" right=${Math.round(right)}`);
      }
    }
    return { doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, inner, culprits: culprits.slice(0, 3) };
  });
}
