// Event history: on the large seed (PostgreSQL, 10 million events), as the operator (buyer 1):
//   - GET /front/device/{id}/history, one device, its last 7 days, page 0: p99 ≤ 30 ms at 10 connections
//     (200 devices of buyer 1 in turn);
//   - GET /front/devices/history, every device of the buyer, one event type, 30 days, page 0: p99 ≤ 80 ms
//     at 10 connections (the 11 types × 20 windows in turn, each read once before);
//   - page 1,000 of a broad filter (every event of the buyer): median of 15 runs ≤ 200 ms;
//   - the CSV export of 100,000 events: time to the first byte ≤ 1 s, and the server's RSS while it
//     streams (sampled every 50 ms) staying flat.
// Every answer's status is counted: a 4xx is a broken call, not a fast one.
//
// Standalone: node --import tsx tests/bench/history.ts (BENCH_LARGE_DATABASE_URL, or
// BENCH_DATABASE_URL / TEST_DATABASE_URL beside which the bench's large database lives). Unlike
// run.ts it never builds the large seed: it measures the database as it is.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ACCESS_LOG_EVENTS, HISTORY_EXPORT_PATH, HISTORY_EXPORT_TRUNCATED_HEADER } from '../../contract/history';
import { repoRoot, startServer } from '../e2e/server-process';
import { largeDatabaseUrl } from './device-list';
import type { LargeSeedFigures } from './housing';
import { latencyRow, loadPaths, logInCookie, statusSummary, type LoadFigures, type LoadOptions } from './load';
import { median } from './offline-report';

/** `exportRssDriftMb`: how much higher the server's RSS peaks in the export's second half than in its first (flat: about 0). */
export const HISTORY_BUDGET = { deviceP99Ms: 30, buyerTypeP99Ms: 80, deepPageMedianMs: 200, exportFirstByteMs: 1000, exportRssDriftMb: 32 };
const DEVICE_SAMPLE = 200;
const WINDOWS = 20;
const DEEP_PAGE = 1000;
const DEEP_RUNS = 15;
const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface HistoryExportFigures {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rows: number;
  truncated: string | null;
  rssStartMb: number;
  /** The highest RSS while the first half of the bytes arrived, and while the second half did. */
  rssFirstHalfMb: number;
  rssSecondHalfMb: number;
  rssEndMb: number;
}

export interface HistoryApiFigures {
  events: number;
  /** GET /site/csrf with the session: what any call costs on this machine now (the session read, the HTTP round trip). */
  floor: LoadFigures;
  devicePage: LoadFigures;
  buyerType: LoadFigures;
  deep: { medianMs: number; maxMs: number; runs: number; statuses: Record<string, number>; rows: number };
  exported: HistoryExportFigures;
}

interface Sample {
  events: number;
  newest: number;
  devices: number[];
}

async function sample(url: string): Promise<Sample> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const total = await client.query<{ n: string }>(`select reltuples::bigint as n from pg_class where relname = 'device_history_events'`);
    const newest = await client.query<{ at: Date }>(`select max(event_date) as at from device_history_events`);
    const devices = await client.query<{ id: number }>(
      `select id from (select d.id, row_number() over (order by d.id) as n, count(*) over () as total
                       from devices d where d.buyer_id = 1 and d.status_code = 1 and exists (select 1 from device_history_events e where e.device_id = d.id)) spread
       where n % greatest(1, total / ${DEVICE_SAMPLE}) = 0 order by n limit ${DEVICE_SAMPLE}`,
    );
    return { events: Number(total.rows[0]?.n ?? 0), newest: newest.rows[0]?.at?.getTime() ?? Date.now(), devices: devices.rows.map((row) => row.id) };
  } finally {
    await client.end();
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) * 1024;
}

async function timeDeepPage(baseUrl: string, cookie: string): Promise<HistoryApiFigures['deep']> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let rows = 0;
  for (let attempt = 0; attempt < DEEP_RUNS + 2; attempt++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/front/devices/history?page=${DEEP_PAGE}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie } });
    const body = (await response.json()) as { data?: unknown[] };
    const elapsed = performance.now() - started;
    // Two unmeasured calls first, as for the other calls.
    if (attempt < 2) continue;
    times.push(elapsed);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    rows = body.data?.length ?? 0;
  }
  return { medianMs: Math.round(median(times)), maxMs: Math.round(Math.max(...times)), runs: times.length, statuses, rows };
}

/** The whole buyer's export (cut at 100,000 rows): read as a browser would, chunk by chunk, the server's RSS sampled meanwhile. */
async function timeExport(baseUrl: string, cookie: string, pid: number): Promise<HistoryExportFigures> {
  const rssStart = await rssOf(pid);
  // Peaks per half of the answer: memory that grew with the rows would peak higher in the second.
  const peaks = [rssStart, 0];
  let half = 0;
  const sampler = setInterval(() => {
    const at = half;
    void rssOf(pid).then((rss) => {
      peaks[at] = Math.max(peaks[at], rss);
    });
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${HISTORY_EXPORT_PATH}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie } });
    let firstByteMs = 0;
    let bytes = 0;
    let rows = 0;
    const reader = response.body?.getReader();
    while (reader) {
      const chunk = await reader.read();
      if (chunk.done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.value.length;
      // The whole export of 100,000 rows is about 18 MB.
      if (bytes > 9 * MB) half = 1;
      for (const byte of chunk.value) if (byte === 0x0a) rows++;
    }
    const totalMs = performance.now() - started;
    return {
      status: response.status,
      firstByteMs: Math.round(firstByteMs),
      totalMs: Math.round(totalMs),
      bytes,
      // The header line and the closing comment are not events.
      rows: Math.max(0, rows - 1 - (response.headers.get(HISTORY_EXPORT_TRUNCATED_HEADER) === 'true' ? 1 : 0)),
      truncated: response.headers.get(HISTORY_EXPORT_TRUNCATED_HEADER),
      rssStartMb: Math.round(rssStart / MB),
      rssFirstHalfMb: Math.round(peaks[0] / MB),
      rssSecondHalfMb: Math.round(peaks[1] / MB),
      rssEndMb: Math.round((await rssOf(pid)) / MB),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** One device's week and the buyer's month of one type at 10 connections, a deep page and the export, on the large seed, as the operator. */
export async function historyApiReport(heading: Heading, table: Table, large: Pick<LargeSeedFigures, 'url'> | null, options: LoadOptions & { logFile: string }): Promise<HistoryApiFigures | null> {
  heading('Event history on the large seed (PostgreSQL, operator)');
  if (!large) {
    console.log('  skipped: no large-seed database');
    return null;
  }
  // No live trickle (JOBS_ENABLED=false): the pages measured stay the same.
  const env = { LOG_LEVEL: 'silent', DATABASE_URL: large.url, SEED: 'none', JOBS_ENABLED: 'false', DEVICE_FAILURE_SHARE: '0' };
  const server = await startServer({ env, logFile: options.logFile, timeoutMs: 300_000 });
  try {
    const { events, newest, devices } = await sample(large.url);
    if (devices.length === 0) {
      console.log('  skipped: the large seed has no events of buyer 1');
      return null;
    }
    const pid = server.child.pid ?? 0;
    console.log(`  about ${events} events in the database, the newest ${iso(newest)}; ${devices.length} devices of buyer 1 sampled`);
    const cookie = await logInCookie(server.url, 'operator', 'operator');
    const week = `dateFrom=${iso(newest - 7 * DAY_MS)}&dateTo=${iso(newest)}`;
    const devicePaths = devices.map((id) => `/front/device/${id}/history?page=0&${week}`);
    const typePaths = Array.from({ length: WINDOWS }, (_item, window) => {
      const to = newest - window * DAY_MS;
      return ACCESS_LOG_EVENTS.map((type) => `/front/devices/history?page=0&eventType=${type}&dateFrom=${iso(to - 30 * DAY_MS)}&dateTo=${iso(to)}`);
    }).flat();
    const probe = await fetch(`${server.url}${typePaths[0]}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie } });
    const text = await probe.text();
    const probed = probe.ok ? (JSON.parse(text) as { data: unknown[]; numberPages: number; countCapped?: boolean }) : null;
    console.log(
      `  probe GET ${typePaths[0]}: HTTP ${probe.status}, ${text.length} bytes${probed ? `, ${probed.data.length} events, ${probed.numberPages} pages${probed.countCapped ? ' (count capped)' : ''}` : ` (${text.slice(0, 160)})`}`,
    );
    // One pass over every path first: each page read once, as the screen's first visit would (its count then reused for 15 s).
    for (const path of [...devicePaths, ...typePaths]) {
      await fetch(`${server.url}${path}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie } }).then((answer) => answer.arrayBuffer());
    }
    const quick = { ...options, connections: 10 };
    const floor = await loadPaths('GET /site/csrf (floor: session read and HTTP)', server.url, ['/site/csrf'], cookie, quick);
    const devicePage = await loadPaths(`GET /front/device/{id}/history, 7 days, page 0, ${devicePaths.length} devices`, server.url, devicePaths, cookie, quick);
    const buyerType = await loadPaths(`GET /front/devices/history, one type, 30 days, page 0, ${typePaths.length} filters`, server.url, typePaths, cookie, quick);
    const deep = await timeDeepPage(server.url, cookie);
    const exported = await timeExport(server.url, cookie, pid);
    table(
      [
        ['measure', 'p50', 'p99', 'req/s', 'requests', 'answers by status', 'errors'],
        ...[floor, devicePage, buyerType].map((l) => [l.name, `${l.p50} ms`, `${l.p99} ms`, l.rps.toFixed(0), String(l.requests), statusSummary(l), String(l.errors)]),
      ],
      [false, true, true, true, true, false, true],
    );
    const statuses = Object.entries(deep.statuses).map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`  GET /front/devices/history?page=${DEEP_PAGE} (every event of buyer 1): median ${deep.medianMs} ms, max ${deep.maxMs} ms over ${deep.runs} runs; ${deep.rows} rows; ${statuses}`);
    console.log(
      `  GET ${HISTORY_EXPORT_PATH} (every event of buyer 1): HTTP ${exported.status}, first byte ${exported.firstByteMs} ms, whole ${exported.totalMs} ms, ` +
        `${(exported.bytes / MB).toFixed(1)} MB, ${exported.rows} events, truncated ${exported.truncated}; server RSS ${exported.rssStartMb} MB before, peak ${exported.rssFirstHalfMb} MB in the first half, ${exported.rssSecondHalfMb} MB in the second, ${exported.rssEndMb} MB after`,
    );
    for (const l of [devicePage, buyerType]) if (l.non2xx > 0) console.log(`  BROKEN: ${l.name} answered ${l.non2xx} of ${l.requests} requests with a non-2xx status: its latency is not the call's`);
    return { events, floor, devicePage, buyerType, deep, exported };
  } finally {
    await server.stop();
  }
}

function row(label: string, limit: string, measured: string, ratio: number | null, pass: boolean | null): string[] {
  return [label, limit, measured, ratio === null ? '-' : `${(ratio * 100).toFixed(0)}%`, pass === null ? 'BROKEN' : pass ? 'PASS' : 'OVER'];
}

/** Budget rows for run.ts: [budget, limit, measured, ratio, verdict]. */
export function historyBudgetRows(figures: HistoryApiFigures | null): string[][] {
  const on = figures ? ` (large seed, ${(figures.events / 1e6).toFixed(1)} million events)` : ' (large seed)';
  const rows = [
    latencyRow(`GET /front/device/{id}/history, 7 days, page 0, p99, 10 connections${on}`, figures?.devicePage, HISTORY_BUDGET.deviceP99Ms),
    latencyRow(`GET /front/devices/history, buyer, one type, 30 days, page 0, p99, 10 connections${on}`, figures?.buyerType, HISTORY_BUDGET.buyerTypeP99Ms),
  ];
  if (!figures) {
    return [
      ...rows,
      [`history page ${DEEP_PAGE} of a broad filter, median${on}`, `${HISTORY_BUDGET.deepPageMedianMs} ms`, 'not measured', '-', 'SKIPPED'],
      [`history CSV export of 100,000 events: first byte${on}`, `${HISTORY_BUDGET.exportFirstByteMs} ms`, 'not measured', '-', 'SKIPPED'],
      [`history CSV export: server RSS drift while streaming${on}`, `${HISTORY_BUDGET.exportRssDriftMb} MB`, 'not measured', '-', 'SKIPPED'],
    ];
  }
  const { deep, exported } = figures;
  const deepBroken = Object.keys(deep.statuses).some((status) => status !== '200');
  const exportBroken = exported.status !== 200 || exported.rows < 100_000;
  const drift = exported.rssSecondHalfMb - exported.rssFirstHalfMb;
  return [
    ...rows,
    row(
      `history page ${DEEP_PAGE} of a broad filter, median of ${deep.runs}${on}`,
      `${HISTORY_BUDGET.deepPageMedianMs} ms`,
      `${deep.medianMs} ms`,
      deepBroken ? null : deep.medianMs / HISTORY_BUDGET.deepPageMedianMs,
      deepBroken ? null : deep.medianMs <= HISTORY_BUDGET.deepPageMedianMs,
    ),
    row(
      `history CSV export of ${exported.rows} events: first byte (whole: ${(exported.totalMs / 1000).toFixed(1)} s)${on}`,
      `${HISTORY_BUDGET.exportFirstByteMs} ms`,
      `${exported.firstByteMs} ms`,
      exportBroken ? null : exported.firstByteMs / HISTORY_BUDGET.exportFirstByteMs,
      exportBroken ? null : exported.firstByteMs <= HISTORY_BUDGET.exportFirstByteMs,
    ),
    row(
      `history CSV export: server RSS, second half's peak minus first half's (${exported.rssStartMb} MB before, ${exported.rssFirstHalfMb} / ${exported.rssSecondHalfMb} MB)${on}`,
      `${HISTORY_BUDGET.exportRssDriftMb} MB`,
      `${drift} MB`,
      exportBroken ? null : Math.max(0, drift) / HISTORY_BUDGET.exportRssDriftMb,
      exportBroken ? null : drift <= HISTORY_BUDGET.exportRssDriftMb,
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((line) => console.log(`  ${line.join(' | ')}`));
  const logFile = join(repoRoot, 'test-results', 'bench-history.log');
  const load = { connections: 10, durationSeconds: Number(process.env.BENCH_DURATION ?? 10), warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2) };
  const url = await largeDatabaseUrl();
  const api = await historyApiReport(heading, table, url ? { url } : null, { ...load, logFile });
  for (const line of historyBudgetRows(api)) console.log(`  ${line.join(' | ')}`);
}
