// A filtered, sorted page of the device list on PostgreSQL with the `large` seed (100,000
// devices): p99 at 10 connections (budget 50 ms) and throughput at 50 connections against the
// `select 1` ceiling measured in the same run on the same database (budget 30%). Also, for
// information: the same page with the list totals never reused (DEVICE_COUNT_TTL_MS=0), and the
// floor of any list (list-floor-server.ts: the app's session and hooks, one indexed query for the
// page's ids, the same bytes), which shows what share of the ceiling this machine allows at all.
//
// The database is `intercom_bench_large` beside the one of BENCH_DATABASE_URL / TEST_DATABASE_URL
// (or BENCH_LARGE_DATABASE_URL as given): seeded on its first run (about a minute), reused after.
// Run alone with `node --import tsx tests/bench/device-list.ts`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { repoRoot, startServer } from '../e2e/server-process';
import { checkRoute, load, logInCookie, type LoadFigures, type LoadOptions } from './load';

export const DEVICE_LIST_BUDGET = { p99Ms: 50, vsSelect1: 0.3 };
/**
 * On two shared cores the floor itself reaches only 25–30% of select-1, so the
 * throughput budget is a share of the floor measured in the same run, and the p99 is tighter.
 */
export const DEVICE_LIST_FLOOR_BUDGET = { p99Ms: 20, vsFloor: 0.75 };
/** Operator of buyer 1 (about half the fleet): active ISCOM_X1 panels, last changed first, page 3. */
export const DEVICE_LIST_PATH = '/front/device-list/get-list?status=1&type=6&sort=-LAST_CHANGE&page=3';
const ACCOUNT = { login: 'operator', password: 'operator' };
const FLOOR_PATH = '/bench/device-list-floor';
const DATABASE = 'intercom_bench_large';

export interface DeviceListFigures {
  label: string;
  at10: LoadFigures;
  at50: LoadFigures;
  select1: LoadFigures;
  uncachedAt10: LoadFigures;
  floor: LoadFigures;
  devices: number;
}

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

/** The large-seed database: BENCH_LARGE_DATABASE_URL, or one created beside BENCH_DATABASE_URL / TEST_DATABASE_URL. */
export async function largeDatabaseUrl(): Promise<string | null> {
  if (process.env.BENCH_LARGE_DATABASE_URL) return process.env.BENCH_LARGE_DATABASE_URL;
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** Turns per measure in `inTurns`. */
const TURNS = 3;

/**
 * Loads each target in turn, TURNS times, each turn a TURNS-th of the duration (the warm-up only
 * before the first): req/s over all turns, p50 the median turn's, p99 the worst turn's.
 */
async function inTurns(targets: { name: string; url: string; cookie: string }[], options: LoadOptions): Promise<LoadFigures[]> {
  const turns = targets.map(() => [] as LoadFigures[]);
  for (let turn = 0; turn < TURNS; turn += 1) {
    for (const [i, target] of targets.entries()) {
      const slice = { ...options, durationSeconds: options.durationSeconds / TURNS, warmupSeconds: turn === 0 ? options.warmupSeconds : 0 };
      turns[i]!.push(await load(target.name, target.url, target.cookie, slice));
    }
  }
  return turns.map((measured, i) => {
    const sorted = [...measured].sort((a, b) => a.p50 - b.p50);
    const requests = measured.reduce((sum, figure) => sum + figure.requests, 0);
    const statuses: Record<string, number> = {};
    for (const figure of measured) for (const [status, n] of Object.entries(figure.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
    return {
      name: `${targets[i]!.name} (${TURNS} turns)`,
      p50: sorted[Math.floor(sorted.length / 2)]!.p50,
      p99: Math.max(...measured.map((figure) => figure.p99)),
      rps: requests / options.durationSeconds,
      requests,
      non2xx: measured.reduce((sum, figure) => sum + figure.non2xx, 0),
      errors: measured.reduce((sum, figure) => sum + figure.errors, 0),
      statuses,
    };
  });
}

/** After a bulk load the visibility map is empty until autovacuum runs; the list's index-only scans need it. */
async function vacuum(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze devices, device_houses, device_relays, device_list_rows');
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from devices');
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

export async function deviceListReport(heading: Heading, table: Table, options: LoadOptions & { logFile: string }): Promise<DeviceListFigures | null> {
  heading('Device list on the large seed (PostgreSQL)');
  const url = await largeDatabaseUrl();
  if (!url) {
    console.log('  skipped: set BENCH_LARGE_DATABASE_URL, BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it');
    return null;
  }
  const target = new URL(url);
  const label = `PostgreSQL (${target.host}${target.pathname}, large seed)`;
  const env = { LOG_LEVEL: 'silent', DATABASE_URL: url, SEED: 'large', JOBS_ENABLED: 'false', DEVICE_FAILURE_SHARE: '0' };
  const seeded = await startServer({ env, logFile: options.logFile, timeoutMs: 900_000 });
  console.log(`  server answered ${(seeded.startMs / 1000).toFixed(1)} s after spawn (the large seed on an empty database)`);
  const devices = await vacuum(url);
  const quick = { ...options, connections: 10 };
  let at10: LoadFigures;
  let at50: LoadFigures;
  let floor: LoadFigures;
  let listBody = '';
  try {
    const cookie = await logInCookie(seeded.url, ACCOUNT.login, ACCOUNT.password);
    listBody = await checkRoute(`${seeded.url}${DEVICE_LIST_PATH}`, cookie);
    at10 = await load('device list page, 10 connections', `${seeded.url}${DEVICE_LIST_PATH}`, cookie, quick);
    // The list and its floor in turns, both servers up: on a shared machine the load drifts
    // within seconds, and figures taken one after the other would compare two machines.
    const floorServer = await startServer({ env: { DATABASE_URL: url }, logFile: options.logFile, script: 'tests/bench/list-floor-server.ts' });
    try {
      const floorCookie = await logInCookie(floorServer.url, ACCOUNT.login, ACCOUNT.password);
      const floorBody = await checkRoute(`${floorServer.url}${FLOOR_PATH}`, floorCookie);
      if (floorBody !== listBody) throw new Error(`the floor must answer the list's bytes: ${floorBody.length} characters against ${listBody.length}`);
      [at50, floor] = await inTurns(
        [
          { name: `device list page, ${options.connections} connections`, url: `${seeded.url}${DEVICE_LIST_PATH}`, cookie },
          { name: `floor: session + one id query + the same bytes, ${options.connections} connections`, url: `${floorServer.url}${FLOOR_PATH}`, cookie: floorCookie },
        ],
        options,
      );
    } finally {
      await floorServer.stop();
    }
  } finally {
    await seeded.stop();
  }

  const uncachedServer = await startServer({ env: { ...env, DEVICE_COUNT_TTL_MS: '0' }, logFile: options.logFile });
  let uncachedAt10: LoadFigures;
  try {
    const cookie = await logInCookie(uncachedServer.url, ACCOUNT.login, ACCOUNT.password);
    uncachedAt10 = await load('same, totals never reused, 10 connections', `${uncachedServer.url}${DEVICE_LIST_PATH}`, cookie, quick);
  } finally {
    await uncachedServer.stop();
  }

  const ceiling = await startServer({ env: { DATABASE_URL: url }, logFile: options.logFile, script: 'tests/bench/ceiling-server.ts', readyPath: '/bench/bare' });
  let select1: LoadFigures;
  try {
    await checkRoute(`${ceiling.url}/bench/select-1`, null);
    select1 = await load(`ceiling: select 1, ${options.connections} connections`, `${ceiling.url}/bench/select-1`, null, options);
  } finally {
    await ceiling.stop();
  }

  const figures: DeviceListFigures = { label, at10, at50, select1, uncachedAt10, floor, devices };
  console.log(`  ${label}: ${devices} devices; GET ${DEVICE_LIST_PATH} as ${ACCOUNT.login}`);
  table(
    [
      ['measure', 'p50', 'p99', 'req/s', 'requests', 'non-2xx', 'errors'],
      ...[at10, at50, uncachedAt10, floor, select1].map((l) => [l.name, `${l.p50} ms`, `${l.p99} ms`, l.rps.toFixed(0), String(l.requests), String(l.non2xx), String(l.errors)]),
    ],
    [false, true, true, true, true, true, true],
  );
  return figures;
}

/** Budget rows for run.ts: [budget, limit, measured, ratio, verdict]. */
export function deviceListBudgetRows(figures: DeviceListFigures | null): string[][] {
  if (!figures) {
    return [
      ['device list p99 at 10 connections (large seed, PostgreSQL)', `${DEVICE_LIST_BUDGET.p99Ms} ms`, 'not measured', '-', 'SKIPPED'],
      ['device list req/s vs select-1 at 50 connections', `≥ ${DEVICE_LIST_BUDGET.vsSelect1 * 100}%`, 'not measured', '-', 'SKIPPED'],
    ];
  }
  const ratio = figures.at50.rps / figures.select1.rps;
  return [
    [
      'device list p99 at 10 connections (large seed, PostgreSQL)',
      `${DEVICE_LIST_BUDGET.p99Ms} ms`,
      `${figures.at10.p99} ms`,
      `${((figures.at10.p99 / DEVICE_LIST_BUDGET.p99Ms) * 100).toFixed(0)}%`,
      figures.at10.p99 <= DEVICE_LIST_BUDGET.p99Ms ? 'PASS' : 'OVER',
    ],
    [
      `device list req/s vs select-1 at ${figures.at50.name.match(/\d+ connections/)?.[0] ?? '50 connections'}`,
      `≥ ${DEVICE_LIST_BUDGET.vsSelect1 * 100}%`,
      `${figures.at50.rps.toFixed(0)} / ${figures.select1.rps.toFixed(0)}`,
      `${(ratio * 100).toFixed(0)}%`,
      ratio >= DEVICE_LIST_BUDGET.vsSelect1 ? 'PASS' : 'OVER',
    ],
    ['device list p99, totals never reused (info)', '-', `${figures.uncachedAt10.p99} ms`, '-', '-'],
    [
      'floor of any list (session + id query + same bytes) vs select-1 (info)',
      '-',
      `${figures.floor.rps.toFixed(0)} / ${figures.select1.rps.toFixed(0)}`,
      `${((figures.floor.rps / figures.select1.rps) * 100).toFixed(0)}%`,
      '-',
    ],
  ];
}

/** Rows: throughput against the floor of the same run, and p99 at 10 connections. */
export function deviceListFloorBudgetRows(figures: DeviceListFigures | null): string[][] {
  const label = `device list req/s vs the floor at 50 connections (same run)`;
  const p99Label = 'device list p99 at 10 connections (large seed, PostgreSQL)';
  if (!figures) {
    return [
      [label, `≥ ${DEVICE_LIST_FLOOR_BUDGET.vsFloor * 100}%`, 'not measured', '-', 'SKIPPED'],
      [p99Label, `${DEVICE_LIST_FLOOR_BUDGET.p99Ms} ms`, 'not measured', '-', 'SKIPPED'],
    ];
  }
  const ratio = figures.at50.rps / figures.floor.rps;
  return [
    [label, `≥ ${DEVICE_LIST_FLOOR_BUDGET.vsFloor * 100}%`, `${figures.at50.rps.toFixed(0)} / ${figures.floor.rps.toFixed(0)}`, `${(ratio * 100).toFixed(0)}%`, ratio >= DEVICE_LIST_FLOOR_BUDGET.vsFloor ? 'PASS' : 'OVER'],
    [
      p99Label,
      `${DEVICE_LIST_FLOOR_BUDGET.p99Ms} ms`,
      `${figures.at10.p99} ms`,
      `${((figures.at10.p99 / DEVICE_LIST_FLOOR_BUDGET.p99Ms) * 100).toFixed(0)}%`,
      figures.at10.p99 <= DEVICE_LIST_FLOOR_BUDGET.p99Ms ? 'PASS' : 'OVER',
    ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => {
    for (const row of rows) console.log(`  ${row.join('  ')}`);
  };
  const options = {
    connections: 50,
    durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
    logFile: join(repoRoot, 'test-results', 'bench-device-list.log'),
  };
  const figures = await deviceListReport(heading, table, options);
  table([...deviceListBudgetRows(figures), ...deviceListFloorBudgetRows(figures)], []);
}
