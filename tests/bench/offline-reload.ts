import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DIST, recordScripts, type LoadedScript } from './bundle';
import { logIn, openContext, waitForControl } from './app-browser';

/*
 * Offline reload to interactive (issue 3, "Benchmarks"). In Chromium, with the service worker
 * controlling the page and the context really offline, the serial-number wizard is reloaded until
 * its first field can be typed into, against the floor: a static page the same worker serves from
 * its precache. Both are timed inside the page, from the navigation's time origin to the first
 * animation frame after the page is ready, by a script injected before any of the page's own.
 */

export const WIZARD_PATH = '/devices/serial-number-wizard';
/** The wizard's first field (tests/e2e/serial-number-wizard.test.ts uses the same label). */
export const WIZARD_FIRST_FIELD = 'Серийный номер';
const HELP_PATH = '/help.html';
const LOGIN_PATH = '/site/auth';

export interface ReloadSeries {
  name: string;
  path: string;
  /** Navigation start → first frame with the page ready (performance.now() in the page). */
  inPage: number[];
  /** page.reload() → ready seen from here (wall clock, includes the DevTools round trips). */
  wall: number[];
  /** Per reload: when each step of the start was done, ms from navigation start (see `startSteps`). */
  steps: Record<string, number>[];
}

/**
 * The steps of a start, in the order they happen, as the page records them: the document from the
 * worker, the app's marks (`performance.mark('intercom:…')` in main.tsx, route-gate.tsx,
 * offline/db.ts, offline/drafts.ts, offline/use-draft.ts) and the resource timings of the scripts.
 */
export const START_STEPS = [
  'document from the worker',
  'entry script run',
  'permissions settled',
  'route chunk fetched',
  'screen code ready',
  'offline db open',
  'draft read ahead',
  'draft read',
  'last script fetched',
] as const;

/** Page script (plain JS, see readinessProbe): the steps the page recorded; absent ones are left out. */
function startStepsScript(routeChunk: string): string {
  return `(() => {
  const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime;
  const navigation = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
  const chunk = scripts.find((entry) => new URL(entry.name).pathname.includes(${JSON.stringify(routeChunk)}));
  const found = {
    'document from the worker': navigation?.responseEnd,
    'entry script run': mark('intercom:entry'),
    'permissions settled': mark('intercom:permissions'),
    'route chunk fetched': chunk?.responseEnd,
    'screen code ready': mark('intercom:screen'),
    'offline db open': mark('intercom:offline-db-open'),
    'draft read ahead': mark('intercom:draft-prefetched'),
    'draft read': mark('intercom:draft-loaded'),
    'last script fetched': scripts.length > 0 ? Math.max(...scripts.map((entry) => entry.responseEnd)) : undefined,
  };
  const steps = {};
  for (const [name, value] of Object.entries(found)) if (value !== undefined && value > 0) steps[name] = value;
  return steps;
})()`;
}

/** The wizard's own chunk, by the start of its file name. */
const WIZARD_CHUNK = '/serial-number-wizard-page-';

export interface OfflineReloadFigures {
  wizard: ReloadSeries;
  floor: ReloadSeries;
  /** Why the floor is the page it is. */
  floorNote: string;
}

declare global {
  interface Window {
    /** performance.now() of the first frame after the page was ready; -1 while that frame is pending. */
    __benchReady?: number;
  }
}

/**
 * Injected into every document before its scripts: records when the page is ready, by path.
 * The wizard is ready when the input labelled «Серийный номер» is in the page, visible and
 * enabled; the login page when «Логин» is; a static page when its first heading is parsed.
 * Plain JS text: tsx would wrap a function's inner helpers in `__name()`, unknown in the page.
 */
function readinessProbe(labels: { wizard: string; login: string; wizardPath: string; loginPath: string }): string {
  return `(() => {
  const labels = ${JSON.stringify(labels)};
  const labelled = (text) => {
    for (const label of Array.from(document.querySelectorAll('label'))) {
      const name = (label.textContent || '').replace(/[\\s*]+$/u, '').trim();
      if (name !== text) continue;
      const target = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input');
      if (target instanceof HTMLInputElement) return target;
    }
    return null;
  };
  const interactive = (input) => input !== null && !input.disabled && !input.readOnly && input.getClientRects().length > 0;
  const isReady = () => {
    const path = location.pathname;
    if (path === labels.wizardPath) return interactive(labelled(labels.wizard));
    if (path === labels.loginPath) return interactive(labelled(labels.login));
    return document.querySelector('h1') !== null;
  };
  const check = () => {
    if (window.__benchReady !== undefined || !isReady()) return;
    window.__benchReady = -1;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__benchReady = performance.now();
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'readonly', 'style', 'class'] });
  document.addEventListener('DOMContentLoaded', check);
})();`;
}

async function readyAt(page: Page, timeoutMs = 30_000): Promise<number> {
  const handle = await page.waitForFunction(() => (window.__benchReady ?? -1) > 0 && window.__benchReady, undefined, { timeout: timeoutMs, polling: 'raf' });
  return Number(await handle.jsonValue());
}

async function reloads(page: Page, name: string, path: string, runs: number): Promise<ReloadSeries> {
  await page.goto(path);
  await readyAt(page);
  // One reload unmeasured: the first offline navigation settles the worker and the memory cache.
  await page.reload();
  await readyAt(page);
  const series: ReloadSeries = { name, path, inPage: [], wall: [], steps: [] };
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await page.reload({ waitUntil: 'commit' });
    series.inPage.push(await readyAt(page));
    series.wall.push(performance.now() - started);
    series.steps.push(await page.evaluate<Record<string, number>>(startStepsScript(WIZARD_CHUNK)));
  }
  return series;
}

/** dist/sw.js lists its precache manifest inline; the floor must be served from it. */
export async function precachedUrls(): Promise<string[]> {
  const sw = await readFile(join(DIST, 'sw.js'), 'utf8');
  return [...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1]);
}

export async function offlineReloadBench(browser: Browser, baseUrl: string, runs: number): Promise<OfflineReloadFigures> {
  const precached = await precachedUrls();
  const helpPrecached = precached.some((url) => url.replace(/^\//, '') === HELP_PATH.slice(1));
  const probe = { wizard: WIZARD_FIRST_FIELD, login: 'Логин', wizardPath: WIZARD_PATH, loginPath: LOGIN_PATH };
  let wizard: ReloadSeries;
  let floor: ReloadSeries | null = null;
  const { context, page } = await openContext(browser, baseUrl);
  try {
    await context.addInitScript({ content: readinessProbe(probe) });
    await logIn(page);
    await waitForControl(page);
    // Online once: the wizard opens (and makes its draft) under the worker.
    await page.goto(WIZARD_PATH);
    await readyAt(page);
    await page.waitForURL((url) => url.searchParams.has('draft'));
    const wizardUrl = new URL(page.url());

    await context.setOffline(true);
    wizard = await reloads(page, 'serial-number wizard (first field enabled)', `${wizardUrl.pathname}${wizardUrl.search}`, runs);
    if (helpPrecached) floor = await reloads(page, 'static page from the precache (first heading)', HELP_PATH, runs);
  } finally {
    await context.close();
  }
  if (floor) return { wizard, floor, floorNote: `${HELP_PATH} is in the precache manifest of dist/sw.js` };

  // No static page in the precache: the floor is the precached shell showing the login screen, logged out.
  const shell = await openContext(browser, baseUrl);
  try {
    await shell.context.addInitScript({ content: readinessProbe(probe) });
    await shell.page.goto(LOGIN_PATH);
    await waitForControl(shell.page);
    await shell.context.setOffline(true);
    floor = await reloads(shell.page, 'precached shell, login screen («Логин» enabled)', LOGIN_PATH, runs);
  } finally {
    await shell.context.close();
  }
  return { wizard, floor, floorNote: `${HELP_PATH} is not in the precache manifest of dist/sw.js: the floor is the precached shell's login screen` };
}

/**
 * The JS a direct load of the wizard loads, logged in, with a cold cache and no service worker
 * (so only the page's own requests count), gzip-sized here as bundle.ts does for the login route.
 */
/** A wizard route and the label of a field its first step shows once it is ready. */
export interface WizardRoute {
  name: string;
  path: string;
  firstField: string;
}

/** The four installer wizards (issues 3 and 4: each route's JS ≤ 250 KB gzip). */
export const WIZARD_ROUTES: readonly WizardRoute[] = [
  { name: 'serial-number wizard', path: WIZARD_PATH, firstField: WIZARD_FIRST_FIELD },
  { name: 'device set-up wizard', path: '/devices/02:00:00:00:BE:01/wizard', firstField: 'Тип устройства' },
  { name: 'adjuster wizard', path: '/devices/wizard', firstField: 'Базовая станция' },
  { name: 'replace wizard', path: '/devices/replace-wizard', firstField: 'MAC-адрес старого устройства' },
];

/** The scripts each wizard route loads, logged in, cold cache, SW blocked. */
export async function wizardRouteScripts(browser: Browser, baseUrl: string, routes: readonly WizardRoute[] = WIZARD_ROUTES): Promise<Map<WizardRoute, LoadedScript[]>> {
  const login = await openContext(browser, baseUrl, { serviceWorkers: 'block' });
  let state: Awaited<ReturnType<typeof login.context.storageState>>;
  try {
    await logIn(login.page);
    state = await login.context.storageState();
  } finally {
    await login.context.close();
  }
  const loaded = new Map<WizardRoute, LoadedScript[]>();
  for (const route of routes) {
    const { context, page } = await openContext(browser, baseUrl, { serviceWorkers: 'block', storageState: state });
    try {
      loaded.set(
        route,
        await recordScripts(page, async () => {
          await page.goto(route.path);
          await page.getByLabel(route.firstField).first().waitFor();
        }),
      );
    } finally {
      await context.close();
    }
  }
  return loaded;
}
