import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS_EXPORT_PATTERN, importEndpoints, type ImportMapping } from '../../contract/imports';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { repoRoot, startServer, type ServerProcess } from '../e2e/server-process';
import { waitFor } from './mc-upload-fixtures';
import { adminQuery, databaseUrl } from './postgres';
import { RealServerClient } from './real-server-client';

/*
 * A rolling restart, one process at a time (docs/operations.md, "Several processes"): SIGTERM stops
 * taking connections, lets the requests in flight end (a CSV export streamed to a slow reader among
 * them), hands its import job back at once rather than after its lease, and exits 0; the next
 * process goes on with the job from its checkpoint.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log('graceful-stop: not run, TEST_DATABASE_URL is not set (the job is handed to a second process)');

const EXPORT_KEYS = 150_000;
const IMPORT_ROWS = 8_000;
const MAC = 'E4:5A:D4:00:00:06';

const exited = (server: ServerProcess) =>
  new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) resolve(server.child.exitCode);
    else server.child.once('exit', (code) => resolve(code));
  });

const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe.runIf(adminUrl)('a server process stopped with SIGTERM', () => {
  const name = `intercom_stop_${randomBytes(5).toString('hex')}`;
  let url: string;
  let database: Database;
  const env = (label: string) => ({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4', SEED: 'small', JOBS_POLL_MS: '100', MC_SCHEDULE_MS: '0', EVENT_TRICKLE_PER_MINUTE: '0', LOG_LEVEL: 'warn', LABEL: label });
  const logFile = (label: string) => join(repoRoot, 'test-results', `graceful-stop-${label}.log`);

  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database ${name}`);
    url = databaseUrl(adminUrl!, name);
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  });

  it('ends the export in flight, takes no new connection, hands its import back, exits 0; the next process finishes the import', async () => {
    const first = await startServer({ env: env('first'), logFile: logFile('first') });
    let second: ServerProcess | null = null;
    try {
      await database.drizzle.execute(
        sql`insert into keys (device_id, buyer_id, value, key_type)
            select d.id, d.buyer_id, lpad(to_hex(n), 14, '0'), 'MIFARE' from devices d, generate_series(1, ${EXPORT_KEYS}) n where d.mac = ${MAC}`,
      );
      const operator = new RealServerClient(first.url);
      await operator.logIn('operator', 'operator');

      // An import long enough to be mid-way when the signal comes.
      const file = Buffer.from(['mac;value;type;flat;inner', ...Array.from({ length: IMPORT_ROWS }, (_, n) => `${MAC};${(0x7b000000 + n).toString(16).toUpperCase().padStart(14, '0')};;;0`)].join('\r\n'));
      const uploaded = await operator.request('POST', `${importEndpoints.upload.path({})}?kind=keys&name=keys.csv`, { file });
      expect(uploaded.status, uploaded.text).toBe(200);
      const upload = (uploaded.json as { data: { id: string; mapping: ImportMapping } }).data;

      // The export, read one chunk and then left waiting: the server's stream is held by the reader.
      const exportResponse = await new Promise<IncomingMessage>((resolve, reject) => {
        const target = new URL(KEYS_EXPORT_PATTERN, first.url);
        httpRequest(target, { headers: { Cookie: operator.cookieHeader(), 'X-Requested-With': 'XMLHttpRequest' } }, resolve)
          .on('error', reject)
          .end();
      });
      expect(exportResponse.statusCode).toBe(200);
      const chunks: Buffer[] = [];
      exportResponse.pause();

      const applied = await operator.post(importEndpoints.keysApply.path({}), { file: upload.id, mapping: upload.mapping });
      expect(applied.status, applied.text).toBe(200);
      const jobId = (applied.json as { data: { id: string } }).data.id;
      const job = async () => (await queryRows<{ state: string; processed: number; locked_by: string | null }>(database.drizzle, sql`select state, processed, locked_by from import_jobs where id = ${jobId}`))[0];
      await waitFor('the first batches of the import', async () => ((await job())?.processed ?? 0) > 0, 30_000);

      const exit = exited(first);
      first.child.kill('SIGTERM');
      await waitFor('the port to close', () => refused(first.url), 10_000);
      // The export still streams, to its end, after the server stopped listening.
      exportResponse.on('data', (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise<void>((resolve, reject) => {
        exportResponse.once('end', resolve);
        exportResponse.once('error', reject);
      });
      exportResponse.resume();
      await ended;
      const lines = Buffer.concat(chunks).toString('utf8').split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('\uFEFFmac;value;type;flat;inner');
      // Every key inserted above (the export also meets the seed's and the import's keys, in id order).
      expect(new Set(lines.filter((line) => /;0{6}[0-9a-f]{8};MIFARE;/.test(line))).size).toBe(EXPORT_KEYS);
      expect(await exit).toBe(0);

      // Handed back at once: nobody holds it, and it is not finished.
      const handedBack = await job();
      expect(handedBack).toMatchObject({ state: 'running', locked_by: null });
      expect(handedBack?.processed).toBeLessThan(IMPORT_ROWS);

      second = await startServer({ env: env('second'), logFile: logFile('second') });
      await waitFor('the import to end on the second process', async () => (await job())?.state !== 'running', 60_000);
      expect(await job()).toMatchObject({ state: 'done', processed: IMPORT_ROWS });
      const [imported] = await queryRows<{ count: number }>(database.drizzle, sql`select count(*)::int as count from keys where value like '0000007B%'`);
      expect(imported?.count).toBe(IMPORT_ROWS);
    } finally {
      await Promise.all([first.stop(), second?.stop()]);
    }
  }, 180_000);
});
