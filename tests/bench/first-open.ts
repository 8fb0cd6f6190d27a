// A screen opened in a fresh browser (own profile: no cache, no service worker, no IndexedDB), at phone
// width, by a logged-in operator: when the screen's content shows, and where the time went.
//   node --import tsx tests/bench/first-open.ts [--dist dist] [--runs 5]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { repoRoot, startServer } from '../e2e/server-process';
import { launchBenchBrowser, logIn, openContext, pageApi } from './app-browser';
import { DIST } from './bundle';

/** On an ISCOM_X1 panel of buyer 1 in the small seed (keys, a matrix); flat 1 of the seed's first house. */
const MAC = 'E4:5A:D4:00:00:06';
const SCREENS = [
  { name: 'flat card', path: (houseUid: string) => `/houses/${houseUid}/flats/1/update`, data: /\/front\/flats\// },
  { name: 'device keys', path: () => `/devices/${MAC}/keys`, data: /\/front\/device-keys$/ },
  { name: 'commutation matrix', path: () => `/devices/${MAC}/commutators`, data: /\/front\/devices\/[^/]+\/commutators$/ },
] as const;

export interface FirstOpen {
  name: string;
  runs: number;
  /** Medians over the runs, ms from navigation start. */
  content: number;
  shellEvaluated: number;
  permissionsAsked: number;
  dataAsked: number;
  lastScript: number;
  scripts: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function openOnce(page: Page, path: string, data: RegExp): Promise<Omit<FirstOpen, 'name' | 'runs'>> {
  const started = Date.now();
  const asked = new Map<string, number>();
  const finished: number[] = [];
  page.on('request', (request) => {
    if (process.env.FIRST_OPEN_DEBUG) console.log(Date.now() - started, request.method(), request.url());
    const url = new URL(request.url()).pathname;
    if (!asked.has(url)) asked.set(url, Date.now() - started);
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') finished.push(Date.now() - started);
  });
  const answered = page.waitForResponse((response) => data.test(new URL(response.url()).pathname), { timeout: 30_000 });
  await page.goto(path);
  await answered;
  // Shown: the answer is drawn (no spinner left in the screen) on the next frame.
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      return main !== null && main.querySelector('[role=progressbar]') === null && (main.textContent?.length ?? 0) > 50;
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  const content = Date.now() - started;
  const entry = await page.evaluate(() => performance.getEntriesByName('intercom:entry')[0]?.startTime ?? NaN);
  const dataAsked = [...asked].find(([url]) => data.test(url))?.[1] ?? NaN;
  return { content, shellEvaluated: entry, permissionsAsked: asked.get('/front/user/get-permissions') ?? NaN, dataAsked, lastScript: Math.max(...finished), scripts: finished.length };
}

export async function measureFirstOpens(options: { staticDir: string; runs: number; logFile: string }): Promise<FirstOpen[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-first-open-'));
  const server = await startServer({ env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED: 'small', STATIC_DIR: options.staticDir, DEVICE_FAILURE_SHARE: '0', MC_SCHEDULE_MS: '0' }, logFile: options.logFile, timeoutMs: 300_000 });
  const browser = await launchBenchBrowser();
  try {
    const login = await openContext(browser, server.url, { serviceWorkers: 'block' });
    await logIn(login.page, { login: 'operator', password: 'operator' });
    const houses = await pageApi<{ data: { id: string }[] }>(login.page, 'GET', '/front/house-list?page=1');
    const state = await login.context.storageState();
    await login.context.close();
    const figures: FirstOpen[] = [];
    for (const screen of SCREENS) {
      const runs: Omit<FirstOpen, 'name' | 'runs'>[] = [];
      for (let run = 0; run < options.runs; run++) {
        // The service worker is allowed, as in a person's first visit: it installs once the screen is shown.
        const { context, page } = await openContext(browser, server.url, { storageState: state });
        try {
          runs.push(await openOnce(page, screen.path(houses.data[0].id), screen.data));
        } finally {
          await context.close();
        }
      }
      const of = (key: keyof Omit<FirstOpen, 'name' | 'runs'>) => median(runs.map((run) => run[key]));
      figures.push({ name: screen.name, runs: runs.length, content: of('content'), shellEvaluated: of('shellEvaluated'), permissionsAsked: of('permissionsAsked'), dataAsked: of('dataAsked'), lastScript: of('lastScript'), scripts: of('scripts') });
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');

export async function firstOpenReport(heading: Heading, table: Table, options: { logFile: string; runs?: number }): Promise<FirstOpen[] | null> {
  const runs = options.runs ?? Number(process.env.BENCH_FIRST_OPEN_RUNS ?? 5);
  heading(`First open in a fresh browser at 390×844 (small seed, PGlite; median of ${runs})`);
  try {
    const figures = await measureFirstOpens({ staticDir: DIST, runs, logFile: options.logFile });
    table(
      [
        ['screen', 'content shown', 'shell evaluated', 'permissions asked', 'data asked', 'last script in', 'scripts'],
        ...figures.map((f) => [f.name, ms(f.content), ms(f.shellEvaluated), ms(f.permissionsAsked), ms(f.dataAsked), ms(f.lastScript), String(f.scripts)]),
      ],
      [false, true, true, true, true, true, true],
    );
    console.log('  "data asked" before "last script in": the screen\'s request left while its code was still arriving.');
    return figures;
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at < 0 ? fallback : (args[at + 1] ?? fallback);
  };
  const figures = await measureFirstOpens({ staticDir: resolve(repoRoot, option('--dist', 'dist')), runs: Number(option('--runs', '5')), logFile: join(tmpdir(), 'first-open-server.log') });
  for (const f of figures) console.log(`${f.name}: content ${ms(f.content)}; shell evaluated ${ms(f.shellEvaluated)}, permissions asked ${ms(f.permissionsAsked)}, data asked ${ms(f.dataAsked)}, last of ${f.scripts} scripts in ${ms(f.lastScript)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
