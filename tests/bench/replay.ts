import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, Response } from 'playwright-core';
import { PrepareDeviceRequest, adjusterEndpoints } from '../../contract/adjuster';
import { defaultSerialNumberDraft, toPrepareDeviceBody } from '../../contract/adjuster-wizard';
import { CSRF_HEADER, IDEMPOTENCY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, decode, normalizeMac } from '../../contract/common';
import { CsrfResponse, sessionEndpoints } from '../../contract/session';
import { MacsFromHouseResponse, deviceEndpoints } from '../../contract/devices';
import { EntrancesResponse } from '../../contract/entrances';
import { HouseListResponse, houseEndpoints } from '../../contract/houses';
import { PermissionsResponse, userEndpoints } from '../../contract/users';
import { wizardEndpoints } from '../../contract/wizard';
import { repoRoot, startServer } from '../e2e/server-process';
import { adminQuery, databaseUrl } from '../server/postgres';
import { OFFLINE_DB_NAME, launchBenchBrowser, logIn, openContext, pageApi, waitForOfflineDb } from './app-browser';

/*
 * Replay of a long outbox ("Benchmarks"): an installer's app holds `jobs` queued
 * prepare-device jobs and meets the local server. The rows are written straight into the app's
 * IndexedDB with the shape the serial-number wizard gives them (src/offline/outbox.ts `enqueue`),
 * from /help.html, a page of the same origin where no app code runs, so no replay starts while
 * they are written. The app is then opened and its own replay engine sends them; the clock runs
 * from that navigation to the last job's `sentAt`. The server, not the client, says whether each
 * device exists exactly once.
 *
 * Run alone (part of `npm run bench` through offline-report.ts otherwise), after a build:
 *   npx vite build --outDir dist-replay
 *   STATIC_DIR=dist-replay TEST_DATABASE_URL=postgres://app:app@127.0.0.1:5432/app node --import tsx tests/bench/replay.ts
 * It replays on PGlite (SEED=small, fresh data dir) and, with TEST_DATABASE_URL, on PostgreSQL (a
 * fresh database intercom_bench_replay). BENCH_REPLAY_JOBS (1000), BENCH_REPLAY_DB (pglite,
 * postgres or both), BENCH_SERVER_PROF=<dir> (the server child writes a --cpu-prof there on exit).
 */

export interface ReplayFigures {
  jobs: number;
  /** From opening the app to the last job marked sent. */
  seconds: number;
  jobsPerSecond: number;
  /** From opening the app to the first job marked sent (app start, session, first request). */
  firstSentMs: number;
  /** POST /adjuster/api/prepare-device answers seen by the page, by kind. */
  posts: { total: number; created: number; replayed: number; other: Record<string, number> };
  /** Devices created more than once: extra creating answers, and MACs the server lists twice. */
  duplicates: number;
  /** Jobs not 'sent' at the end, or whose MAC the server does not list. */
  lost: number;
  statuses: Record<string, number>;
  houses: number;
  entrances: number;
  timedOut: boolean;
  /**
   * The server alone, in the same run: as many prepare-device POSTs (new MACs) sent straight from
   * the test one at a time as the engine sends them, each with its token and key, no IndexedDB and no page.
   * The replay can go no faster than this; on a loaded machine it is the figure to compare with.
   */
  server: { jobs: number; jobsPerSecond: number; statuses: Record<string, number> } | null;
}

export interface ReplayOptions {
  jobs: number;
  /** Give up (and count the unsent as lost) after this long. */
  timeoutMs: number;
  /** Told each step, for a run that hangs. */
  progress?: (step: string) => void;
}

/** The row src/offline/db.ts `OutboxJob` describes, without the auto-increment id. */
interface OutboxRow {
  idempotencyKey: string;
  kind: string;
  method: 'POST';
  url: string;
  body: PrepareDeviceRequest;
  status: 'queued';
  attempts: number;
  nextAttemptAt: number;
  lastError: null;
  lastStatus: null;
  userId: number;
  draftId: null;
  deviceKey: string;
  target: { mac: string; house: string };
  createdAt: number;
  updatedAt: number;
  sentAt: null;
}

interface Place {
  houseUid: string;
  address: string;
  fias: string;
  entranceNum: number;
}

/** The replay engine (src/offline/replay.ts) sends the user's queue one job at a time, in order. */
const ENGINE_CONCURRENCY = 1;

/** The serial-number wizard's job kind (src/features/serial-number-wizard/model.ts). */
const JOB_KIND = 'serial-number';

/** Locally administered MACs under a prefix no seed uses. */
function benchMac(n: number): string {
  const hex = n.toString(16).toUpperCase().padStart(6, '0');
  return `02:BE:0C:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

function outboxRows(places: readonly Place[], count: number, userId: number, now: number, first = 0): OutboxRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = first + i;
    const place = places[n % places.length];
    const mac = benchMac(n);
    const body = decode(
      PrepareDeviceRequest,
      toPrepareDeviceBody({
        ...defaultSerialNumberDraft(),
        serialNumber: `BENCH-SN-${n}`,
        mac,
        dns: `bench-${n}.intercom.local`,
        address: place.address,
        house: place.fias,
        entrance: place.entranceNum,
      }),
      'bench prepare-device body',
    );
    const normal = normalizeMac(mac) ?? mac;
    return {
      idempotencyKey: randomUUID(),
      kind: JOB_KIND,
      method: 'POST',
      url: adjusterEndpoints.prepareDevice.pattern,
      body,
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      lastStatus: null,
      userId,
      draftId: null,
      deviceKey: `mac:${normal}`,
      target: { mac: normal, house: place.address },
      createdAt: now,
      updatedAt: now,
      sentAt: null,
    };
  });
}

interface OutboxSummary {
  statuses: Record<string, number>;
  firstSentAt: number | null;
  lastSentAt: number | null;
  sentMacs: string[];
}

/** POSTs the rows' requests with the page's session, `concurrency` at a time: the server's own pace. */
async function serverAlone(page: Page, rows: readonly OutboxRow[], concurrency: number): Promise<ReplayFigures['server']> {
  const { token } = decode(CsrfResponse, await pageApi(page, 'GET', sessionEndpoints.csrf.pattern), 'csrf');
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const response = await page.request.post(row.url, {
          headers: { Accept: 'application/json', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE, [CSRF_HEADER]: token, [IDEMPOTENCY_HEADER]: row.idempotencyKey },
          data: row.body,
        });
        statuses[String(response.status())] = (statuses[String(response.status())] ?? 0) + 1;
      }
    }),
  );
  return { jobs: rows.length, jobsPerSecond: rows.length / ((performance.now() - started) / 1000), statuses };
}

export async function replayBench(browser: Browser, baseUrl: string, options: ReplayOptions): Promise<ReplayFigures> {
  const step = options.progress ?? (() => undefined);
  const { context, page } = await openContext(browser, baseUrl);
  try {
    step('log in');
    await logIn(page);
    step('wait for the app database');
    // An online-only screen no longer opens it (the offline runtime loads where offline work is): the queue does.
    await page.goto('/outbox');
    await waitForOfflineDb(page);
    step('read houses and entrances');

    const permissions = decode(PermissionsResponse, await pageApi(page, 'GET', userEndpoints.permissions.pattern), 'permissions');
    const houses = decode(HouseListResponse, await pageApi(page, 'GET', `${houseEndpoints.list.pattern}?page=1`), 'house list').data.filter(
      (house): house is typeof house & { fias: string } => typeof house.fias === 'string' && house.fias !== '',
    );
    if (houses.length === 0) throw new Error('the seed has no house with a FIAS id on the first page');
    const entrances = decode(
      EntrancesResponse,
      await pageApi(page, 'POST', wizardEndpoints.entrances.pattern, { houseUids: houses.map((h) => h.id) }),
      'wizard entrances',
    ).data;
    const places: Place[] = [];
    for (const house of houses) {
      const numbers = [...new Set(entrances.filter((e) => e.houseUid === house.id).map((e) => e.entranceNum))].filter((n) => n >= 1);
      for (const entranceNum of numbers) places.push({ houseUid: house.id, address: house.address, fias: house.fias, entranceNum });
    }
    if (places.length === 0) throw new Error('no entrance in the houses of the first page');

    step(`write ${options.jobs} jobs`);
    // Leave the app: on a static page of the origin nothing replays while the queue is written.
    await page.goto('/help.html');
    const rows = outboxRows(places, options.jobs, permissions.userId, Date.now());
    await page.evaluate(
      ({ name, rows }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onblocked = () => reject(new Error('opening the outbox database is blocked'));
          // The app made the database: one that has to be created here is not the app's.
          open.onupgradeneeded = () => {
            open.transaction?.abort();
            reject(new Error(`the app's database ${name} does not exist`));
          };
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('outbox', 'readwrite');
            const store = tx.objectStore('outbox');
            for (const row of rows) store.add(row);
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
            tx.onabort = () => reject(tx.error ?? new Error('writing the outbox was aborted'));
          };
        }),
      { name: OFFLINE_DB_NAME, rows },
    );

    const posts = { total: 0, created: 0, replayed: 0, other: {} as Record<string, number> };
    const onResponse = (response: Response) => {
      const request = response.request();
      if (request.method() !== 'POST' || new URL(response.url()).pathname !== adjusterEndpoints.prepareDevice.pattern) return;
      posts.total += 1;
      const replayed = response.headers()['idempotency-replayed'] === 'true';
      if (response.status() === 200 && replayed) posts.replayed += 1;
      else if (response.status() === 200) posts.created += 1;
      else posts.other[String(response.status())] = (posts.other[String(response.status())] ?? 0) + 1;
    };
    page.on('response', onResponse);

    step('open the app and wait for the replay');
    const openedAt = Date.now();
    await page.goto('/');
    /** Jobs by status, from the status index (no rows are read while the replay runs). */
    const countStatuses = () =>
      page.evaluate(
        (name) =>
          new Promise<Record<string, number>>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const index = db.transaction('outbox', 'readonly').objectStore('outbox').index('status');
              const statuses: Record<string, number> = {};
              const request = index.openKeyCursor(null, 'nextunique');
              request.onerror = () => reject(request.error);
              const pending: Promise<void>[] = [];
              request.onsuccess = () => {
                const cursor = request.result;
                if (cursor) {
                  const status = String(cursor.key);
                  pending.push(
                    new Promise<void>((done) => {
                      const count = index.count(cursor.key);
                      count.onsuccess = () => {
                        statuses[status] = count.result;
                        done();
                      };
                      count.onerror = () => done();
                    }),
                  );
                  cursor.continue();
                  return;
                }
                void Promise.all(pending).then(() => {
                  db.close();
                  resolve(statuses);
                });
              };
            };
          }),
        OFFLINE_DB_NAME,
      );
    const summarize = () =>
      page.evaluate(
        (name) =>
          new Promise<OutboxSummary>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const request = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
              request.onerror = () => reject(request.error);
              request.onsuccess = () => {
                db.close();
                const jobs = request.result as { status: string; sentAt: number | null; target: { mac?: string } }[];
                const statuses: Record<string, number> = {};
                const sent = jobs.filter((job) => job.status === 'sent' && job.sentAt !== null);
                for (const job of jobs) statuses[job.status] = (statuses[job.status] ?? 0) + 1;
                const times = sent.map((job) => job.sentAt ?? 0);
                resolve({
                  statuses,
                  firstSentAt: times.length ? Math.min(...times) : null,
                  lastSentAt: times.length ? Math.max(...times) : null,
                  sentMacs: sent.map((job) => job.target.mac ?? ''),
                });
              };
            };
          }),
        OFFLINE_DB_NAME,
      );

    // Polled by counting on the status index twice a second; the times come from the rows' sentAt.
    let statuses = await countStatuses();
    let timedOut = false;
    let lastReport = openedAt;
    while ((statuses.sent ?? 0) < options.jobs) {
      const unfinished = (statuses.queued ?? 0) + (statuses.sending ?? 0);
      if (unfinished === 0) break;
      if (Date.now() - openedAt > options.timeoutMs) {
        timedOut = true;
        break;
      }
      if (Date.now() - lastReport >= 10_000) {
        lastReport = Date.now();
        step(`${statuses.sent ?? 0} sent after ${((lastReport - openedAt) / 1000).toFixed(0)} s`);
      }
      await new Promise((r) => setTimeout(r, 500));
      statuses = await countStatuses();
    }
    const summary = await summarize();
    page.off('response', onResponse);
    step(`replay ended: ${JSON.stringify(summary.statuses)}; ask the server`);

    // The server's word: every MAC of the run, listed once, in the houses it was sent to.
    const listed = new Map<string, number>();
    for (const houseUid of new Set(places.map((p) => p.houseUid))) {
      const query = new URLSearchParams({ houseUid });
      const macs = decode(MacsFromHouseResponse, await pageApi(page, 'GET', `${deviceEndpoints.macsFromHouse.pattern}?${query}`), 'macs').data;
      for (const mac of macs) {
        const normal = normalizeMac(mac) ?? mac;
        listed.set(normal, (listed.get(normal) ?? 0) + 1);
      }
    }
    const sentMacs = new Set(summary.sentMacs);
    let twice = 0;
    let lost = 0;
    for (const row of rows) {
      const times = listed.get(row.target.mac) ?? 0;
      if (times > 1) twice += times - 1;
      if (times === 0 || !sentMacs.has(row.target.mac)) lost += 1;
    }
    const duplicates = twice + Math.max(0, posts.created - options.jobs);
    step('the server alone: the same requests straight from the test');
    const server = await serverAlone(page, outboxRows(places, options.jobs, permissions.userId, Date.now(), options.jobs), ENGINE_CONCURRENCY);
    const seconds = summary.lastSentAt === null ? NaN : (summary.lastSentAt - openedAt) / 1000;
    return {
      jobs: options.jobs,
      seconds,
      jobsPerSecond: (summary.statuses.sent ?? 0) / seconds,
      firstSentMs: summary.firstSentAt === null ? NaN : summary.firstSentAt - openedAt,
      posts,
      duplicates,
      lost,
      statuses: summary.statuses,
      houses: new Set(places.map((p) => p.houseUid)).size,
      entrances: places.length,
      timedOut,
      server,
    };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

export function printReplay(replay: ReplayFigures): void {
  const other = Object.entries(replay.posts.other).map(([status, n]) => `${n}× HTTP ${status}`);
  const statuses = Object.entries(replay.statuses).map(([status, n]) => `${status} ${n}`);
  console.log(`  ${replay.jobs} jobs over ${replay.houses} houses / ${replay.entrances} entrances, sent by the app's own replay engine`);
  console.log(`  all sent ${replay.seconds.toFixed(1)} s after opening the app (first after ${ms(replay.firstSentMs)})${replay.timedOut ? ' - GAVE UP WAITING' : ''}`);
  console.log(`  throughput: ${replay.jobsPerSecond.toFixed(1)} jobs/s`);
  console.log(`  POST answers: ${replay.posts.total} (${replay.posts.created} created, ${replay.posts.replayed} Idempotency-Replayed${other.length ? `, ${other.join(', ')}` : ''})`);
  console.log(`  outbox at the end: ${statuses.join(', ')}`);
  console.log(`  duplicates: ${replay.duplicates} (must be 0)   lost: ${replay.lost} (must be 0)`);
  if (replay.server) {
    const statuses = Object.entries(replay.server.statuses).map(([status, n]) => `${status} ${n}`);
    console.log(`  the server alone (same run, ${replay.server.jobs} more such POSTs straight from the test, same concurrency): ${replay.server.jobsPerSecond.toFixed(1)} jobs/s (${statuses.join(', ')})`);
    console.log(`  replay / server alone: ${((replay.jobsPerSecond / replay.server.jobsPerSecond) * 100).toFixed(0)}%`);
  }
}

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's, for a run alone. */
async function freshPostgres(url: string, name: string): Promise<string> {
  await adminQuery(url, `drop database if exists ${name} with (force)`);
  await adminQuery(url, `create database ${name}`);
  return databaseUrl(url, name);
}

/** The replay alone, on each database asked for (see the header). Exits 1 on a duplicate, a loss or a failure. */
async function main(): Promise<void> {
  const jobs = Number(process.env.BENCH_REPLAY_JOBS ?? 1000);
  const pgUrl = process.env.TEST_DATABASE_URL;
  const which = process.env.BENCH_REPLAY_DB ?? (pgUrl ? 'both' : 'pglite');
  const profDir = process.env.BENCH_SERVER_PROF ? resolve(process.env.BENCH_SERVER_PROF) : null;
  const logFile = join(repoRoot, 'test-results', 'bench-replay-server.log');
  let broken = false;
  const browser = await launchBenchBrowser();
  try {
    for (const kind of ['pglite', 'postgres'] as const) {
      if (which !== 'both' && which !== kind) continue;
      if (kind === 'postgres' && !pgUrl) throw new Error('BENCH_REPLAY_DB=postgres needs TEST_DATABASE_URL');
      const dataDir = await mkdtemp(join(tmpdir(), 'intercom-bench-replay-'));
      const env: Record<string, string> = { LOG_LEVEL: 'silent', MC_SCHEDULE_MS: '0', EVENT_TRICKLE_PER_MINUTE: '0', DATA_DIR: dataDir, SEED: 'small' };
      if (kind === 'postgres' && pgUrl) env.DATABASE_URL = await freshPostgres(pgUrl, 'intercom_bench_replay');
      if (profDir) env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${join(profDir, kind)}`.trim();
      console.log(`\n== Outbox replay: ${jobs} jobs on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (SEED=small)`);
      const server = await startServer({ env, logFile, timeoutMs: 300_000 });
      try {
        const figures = await replayBench(browser, server.url, { jobs, timeoutMs: 300_000, progress: (step) => console.log(`  … ${step}`) });
        printReplay(figures);
        broken ||= figures.duplicates > 0 || figures.lost > 0 || figures.timedOut;
      } catch (error) {
        broken = true;
        console.log(`  FAILED: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  if (profDir) console.log(`\n  server CPU profiles: ${profDir}/<database>/*.cpuprofile`);
  process.exitCode = broken ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
