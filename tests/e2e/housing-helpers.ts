import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { XHR, csrfToken, getJson } from './browser';

/*
 * What the house and entrance tests share: the operator's houses with their entrances, writes
 * through the API with the session's CSRF token (to set up and to put the seed back), and the
 * page's sideways reach.
 */

export interface HouseRow {
  id: string;
  address: string;
  region: number;
  fias?: string | null;
}

export interface EntranceRow {
  id: string;
  entranceNum: number;
  houseUid: string;
  title: string;
  type: number;
  range: { start: number; end: number };
  gates: { entranceUid: string; from: number; to: number; prefix: number | null; additionalFlats: string | null }[];
  relays: { mac: string; id: number }[];
}

/** A house of the page's user that opens (another buyer's answers 404) and has two entrances or more. */
export async function houseWithEntrances(page: Page): Promise<{ house: HouseRow; entrances: EntranceRow[] }> {
  const list = await getJson<{ data: HouseRow[] }>(page, '/front/house-list?page=1');
  for (const house of list.data) {
    const response = await page.request.get(`/front/entrances?houseUid=${encodeURIComponent(house.id)}`, { headers: XHR });
    if (!response.ok()) continue;
    const entrances = ((await response.json()) as { data: EntranceRow[] }).data;
    if (entrances.length >= 2) return { house, entrances };
  }
  throw new Error('the seed gave this user no house with two entrances');
}

/** A write through the API; anything but `status` fails the test. */
export async function send(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown, status = 200): Promise<unknown> {
  const response = await page.request.fetch(path, { method, headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) }, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
  return response.json();
}

/** How far the page reaches past the viewport (0 when it does not scroll sideways). */
export async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}
