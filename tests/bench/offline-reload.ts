import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { repoRoot, startServer } from '../e2e/server-process';
import { recordScripts, type LoadedScript } from './bundle';
import { waitForControl } from '../e2e/browser';
import { launchBenchBrowser, logIn, openContext } from './app-browser';
import { TRACE_CATEGORIES, mainThreadBreakdown } from './main-thread-trace';

/*
 * Offline reload to interactive (budget: ≤ 3× the floor). In Chromium,
 * with the service worker controlling the page and the context really offline, the serial-number
 * wizard is reloaded until its first field can be typed into, against the floor: a static page the
 * same worker serves from its precache. Both are timed inside the page, from the navigation's time
 * origin to the first animation frame after the page is ready, by a script injected before any of
 * the page's own. For the wizard it also prints where the time goes (medians of the runs): when each
 * step of the start was done (the app's `performance.mark('intercom:…')`, resource timings of the
 * scripts the worker served) and what kept the main thread busy before the field was ready (long
 * animation frames with their scripts' evaluation by chunk, long tasks).
 *
 * The wizard and the floor are open in two tabs of one context and reloaded in turn.
 *
 * On its own, against a build of yours (`npx vite build --outDir dist-mine`), with its own server
 * (PGlite, SEED=small, a fresh data dir):
 *   node --import tsx tests/bench/offline-reload.ts --dist dist-mine --runs 9
 * and to compare two builds in turn (e.g. before and after a change): `--dist dist,dist-mine --rounds 3`.
 * `npm run bench` runs it from tests/bench/offline-report.ts against dist/.
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
  /** Per reload: when each step of the start was done, ms from navigation start (see `START_STEPS`). */
  steps: Record<string, number>[];
  /** Per reload: main-thread time spent before the page was ready, by cause (see `startCostsScript`). */
  costs: Record<string, number>[];
  /** Per traced reload (not among the timed ones): the main thread by kind of work, from a Chromium trace. */
  traced: Record<string, number>[];
}

/**
 * The steps of a start, in the order they happen, as the page records them: the document from the
 * worker, the app's marks (`performance.mark('intercom:…')` in main.tsx, route-gate.tsx,
 * offline/db.ts, offline/drafts.ts, offline/use-draft.ts), the resource timings of the scripts and
 * the probe's own (first field in the page, then enabled). Printed in the order they happened.
 */
export const START_STEPS = [
  'document from the worker',
  'entry script fetched',
  'entry script run',
  'first render started',
  'permissions settled',
  'route chunk fetched',
  'screen code ready',
  'offline db opening',
  'offline db open',
  'draft read ahead',
  'draft read',
  'last script fetched',
  'first field in the page',
  'first field interactive',
] as const;

/** The wizard's own chunk, by the start of its file name. */
const WIZARD_CHUNK = '/serial-number-wizard-page-';

/** Page script (plain JS, see readinessProbe): the steps the page recorded; absent ones are left out. */
function startStepsScript(routeChunk: string): string {
  return `(() => {
  const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime;
  const navigation = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' || entry.initiatorType === 'other' && entry.name.endsWith('.js') || entry.name.endsWith('.js'));
  const named = (part) => scripts.find((entry) => new URL(entry.name).pathname.includes(part));
  const entry = scripts.find((entry) => /\\/assets\\/index-[^/]+\\.js$/.test(new URL(entry.name).pathname));
  const found = {
    'document from the worker': navigation?.responseEnd,
    'entry script fetched': entry?.responseEnd,
    'entry script run': mark('intercom:entry'),
    'first render started': mark('intercom:render'),
    'permissions settled': mark('intercom:permissions'),
    'route chunk fetched': named(${JSON.stringify(routeChunk)})?.responseEnd,
    'screen code ready': mark('intercom:screen'),
    'offline db opening': mark('intercom:offline-db-opening'),
    'offline db open': mark('intercom:offline-db-open'),
    'draft read ahead': mark('intercom:draft-prefetched'),
    'draft read': mark('intercom:draft-loaded'),
    'last script fetched': scripts.length > 0 ? Math.max(...scripts.map((entry) => entry.responseEnd)) : undefined,
    'first field in the page': window.__benchFieldSeen,
    'first field interactive': window.__benchReadySeen,
  };
  const steps = {};
  for (const [name, value] of Object.entries(found)) if (value !== undefined && value > 0) steps[name] = value;
  return steps;
})()`;
}

/**
 * Page script: what kept the main thread busy from navigation start to the ready frame, from the
 * long animation frames (over 50 ms; each names the scripts over 5 ms that ran in it) and long
 * tasks recorded by `frameRecorder`. Script time is split by kind (module evaluation, promise
 * continuations, callbacks) and by chunk (file name without its hash).
 */
function startCostsScript(): string {
  return `(() => {
  const ready = window.__benchReady ?? Infinity;
  const navigation = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js') && entry.responseEnd <= ready);
  const costs = {
    'scripts fetched (count)': scripts.length,
    'scripts fetched, KB decoded': scripts.reduce((sum, entry) => sum + (entry.decodedBodySize || 0), 0) / 1024,
    'worker: navigation answered after': navigation ? navigation.responseStart - navigation.startTime : 0,
  };
  const add = (key, value) => { costs[key] = (costs[key] ?? 0) + value; };
  const chunk = (url) => {
    if (!url) return 'inline/unknown';
    const file = new URL(url, location.href).pathname.split('/').pop() || url;
    return file.replace(/-[A-Za-z0-9_-]{8}\\.js$/, '.js');
  };
  const frames = (window.__benchFrames ?? []).filter((frame) => frame.startTime < ready);
  add('long frames (count)', frames.length);
  for (const frame of frames) {
    add('long frames, total', frame.duration);
    if (frame.styleAndLayoutStart > 0) add('style and layout (long frames)', frame.startTime + frame.duration - frame.styleAndLayoutStart);
    for (const script of frame.scripts) {
      const kind = script.invokerType === 'module-script' || script.invokerType === 'classic-script' ? 'evaluate' : script.invokerType === 'resolve-promise' || script.invokerType === 'reject-promise' ? 'promise' : 'callback';
      add('script: ' + kind, script.duration);
      add('script entry point in chunk: ' + chunk(script.sourceURL), script.duration);
    }
  }
  const tasks = (window.__benchLongTasks ?? []).filter((task) => task.startTime < ready);
  add('long tasks (count)', tasks.length);
  add('long tasks, total', tasks.reduce((sum, task) => sum + task.duration, 0));
  return costs;
})()`;
}

export interface OfflineReloadFigures {
  wizard: ReloadSeries;
  floor: ReloadSeries;
  /** Why the floor is the page it is. */
  floorNote: string;
}

interface RecordedFrame {
  startTime: number;
  duration: number;
  styleAndLayoutStart: number;
  scripts: { invokerType: string; invoker: string; sourceURL: string; duration: number }[];
}

declare global {
  interface Window {
    /** performance.now() of the first frame after the page was ready; -1 while that frame is pending. */
    __benchReady?: number;
    /** performance.now() when the probe first saw the wizard's first field, enabled or not. */
    __benchFieldSeen?: number;
    /** performance.now() when the probe saw the page ready (before that frame). */
    __benchReadySeen?: number;
    __benchFrames?: RecordedFrame[];
    __benchLongTasks?: { startTime: number; duration: number }[];
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
    if (path === labels.wizardPath) {
      const field = labelled(labels.wizard);
      if (field !== null && window.__benchFieldSeen === undefined) window.__benchFieldSeen = performance.now();
      return interactive(field);
    }
    if (path === labels.loginPath) return interactive(labelled(labels.login));
    return document.querySelector('h1') !== null;
  };
  const check = () => {
    if (window.__benchReady !== undefined || !isReady()) return;
    window.__benchReady = -1;
    window.__benchReadySeen = performance.now();
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

/** Injected before the page's scripts: keeps the long animation frames and long tasks of the start. */
const frameRecorder = `(() => {
  window.__benchFrames = [];
  window.__benchLongTasks = [];
  const observe = (type, take) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
    } catch {}
  };
  observe('long-animation-frame', (frame) => window.__benchFrames.push({
    startTime: frame.startTime,
    duration: frame.duration,
    styleAndLayoutStart: frame.styleAndLayoutStart,
    scripts: frame.scripts.map((script) => ({ invokerType: script.invokerType, invoker: script.invoker, sourceURL: script.sourceURL, duration: script.duration })),
  }));
  observe('longtask', (task) => window.__benchLongTasks.push({ startTime: task.startTime, duration: task.duration }));
})();`;

async function readyAt(page: Page, timeoutMs = 30_000): Promise<number> {
  const handle = await page.waitForFunction(() => (window.__benchReady ?? -1) > 0 && window.__benchReady, undefined, { timeout: timeoutMs, polling: 'raf' });
  return Number(await handle.jsonValue());
}

/** Long animation frames end after the ready frame is painted: wait for that frame's entry. */
async function settledCosts(page: Page): Promise<Record<string, number>> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  return page.evaluate<Record<string, number>>(startCostsScript());
}

interface Reloading {
  page: Page;
  series: ReloadSeries;
}

/** Opens `path` and reloads it once unmeasured: the first offline navigation settles the worker and the memory cache. */
async function startReloading(page: Page, name: string, path: string): Promise<Reloading> {
  await page.goto(path);
  await readyAt(page);
  await page.reload();
  await readyAt(page);
  return { page, series: { name, path, inPage: [], wall: [], steps: [], costs: [], traced: [] } };
}

async function reloadOnce({ page, series }: Reloading): Promise<void> {
  await page.bringToFront();
  const started = performance.now();
  await page.reload({ waitUntil: 'commit' });
  series.inPage.push(await readyAt(page));
  series.wall.push(performance.now() - started);
  series.steps.push(await page.evaluate<Record<string, number>>(startStepsScript(WIZARD_CHUNK)));
  series.costs.push(await settledCosts(page));
}

/**
 * `runs` measured reloads of each page, taken in turn (one of each, then again), so a machine
 * busy with other work weighs on the page and on its floor alike.
 */
async function reloadsInTurn(pages: Reloading[], runs: number): Promise<void> {
  for (let i = 0; i < runs; i += 1) {
    for (const one of pages) await reloadOnce(one);
  }
}

/** Reloads under a Chromium trace (slower: kept apart from the timed ones), each split by kind of main-thread work. */
async function tracedReloads(browser: Browser, page: Page, series: ReloadSeries, runs: number): Promise<void> {
  await page.bringToFront();
  for (let i = 0; i < runs; i += 1) {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let trace: Buffer | null = null;
    try {
      await page.reload({ waitUntil: 'commit' });
      const ready = await readyAt(page);
      trace = await browser.stopTracing();
      series.traced.push({ ...mainThreadBreakdown(trace, 'intercom:entry', ready), 'ready, traced': ready });
    } finally {
      if (!trace) await browser.stopTracing().catch(() => undefined);
    }
  }
}

/** The worker's precache manifest (inline in /sw.js, as the server serves it); the floor must be served from it. */
export async function precachedUrls(baseUrl: string): Promise<string[]> {
  const answer = await fetch(new URL('/sw.js', baseUrl));
  if (!answer.ok) throw new Error(`GET /sw.js: HTTP ${answer.status}`);
  const sw = await answer.text();
  return [...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1]);
}

/** Traced reloads of the wizard after its timed ones (see `tracedReloads`). */
const TRACED_RUNS = 3;

export async function offlineReloadBench(browser: Browser, baseUrl: string, runs: number): Promise<OfflineReloadFigures> {
  const precached = await precachedUrls(baseUrl);
  const helpPrecached = precached.some((url) => url.replace(/^\//, '') === HELP_PATH.slice(1));
  const probe = { wizard: WIZARD_FIRST_FIELD, login: 'Логин', wizardPath: WIZARD_PATH, loginPath: LOGIN_PATH };
  let wizard: ReloadSeries;
  let floor: ReloadSeries | null = null;
  const { context, page } = await openContext(browser, baseUrl);
  try {
    await context.addInitScript({ content: readinessProbe(probe) });
    await context.addInitScript({ content: frameRecorder });
    await logIn(page);
    await waitForControl(page);
    // Online once: the wizard opens (and makes its draft) under the worker.
    await page.goto(WIZARD_PATH);
    await readyAt(page);
    await page.waitForURL((url) => url.searchParams.has('draft'));
    const wizardUrl = new URL(page.url());

    await context.setOffline(true);
    const wizardTab = await startReloading(page, 'serial-number wizard (first field enabled)', `${wizardUrl.pathname}${wizardUrl.search}`);
    // The floor in a second tab of the same context (same worker), reloaded in turn with the wizard.
    const floorTab = helpPrecached ? await startReloading(await context.newPage(), 'static page from the precache (first heading)', HELP_PATH) : null;
    await reloadsInTurn(floorTab ? [wizardTab, floorTab] : [wizardTab], runs);
    await tracedReloads(browser, page, wizardTab.series, TRACED_RUNS);
    wizard = wizardTab.series;
    floor = floorTab?.series ?? null;
  } finally {
    await context.close();
  }
  if (floor) return { wizard, floor, floorNote: `${HELP_PATH} is in the worker's precache manifest` };

  // No static page in the precache: the floor is the precached shell showing the login screen, logged out.
  const shell = await openContext(browser, baseUrl);
  try {
    await shell.context.addInitScript({ content: readinessProbe(probe) });
    await shell.context.addInitScript({ content: frameRecorder });
    await shell.page.goto(LOGIN_PATH);
    await waitForControl(shell.page);
    await shell.context.setOffline(true);
    const shellTab = await startReloading(shell.page, 'precached shell, login screen («Логин» enabled)', LOGIN_PATH);
    await reloadsInTurn([shellTab], runs);
    floor = shellTab.series;
  } finally {
    await shell.context.close();
  }
  return { wizard, floor, floorNote: `${HELP_PATH} is not in the worker's precache manifest: the floor is the precached shell's login screen` };
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Where the wizard's start goes: the median time of each step, and the step before it. */
export function startStepRows(series: ReloadSeries): string[][] {
  const rows: string[][] = [['step (wizard reload, median of the runs)', 'done at', 'since previous']];
  let previous = 0;
  const done = START_STEPS.map((step) => {
    const times = series.steps.map((steps) => steps[step]).filter((value): value is number => value !== undefined);
    return { step, at: times.length > 0 ? median(times) : NaN, runs: times.length };
  })
    .filter(({ runs }) => runs > 0)
    .sort((a, b) => a.at - b.at);
  for (const { step, at, runs } of done) {
    const some = runs < series.steps.length ? ` (${runs} of ${series.steps.length} runs)` : '';
    rows.push([`${step}${some}`, ms(at), `+${ms(Math.max(0, at - previous))}`]);
    previous = Math.max(previous, at);
  }
  const ready = median(series.inPage);
  rows.push(['first frame with the field ready', ms(ready), `+${ms(Math.max(0, ready - previous))}`]);
  return rows;
}

/** What kept the main thread busy before the page was ready: the median of each cause over the runs. */
export function startCostRows(series: ReloadSeries, field: 'costs' | 'traced' = 'costs', title = `before ready, ${series.name} (median of the runs)`): string[][] {
  const names = [...new Set(series[field].flatMap((costs) => Object.keys(costs)))];
  const order = (name: string) => (name.startsWith('script entry point in chunk: ') ? 2 : name.startsWith('script') ? 1 : 0);
  names.sort((a, b) => order(a) - order(b));
  const rows: string[][] = [[title, 'median', 'range']];
  for (const name of names) {
    const values = series[field].map((costs) => costs[name] ?? 0);
    const unit = name.includes('(count)') ? (v: number) => v.toFixed(0) : name.includes('KB') ? (v: number) => `${v.toFixed(0)} KB` : ms;
    rows.push([name, unit(median(values)), `${unit(Math.min(...values))}-${unit(Math.max(...values))}`]);
  }
  return rows;
}

export function reloadSeriesRow(series: ReloadSeries): string[] {
  return [series.name, ms(median(series.inPage)), `${ms(Math.min(...series.inPage))}-${ms(Math.max(...series.inPage))}`, ms(median(series.wall))];
}

type Table = (rows: string[][], alignRight: boolean[]) => void;

/** The reload's figures as `npm run bench` and the command line print them. */
export function printOfflineReload(reload: OfflineReloadFigures, table: Table): void {
  table([['page', 'median', 'range', 'median wall'], reloadSeriesRow(reload.wizard), reloadSeriesRow(reload.floor)], [false, true, true, true]);
  const ratio = median(reload.wizard.inPage) / median(reload.floor.inPage);
  console.log(`  median = navigation start -> first frame ready, performance.now() in the page; wall = page.reload() -> ready seen by the bench`);
  console.log(`  floor: ${reload.floorNote}`);
  console.log(`  ratio wizard / floor: ${ratio.toFixed(1)}× (budget ≤ 3×)`);
  console.log("  where the wizard's start goes (the app's performance marks and the scripts' resource timings):");
  table(startStepRows(reload.wizard), [false, true, true]);
  console.log('  what kept the main thread busy (long animation frames over 50 ms and their scripts over 5 ms, long tasks):');
  table(startCostRows(reload.wizard), [false, true, true]);
  table(startCostRows(reload.floor), [false, true, true]);
  if (reload.wizard.traced.length > 0) {
    console.log(`  the wizard's main thread from navigation start to the ready frame, by kind of work (Chromium trace of ${reload.wizard.traced.length} more reloads, slower for the tracing):`);
    table(startCostRows(reload.wizard, 'traced', 'main thread, traced reloads (median)'), [false, true, true]);
  }
}

/** A wizard route and the label of a field its first step shows once it is ready. */
export interface WizardRoute {
  name: string;
  path: string;
  firstField: string;
}

/** The four installer wizards (each route's JS ≤ 250 KB gzip). */
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

/** Several rounds of one build, as one: every reload of every round counts in the medians. */
function mergeRounds(rounds: OfflineReloadFigures[]): OfflineReloadFigures {
  const merge = (series: ReloadSeries[]): ReloadSeries => ({
    ...series[0],
    inPage: series.flatMap((one) => one.inPage),
    wall: series.flatMap((one) => one.wall),
    steps: series.flatMap((one) => one.steps),
    costs: series.flatMap((one) => one.costs),
    traced: series.flatMap((one) => one.traced),
  });
  return { wizard: merge(rounds.map((round) => round.wizard)), floor: merge(rounds.map((round) => round.floor)), floorNote: rounds[0].floorNote };
}

/**
 * `--dist a,b` measures two builds (each with its own server), round by round in turn, so a busy
 * machine weighs on both alike; `--rounds` repeats the reloads of each build that many times.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at < 0 ? fallback : (args[at + 1] ?? fallback);
  };
  const builds = option('--dist', 'dist')
    .split(',')
    .map((dir) => resolve(repoRoot, dir));
  const runs = Number(option('--runs', '7'));
  const rounds = Number(option('--rounds', '1'));
  const servers = await Promise.all(
    builds.map(async (staticDir, index) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'intercom-bench-reload-'));
      const env = { LOG_LEVEL: 'silent', MC_SCHEDULE_MS: '0', DATA_DIR: dataDir, SEED: 'small', STATIC_DIR: staticDir };
      const server = await startServer({ env, logFile: join(repoRoot, 'test-results', `bench-offline-reload-${index}.log`), timeoutMs: 300_000 });
      return { staticDir, dataDir, server, rounds: [] as OfflineReloadFigures[] };
    }),
  );
  const browser = await launchBenchBrowser();
  const table: Table = (rows, alignRight) => {
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
    for (const row of rows) console.log('  ' + row.map((cell, i) => (alignRight[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  '));
  };
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const build of servers) build.rounds.push(await offlineReloadBench(browser, build.server.url, runs));
    }
    for (const build of servers) {
      console.log(`\n== Offline reload to interactive: ${build.staticDir}, ${runs * rounds} reloads each (SW-controlled, context offline)`);
      printOfflineReload(mergeRounds(build.rounds), table);
    }
  } finally {
    await browser.close();
    for (const build of servers) {
      await build.server.stop();
      await rm(build.dataDir, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
