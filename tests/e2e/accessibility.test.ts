import { appendFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, account, launchBrowser, logIn, openSession, pathOf, type Viewport } from './browser';
import { APP_ROUTES, REFUSAL, concretePath, overflow, routeValues, trackRequests, visitRoute } from './route-visits';

/*
 * Every route of the route table, for each demo role, at a desktop's and a phone's width:
 *  - axe (WCAG 2 A and AA rules) finds no serious or critical violation. A route a role is refused
 *    is checked once per session (the refusal page is the same everywhere). The table of what was
 *    checked is printed at the end; A11Y_PROGRESS=<file> appends each route's result to that file as it goes;
 *  - at 390 px no page is wider than the viewport;
 *  - the app asks the server nothing it refuses the role (no 403), and only an installer's app
 *    reports its queue (support reads the installers' queues).
 * One visit of each route serves all three, rather than a second sweep of the routes per role.
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
  it.each(ROLES)('finds no serious or critical violation as %s at 1440 and 390 px, no page wider than 390 px, no request refused', { timeout: 900_000 }, async (role) => {
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
      // A 403 the app brought on itself (a list it may not read, a report it may not send) is a request that should not have left.
      const refusedRequests: string[] = [];
      const fieldReports: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) refusedRequests.push(`${response.request().method()} ${new URL(response.url()).pathname} on ${pathOf(page)}`);
      });
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/front/field/report') fieldReports.push(pathOf(page));
      });
      await logIn(page, account(role));
      const values = await routeValues(page);
      expect(APP_ROUTES.length).toBeGreaterThan(30);
      const found: string[] = [];
      const wide: string[] = [];
      let refusalChecked = false;
      for (const route of APP_ROUTES) {
        const url = concretePath(route, values);
        await visitRoute(page, url, inFlight);
        if (viewport === MOBILE) {
          // Transitions (drawers, grids sizing their columns) end within a frame or two of the last answer.
          await page.waitForTimeout(100);
          const { doc, body, inner, culprits } = await overflow(page);
          expect(inner).toBe(MOBILE.width);
          if (doc > inner || body > inner) wide.push(`${url}: document ${doc} px, body ${body} px; ${culprits.join('; ')}`);
        }
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
      expect(wide).toEqual([]);
      expect(refusedRequests).toEqual([]);
      if (role !== 'installer') expect(fieldReports).toEqual([]);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.context.close();
    }
}
