// Growing (docs/operations.md): what nginx costs in front of the server, what three processes
// behind it give against one direct, the move of the demo seed from PGlite to PostgreSQL, and a
// restore of the large seed from a pg_dump. PostgreSQL only (TEST_DATABASE_URL or BENCH_DATABASE_URL).
//   node --import tsx tests/bench/growing.ts
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createPgliteDataDir } from '../../server/db/bootstrap';
import { openDatabase, queryRows } from '../../server/db/client';
import { moveDatabase } from '../../server/db/move';
import { sql } from 'drizzle-orm';
import { freePort, repoRoot, startServer, stopChild, type ServerProcess } from '../e2e/server-process';
import { startNginx } from '../server/nginx';
import { adminQuery, databaseUrl } from '../server/postgres';
import { largeDatabaseUrl } from './device-list';
import { load, logInCookie, type LoadFigures, type LoadOptions } from './load';
import { heading, table } from './print';

const run = promisify(execFile);

export const GROWING_BUDGET = { nginxAddedP99Ms: 2, demoMoveMs: 30_000 } as const;

export interface GrowingFigures {
  direct10: LoadFigures | null;
  nginx10: LoadFigures | null;
  direct50: LoadFigures | null;
  nginxThree50: LoadFigures | null;
  moveMs: number | null;
  moveRows: number | null;
  dumpMs: number | null;
  restoreMs: number | null;
  dumpBytes: number | null;
  failures: string[];
}

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

const ROUTE = '/front/house-list?page=1';

function adminUrlOf(): string | null {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
}

async function measureNginx(adminUrl: string, options: LoadOptions & { logFile: string }, figures: GrowingFigures): Promise<void> {
  const name = `intercom_bench_nginx_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const servers: ServerProcess[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    const ports = [await freePort(), await freePort(), await freePort()];
    const env = (port: number) => ({ DATABASE_URL: databaseUrl(adminUrl, name), PORT: String(port), SEED: 'demo', LOG_LEVEL: 'silent', MC_SCHEDULE_MS: '0', EVENT_TRICKLE_PER_MINUTE: '0', TRUST_PROXY: 'true' });
    // One first (it migrates and seeds), then the two others on the seeded database.
    servers.push(await startServer({ env: env(ports[0]!), logFile: options.logFile, timeoutMs: 300_000 }));
    servers.push(...(await Promise.all(ports.slice(1).map((port) => startServer({ env: env(port), logFile: options.logFile, timeoutMs: 300_000 })))));
    const one = await startNginx([ports[0]!]);
    const three = await startNginx(ports);
    stops.push(async () => {
      await stopChild(one.nginx);
      await stopChild(three.nginx);
      await rm(one.dir, { recursive: true, force: true });
      await rm(three.dir, { recursive: true, force: true });
    });
    const direct = servers[0]!.url;
    const cookie = await logInCookie(direct, 'operator', 'operator');
    figures.direct10 = await load('direct, 10 connections', `${direct}${ROUTE}`, cookie, { ...options, connections: 10 });
    figures.nginx10 = await load('through nginx, 10 connections', `${one.url}${ROUTE}`, cookie, { ...options, connections: 10 });
    figures.direct50 = await load('one process direct, 50 connections', `${direct}${ROUTE}`, cookie, { ...options, connections: 50 });
    figures.nginxThree50 = await load('three processes behind nginx, 50 connections', `${three.url}${ROUTE}`, cookie, { ...options, connections: 50 });
  } finally {
    for (const stop of stops) await stop();
    await Promise.all(servers.map((server) => server.stop()));
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

async function measureMove(adminUrl: string, figures: GrowingFigures): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-bench-move-'));
  const name = `intercom_bench_move_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  try {
    await createPgliteDataDir(dataDir, 'demo');
    const source = await openDatabase({ kind: 'pglite', dataDir });
    const target = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 2 });
    try {
      const started = performance.now();
      const report = await moveDatabase(source, target);
      figures.moveMs = performance.now() - started;
      figures.moveRows = report.rows;
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureRestore(adminUrl: string, figures: GrowingFigures): Promise<void> {
  const large = await largeDatabaseUrl();
  if (!large) return;
  const database = await openDatabase({ kind: 'postgres', url: large, poolSize: 1 });
  let devices = 0;
  try {
    const [row] = await queryRows<{ count: number }>(database.drizzle, sql`select count(*)::int as count from devices`).catch(() => [{ count: 0 }]);
    devices = row?.count ?? 0;
  } finally {
    await database.close();
  }
  if (devices === 0) {
    figures.failures.push('large seed restore: the large seed is not built (run the housing section first)');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'intercom-bench-dump-'));
  const name = `intercom_bench_restore_${randomBytes(4).toString('hex')}`;
  try {
    const file = join(dir, 'large.dump');
    let started = performance.now();
    await run('pg_dump', ['-Fc', '-f', file, large], { maxBuffer: 64 * 1024 * 1024 });
    figures.dumpMs = performance.now() - started;
    figures.dumpBytes = (await stat(file)).size;
    await adminQuery(adminUrl, `create database ${name}`);
    started = performance.now();
    await run('pg_restore', ['--no-owner', '-j', '2', '-d', databaseUrl(adminUrl, name), file], { maxBuffer: 64 * 1024 * 1024 });
    figures.restoreMs = performance.now() - started;
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    await rm(dir, { recursive: true, force: true });
  }
}

export async function measureGrowing(options: LoadOptions & { logFile: string }): Promise<GrowingFigures | null> {
  const adminUrl = adminUrlOf();
  if (!adminUrl) return null;
  const figures: GrowingFigures = { direct10: null, nginx10: null, direct50: null, nginxThree50: null, moveMs: null, moveRows: null, dumpMs: null, restoreMs: null, dumpBytes: null, failures: [] };
  for (const [what, step] of [
    ['nginx', () => measureNginx(adminUrl, options, figures)],
    ['db:move', () => measureMove(adminUrl, figures)],
    ['large seed restore', () => measureRestore(adminUrl, figures)],
  ] as const) {
    try {
      await step();
    } catch (error) {
      figures.failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return figures;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const seconds = (value: number | null) => (value === null ? 'not measured' : `${(value / 1000).toFixed(1)} s`);
const verdict = (pass: boolean) => (pass ? 'PASS' : 'OVER');

export function growingTable(figures: GrowingFigures, table: Table): void {
  const loads = [figures.direct10, figures.nginx10, figures.direct50, figures.nginxThree50].filter((item): item is LoadFigures => item !== null);
  table(
    [['GET /front/house-list?page=1 (demo seed)', 'p50', 'p99', 'req/s', 'non-2xx'], ...loads.map((item) => [item.name, `${item.p50} ms`, `${item.p99} ms`, item.rps.toFixed(0), String(item.non2xx)])],
    [false, true, true, true, true],
  );
  console.log(`  db:move of the demo seed: ${seconds(figures.moveMs)} (${figures.moveRows ?? '-'} rows)`);
  console.log(`  large seed: pg_dump -Fc ${seconds(figures.dumpMs)} (${figures.dumpBytes === null ? '-' : `${(figures.dumpBytes / 1024 / 1024).toFixed(0)} MB`}), pg_restore -j 2 ${seconds(figures.restoreMs)}`);
  for (const failure of figures.failures) console.log(`  failed: ${failure}`);
}

/** Budget rows: [measure, budget, measured, ratio, verdict]. */
export function growingBudgetRows(figures: GrowingFigures | null): string[][] {
  if (!figures) return [['growing (nginx, db:move, restore)', '-', 'not measured: no PostgreSQL', '-', 'SKIPPED']];
  const rows: string[][] = [];
  if (figures.direct10 && figures.nginx10) {
    const added = figures.nginx10.p99 - figures.direct10.p99;
    rows.push(['nginx added p99, 10 conn. (through nginx − direct)', `≤ ${GROWING_BUDGET.nginxAddedP99Ms} ms`, `${ms(added)} (${figures.nginx10.p99} − ${figures.direct10.p99})`, '-', verdict(added <= GROWING_BUDGET.nginxAddedP99Ms)]);
  } else rows.push(['nginx added p99', `≤ ${GROWING_BUDGET.nginxAddedP99Ms} ms`, 'not measured', '-', 'FAILED']);
  if (figures.direct50 && figures.nginxThree50) {
    const ratio = figures.nginxThree50.rps / figures.direct50.rps;
    rows.push(['three processes behind nginx vs one direct, 50 conn. (2 cores)', 'info', `${figures.nginxThree50.rps.toFixed(0)} / ${figures.direct50.rps.toFixed(0)} req/s`, `${(ratio * 100).toFixed(0)}%`, '-']);
  }
  rows.push([
    'db:move of the demo seed',
    `≤ ${GROWING_BUDGET.demoMoveMs / 1000} s`,
    seconds(figures.moveMs),
    '-',
    figures.moveMs === null ? 'FAILED' : verdict(figures.moveMs <= GROWING_BUDGET.demoMoveMs),
  ]);
  rows.push(['large seed restore (pg_restore -j 2)', 'printed', seconds(figures.restoreMs), '-', '-']);
  return rows;
}

export async function growingReport(heading: Heading, table: Table, options: LoadOptions & { logFile: string }): Promise<GrowingFigures | null> {
  heading('Growing (PostgreSQL): nginx in front, three processes, the move from PGlite, a large restore');
  const figures = await measureGrowing(options);
  if (!figures) console.log('  not run: set TEST_DATABASE_URL or BENCH_DATABASE_URL');
  else growingTable(figures, table);
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await growingReport(heading, table, {
    connections: 10,
    durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
    logFile: join(repoRoot, 'test-results', 'bench-growing.log'),
  });
  table([['measure', 'budget', 'measured', 'ratio', 'verdict'], ...growingBudgetRows(figures)], []);
}
