// Housing stock:
//   - the large seed (PostgreSQL): built here when the database is missing or holds an older seed,
//     with its total time and each step's (`npm run seed -- --report`); reused otherwise, with the
//     figures of the run that built it;
//   - on it, as the operator: GET /front/flats/{house}:{flat} over 200 flats of the operator's buyer
//     spread over the data, and GET /front/house-list?address=<3 letters> over a dozen fragments,
//     p99 at 10 connections, every answer's status counted (a 404 is a broken call, not a fast one);
//   - on the demo seed (PGlite) in Chromium: the JS each new route loads (house, flat card,
//     entrance, /access) and «flat card interactive», navigation start → [data-testid="flat-card-ready"]
//     visible, median of several runs.
//
// Standalone: node --import tsx tests/bench/housing.ts (TEST_DATABASE_URL or BENCH_LARGE_DATABASE_URL
// for the PostgreSQL part; BENCH_STATIC_DIR for a build other than dist/).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { flatParams } from '../../contract/flats';
import { openDatabase, queryRows } from '../../server/db/client';
import { FLAT_PERMISSION_NAMES } from '../../server/seed/flat-extras';
import { repoRoot, startServer } from '../e2e/server-process';
import { launchBenchBrowser, logIn, openContext } from './app-browser';
import { DIST, recordScripts, type LoadedScript } from './bundle';
import { largeDatabaseUrl } from './device-list';
import { latencyRow, loadPaths, logInCookie, statusSummary, type LoadFigures, type LoadOptions } from './load';

const KB = 1024;
export const HOUSING_BUDGET = { flatP99Ms: 30, houseSearchP99Ms: 20, routeJsGzip: 250 * KB, flatCardInteractiveMs: 500, largeSeedMs: 10 * 60_000 };
const OPERATOR = { login: 'operator', password: 'operator' } as const;
const FLAT_SAMPLE = 200;
/** Three letters an operator types: streets, cities and regions, a few hundred houses each or fewer. */
export const ADDRESS_FRAGMENTS = ['Лен', 'сад', 'Гог', 'Мир', 'Чех', 'Пуш', 'Каз', 'Сам', 'Тве', 'ная', 'Тол', 'Жук'] as const;
const INTERACTIVE_RUNS = Number(process.env.BENCH_FLAT_CARD_RUNS ?? 7);
const REPORT_FILE = join(repoRoot, 'test-results', 'large-seed.json');
const READY = '[data-testid="flat-card-ready"]';
/** The large seed has about 1.3 million flats: fewer means a database left by an older seed. */
const LARGE_SEED_MIN_FLATS = 1_000_000;

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

interface SeedStepFigure {
  name: string;
  ms: number;
  rows: number;
}

export interface LargeSeedFigures {
  url: string;
  totalMs: number;
  steps: SeedStepFigure[];
  rows: Record<string, number>;
  /** False when this run built it, else when the reused database was built. */
  reused: boolean;
}

export interface HousingApiFigures {
  flat: LoadFigures;
  houseSearch: LoadFigures;
  /** Fragments drawn from the seed's addresses at random: three letters of a word, or a house number's first one or two characters. */
  drawnSearch: LoadFigures;
  /** What a person types that matches most houses: «ул.», «д. 1», one or two digits, a common ending. */
  broadSearch: LoadFigures;
}

/** The broadest things a person types into the address search (each matches thousands of the large seed's 25,000 houses). */
export const BROAD_ADDRESS_FRAGMENTS = ['ул.', 'д. 1', '1', '12', '2', 'г', 'обл', 'ная', 'ова', 'ск', 'ул. Лен', 'д. 1 к'] as const;

/**
 * Whole numbers below a bound, the same sequence for the same seed on every run (the bench's drawn
 * fragments). A linear congruential generator's low bits repeat with a short period, so the high
 * ones are drawn: with the low bits, every login fragment of tests/bench/people.ts came out «7».
 */
export function seededDraws(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    return (state >>> 16) % below;
  };
}

/**
 * `count` fragments from the seed's addresses, drawn with a fixed seed (the same every run): three
 * letters out of a word, or the first one or two characters of a number (a house, a building).
 */
async function drawnAddressFragments(url: string, count: number): Promise<string[]> {
  const addresses = await withClient(url, async (client) => (await client.query<{ address: string }>(`select address from houses order by md5(uid) limit ${count}`)).rows.map((row) => row.address));
  const next = seededDraws(0x2545f491);
  return addresses.map((address) => {
    const words = address.split(/[^0-9A-Za-zА-Яа-яЁё]+/).filter((word) => word.length >= 3 || /^\d/.test(word));
    const word = words[next(words.length)] ?? address;
    if (/^\d/.test(word)) return word.slice(0, 1 + next(2));
    const start = next(word.length - 2);
    return word.slice(start, start + 3);
  });
}

export interface HousingPageFigures {
  routeJs: { name: string; path: string; total: number; scripts: LoadedScript[]; ready: boolean }[];
  interactiveMs: number[];
  /** Runs in which the ready mark never showed (the screen is missing or broken). */
  interactiveFailures: string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function flatCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const exists = await client.query<{ found: boolean }>(`select to_regclass('public.flats') is not null as found`);
    if (!exists.rows[0]?.found) return 0;
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from flats');
    return rows[0]?.n ?? 0;
  });
}

/** `npm run seed -- --size large` into an empty database, its output passed through. */
async function buildLargeSeed(url: string): Promise<void> {
  await mkdir(join(repoRoot, 'test-results'), { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--size', 'large', '--database-url', url, '--report', REPORT_FILE], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk.toString().replace(/^/gm, '  ')));
  child.stderr.on('data', (chunk: Buffer) => process.stdout.write(chunk.toString().replace(/^/gm, '  ')));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the large seed failed (exit code ${code})`);
}

/**
 * The large-seed database of the bench, holding the current large seed: built (and timed) when it
 * is empty or older; with BENCH_RESEED=1 always.
 */
export async function largeSeedReport(heading: Heading, table: Table): Promise<LargeSeedFigures | null> {
  heading('Large seed (PostgreSQL): build time of each step');
  const url = await largeDatabaseUrl();
  if (!url) {
    console.log('  skipped: set BENCH_LARGE_DATABASE_URL, BENCH_DATABASE_URL or TEST_DATABASE_URL to build it');
    return null;
  }
  const flats = await flatCount(url);
  let report: string | null = await readFile(REPORT_FILE, 'utf8').catch(() => null);
  const reuse = flats >= LARGE_SEED_MIN_FLATS && report !== null && process.env.BENCH_RESEED !== '1';
  if (!reuse) {
    if (flats > 0 || (await hasUsers(url))) {
      if (process.env.BENCH_LARGE_DATABASE_URL) throw new Error(`${process.env.BENCH_LARGE_DATABASE_URL} holds data of another seed (${flats} flats): give an empty database`);
      await recreate(url);
      console.log(`  ${new URL(url).pathname.slice(1)}: ${flats} flats of an older seed (or BENCH_RESEED=1): dropped and created again`);
    }
    await buildLargeSeed(url);
    report = await readFile(REPORT_FILE, 'utf8');
  }
  const parsed = JSON.parse(report ?? '{}') as { totalMs: number; steps: SeedStepFigure[]; rows: Record<string, number> };
  const figures: LargeSeedFigures = { url, totalMs: parsed.totalMs, steps: parsed.steps, rows: parsed.rows, reused: reuse };
  if (reuse) console.log(`  reused ${new URL(url).pathname.slice(1)} (${flats} flats); the figures of the run that built it (BENCH_RESEED=1 builds it again):`);
  table(
    [['step', 'time', 'rows'], ...figures.steps.map((step) => [step.name, seconds(step.ms), step.rows ? String(step.rows) : '']), ['whole seed (npm run seed)', seconds(figures.totalMs), '']],
    [false, true, true],
  );
  const main = ['houses', 'flats', 'devices', 'users', 'keys', 'device_history_events', 'sip_accounts'];
  console.log(`  rows: ${main.map((name) => `${name} ${figures.rows[name] ?? 0}`).join(', ')}`);
  return figures;
}

async function hasUsers(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const exists = await client.query<{ found: boolean }>(`select to_regclass('public.users') is not null as found`);
    if (!exists.rows[0]?.found) return false;
    const { rows } = await client.query<{ n: boolean }>('select exists (select 1 from users) as n');
    return rows[0]?.n ?? false;
  });
}

async function recreate(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  // The database the bench was given, beside which the large one lives.
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? url;
  await withClient(admin, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
}

/** Flats of the operator's buyer spread over the whole table (every n-th by id). */
async function operatorFlats(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ house: string; flat: number }>(
      `select house_uid as house, flat_num as flat from (
         select house_uid, flat_num, row_number() over (order by id) as n, count(*) over () as total from flats where buyer_id = 1
       ) spread where n % greatest(1, total / ${FLAT_SAMPLE}) = 0 order by n limit ${FLAT_SAMPLE}`,
    );
    return rows.map((row) => `/front/flats/${flatParams(row.house, row.flat).flat}`);
  });
}

function printLoads(table: Table, loads: LoadFigures[]): void {
  table(
    [['measure', 'p50', 'p99', 'req/s', 'requests', 'answers by status', 'errors'], ...loads.map((l) => [l.name, `${l.p50} ms`, `${l.p99} ms`, l.rps.toFixed(0), String(l.requests), statusSummary(l), String(l.errors)])],
    [false, true, true, true, true, false, true],
  );
  for (const l of loads) if (l.non2xx > 0) console.log(`  BROKEN: ${l.name} answered ${l.non2xx} of ${l.requests} requests with a non-2xx status: its latency is not the call's`);
}

/** The flat card's data call and the house search on the large seed, as the operator, at 10 connections. */
export async function housingApiReport(heading: Heading, table: Table, large: LargeSeedFigures | null, options: LoadOptions & { logFile: string }): Promise<HousingApiFigures | null> {
  heading('Flat card data and house search on the large seed (PostgreSQL, operator, 10 connections)');
  if (!large) {
    console.log('  skipped: no large-seed database');
    return null;
  }
  const flats = await operatorFlats(large.url);
  const searchPaths = (fragments: readonly string[]) => fragments.map((fragment) => `/front/house-list?address=${encodeURIComponent(fragment)}`);
  const searches = searchPaths(ADDRESS_FRAGMENTS);
  const drawn = await drawnAddressFragments(large.url, 24);
  console.log(`  drawn fragments: ${drawn.map((fragment) => `«${fragment}»`).join(' ')}; broad: ${BROAD_ADDRESS_FRAGMENTS.map((fragment) => `«${fragment}»`).join(' ')}`);
  const env = { LOG_LEVEL: 'silent', DATABASE_URL: large.url, SEED: 'none', JOBS_ENABLED: 'false', DEVICE_FAILURE_SHARE: '0' };
  const server = await startServer({ env, logFile: options.logFile, timeoutMs: 120_000 });
  const quick = { ...options, connections: 10 };
  try {
    const cookie = await logInCookie(server.url, OPERATOR.login, OPERATOR.password);
    for (const path of [flats[0]!, searches[0]!]) {
      const probe = await fetch(`${server.url}${path}`, { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie } });
      const body = await probe.text();
      console.log(`  probe GET ${decodeURIComponent(path)}: HTTP ${probe.status}, ${body.length} bytes${probe.ok ? '' : ` (${body.slice(0, 160)})`}`);
    }
    const flat = await loadPaths(`GET /front/flats/{house}:{flat}, ${flats.length} flats of buyer 1`, server.url, flats, cookie, quick);
    const houseSearch = await loadPaths(`GET /front/house-list?address=<3 letters>, ${searches.length} fragments`, server.url, searches, cookie, quick);
    const drawnSearch = await loadPaths(`GET /front/house-list?address=<drawn from the data>, ${drawn.length} fragments`, server.url, searchPaths(drawn), cookie, quick);
    const broadSearch = await loadPaths(`GET /front/house-list?address=<broad>, ${BROAD_ADDRESS_FRAGMENTS.length} fragments`, server.url, searchPaths(BROAD_ADDRESS_FRAGMENTS), cookie, quick);
    printLoads(table, [flat, houseSearch, drawnSearch, broadSearch]);
    return { flat, houseSearch, drawnSearch, broadSearch };
  } finally {
    await server.stop();
  }
}

interface DemoPlaces {
  houseUid: string;
  flatNum: number;
  entranceUid: string;
}

/** The first showcase flat of the demo seed (every section of the card filled), its house and an entrance. */
async function demoPlaces(dataDir: string): Promise<DemoPlaces> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [place] = await queryRows<{ houseUid: string; flatNum: number; entranceUid: string }>(
      database.drizzle,
      sql`select f.house_uid as "houseUid", f.flat_num as "flatNum", fe.entrance_uid as "entranceUid"
          from flats f join flat_entrances fe on fe.flat_id = f.id
          where f.buyer_id = 1 and (select count(*) from flat_permissions p where p.flat_id = f.id) = ${FLAT_PERMISSION_NAMES.length}
            and exists (select 1 from flat_permissions p where p.flat_id = f.id and p.comment = 'Отключено по заявлению')
          order by exists (select 1 from flat_device_settings s where s.flat_id = f.id and s.block_cms) desc, f.status desc, f.id desc limit 1`,
    );
    if (!place) throw new Error('the demo seed has no showcase flat');
    return place;
  } finally {
    await database.close();
  }
}

/** Chromium on the demo seed: each new route's JS (cold, SW blocked) and the flat card's time to interactive. */
export async function housingPageReport(heading: Heading, table: Table, options: { logFile: string; staticDir?: string }): Promise<HousingPageFigures | null> {
  heading('Housing screens on the demo seed (PGlite) in Chromium: route JS and flat card interactive');
  const staticDir = options.staticDir ?? DIST;
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-bench-housing-'));
  try {
    const env = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED: 'demo', STATIC_DIR: staticDir, DEVICE_FAILURE_SHARE: '0' };
    const seeding = await startServer({ env, logFile: options.logFile, timeoutMs: 300_000 });
    await seeding.stop();
    const places = await demoPlaces(join(dataDir, 'pglite'));
    const flatPath = `/houses/${encodeURIComponent(places.houseUid)}/flats/${places.flatNum}/update`;
    const routes = [
      { name: 'house', path: `/houses/${encodeURIComponent(places.houseUid)}` },
      { name: 'flat card', path: flatPath },
      { name: 'entrance', path: `/entrances/${encodeURIComponent(places.entranceUid)}` },
      { name: 'blocks and catalogue', path: '/access' },
    ];
    const server = await startServer({ env, logFile: options.logFile });
    const browser = await launchBenchBrowser();
    try {
      const login = await openContext(browser, server.url, { serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
      await logIn(login.page, OPERATOR);
      const state = await login.context.storageState();
      await login.context.close();

      const routeJs: HousingPageFigures['routeJs'] = [];
      for (const route of routes) {
        const { context, page } = await openContext(browser, server.url, { serviceWorkers: 'block', storageState: state, viewport: { width: 1440, height: 900 } });
        try {
          let ready = true;
          const scripts = await recordScripts(page, async () => {
            await page.goto(route.path);
            // The screen's own chunk has loaded once the route placeholder is gone; recordScripts then waits for the network to idle.
            ready = await page
              .locator('main')
              .first()
              .waitFor({ state: 'visible', timeout: 30_000 })
              .then(() => true)
              .catch(() => false);
          });
          routeJs.push({ ...route, total: scripts.reduce((sum, script) => sum + script.gzip, 0), scripts, ready });
        } finally {
          await context.close();
        }
      }
      for (const route of routeJs) {
        console.log(`\n  ${route.name} (${decodeURIComponent(route.path)}): ${kb(route.total)} gzip in ${route.scripts.length} scripts (budget ${kb(HOUSING_BUDGET.routeJsGzip)})${route.ready ? '' : ' - the screen never showed'}`);
        table([['script', 'raw', 'gzip'], ...route.scripts.map((s) => [s.url, kb(s.bytes), kb(s.gzip)])], [false, true, true]);
      }

      // Flat card interactive: a logged-in operator opens the card by URL; the clock is the page's
      // own (performance.now() from navigation start) when the ready mark is visible.
      const interactiveMs: number[] = [];
      const interactiveFailures: string[] = [];
      const { context, page } = await openContext(browser, server.url, { serviceWorkers: 'block', storageState: state, viewport: { width: 1440, height: 900 } });
      try {
        for (let run = 0; run <= INTERACTIVE_RUNS; run++) {
          try {
            await page.goto(flatPath);
            // Polled at each frame in the page: performance.now() counts from the navigation's start.
            const shown = await page.waitForFunction(
              (selector) => {
                const element = document.querySelector(selector);
                return element && element.checkVisibility() ? performance.now() : false;
              },
              READY,
              { polling: 'raf', timeout: 15_000 },
            );
            const at = (await shown.jsonValue()) as number;
            // The first run fills the HTTP cache (a first visit): not counted.
            if (run > 0) interactiveMs.push(Math.round(at));
          } catch (error) {
            interactiveFailures.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
          }
        }
      } finally {
        await context.close();
      }
      const counted = interactiveMs.length;
      console.log(
        `\n  flat card interactive (${decodeURIComponent(flatPath)}, operator, 1440×900, warm HTTP cache): ${counted ? `${interactiveMs.join(', ')} ms -> median ${median(interactiveMs)} ms` : 'never ready'}`,
      );
      if (interactiveFailures.length > 0) console.log(`  ${interactiveFailures.length} runs without ${READY}: ${interactiveFailures[0]}`);
      return { routeJs, interactiveMs, interactiveFailures };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ratio = (measured: number, limit: number) => `${((measured / limit) * 100).toFixed(0)}%`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER');

/** Budget rows for run.ts: [budget, limit, measured, ratio, verdict]. */
export function housingBudgetRows(large: LargeSeedFigures | null, api: HousingApiFigures | null, pages: HousingPageFigures | null): string[][] {
  const rows: string[][] = [];
  rows.push(
    large
      ? ['large seed build (npm run seed, PostgreSQL)', seconds(HOUSING_BUDGET.largeSeedMs), `${seconds(large.totalMs)}${large.reused ? ' (reused build)' : ''}`, ratio(large.totalMs, HOUSING_BUDGET.largeSeedMs), verdict(large.totalMs <= HOUSING_BUDGET.largeSeedMs)]
      : ['large seed build (npm run seed, PostgreSQL)', seconds(HOUSING_BUDGET.largeSeedMs), 'not measured', '-', 'SKIPPED'],
  );
  if (large) rows.push(['large seed: flats (≥ 1,000,000)', '1000000', String(large.rows.flats ?? 0), '-', (large.rows.flats ?? 0) >= 1_000_000 ? 'PASS' : 'UNDER']);
  rows.push(latencyRow('GET /front/flats/{house}:{flat} p99, 10 connections (large seed)', api?.flat, HOUSING_BUDGET.flatP99Ms));
  rows.push(latencyRow('GET /front/house-list?address=<3 letters> p99, 10 connections', api?.houseSearch, HOUSING_BUDGET.houseSearchP99Ms));
  rows.push(latencyRow('GET /front/house-list?address=<drawn from the data> p99, 10 connections', api?.drawnSearch, HOUSING_BUDGET.houseSearchP99Ms));
  rows.push(latencyRow('GET /front/house-list?address=<broad: «ул.», «д. 1», digits> p99, 10 connections', api?.broadSearch, HOUSING_BUDGET.houseSearchP99Ms));
  if (!pages) {
    rows.push(['new routes JS, gzip', kb(HOUSING_BUDGET.routeJsGzip), 'not measured', '-', 'SKIPPED']);
    rows.push(['flat card interactive (demo seed, Chromium, median)', `${HOUSING_BUDGET.flatCardInteractiveMs} ms`, 'not measured', '-', 'SKIPPED']);
    return rows;
  }
  for (const route of pages.routeJs) {
    rows.push([`${route.name} route JS, gzip${route.ready ? '' : ' (screen never showed)'}`, kb(HOUSING_BUDGET.routeJsGzip), kb(route.total), ratio(route.total, HOUSING_BUDGET.routeJsGzip), verdict(route.total <= HOUSING_BUDGET.routeJsGzip)]);
  }
  const interactive = median(pages.interactiveMs);
  rows.push(
    pages.interactiveMs.length === 0
      ? ['flat card interactive (demo seed, Chromium, median)', `${HOUSING_BUDGET.flatCardInteractiveMs} ms`, `never ready (${READY} not shown)`, '-', 'BROKEN']
      : [
          `flat card interactive (demo seed, Chromium, median of ${pages.interactiveMs.length})`,
          `${HOUSING_BUDGET.flatCardInteractiveMs} ms`,
          `${interactive} ms`,
          ratio(interactive, HOUSING_BUDGET.flatCardInteractiveMs),
          verdict(interactive <= HOUSING_BUDGET.flatCardInteractiveMs),
        ],
  );
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((row) => console.log(`  ${row.join(' | ')}`));
  const logFile = join(repoRoot, 'test-results', 'bench-housing.log');
  const load = { connections: 10, durationSeconds: Number(process.env.BENCH_DURATION ?? 10), warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2), logFile };
  const large = await largeSeedReport(heading, table);
  const api = await housingApiReport(heading, table, large, load);
  const pages = await housingPageReport(heading, table, { logFile });
  for (const row of housingBudgetRows(large, api, pages)) console.log(`  ${row.join(' | ')}`);
}
