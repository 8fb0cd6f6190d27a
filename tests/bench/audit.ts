// Audit trail: on PostgreSQL, in the bench's own database (never the large seed's):
//   - recording adds ≤ 10% to the median latency of a device-card mutation: PUT
//     /front/devices/:mac/status as the operator, one request at a time, against the same server
//     built with the audit trail and without it (AuditOptions.enabled false: the baseline only);
//   - GET /front/audit filtered by target, on 5,000,000 records (inserted set-based with
//     generate_series, once, then reused): p99 ≤ 50 ms at 10 connections, 200 targets in turn.
//
// Standalone: node --import tsx tests/bench/audit.ts (BENCH_DATABASE_URL or TEST_DATABASE_URL beside
// which the bench's database lives). As a child process (AUDIT_BENCH_SERVER=on|off) it is the server.
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { repoRoot, startServer } from '../e2e/server-process';
import { latencyRow, loadPaths, logInCookie, statusSummary, type LoadFigures, type LoadOptions } from './load';
import { median } from './offline-report';

export const AUDIT_BUDGET = { mutationOverhead: 0.1, listP99Ms: 50 };
const DATABASE = 'intercom_bench_audit';
const RECORDS = Number(process.env.BENCH_AUDIT_RECORDS ?? 5_000_000);
const TARGETS = 50_000;
const SAMPLE = 200;
const MUTATIONS = Number(process.env.BENCH_AUDIT_MUTATIONS ?? 300);
const MAC = 'E4:5A:D4:00:00:05';

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface AuditBenchFigures {
  records: number;
  insertSeconds: number | null;
  withAudit: Latency;
  withoutAudit: Latency;
  list: LoadFigures;
}

/** The bench's own database beside the test one (created when missing). */
async function benchDatabaseUrl(): Promise<string | null> {
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

/** The mac of target n: 02:AD:00:xx:xx:xx, a MAC no seed uses. */
function targetMac(n: number): string {
  const hex = n.toString(16).padStart(6, '0').toUpperCase();
  return `02:AD:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** Fills the table up to RECORDS in one set-based insert (each target ~100 records over 400 days). */
async function fillRecords(url: string): Promise<{ records: number; seconds: number | null }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ n }] = (await client.query<{ n: string }>('select count(*) as n from audit_records')).rows;
    const missing = RECORDS - Number(n);
    if (missing <= 0) return { records: Number(n), seconds: null };
    const started = performance.now();
    await client.query(
      `insert into audit_records (at, user_id, user_login, user_roles, buyer_id, ip, user_agent, method, route, target_kind, target_id, targets, diff, diff_source, status)
       select now() - (g % 400) * interval '1 day' - (g % 86400) * interval '1 second',
              2, 'operator', 'management', 1, '10.0.0.' || (g % 250), 'bench',
              'PUT', 'PUT /front/devices/:mac/status', 'device',
              '02:AD:00:' || upper(substr(lpad(to_hex(g % $2), 6, '0'), 1, 2)) || ':' || upper(substr(lpad(to_hex(g % $2), 6, '0'), 3, 2)) || ':' || upper(substr(lpad(to_hex(g % $2), 6, '0'), 5, 2)),
              '{}'::jsonb, jsonb_build_array(jsonb_build_object('field', 'status_code', 'before', 1, 'after', 2)), 'snapshot', 200
       from generate_series(1, $1::int) g`,
      [missing, TARGETS],
    );
    // The «what» filter reads the objects' index: each generated record concerns its device.
    await client.query(
      `insert into audit_subjects (audit_id, at, kind, subject_id)
       select r.id, r.at, r.target_kind, r.target_id from audit_records r
       where r.target_kind is not null and not exists (select 1 from audit_subjects s where s.audit_id = r.id)`,
    );
    await client.query('analyze audit_records');
    await client.query('analyze audit_subjects');
    return { records: RECORDS, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

async function csrf(baseUrl: string, cookie: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/site/csrf`, { headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' } });
  return ((await answer.json()) as { token: string }).token;
}

interface Latency {
  medianMs: number;
  p90Ms: number;
  p99Ms: number;
}

async function putter(baseUrl: string): Promise<(status: number) => Promise<number>> {
  const cookie = await logInCookie(baseUrl, 'operator', 'operator');
  const headers = { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': await csrf(baseUrl, cookie), 'Content-Type': 'application/json' };
  return async (status) => {
    const started = performance.now();
    const answer = await fetch(`${baseUrl}/front/devices/${encodeURIComponent(MAC)}/status`, { method: 'PUT', headers, body: JSON.stringify({ status }) });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`PUT status answered ${answer.status}`);
    return performance.now() - started;
  };
}

function summary(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
  return { medianMs: median(times), p90Ms: at(0.9), p99Ms: at(0.99) };
}

/**
 * One PUT at a time, alternating between the server without the audit trail and the one with it
 * (the machine's load falls on both alike), the status alternating too; 20 of each unmeasured first.
 */
async function mutationLatency(withoutUrl: string, withUrl: string): Promise<{ withoutAudit: Latency; withAudit: Latency }> {
  const [without, withAudit] = [await putter(withoutUrl), await putter(withUrl)];
  const times: { without: number[]; with: number[] } = { without: [], with: [] };
  for (let index = 0; index < MUTATIONS + 20; index++) {
    const status = index % 2 === 0 ? 1 : 2;
    const first = index % 4 < 2;
    const a = first ? await without(status) : await withAudit(status);
    const b = first ? await withAudit(status) : await without(status);
    if (index < 20) continue;
    times.without.push(first ? a : b);
    times.with.push(first ? b : a);
  }
  return { withoutAudit: summary(times.without), withAudit: summary(times.with) };
}

async function withServer<T>(url: string, audit: 'on' | 'off', logFile: string | undefined, work: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = await startServer({
    script: 'tests/bench/audit.ts',
    env: { AUDIT_BENCH_SERVER: audit, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    logFile,
    timeoutMs: 600_000,
  });
  try {
    return await work(server.url);
  } finally {
    await server.stop();
  }
}

export async function auditBenchReport(heading: Heading, table: Table, options: LoadOptions & { logFile?: string }): Promise<AuditBenchFigures | null> {
  heading('Audit trail (PostgreSQL)');
  const url = await benchDatabaseUrl();
  if (!url) {
    console.log('  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it');
    return null;
  }
  // The first start migrates and seeds (small); both servers then share the database.
  const { withoutAudit, withAudit } = await withServer(url, 'off', options.logFile, (withoutUrl) => withServer(url, 'on', options.logFile, (withUrl) => mutationLatency(withoutUrl, withUrl)));
  const filled = await fillRecords(url);
  console.log(`  ${filled.records.toLocaleString('en')} records${filled.seconds === null ? ' (already there)' : `, inserted in ${filled.seconds.toFixed(0)} s`}`);
  const paths = Array.from({ length: SAMPLE }, (_, index) => `/front/audit?targetKind=device&targetId=${encodeURIComponent(targetMac((index * 97) % TARGETS))}`);
  const list = await withServer(url, 'on', options.logFile, async (baseUrl) => {
    const cookie = await logInCookie(baseUrl, 'operator', 'operator');
    return loadPaths('GET /front/audit by target (5M records)', baseUrl, paths, cookie, { ...options, connections: 10 });
  });
  const figures = { records: filled.records, insertSeconds: filled.seconds, withAudit, withoutAudit, list };
  table(
    [
      ['measure', 'median', 'p90 / p99', 'statuses'],
      ['PUT device status, audit off', `${withoutAudit.medianMs.toFixed(2)} ms`, `${withoutAudit.p90Ms.toFixed(2)} / ${withoutAudit.p99Ms.toFixed(2)} ms`, ''],
      ['PUT device status, audit on', `${withAudit.medianMs.toFixed(2)} ms`, `${withAudit.p90Ms.toFixed(2)} / ${withAudit.p99Ms.toFixed(2)} ms`, ''],
      ['GET /front/audit by target, 10 conn.', `${list.p50.toFixed(1)} ms`, `p99 ${list.p99.toFixed(1)} ms`, statusSummary(list)],
    ],
    [false, true, true, false],
  );
  return figures;
}

export function auditBudgetRows(figures: AuditBenchFigures | null): string[][] {
  if (!figures) return [['audit trail', '', 'skipped', '', '']];
  const overhead = figures.withAudit.medianMs / figures.withoutAudit.medianMs - 1;
  return [
    [
      'recording: added to a device-card mutation’s median',
      `≤ ${(AUDIT_BUDGET.mutationOverhead * 100).toFixed(0)}%`,
      `${(overhead * 100).toFixed(1)}% (${figures.withoutAudit.medianMs.toFixed(2)} → ${figures.withAudit.medianMs.toFixed(2)} ms)`,
      (overhead / AUDIT_BUDGET.mutationOverhead).toFixed(2),
      overhead <= AUDIT_BUDGET.mutationOverhead ? 'PASS' : 'OVER',
    ],
    latencyRow(`audit list by target, ${figures.records.toLocaleString('en')} records, p99 at 10 conn.`, figures.list, AUDIT_BUDGET.listP99Ms),
  ];
}

async function serve(audit: string): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('AUDIT_BENCH_SERVER needs DATABASE_URL');
  const app = await buildApp({
    database: { kind: 'postgres', url: databaseUrl },
    seed: 'small',
    staticDir: null,
    logger: false,
    // Only the request's own work: the device answers at once, no background runners.
    deviceGateway: { failureShare: 0, halfApplyShare: 0, timeoutMs: 50, scanMs: 5, flatReadMs: 5, uploadMs: 5, commutatorReadMs: 5, lineLevelMs: 5, voltageReadMs: 5, firmwareMs: 50 },
    jobs: { enabled: false },
    mcUploads: { enabled: false },
    audit: { enabled: audit !== 'off' },
    loginRateLimit: { maxFailuresPerLogin: 1_000_000, maxFailuresPerIp: 1_000_000 },
  });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.env.AUDIT_BENCH_SERVER) {
    await serve(process.env.AUDIT_BENCH_SERVER);
  } else {
    const heading: Heading = (title) => console.log(`\n## ${title}\n`);
    const table: Table = (rows) => {
      for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    };
    const figures = await auditBenchReport(heading, table, { connections: 10, durationSeconds: Number(process.env.BENCH_DURATION ?? 10), warmupSeconds: 2, logFile: `${repoRoot}/test-results/bench-audit-server.log` });
    heading('Budgets (audit trail)');
    table([['budget', 'limit', 'measured', 'ratio', 'verdict'], ...auditBudgetRows(figures)], [false, true, true, true, false]);
  }
}
