// Management companies: uploading one company to 1,000 simulated devices, on
// PostgreSQL, ≥ 50 devices/s with progress, and no device done twice.
//
// A fresh database beside BENCH_DATABASE_URL / TEST_DATABASE_URL gets the small seed and one
// company of buyer 1 whose 50 houses (40 flats each) hold 1,000 devices. Two server processes run
// on it (each with its upload runner, as two nodes behind a balancer would), with the simulator's
// defaults: 300 ms a device (±25 %), DEVICE_FAILURE_SHARE 0.05 (half refused at once, half timing
// out after 5 s). The operator POSTs upload-all to one of them and polls the status call every
// 250 ms until nothing is left. Reported: devices/s (from the upload's start to its last device,
// by the server's clock), how many progress steps the status call showed, the jobs each process
// ran, and devices done twice (a job claimed more than once, or a device with more than one job).
//
// The same run drives the real panels' drivers in tests/bench/panels.ts: its caller gives the
// servers' gateway settings (`env`) and points the company's devices at emulators (`prepare`).
//
// Standalone: node --import tsx tests/bench/mc-upload.ts (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../server/db/client';
import { repoRoot, startServer, type ServerProcess } from '../e2e/server-process';
import { createCompanyWithDevices, type CompanyFixture } from '../server/mc-upload-fixtures';
import { adminQuery } from '../server/postgres';
import { logInCookie } from './load';

export const MC_UPLOAD_BUDGET = { devicesPerSecond: 50, devices: 1_000, duplicates: 0 };
const OPERATOR = { login: 'operator', password: 'operator' } as const;
const POLL_MS = 250;
const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface McUploadFigures {
  devices: number;
  done: number;
  failed: number;
  /** From the upload's creation to its last device, by the server's clock. */
  serverMs: number;
  /** From the POST to the poll that saw nothing left. */
  clientMs: number;
  devicesPerSecond: number;
  /** Distinct (done + failed) values the status call showed while it ran. */
  progressSteps: number;
  /** Jobs claimed more than once, plus devices with more than one job. */
  duplicates: number;
  /** Jobs run by each server process. */
  perProcess: Record<string, number>;
  /** The failed devices' reasons, the commonest first (at most 3). */
  failureReasons: { reason: string; devices: number }[];
}

/** What a caller changes in the run: the servers' device gateway, and the devices once the company exists. */
export interface McUploadOptions {
  logFile: string;
  devices?: number;
  /** The heading's words for the devices ('simulated devices' by default). */
  target?: string;
  /** Server settings over the simulator's defaults (e.g. DEVICE_GATEWAY=drivers). */
  env?: Record<string, string>;
  /** Runs on the fresh database once the company exists, before the second server starts. */
  prepare?: (databaseUrl: string, company: CompanyFixture) => Promise<void>;
}

interface UploadStatus {
  total: number;
  done: number;
  failed: number;
  left: number;
  running: boolean;
  startedAt: string;
  finishedAt: string | null;
}

function adminUrl(): string | null {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
}

/** The session cookie and a CSRF token for it (the token's cookie joins the session's). */
export async function operatorSession(baseUrl: string): Promise<{ cookie: string; token: string }> {
  const session = await logInCookie(baseUrl, OPERATOR.login, OPERATOR.password);
  const response = await fetch(`${baseUrl}/site/csrf`, { headers: { ...JSON_HEADERS, Cookie: session } });
  const set = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter(Boolean);
  const names = new Set(set.map((pair) => pair.slice(0, pair.indexOf('='))));
  const kept = session.split('; ').filter((pair) => !names.has(pair.slice(0, pair.indexOf('='))));
  const { token } = (await response.json()) as { token: string };
  return { cookie: [...kept, ...set].join('; '), token };
}

export async function call<T>(url: string, cookie: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...JSON_HEADERS, Cookie: cookie, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json', 'X-CSRF-Token': init.token ?? '' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Uploads one company of 1,000 devices through two server processes on a fresh PostgreSQL database. */
export async function mcUploadReport(heading: Heading, table: Table, options: McUploadOptions): Promise<McUploadFigures | null> {
  const devices = options.devices ?? MC_UPLOAD_BUDGET.devices;
  heading(`Management company upload to ${devices} ${options.target ?? 'simulated devices'} (PostgreSQL, two server processes)`);
  const base = adminUrl();
  if (!base) {
    console.log('  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it');
    return null;
  }
  const name = `intercom_bench_mc_${randomBytes(4).toString('hex')}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  await adminQuery(base, `create database ${name}`);
  const servers: ServerProcess[] = [];
  try {
    const env = { LOG_LEVEL: 'warn', DATABASE_URL: url.href, SEED: 'small', DEVICE_FAILURE_SHARE: '0.05', JOBS_POLL_MS: '200', MC_SCHEDULE_MS: '0', ...options.env };
    servers.push(await startServer({ env, logFile: options.logFile, timeoutMs: 180_000 }));
    const database = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 2 });
    let company: CompanyFixture;
    try {
      company = await createCompanyWithDevices(database.drizzle, { buyerId: 1, devices, houses: 50, flatsPerHouse: 40 });
    } finally {
      await database.close();
    }
    const { companyId } = company;
    await options.prepare?.(url.href, company);
    servers.push(await startServer({ env: { ...env, SEED: 'none' }, logFile: options.logFile, timeoutMs: 180_000 }));

    const first = servers[0]!.url;
    const { cookie, token } = await operatorSession(first);
    const started = performance.now();
    const queued = await call<{ devices: number }>(`${first}/front/management-company/upload-all`, cookie, { method: 'POST', token, body: { id: companyId } });
    const steps = new Set<number>();
    let status: UploadStatus;
    for (;;) {
      status = (await call<{ data: UploadStatus }>(`${first}/front/management-company/${companyId}/upload`, cookie)).data;
      steps.add(status.done + status.failed);
      if (!status.running) break;
      if (performance.now() - started > 600_000) throw new Error('the upload did not finish in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const clientMs = performance.now() - started;
    const serverMs = Date.parse(status.finishedAt ?? status.startedAt) - Date.parse(status.startedAt);

    const check = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 1 });
    let duplicates = 0;
    const perProcess: Record<string, number> = {};
    let failureReasons: McUploadFigures['failureReasons'] = [];
    try {
      const [twice] = await queryRows<{ reclaimed: number; doubled: number }>(
        check.drizzle,
        sql`select coalesce(sum(attempts - 1), 0)::int as reclaimed,
                   (select count(*) from (select device_id from mc_upload_jobs group by upload_id, device_id having count(*) > 1) d)::int as doubled
            from mc_upload_jobs`,
      );
      duplicates = Number(twice?.reclaimed ?? 0) + Number(twice?.doubled ?? 0);
      const runners = await queryRows<{ runner: string; jobs: number }>(check.drizzle, sql`select locked_by as runner, count(*)::int as jobs from mc_upload_jobs group by locked_by order by 1`);
      runners.forEach((row, index) => (perProcess[`process ${index + 1}`] = Number(row.jobs)));
      const reasons = await queryRows<{ reason: string | null; devices: number }>(
        check.drizzle,
        // Grouped without the MAC the drivers name in their reasons.
        sql`select regexp_replace(last_error, ' *[(]?([0-9A-F]{2}:){5}[0-9A-F]{2}[)]?', '', 'g') as reason, count(*)::int as devices
            from mc_upload_jobs where status = 'failed' group by 1 order by 2 desc, 1 limit 3`,
      );
      failureReasons = reasons.map((row) => ({ reason: row.reason ?? '(no reason)', devices: Number(row.devices) }));
    } finally {
      await check.close();
    }
    const figures: McUploadFigures = {
      devices: queued.devices,
      done: status.done,
      failed: status.failed,
      serverMs,
      clientMs,
      devicesPerSecond: status.total / Math.max(serverMs, 1) * 1000,
      progressSteps: steps.size,
      duplicates,
      perProcess,
      failureReasons,
    };
    table(
      [
        ['devices queued', String(figures.devices)],
        [options.env ? 'done / failed' : 'done / failed (simulated failures)', `${figures.done} / ${figures.failed}`],
        ...failureReasons.map((item) => [`  failed: ${item.reason.slice(0, 110)}`, String(item.devices)]),
        ['upload time (server clock)', `${(serverMs / 1000).toFixed(1)} s`],
        ['POST to last poll', `${(clientMs / 1000).toFixed(1)} s`],
        ['devices/s', figures.devicesPerSecond.toFixed(1)],
        ['progress steps seen (poll every 250 ms)', String(figures.progressSteps)],
        ['jobs per process', Object.values(perProcess).join(' + ')],
        ['devices done twice', String(duplicates)],
      ],
      [false, true],
    );
    return figures;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await adminQuery(base, `drop database if exists ${name} with (force)`);
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER');

/** Budget, measured, ratio, verdict: rows for the bench's summary table. */
export function mcUploadBudgetRows(figures: McUploadFigures | null): string[][] {
  const label = `upload one company to ${MC_UPLOAD_BUDGET.devices} simulated devices (PostgreSQL)`;
  if (!figures) {
    return [
      [label, `≥ ${MC_UPLOAD_BUDGET.devicesPerSecond} devices/s`, 'not measured', '-', 'SKIPPED'],
      ['  devices done twice', '0', 'not measured', '-', 'SKIPPED'],
    ];
  }
  const complete = figures.done + figures.failed === figures.devices && figures.devices === MC_UPLOAD_BUDGET.devices;
  return [
    [
      `${label}, progress in ${figures.progressSteps} steps`,
      `≥ ${MC_UPLOAD_BUDGET.devicesPerSecond} devices/s`,
      `${figures.devicesPerSecond.toFixed(1)} devices/s${complete ? '' : ` (only ${figures.done + figures.failed} of ${figures.devices} ended)`}`,
      `${((figures.devicesPerSecond / MC_UPLOAD_BUDGET.devicesPerSecond) * 100).toFixed(0)}%`,
      complete && figures.progressSteps > 2 ? verdict(figures.devicesPerSecond >= MC_UPLOAD_BUDGET.devicesPerSecond) : 'BROKEN',
    ],
    ['  devices done twice', '0', String(figures.duplicates), '-', figures.duplicates === 0 ? 'PASS' : 'OVER'],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((row) => console.log(`  ${row.join(' | ')}`));
  const figures = await mcUploadReport(heading, table, { logFile: join(repoRoot, 'test-results', 'bench-mc-upload.log') });
  for (const row of mcUploadBudgetRows(figures)) console.log(`  ${row.join(' | ')}`);
}
