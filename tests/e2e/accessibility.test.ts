import { appendFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, account, launchBrowser, logIn, openSession, type Viewport } from './browser';
import { APP_ROUTES, REFUSAL, concretePath, routeValues, trackRequests, visitRoute } from './route-visits';

/*
 * Axe (WCAG 2 A and AA rules) on every route of the route table, for each demo role, at
 * a desktop's and a phone's width, finds no serious or critical violation. A route a role is refused
 * is checked once per session (the refusal page is the same everywhere). The table of what was
 * checked is printed at the end; A11Y_PROGRESS=<file> appends each route's result to that file as it goes.
 */

const ROLES = ['admin', 'operator', 'support', 'installer'] as const;
const WIDTHS = [
  ['1440', DESKTOP],
  ['390', MOBILE],
] as const;
const BLOCKING = new Set(['serious', 'critical']);

/** route → "role@width" → violations found, or "refused" when the role may not open it. */
const table = new Map<string, Map<string, string>>();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const columns = ROLES.flatMap((role) => WIDTHS.map(([width]) => `${role}@${width}`));
  const lines = [['route', ...columns].join(' | ')];
  for (const [route, cells] of table) lines.push([route, ...columns.map((column) => cells.get(column) ?? '')].join(' | '));
  console.log(`axe (wcag2a, wcag2aa; serious + critical violations; "refused" = the role's no-access page)\n${lines.join('\n')}`);
});

// The roles run side by side (the browser, the server and axe share the cores better than in turns); widths in turn.
describe.concurrent('axe on every route', () => {
  it.each(ROLES)('finds no serious or critical violation as %s at 1440 and 390 px', { timeout: 900_000 }, async (role) => {
    for (const [width, viewport] of WIDTHS) await checkRoutes(role, width, viewport);
  });
});

/**
 * Axe's violations on the page as it is. axe-core is evaluated once per page and stays, since the
 * routes are opened inside the running app: AxeBuilder would evaluate its 500 KB again on every call,
 * which took most of this file's time. `page.evaluate`, as AxeBuilder does, is not subject to the CSP.
 */
async function violations(page: Page): Promise<axe.Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async (options) => {
      // Finite transitions and animations (a fade, a slide) end first: half-way, a text is paler than it will be.
      const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      return (window as unknown as { axe: typeof axe }).axe.run(document, options).then((results) => results.violations);
    },
    { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] } satisfies axe.RunOptions,
  );
}

async function checkRoutes(role: (typeof ROLES)[number], width: string, viewport: Viewport): Promise<void> {
    const session = await openSession(browser, viewport);
    try {
      const { page } = session;
      const inFlight = trackRequests(page);
      await logIn(page, account(role));
      const values = await routeValues(page);
      const found: string[] = [];
      let refusalChecked = false;
      for (const route of APP_ROUTES) {
        const url = concretePath(route, values);
        await visitRoute(page, url, inFlight);
        const refused = (await page.getByRole('heading', { name: REFUSAL }).count()) > 0;
        const cells = table.get(route) ?? new Map<string, string>();
        table.set(route, cells);
        if (refused && refusalChecked) {
          cells.set(`${role}@${width}`, 'refused');
          continue;
        }
        refusalChecked ||= refused;
        const blockingNow = async () => (await violations(page)).filter((violation) => BLOCKING.has(violation.impact ?? ''));
        let blocking = await blockingNow();
        // Seen while the screen still changed (a list dimmed while it refetches, a late fade): looked at
        // again a second later, and only what stays counts.
        if (blocking.length > 0) {
          await page.waitForTimeout(1_000);
          blocking = await blockingNow();
        }
        cells.set(`${role}@${width}`, `${refused ? 'refused ' : ''}${blocking.length}`);
        const before = found.length;
        for (const violation of blocking) {
          const targets = violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
          found.push(`${url} [${violation.impact}] ${violation.id}: ${violation.help} — ${violation.nodes.length}× e.g. ${targets.join(' ; ')}`);
        }
        if (process.env.A11Y_PROGRESS) appendFileSync(process.env.A11Y_PROGRESS, `${new Date().toISOString()} ${role}@${width} ${url} ${blocking.map((v) => v.id).join(',')}\n${found.slice(before).join('\n')}\n`);
      }
      expect(found).toEqual([]);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
}
