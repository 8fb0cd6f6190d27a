// "the first page is visible ≤ 1 s after navigation on desktop". Chromium at 1440×900
// against the real server on the large seed (PostgreSQL), as the operator:
//   - cold: a new profile (no service worker) that has just logged in opens /devices by URL: the
//     list's chunks, the session and the data all come from the server;
//   - warm: the app is open on the house list, the operator opens «Устройства» from the main menu.
// The clock runs from the navigation until the first data row of the grid is painted.
//
// Standalone: BENCH_LARGE_DATABASE_URL=postgres://…/db [BENCH_STATIC_DIR=.tmp/dist-x] node --import tsx tests/bench/device-list-page.ts
// From run.ts: `await deviceListPageReport(heading, table, { logFile: LOG_FILE, databaseUrl })` after deviceListReport (it seeds the database).
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { repoRoot, startServer } from '../e2e/server-process';
import { launchBenchBrowser, logIn, openContext } from './app-browser';

export const DEVICE_LIST_PAGE_BUDGET_MS = 1000;
const RUNS = Number(process.env.BENCH_DEVICE_LIST_PAGE_RUNS ?? 7);
const DESKTOP = { width: 1440, height: 900 } as const;
const OPERATOR = { login: 'operator', password: 'operator' } as const;

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface DeviceListPageFigures {
  coldMs: number[];
  warmMs: number[];
  coldBusyMs: number[];
  warmBusyMs: number[];
  rows: number;
  /** 1-minute load average per core while measuring (above 1: the browser waited for a core). */
  loadPerCore: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const FIRST_ROW = '[role="grid"] [role="row"][data-id]';

interface Timing {
  wallMs: number;
  /** CPU time of the renderer's main thread (CDP ThreadTime) over the same span: on a shared, busy machine the wall clock mostly measures waiting for a core. */
  busyMs: number;
}

async function taskSeconds(session: CDPSession): Promise<number> {
  const { metrics } = await session.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0;
}

async function firstRowAfter(page: Page, navigate: () => Promise<unknown>): Promise<Timing> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  try {
    return await timed(page, session, navigate);
  } finally {
    await session.detach();
  }
}

async function timed(page: Page, session: CDPSession, navigate: () => Promise<unknown>): Promise<Timing> {
  const busyBefore = await taskSeconds(session);
  const started = performance.now();
  await navigate();
  await page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: 30_000 });
  const wallMs = Math.round(performance.now() - started);
  const busyMs = Math.round(((await taskSeconds(session)) - busyBefore) * 1000);
  return { wallMs, busyMs };
}

async function measure(browser: Browser, baseUrl: string): Promise<DeviceListPageFigures> {
  const coldMs: number[] = [];
  const warmMs: number[] = [];
  const coldBusyMs: number[] = [];
  const warmBusyMs: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    // Service workers blocked: the list's chunks come from the network and the server, not from a precache.
    const fresh = await openContext(browser, baseUrl, { viewport: DESKTOP, serviceWorkers: 'block' });
    try {
      await logIn(fresh.page, OPERATOR);
      // A new profile that has just logged in: the shell is loaded, the list's chunks and data are not.
      const cold = await firstRowAfter(fresh.page, () => fresh.page.goto('/devices'));
      coldMs.push(cold.wallMs);
      coldBusyMs.push(cold.busyMs);
      rows = await fresh.page.locator(FIRST_ROW).count();
      // In-app: from the house list (the grid's code is loaded, the device list's chunk may be too) to the device list, no data cached.
      await fresh.page.goto('/');
      const menu = fresh.page.getByRole('navigation', { name: 'Главное меню' });
      await menu.getByRole('link', { name: 'Жилой фонд' }).click();
      await fresh.page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: 30_000 });
      const warm = await firstRowAfter(fresh.page, () => menu.getByRole('link', { name: 'Устройства' }).click());
      warmMs.push(warm.wallMs);
      warmBusyMs.push(warm.busyMs);
    } finally {
      await fresh.context.close();
    }
  }
  return { coldMs, warmMs, coldBusyMs, warmBusyMs, rows, loadPerCore: loadavg()[0]! / availableParallelism() };
}

export async function deviceListPageReport(
  heading: Heading,
  table: Table,
  options: { logFile: string; databaseUrl: string | null; staticDir?: string },
): Promise<DeviceListPageFigures | null> {
  heading('Device list screen: first page visible after navigation (desktop, large seed)');
  if (!options.databaseUrl) {
    console.log('  skipped: needs the large-seed PostgreSQL database (BENCH_LARGE_DATABASE_URL)');
    return null;
  }
  const staticDir = options.staticDir ?? process.env.BENCH_STATIC_DIR ?? join(repoRoot, 'dist');
  const server = await startServer({
    env: { LOG_LEVEL: 'silent', DATABASE_URL: options.databaseUrl, SEED: 'large', JOBS_ENABLED: 'false', DEVICE_FAILURE_SHARE: '0', STATIC_DIR: staticDir },
    logFile: options.logFile,
    timeoutMs: 900_000,
  });
  const browser = await launchBenchBrowser();
  let figures: DeviceListPageFigures;
  try {
    figures = await measure(browser, server.url);
  } finally {
    await browser.close();
    await server.stop();
  }
  table(
    [
      ['navigation', 'runs', 'median', 'max', 'main-thread CPU (median)', 'rows shown'],
      ['cold: /devices by URL after login', String(figures.coldMs.length), `${median(figures.coldMs)} ms`, `${Math.max(...figures.coldMs)} ms`, `${median(figures.coldBusyMs)} ms`, String(figures.rows)],
      ['warm: menu link from the house list', String(figures.warmMs.length), `${median(figures.warmMs)} ms`, `${Math.max(...figures.warmMs)} ms`, `${median(figures.warmBusyMs)} ms`, String(figures.rows)],
    ],
    [false, true, true, true, true, true],
  );
  console.log(`  load average per core while measuring: ${figures.loadPerCore.toFixed(1)} (above 1, the wall clock includes waiting for a core)`);
  return figures;
}

/** Budget rows for run.ts: [budget, limit, measured, ratio, verdict]. */
export function deviceListPageBudgetRows(figures: DeviceListPageFigures | null): string[][] {
  const label = 'device list first page visible, desktop (median of cold and warm)';
  if (!figures) return [[label, `${DEVICE_LIST_PAGE_BUDGET_MS} ms`, 'not measured', '-', 'SKIPPED']];
  const worst = Math.max(median(figures.coldMs), median(figures.warmMs));
  return [[label, `${DEVICE_LIST_PAGE_BUDGET_MS} ms`, `${worst} ms`, `${((worst / DEVICE_LIST_PAGE_BUDGET_MS) * 100).toFixed(0)}%`, worst <= DEVICE_LIST_PAGE_BUDGET_MS ? 'PASS' : 'OVER']];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await deviceListPageReport(
    (title) => console.log(`\n== ${title}`),
    (rows) => rows.forEach((row) => console.log(`  ${row.join(' | ')}`)),
    { logFile: join(repoRoot, 'test-results', 'bench-device-list-page.log'), databaseUrl: process.env.BENCH_LARGE_DATABASE_URL ?? null },
  );
  for (const row of deviceListPageBudgetRows(figures)) console.log(`  ${row.join(' | ')}`);
}
