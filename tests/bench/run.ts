// `npm run bench` (after `npm run build`): prints bundle sizes, server start time, API latency and
// throughput beside two ceilings, on PGlite and on PostgreSQL, peak memory, and each budget
// as PASS/OVER; then the replay of a long outbox (jobs/s, duplicates, lost),
// an offline reload of the serial-number wizard against a static page of the same service worker,
// and the JS of each wizard route; the device list on the large seed (API under load
// beside a select-1 route, and the first page in Chromium); the large seed's build
// time, the flat card's data call and the house search on it, the new routes' JS and the flat card's
// time to interactive (tests/bench/housing.ts); the real panels' drivers against loopback emulators
// (a key reaching a flat's panels, a full re-sync, a company upload, a syslog flood: tests/bench/panels.ts);
// Lighthouse on the installer's routes (mobile preset) and the operator's lists (desktop preset);
// nginx's cost in front of the server, three processes behind it, db:move and a large restore (tests/bench/growing.ts).
// It never fails on a figure; it fails only when something does not work: a measurement that cannot
// run, or an outbox replay that duplicates or loses a job.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot, startServer, type ServerProcess } from '../e2e/server-process';
import { DIST, builtChunks, entryScripts, rootScripts, scriptsLoadedBy, type Chunk } from './bundle';
import { deviceListBudgetRows, deviceListFloorBudgetRows, deviceListReport, largeDatabaseUrl } from './device-list';
import { deviceListPageBudgetRows, deviceListPageReport } from './device-list-page';
import { firstOpenReport } from './first-open';
import { growingBudgetRows, growingReport } from './growing';
import { heading, table } from './print';
import { lighthouseBudgetRows, lighthouseReport } from './lighthouse';
import { housingApiReport, housingBudgetRows, housingPageReport, largeSeedReport } from './housing';
import { checkRoute, load, logInCookie, peakRss, type LoadFigures, type LoadOptions } from './load';
import { mcUploadBudgetRows, mcUploadReport } from './mc-upload';
import { panelsBudgetRows, panelsReport } from './panels';
import { importBudgetRows, importReport } from './import';
import { keysImportReport } from './import-keys';
import { median as medianOf, offlineReport, type OfflineFigures } from './offline-report';
import { keysApiReport, keysBudgetRows } from './keys';
import { auditBenchReport, auditBudgetRows } from './audit';
import { historyApiReport, historyBudgetRows } from './history';
import { matrixPaintBudgetRows, matrixPaintReport } from './matrix-paint';
import { peopleApiReport, peopleBudgetRows } from './people';
import { DEVICE_EVENT_ROUTES, KEY_ROUTES, OTHER_ROUTES, PEOPLE_ROUTES, everyRouteBudgetRows, routePageBudgetRows, routePageReport, type MeasuredRouteJs } from './route-pages';

const KB = 1024;
const MB = 1024 * 1024;
const BUDGET = {
  loginJsGzip: 200 * KB,
  startMs: 3_000,
  peakRss: 512 * MB,
  permissionsVsSelect1: 0.5,
  wizardJsGzip: 250 * KB,
};
/** The offline reload against its floor, and the replay's pace. */
const SPEED = { reloadVsFloor: 3, replayJobsPerSecond: 100 };
const OFFLINE = {
  replayJobs: Number(process.env.BENCH_REPLAY_JOBS ?? 1000),
  replayTimeoutMs: 180_000,
  reloadRuns: Number(process.env.BENCH_RELOAD_RUNS ?? 7),
};
const LOAD: LoadOptions = {
  connections: 50,
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
};
const START_RUNS = 3;
const LOG_FILE = join(repoRoot, 'test-results', 'bench-server.log');
/**
 * Request logging off, as for the ceilings: the figures compare routes, not log sinks. No periodic
 * company uploads either: the demo seed's due companies would upload while latency is measured.
 */
const SERVER_ENV = { LOG_LEVEL: 'silent', MC_SCHEDULE_MS: '0' };
const ACCOUNT = { login: 'operator', password: 'operator' };
const ROUTES = [
  { name: 'GET /front/user/get-permissions', path: '/front/user/get-permissions' },
  { name: 'GET /front/house-list?page=1', path: '/front/house-list?page=1' },
] as const;
const CEILINGS = [
  { name: 'ceiling: bare Fastify route', path: '/bench/bare' },
  { name: 'ceiling: Fastify route + select 1', path: '/bench/select-1' },
] as const;

interface DatabaseTarget {
  label: string;
  env: Record<string, string>;
}

interface DatabaseFigures {
  label: string;
  loads: LoadFigures[];
  peakRss: number | null;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function loadTable(loads: LoadFigures[]): void {
  table(
    [
      ['route', 'p50', 'p99', 'req/s', 'requests', 'non-2xx', 'errors'],
      ...loads.map((l) => [l.name, `${l.p50} ms`, `${l.p99} ms`, l.rps.toFixed(0), String(l.requests), String(l.non2xx), String(l.errors)]),
    ],
    [false, true, true, true, true, true, true],
  );
}

async function bundleReport(): Promise<{ chunks: Chunk[]; entry: Chunk[] }> {
  heading('Built JS chunks (dist/assets, gzip -9)');
  const chunks = await builtChunks();
  table(
    [['chunk', 'raw', 'gzip'], ...chunks.map((c) => [c.file, kb(c.bytes), kb(c.gzip)])],
    [false, true, true],
  );
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  console.log(`  ${chunks.length} chunks, ${kb(total)} gzip in all`);
  const root = await rootScripts();
  if (root.length > 0) {
    console.log(`  beside them (service worker, not loaded as page scripts): ${root.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ')}`);
  }
  const entry = await entryScripts(chunks);
  const entryTotal = entry.reduce((sum, c) => sum + c.gzip, 0);
  console.log(`  index.html entry + modulepreloads: ${entry.map((c) => c.file).join(', ')} = ${kb(entryTotal)} gzip`);
  return { chunks, entry };
}

async function pgTarget(): Promise<DatabaseTarget | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) return null;
  // A fresh database of its own each run: the demo seed (applied only to an empty database) never
  // meets test data, and the figures never depend on what an earlier run or schema left behind.
  const target = new URL(url);
  const name = process.env.BENCH_DATABASE_URL ? null : 'intercom_bench';
  if (name) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
    target.pathname = `/${name}`;
  }
  return { label: `PostgreSQL (${target.host}${target.pathname})`, env: { DATABASE_URL: target.toString() } };
}

async function measureStarts(dataDir: string): Promise<{ firstMs: number; startsMs: number[]; server: ServerProcess }> {
  const env = { ...SERVER_ENV, DATA_DIR: dataDir, SEED: 'demo' };
  const first = await startServer({ env, logFile: LOG_FILE, timeoutMs: 300_000 });
  await first.stop();
  const startsMs: number[] = [];
  let server: ServerProcess | null = null;
  for (let i = 0; i < START_RUNS; i += 1) {
    server = await startServer({ env, logFile: LOG_FILE });
    startsMs.push(server.startMs);
    if (i < START_RUNS - 1) await server.stop();
  }
  if (!server) throw new Error('no server start measured');
  return { firstMs: first.startMs, startsMs, server };
}

/** The two API routes on the real server (a child process), then the two ceilings on the same database. */
async function loadDatabase(target: DatabaseTarget, running: ServerProcess | null): Promise<DatabaseFigures> {
  heading(`Load on ${target.label}: ${LOAD.connections} connections, ${LOAD.durationSeconds} s each (+${LOAD.warmupSeconds} s warm-up)`);
  const server = running ?? (await startServer({ env: { ...SERVER_ENV, SEED: 'demo', ...target.env }, logFile: LOG_FILE, timeoutMs: 300_000 }));
  if (!running) console.log(`  server answered ${ms(server.startMs)} after spawn (migrations, and the demo seed on an empty database)`);
  const loads: LoadFigures[] = [];
  let rss: number | null = null;
  try {
    const cookie = await logInCookie(server.url, ACCOUNT.login, ACCOUNT.password);
    for (const route of ROUTES) {
      await checkRoute(`${server.url}${route.path}`, cookie);
      loads.push(await load(route.name, `${server.url}${route.path}`, cookie, LOAD));
    }
    rss = server.child.pid === undefined ? null : await peakRss(server.child.pid);
  } finally {
    await server.stop();
  }

  // PGlite is one process's database: the ceiling server opens the same data dir only after the server has stopped.
  const ceiling = await startServer({ env: target.env, logFile: LOG_FILE, script: 'tests/bench/ceiling-server.ts', readyPath: '/bench/bare' });
  try {
    for (const route of CEILINGS) {
      await checkRoute(`${ceiling.url}${route.path}`, null);
      loads.push(await load(route.name, `${ceiling.url}${route.path}`, null, LOAD));
    }
  } finally {
    await ceiling.stop();
  }
  loadTable(loads);
  console.log(`  peak resident memory of the server (VmHWM): ${rss === null ? 'n/a' : mb(rss)}`);
  return { label: target.label, loads, peakRss: rss };
}

function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'OVER';
}

function offlineBudgets(offline: OfflineFigures): void {
  heading('Budgets (installer wizards)');
  const rows: string[][] = [['budget', 'limit', 'measured', 'ratio', 'verdict']];
  if (offline.wizardJs) {
    for (const js of offline.wizardJs) {
      rows.push([`${js.name} route JS, gzip`, kb(BUDGET.wizardJsGzip), kb(js.total), `${((js.total / BUDGET.wizardJsGzip) * 100).toFixed(0)}%`, verdict(js.total <= BUDGET.wizardJsGzip)]);
    }
  } else {
    rows.push(['wizard routes JS, gzip', kb(BUDGET.wizardJsGzip), 'not measured', '-', 'FAILED']);
  }
  const replay = offline.replay;
  if (replay) {
    rows.push([`outbox replay of ${replay.jobs} jobs: duplicates`, '0', String(replay.duplicates), '-', replay.duplicates === 0 ? 'PASS' : 'FAIL']);
    rows.push([`outbox replay of ${replay.jobs} jobs: lost`, '0', String(replay.lost), '-', replay.lost === 0 ? 'PASS' : 'FAIL']);
    rows.push([`outbox replay of ${replay.jobs} jobs: throughput`, '-', `${replay.jobsPerSecond.toFixed(1)} jobs/s`, '-', '-']);
  } else {
    rows.push(['outbox replay: duplicates / lost', '0 / 0', 'not measured', '-', 'FAILED']);
  }
  const reload = offline.reload;
  if (reload) {
    const wizard = medianOf(reload.wizard.inPage);
    const floor = medianOf(reload.floor.inPage);
    rows.push(['offline reload to interactive, wizard / floor (budget ≤ 3×)', '-', `${ms(wizard)} / ${ms(floor)}`, `${(wizard / floor).toFixed(1)}×`, '-']);
  } else {
    rows.push(['offline reload to interactive, wizard / floor', '-', 'not measured', '-', 'FAILED']);
  }
  table(rows, [false, true, true, true, false]);
}

/** Rows of the offline part: the reload against its floor, the replay's pace. */
function offlineSpeedRows(offline: OfflineFigures): string[][] {
  const rows: string[][] = [];
  const reload = offline.reload;
  if (reload) {
    const wizard = medianOf(reload.wizard.inPage);
    const floor = medianOf(reload.floor.inPage);
    rows.push(['offline reload to interactive, wizard / floor', `≤ ${SPEED.reloadVsFloor}×`, `${ms(wizard)} / ${ms(floor)}`, `${(wizard / floor).toFixed(1)}×`, verdict(wizard / floor <= SPEED.reloadVsFloor)]);
  } else {
    rows.push(['offline reload to interactive, wizard / floor', `≤ ${SPEED.reloadVsFloor}×`, 'not measured', '-', 'SKIPPED']);
  }
  const replay = offline.replay;
  rows.push(
    replay
      ? [`outbox replay of ${replay.jobs} jobs`, `≥ ${SPEED.replayJobsPerSecond} jobs/s`, `${replay.jobsPerSecond.toFixed(1)} jobs/s`, `${((replay.jobsPerSecond / SPEED.replayJobsPerSecond) * 100).toFixed(0)}%`, verdict(replay.jobsPerSecond >= SPEED.replayJobsPerSecond)]
      : ['outbox replay', `≥ ${SPEED.replayJobsPerSecond} jobs/s`, 'not measured', '-', 'SKIPPED'],
  );
  if (replay?.server) {
    rows.push(['outbox replay vs the server alone, same run (info)', '-', `${replay.jobsPerSecond.toFixed(1)} / ${replay.server.jobsPerSecond.toFixed(1)} jobs/s`, `${((replay.jobsPerSecond / replay.server.jobsPerSecond) * 100).toFixed(0)}%`, '-']);
  }
  return rows;
}

/** What did not work: a part that could not run, a duplicated or lost job. An OVER budget is not here. */
function offlineFailures(offline: OfflineFigures): string[] {
  const broken = [...offline.failures];
  if (offline.replay && offline.replay.duplicates > 0) broken.push(`${offline.replay.duplicates} duplicated jobs`);
  if (offline.replay && offline.replay.lost > 0) broken.push(`${offline.replay.lost} lost jobs`);
  return broken;
}

async function main(): Promise<void> {
  const started = performance.now();
  // Every server the bench starts serves the build it measures (the children inherit this).
  process.env.STATIC_DIR = DIST;
  console.log(`bench: node ${process.version}, ${LOAD.connections} connections, ${LOAD.durationSeconds} s per route, server request logging off (LOG_LEVEL=silent)`);
  const { entry } = await bundleReport();

  heading('Server start on an existing data dir (PGlite, demo seed)');
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-bench-'));
  const results: DatabaseFigures[] = [];
  let loginJs = { total: NaN, source: '' };
  let startMedian = NaN;
  try {
    const starts = await measureStarts(dataDir);
    startMedian = median(starts.startsMs);
    console.log(`  first start (migrate + seed demo): ${ms(starts.firstMs)}`);
    console.log(`  restarts: ${starts.startsMs.map(ms).join(', ')} -> median ${ms(startMedian)}`);

    heading('JS the login route loads (/site/auth in Chromium, service workers blocked)');
    try {
      const scripts = await scriptsLoadedBy(starts.server.url, '/site/auth');
      table([['script', 'raw', 'gzip'], ...scripts.map((s) => [s.url, kb(s.bytes), kb(s.gzip)])], [false, true, true]);
      loginJs = { total: scripts.reduce((sum, s) => sum + s.gzip, 0), source: `${scripts.length} scripts loaded by Chromium` };
    } catch (error) {
      loginJs = { total: entry.reduce((sum, c) => sum + c.gzip, 0), source: 'index.html entry + modulepreloads only (Chromium failed)' };
      console.log(`  Chromium failed (${error instanceof Error ? error.message : String(error)}); lazy chunks not counted`);
    }
    console.log(`  login route JS: ${kb(loginJs.total)} gzip (${loginJs.source})`);

    results.push(await loadDatabase({ label: 'PGlite (demo seed)', env: { DATA_DIR: dataDir } }, starts.server));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const postgres = await pgTarget();
  if (postgres) {
    results.push(await loadDatabase(postgres, null));
  } else {
    heading('PostgreSQL');
    console.log('  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://app:app@127.0.0.1:5432/app) to measure it');
  }

  const offline = await offlineReport({ ...OFFLINE, logFile: LOG_FILE }, heading, table);
  // The large seed is built (and timed) first when missing or older; the device list reuses it.
  const largeSeed = await largeSeedReport(heading, table);
  const housingApi = await housingApiReport(heading, table, largeSeed, { ...LOAD, logFile: LOG_FILE });
  const deviceList = await deviceListReport(heading, table, { ...LOAD, logFile: LOG_FILE });
  const deviceListPage = await deviceListPageReport(heading, table, { logFile: LOG_FILE, databaseUrl: await largeDatabaseUrl() });
  const housingPages = await housingPageReport(heading, table, { logFile: LOG_FILE });
  const peopleApi = await peopleApiReport(heading, table, largeSeed, { ...LOAD, logFile: LOG_FILE });
  const mcUpload = await mcUploadReport(heading, table, { logFile: LOG_FILE });
  const panels = await panelsReport(heading, table, { logFile: LOG_FILE });
  const bulkImport = await importReport(heading, table);
  const keysImport = await keysImportReport(heading, table);
  const peoplePages = await routePageReport(heading, table, 'People and organisation screens', PEOPLE_ROUTES, { logFile: LOG_FILE });
  const keysApi = await keysApiReport(heading, table, largeSeed, { ...LOAD, logFile: LOG_FILE });
  const matrixPaint = await matrixPaintReport(heading, table, { logFile: LOG_FILE });
  const keyPages = await routePageReport(heading, table, 'Keys, codes and matrix screens', KEY_ROUTES, { logFile: LOG_FILE });
  const eventPages = await routePageReport(heading, table, 'Event history, voltage and call rounds screens', DEVICE_EVENT_ROUTES, { logFile: LOG_FILE });
  const historyApi = await historyApiReport(heading, table, largeSeed, { ...LOAD, logFile: LOG_FILE });
  const audit = await auditBenchReport(heading, table, { ...LOAD, logFile: LOG_FILE });
  const otherPages = await routePageReport(heading, table, 'Every other screen', OTHER_ROUTES, { logFile: LOG_FILE });
  await firstOpenReport(heading, table, { logFile: LOG_FILE });
  const lighthouse = await lighthouseReport(heading, table, { logFile: LOG_FILE });
  const growing = await growingReport(heading, table, { ...LOAD, logFile: LOG_FILE });

  heading('Budgets (bundle, start, API)');
  const rows: string[][] = [['budget', 'limit', 'measured', 'ratio', 'verdict']];
  rows.push(['login route JS, gzip', kb(BUDGET.loginJsGzip), kb(loginJs.total), `${((loginJs.total / BUDGET.loginJsGzip) * 100).toFixed(0)}%`, verdict(loginJs.total <= BUDGET.loginJsGzip)]);
  rows.push(['server start, existing data dir (median)', ms(BUDGET.startMs), ms(startMedian), `${((startMedian / BUDGET.startMs) * 100).toFixed(0)}%`, verdict(startMedian <= BUDGET.startMs)]);
  for (const result of results) {
    if (result.peakRss !== null) {
      rows.push([`peak RSS, ${result.label}`, mb(BUDGET.peakRss), mb(result.peakRss), `${((result.peakRss / BUDGET.peakRss) * 100).toFixed(0)}%`, verdict(result.peakRss <= BUDGET.peakRss)]);
    }
  }
  for (const result of results) {
    const permissions = result.loads.find((l) => l.name === ROUTES[0].name);
    const select1 = result.loads.find((l) => l.name === CEILINGS[1].name);
    if (!permissions || !select1) continue;
    const ratio = permissions.rps / select1.rps;
    const counts = result.label.startsWith('PostgreSQL');
    rows.push([
      `get-permissions req/s vs select-1, ${result.label}${counts ? '' : ' (info)'}`,
      `≥ ${BUDGET.permissionsVsSelect1 * 100}%`,
      `${permissions.rps.toFixed(0)} / ${select1.rps.toFixed(0)}`,
      `${(ratio * 100).toFixed(0)}%`,
      counts ? verdict(ratio >= BUDGET.permissionsVsSelect1) : '-',
    ]);
  }
  if (!postgres) rows.push(['get-permissions req/s vs select-1, PostgreSQL', '≥ 50%', 'not measured', '-', 'SKIPPED']);
  table(rows, [false, true, true, true, false]);

  offlineBudgets(offline);
  heading('Budgets (device list)');
  table([['budget', 'limit', 'measured', 'ratio', 'verdict'], ...deviceListBudgetRows(deviceList), ...deviceListPageBudgetRows(deviceListPage)], [false, true, true, true, false]);

  heading('Budgets (housing stock)');
  table(
    [
      ['budget', 'limit', 'measured', 'ratio', 'verdict'],
      ...housingBudgetRows(largeSeed, housingApi, housingPages),
      ['login route JS, gzip (stays)', kb(BUDGET.loginJsGzip), kb(loginJs.total), `${((loginJs.total / BUDGET.loginJsGzip) * 100).toFixed(0)}%`, verdict(loginJs.total <= BUDGET.loginJsGzip)],
    ],
    [false, true, true, true, false],
  );

  heading('Budgets (people and organisations)');
  table(
    [['budget', 'limit', 'measured', 'ratio', 'verdict'], ...peopleBudgetRows(peopleApi), ...mcUploadBudgetRows(mcUpload), ...importBudgetRows(bulkImport), ...importBudgetRows(keysImport, 'keys import'), ...routePageBudgetRows('people', peoplePages)],
    [false, true, true, true, false],
  );

  heading('Budgets (keys)');
  table(
    [
      ['budget', 'limit', 'measured', 'ratio', 'verdict'],
      ...keysBudgetRows(keysApi),
      ...matrixPaintBudgetRows(matrixPaint),
      ...routePageBudgetRows('keys', keyPages),
      ['login route JS, gzip (stays)', kb(BUDGET.loginJsGzip), kb(loginJs.total), `${((loginJs.total / BUDGET.loginJsGzip) * 100).toFixed(0)}%`, verdict(loginJs.total <= BUDGET.loginJsGzip)],
    ],
    [false, true, true, true, false],
  );

  heading('Budgets (event history)');
  table([['budget', 'limit', 'measured', 'ratio', 'verdict'], ...historyBudgetRows(historyApi)], [false, true, true, true, false]);

  heading('Budgets (real panels: drivers against loopback emulators, PostgreSQL)');
  table([['budget', 'limit', 'measured', 'ratio', 'verdict'], ...panelsBudgetRows(panels)], [false, true, true, true, false]);

  heading('Budgets (audit trail)');
  table([['budget', 'limit', 'measured', 'ratio', 'verdict'], ...auditBudgetRows(audit)], [false, true, true, true, false]);

  heading('Budgets (screens)');
  table([['budget', 'limit', 'measured', 'ratio', 'verdict'], ...routePageBudgetRows('device events', eventPages)], [false, true, true, true, false]);

  heading('Budgets (growing: nginx, db:move, restore)');
  table([['budget', 'limit', 'measured', 'ratio', 'verdict'], ...growingBudgetRows(growing)], [false, true, true, true, false]);

  heading('Budgets (Lighthouse: mobile preset for the installer, desktop for the operator)');
  table([['budget', 'limit', 'measured', 'ratio', 'verdict'], ...lighthouseBudgetRows(lighthouse)], [false, true, true, true, false]);

  heading('Budgets (speed: ratios within this run, the machine may be shared)');
  const everyRoute: MeasuredRouteJs[] = [
    ...(offline.wizardJs ?? []).map((js) => ({ name: js.name, total: js.total, ready: true })),
    ...(housingPages?.routeJs ?? []).map((route) => ({ name: route.name, total: route.total, ready: route.ready })),
    ...[...(peoplePages ?? []), ...(keyPages ?? []), ...(eventPages ?? []), ...(otherPages ?? [])].map((route) => ({ name: route.path, total: route.total, ready: route.ready })),
  ];
  table(
    [['budget', 'limit', 'measured', 'ratio', 'verdict'], ...deviceListFloorBudgetRows(deviceList), ...offlineSpeedRows(offline), ...everyRouteBudgetRows(everyRoute, loginJs.total)],
    [false, true, true, true, false],
  );

  const failures = results.flatMap((r) => r.loads.filter((l) => l.non2xx > 0 || l.errors > 0).map((l) => `${r.label}: ${l.name}`));
  if (failures.length > 0) console.log(`\n  warning: non-2xx answers or errors under load in ${failures.join('; ')}`);
  const broken = [...offlineFailures(offline), ...panels.failures];
  if (broken.length > 0) {
    console.log(`\n  FAILED: ${broken.join('; ')}`);
    process.exitCode = 1;
  }
  console.log(`\nbench done in ${((performance.now() - started) / 1000).toFixed(0)} s; server logs in ${LOG_FILE}`);
}

await main();
