// Keys: on the large seed (PostgreSQL), as the operator (buyer 1):
//   - POST /front/device-keys for one device, page 1, over ~200 devices of buyer 1 with keys, and
//     the same with a value search (the first three digits of one of the device's keys): p99 ≤ 30 ms
//     at 10 connections each;
//   - POST /front/keys/duplicate with 1,000 values (800 the operator's keys hold, 200 that no key
//     has): the median of 15 runs ≤ 200 ms.
// Every answer's status is counted: a 4xx is a broken call, not a fast one.
//
// Standalone: node --import tsx tests/bench/keys.ts (BENCH_LARGE_DATABASE_URL, or
// BENCH_DATABASE_URL / TEST_DATABASE_URL beside which the bench's large database lives). Unlike
// run.ts it never builds the large seed: it measures the database as it is.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { repoRoot, startServer } from '../e2e/server-process';
import { largeDatabaseUrl } from './device-list';
import type { LargeSeedFigures } from './housing';
import { latencyRow, load, loadPosts, logInCookie, statusSummary, type LoadFigures, type LoadOptions } from './load';
import { median } from './offline-report';

export const KEYS_BUDGET = { deviceKeysP99Ms: 30, duplicatesMedianMs: 200 };
const OPERATOR = { login: 'operator', password: 'operator' } as const;
const DEVICE_SAMPLE = 200;
const DUPLICATE_VALUES = 1000;
const DUPLICATE_FOUND = 800;
const DUPLICATE_RUNS = 15;

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface KeysApiFigures {
  keys: number;
  /** GET /site/csrf with the session: what any call costs on this machine now (the session read, the HTTP round trip). */
  floor: LoadFigures;
  devicePage: LoadFigures;
  deviceSearch: LoadFigures;
  duplicates: { medianMs: number; maxMs: number; runs: number; found: number; statuses: Record<string, number> };
}

interface Sample {
  keys: number;
  /** MAC and one of its keys' values, for devices of buyer 1 with keys, spread over the table. */
  devices: { mac: string; value: string }[];
  /** Values of buyer 1's keys spread over the table. */
  values: string[];
}

async function sample(url: string): Promise<Sample> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const total = await client.query<{ n: string }>(`select count(*) as n from keys`);
    const devices = await client.query<{ mac: string; value: string }>(
      `select mac, value from (
         select d.mac, (select k.value from keys k where k.device_id = d.id and not k.rs order by k.id limit 1) as value,
                row_number() over (order by d.id) as n, count(*) over () as total
         from devices d where d.buyer_id = 1 and exists (select 1 from keys k where k.device_id = d.id and not k.rs)
       ) spread where n % greatest(1, total / ${DEVICE_SAMPLE}) = 0 order by n limit ${DEVICE_SAMPLE}`,
    );
    const values = await client.query<{ value: string }>(
      `select value from keys where buyer_id = 1 and id % greatest(1, (select count(*) from keys where buyer_id = 1) / ${DUPLICATE_FOUND}) = 0
       order by id limit ${DUPLICATE_FOUND}`,
    );
    return { keys: Number(total.rows[0]?.n ?? 0), devices: devices.rows, values: values.rows.map((row) => row.value) };
  } finally {
    await client.end();
  }
}

/** 1,000 values: the sampled ones, then 12-digit ones of a fixed pattern that (almost surely) no seeded key has. */
function duplicateValues(found: readonly string[]): string[] {
  const missing = Array.from({ length: DUPLICATE_VALUES - found.length }, (_item, index) => `FEDC${index.toString(16).toUpperCase().padStart(8, '0')}`);
  return [...found, ...missing];
}

/** The session cookie and the CSRF token of the operator, as the app sends them on a mutation. */
async function operatorHeaders(baseUrl: string): Promise<Record<string, string>> {
  const cookie = await logInCookie(baseUrl, OPERATOR.login, OPERATOR.password);
  const response = await fetch(`${baseUrl}/site/csrf`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', Cookie: cookie } });
  const { token } = (await response.json()) as { token: string };
  return { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', Cookie: cookie, 'X-CSRF-Token': token };
}

async function timeDuplicates(baseUrl: string, headers: Record<string, string>, values: readonly string[]): Promise<KeysApiFigures['duplicates']> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let found = 0;
  // Two unmeasured calls warm the plan and the pages up, as a screen used a moment ago would.
  for (let attempt = 0; attempt < DUPLICATE_RUNS + 2; attempt++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/front/keys/duplicate`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ values, numberSystem: 'hex' }),
    });
    const body = (await response.json()) as { data?: unknown[] };
    const elapsed = performance.now() - started;
    if (attempt < 2) continue;
    times.push(elapsed);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    found = body.data?.length ?? 0;
  }
  return { medianMs: Math.round(median(times)), maxMs: Math.round(Math.max(...times)), runs: times.length, found, statuses };
}

/** A device's key list (page 1, and with a value search) at 10 connections and the 1,000-value duplicate search, on the large seed, as the operator. */
export async function keysApiReport(heading: Heading, table: Table, large: Pick<LargeSeedFigures, 'url'> | null, options: LoadOptions & { logFile: string }): Promise<KeysApiFigures | null> {
  heading('Device keys and duplicate search on the large seed (PostgreSQL, operator)');
  if (!large) {
    console.log('  skipped: no large-seed database');
    return null;
  }
  const env = { LOG_LEVEL: 'silent', DATABASE_URL: large.url, SEED: 'none', JOBS_ENABLED: 'false', DEVICE_FAILURE_SHARE: '0' };
  // Started before sampling: it migrates an older large database (the keys' RS column and indexes).
  const server = await startServer({ env, logFile: options.logFile, timeoutMs: 300_000 });
  try {
    const { keys, devices, values } = await sample(large.url);
    if (devices.length === 0 || values.length === 0) {
      console.log('  skipped: the large seed has no keys of buyer 1');
      return null;
    }
    console.log(`  ${keys} keys in the database; ${devices.length} devices of buyer 1 sampled, ${values.length} of its key values`);
    const headers = await operatorHeaders(server.url);
    const quick = { ...options, connections: 10 };
    const pages = devices.map((device) => ({ mac: device.mac, page: 1 }));
    const searches = devices.map((device) => ({ mac: device.mac, page: 1, key: device.value.slice(0, 3) }));
    const probe = await fetch(`${server.url}/front/device-keys`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(searches[0]) });
    const text = await probe.text();
    console.log(`  probe POST /front/device-keys ${JSON.stringify(searches[0])}: HTTP ${probe.status}, ${text.length} bytes${probe.ok ? '' : ` (${text.slice(0, 160)})`}`);
    // One pass over every body first: each device's pages read once, as the screen's first visit would.
    for (const body of [...pages, ...searches]) {
      await fetch(`${server.url}/front/device-keys`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((answer) => answer.arrayBuffer());
    }
    const floor = await load('GET /site/csrf (floor: session read and HTTP)', `${server.url}/site/csrf`, headers.Cookie ?? null, quick);
    const devicePage = await loadPosts(`POST /front/device-keys {mac, page 1}, ${pages.length} devices`, server.url, '/front/device-keys', pages, headers, quick);
    const deviceSearch = await loadPosts(`POST /front/device-keys {mac, key: 3 digits}, ${searches.length} devices`, server.url, '/front/device-keys', searches, headers, quick);
    const duplicates = await timeDuplicates(server.url, headers, duplicateValues(values));
    table(
      [
        ['measure', 'p50', 'p99', 'req/s', 'requests', 'answers by status', 'errors'],
        ...[floor, devicePage, deviceSearch].map((l) => [l.name, `${l.p50} ms`, `${l.p99} ms`, l.rps.toFixed(0), String(l.requests), statusSummary(l), String(l.errors)]),
      ],
      [false, true, true, true, true, false, true],
    );
    const statuses = Object.entries(duplicates.statuses).map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`  POST /front/keys/duplicate, ${DUPLICATE_VALUES} values (${values.length} held): median ${duplicates.medianMs} ms, max ${duplicates.maxMs} ms over ${duplicates.runs} runs; ${duplicates.found} places found; ${statuses}`);
    for (const l of [devicePage, deviceSearch]) if (l.non2xx > 0) console.log(`  BROKEN: ${l.name} answered ${l.non2xx} of ${l.requests} requests with a non-2xx status: its latency is not the call's`);
    return { keys, floor, devicePage, deviceSearch, duplicates };
  } finally {
    await server.stop();
  }
}

/** Budget rows for run.ts: [budget, limit, measured, ratio, verdict]. */
export function keysBudgetRows(figures: KeysApiFigures | null): string[][] {
  const on = figures ? ` (large seed, ${figures.keys} keys)` : ' (large seed)';
  const duplicates = figures?.duplicates;
  const limit = KEYS_BUDGET.duplicatesMedianMs;
  const broken = duplicates && Object.keys(duplicates.statuses).some((status) => status !== '200');
  return [
    latencyRow(`POST /front/device-keys {mac} page 1 p99, 10 connections${on}`, figures?.devicePage, KEYS_BUDGET.deviceKeysP99Ms),
    latencyRow(`POST /front/device-keys {mac, key} p99, 10 connections${on}`, figures?.deviceSearch, KEYS_BUDGET.deviceKeysP99Ms),
    !duplicates
      ? [`POST /front/keys/duplicate, 1,000 values, median${on}`, `${limit} ms`, 'not measured', '-', 'SKIPPED']
      : [
          `POST /front/keys/duplicate, 1,000 values, median of ${duplicates.runs}${on}`,
          `${limit} ms`,
          `${duplicates.medianMs} ms`,
          broken ? '-' : `${((duplicates.medianMs / limit) * 100).toFixed(0)}%`,
          broken ? 'BROKEN' : duplicates.medianMs <= limit ? 'PASS' : 'OVER',
        ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((row) => console.log(`  ${row.join(' | ')}`));
  const logFile = join(repoRoot, 'test-results', 'bench-keys.log');
  const load = { connections: 10, durationSeconds: Number(process.env.BENCH_DURATION ?? 10), warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2), logFile };
  const url = await largeDatabaseUrl();
  const api = await keysApiReport(heading, table, url ? { url } : null, load);
  for (const row of keysBudgetRows(api)) console.log(`  ${row.join(' | ')}`);
}
