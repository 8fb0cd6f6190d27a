import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startServer, type ServerProcess } from '../e2e/server-process';
import { RealServerClient, type Answer } from './real-server-client';
import { postgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/*
 * PostgreSQL restarted under load. The real server runs on a PostgreSQL of this test's
 * own (never the shared test database); while that database is stopped every request answers 503
 * `{result:false, message}` within seconds (never a 500, never a hang), and once it is started
 * again the same server process answers 200 by itself.
 */

const binaries = postgresBinaries();
if ('missing' in binaries) console.log(`database-outage: not run, ${binaries.missing}`);

/** The longest any answer may take while the database is down (the pool's connect timeout is 5 s). */
const MAX_ANSWER_MS = 6_000;
const READS = ['/front/house-list?page=1', '/front/user/get-permissions', '/front/device-list/get-list?page=1'];

interface Timed {
  path: string;
  status: number;
  ms: number;
  answer: Answer | null;
  error: string | null;
}

async function timed(client: RealServerClient, path: string): Promise<Timed> {
  const started = performance.now();
  try {
    const answer = await client.get(path);
    return { path, status: answer.status, ms: performance.now() - started, answer, error: null };
  } catch (error) {
    return { path, status: 0, ms: performance.now() - started, answer: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** `count` GETs, `concurrency` at a time, in turn over READS. */
async function burst(client: RealServerClient, count: number, concurrency: number): Promise<Timed[]> {
  const results: Timed[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        results.push(await timed(client, READS[n % READS.length]));
      }
    }),
  );
  return results;
}

function byStatus(results: readonly Timed[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) counts[String(r.status)] = (counts[String(r.status)] ?? 0) + 1;
  return counts;
}

function expectUnavailable(result: Timed): void {
  expect(result.status, `${result.path}: ${result.error ?? result.answer?.text.slice(0, 200)}`).toBe(503);
  expect(result.answer?.json).toEqual({ result: false, message: expect.stringMatching(/База данных/) });
  expect(result.answer?.headers.get('retry-after')).toMatch(/^\d+$/);
}

describe.runIf('bin' in binaries)('PostgreSQL restarted under load', () => {
  let postgres: ThrowawayPostgres;
  let server: ServerProcess;

  beforeAll(async () => {
    if (!('bin' in binaries)) return;
    postgres = await startThrowawayPostgres(binaries.bin);
    server = await startServer({
      env: { DATABASE_URL: postgres.url, SEED: 'small', DEVICE_FAILURE_SHARE: '0', EVENT_TRICKLE_PER_MINUTE: '60', JOBS_POLL_MS: '200' },
      logFile: join(repoRoot, 'test-results', 'database-outage-server.log'),
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await postgres?.destroy();
  });

  it('answers 503 while the database is down and 200 again by itself once it is back', async () => {
    const client = new RealServerClient(server.url);
    await client.logIn('admin', 'admin');
    const pid = server.child.pid;
    const token = await client.csrf();

    const before = await burst(client, 300, 20);
    expect(byStatus(before)).toEqual({ '200': 300 });

    // Load goes on while PostgreSQL stops: each answer is a 200 (before) or a 503 (after), never a 500.
    let loading = true;
    const during: Timed[] = [];
    const load = Promise.all(
      Array.from({ length: 10 }, async (_, worker) => {
        for (let n = worker; loading; n += 10) during.push(await timed(client, READS[n % READS.length]));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = performance.now();
    await postgres.stop();
    const stopMs = performance.now() - stopped;
    // Answers that started after the stop had finished.
    const downFrom = during.length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    loading = false;
    await load;
    const down = during.slice(downFrom);

    expect(Object.keys(byStatus(during)).filter((status) => status !== '200' && status !== '503')).toEqual([]);
    expect(down.length).toBeGreaterThan(20);
    for (const result of down) expectUnavailable(result);
    expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(MAX_ANSWER_MS);

    // Down: reads, a login and a write are all 503 in the contract's shape (the CSRF check, which needs no database, passes first).
    const login = await client.request('POST', '/site/auth/login', { body: { login: 'admin', password: 'admin' }, headers: { 'X-CSRF-Token': token } });
    expect([login.status, login.json]).toEqual([503, { result: false, message: expect.any(String) }]);
    const write = await client.request('POST', '/front/house-list/create', { body: { address: 'Outage street 1' }, headers: { 'X-CSRF-Token': token } });
    expect([write.status, write.json]).toEqual([503, { result: false, message: expect.any(String) }]);
    const downBurst = await burst(client, 60, 10);
    expect(byStatus(downBurst)).toEqual({ '503': 60 });
    expect(Math.max(...downBurst.map((r) => r.ms))).toBeLessThan(MAX_ANSWER_MS);

    await postgres.start();
    const restarted = performance.now();
    let recoveredMs = -1;
    while (performance.now() - restarted < 20_000) {
      if ((await timed(client, READS[0])).status === 200) {
        recoveredMs = performance.now() - restarted;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recoveredMs, 'the server did not answer 200 within 20 s of PostgreSQL starting').toBeGreaterThanOrEqual(0);

    const after = await burst(client, 200, 20);
    expect(byStatus(after)).toEqual({ '200': 200 });
    // The same process, the same session: nothing was restarted.
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    console.log(
      `database-outage: before ${before.length} × 200; during the stop (${Math.round(stopMs)} ms) ${JSON.stringify(byStatus(during))}, ` +
        `down ${down.length + downBurst.length} × 503, slowest ${Math.round(Math.max(...during.map((r) => r.ms), ...downBurst.map((r) => r.ms)))} ms; ` +
        `200 again ${Math.round(recoveredMs)} ms after PostgreSQL started; after ${after.length} × 200`,
    );
  }, 90_000);
});
