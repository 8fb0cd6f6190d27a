import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { claimDeviceChanges, type ClaimedChange } from '../../server/repositories/device-sync';
import { importEndpoints, importResultPath, type ImportMapping } from '../../contract/imports';
import { repoRoot, startServer, type ServerProcess } from '../e2e/server-process';
import { createCompanyWithDevices, waitFor } from './mc-upload-fixtures';
import { adminQuery, databaseUrl } from './postgres';
import { RealServerClient, type Answer } from './real-server-client';

/*
 * Two server processes (two ports) on one PostgreSQL. They start together on a fresh
 * database (one migrates and seeds under the advisory lock, the other waits), a session made on one
 * is good on the other, an Idempotency-Key sent to both at once runs once, and the port jobs and
 * management-company uploads both processes' runners poll are each run once.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log('two-processes: not run, TEST_DATABASE_URL is not set (two processes need one PostgreSQL)');

const IDEMPOTENCY = 'Idempotency-Key';
const REPLAYED = 'idempotency-replayed';

describe.runIf(adminUrl)('two server processes on one PostgreSQL', () => {
  const name = `intercom_two_${randomBytes(5).toString('hex')}`;
  let url: string;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database ${name}`);
    url = databaseUrl(adminUrl!, name);
    const env = (label: string) => ({
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '5',
      SEED: 'small',
      DEVICE_FAILURE_SHARE: '0',
      DEVICE_UPLOAD_MS: '30',
      NETWORK_FAILURE_SHARE: '0',
      NETWORK_TIME_SCALE: '0.05',
      EVENT_TRICKLE_PER_MINUTE: '0',
      JOBS_POLL_MS: '50',
      MC_SCHEDULE_MS: '0',
      LOG_LEVEL: 'warn',
      LABEL: label,
    });
    // Both at once on the empty database: the startup lock keeps them from migrating or seeding twice.
    [a, b] = await Promise.all(
      ['a', 'b'].map((label) => startServer({ env: env(label), logFile: join(repoRoot, 'test-results', `two-processes-${label}.log`) })),
    );
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  });

  it('seeded once although both processes started on the empty database', async () => {
    const [users] = await queryRows<{ logins: number; distinct: number }>(
      database.drizzle,
      sql`select count(*)::int as logins, count(distinct login)::int as distinct from users`,
    );
    expect(users.logins).toBeGreaterThan(0);
    expect(users.logins).toBe(users.distinct);
  });

  it('a session made on one process is good on the other, and a logout on either ends it on both', async () => {
    const onA = new RealServerClient(a.url);
    await onA.logIn('installer', 'installer');
    const onB = onA.at(b.url);
    const fromA = await onA.get('/front/user/get-permissions');
    const fromB = await onB.get('/front/user/get-permissions');
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect((fromB.json as { userId: number }).userId).toBe((fromA.json as { userId: number }).userId);
    // A CSRF token made by one process is accepted by the other (the key is in the database).
    const token = await onA.csrf();
    expect((await onB.request('POST', '/site/auth/logout', { headers: { 'X-CSRF-Token': token } })).status).toBe(200);
    expect((await onA.at(a.url).get('/front/user/get-permissions')).status).toBe(401);
  });

  it('an Idempotency-Key sent to both processes at once runs once; the other gets the stored answer', async () => {
    const installer = new RealServerClient(a.url);
    await installer.logIn('installer', 'installer');
    const onB = installer.at(b.url);
    const token = await installer.csrf();
    // Starting a port's jobs is idempotent and adds three job rows: a second run would add three more.
    const ports = ['BS-MSK-0001', 'BS-SPB-0001'].flatMap((bsName) => Array.from({ length: 8 }, (_v, n) => ({ bsName, portNum: 11 + n, key: randomUUID() })));

    /** Sends until the answer is final: a 409 with Retry-After means "the other process still runs it". */
    const send = async (client: RealServerClient, port: (typeof ports)[number]): Promise<Answer> => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const answer = await client.post('/adjuster/api/device/port', { bsName: port.bsName, portNum: port.portNum }, { [IDEMPOTENCY]: port.key, 'X-CSRF-Token': token });
        if (answer.status !== 409 || answer.headers.get('retry-after') === null) return answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`key ${port.key} stayed in progress`);
    };
    const pairs = await Promise.all(ports.map((port) => Promise.all([send(installer, port), send(onB, port)])));

    for (const [n, pair] of pairs.entries()) {
      expect(pair.map((answer) => answer.status), `key ${n}: ${pair.map((answer) => answer.text).join(' | ')}`).toEqual([200, 200]);
      // Exactly one of the two ran the handler; the other was answered from the stored answer.
      expect(pair.filter((answer) => answer.headers.get(REPLAYED) === 'true'), `key ${n}`).toHaveLength(1);
      expect(pair[0].json).toEqual(pair[1].json);
    }
    const rows = await queryRows<{ bsName: string; portNum: number; count: number }>(
      database.drizzle,
      sql`select bs_name as "bsName", port_num as "portNum", count(*)::int as count from adjuster_jobs
          where bs_name in ('BS-MSK-0001', 'BS-SPB-0001') and port_num between 11 and 18 group by 1, 2 order by 1, 2`,
    );
    expect(rows).toEqual(ports.map(({ bsName, portNum }) => ({ bsName, portNum, count: 3 })));
    const stored = await queryRows<{ count: number }>(
      database.drizzle,
      sql`select count(*)::int as count from idempotency_keys where key = any(${`{${ports.map((port) => port.key).join(',')}}`}::text[])`,
    );
    expect(stored[0].count).toBe(ports.length);
  });

  it('port jobs started on either process are each run once, by one of the two runners', async () => {
    const installer = new RealServerClient(a.url);
    await installer.logIn('installer', 'installer');
    const onB = installer.at(b.url);
    const ports = [
      { client: installer, bsName: 'BS-MSK-0001', portNum: 4 },
      { client: onB, bsName: 'BS-MSK-0001', portNum: 5 },
      { client: installer, bsName: 'BS-SPB-0001', portNum: 6 },
      { client: onB, bsName: 'BS-SPB-0001', portNum: 7 },
      { client: installer, bsName: 'BS-KZN-0001', portNum: 8 },
      { client: onB, bsName: 'BS-KZN-0001', portNum: 10 },
    ];
    const started = await Promise.all(ports.map(({ client, bsName, portNum }) => client.post('/adjuster/api/device/port', { bsName, portNum })));
    const ids = started.flatMap((answer) => {
      expect(answer.status, answer.text).toBe(200);
      return Object.values((answer.json as { jobs: Record<string, number> }).jobs);
    });
    expect(ids).toHaveLength(ports.length * 3);

    type JobRow = { id: number; status: string; completed: boolean; attempts: number; lockedBy: string | null };
    const rows = () =>
      queryRows<JobRow>(
        database.drizzle,
        sql`select id, status, completed, attempts, locked_by as "lockedBy" from adjuster_jobs where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
      );
    await waitFor('the port jobs to finish', async () => (await rows()).every((row) => row.completed), 30_000);
    const done = await rows();
    expect(done.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['success', 1]));
    const pids = [a.child.pid, b.child.pid].map(String);
    for (const row of done) expect(pids, String(row.lockedBy)).toContain(row.lockedBy?.split(':')[1]);
  });

  it('a management company upload is sent to every device once, its jobs shared by both processes', async () => {
    const fixture = await createCompanyWithDevices(database.drizzle, { buyerId: 1, devices: 120 });
    const admin = new RealServerClient(b.url);
    await admin.logIn('admin', 'admin');
    const answer = await admin.post('/front/management-company/upload-all', { id: fixture.companyId });
    expect(answer.status, answer.text).toBe(200);

    type JobRow = { mac: string; status: string; attempts: number; lockedBy: string | null };
    const rows = () =>
      queryRows<JobRow>(
        database.drizzle,
        sql`select j.mac, j.status, j.attempts, j.locked_by as "lockedBy" from mc_upload_jobs j join mc_uploads u on u.id = j.upload_id
            where u.company_id = ${fixture.companyId} order by j.id`,
      );
    await waitFor('the upload to end', async () => (await rows()).every((row) => row.status === 'done' || row.status === 'failed'), 30_000);
    const done = await rows();
    expect(done.map((row) => row.mac).sort()).toEqual([...fixture.macs].sort());
    expect(done.filter((row) => row.status !== 'done' || row.attempts !== 1)).toEqual([]);
    const byProcess = new Set(done.map((row) => row.lockedBy?.split(':')[1]));
    // Both processes' runners took part, and nobody else.
    expect(byProcess).toEqual(new Set([a.child.pid, b.child.pid].map(String)));
  });

  it('an import uploaded to one process is dry-run, applied, followed and downloaded on the other', async () => {
    const operator = new RealServerClient(a.url);
    await operator.logIn('operator', 'operator');
    const onB = operator.at(b.url);
    const rows = Array.from({ length: 2_500 }, (_, n) => `E4:5A:D4:00:00:06;${(0x7a000000 + n).toString(16).toUpperCase().padStart(14, '0')};;;0`);
    const file = Buffer.from(['mac;value;type;flat;inner', ...rows].join('\r\n'));
    const uploaded = await operator.request('POST', `${importEndpoints.upload.path({})}?kind=keys&name=keys.csv`, { file });
    expect(uploaded.status, uploaded.text).toBe(200);
    const upload = (uploaded.json as { data: { id: string; mapping: ImportMapping } }).data;
    const run = { file: upload.id, mapping: upload.mapping };
    const dry = await onB.post(importEndpoints.keysDryRun.path({}), run);
    expect(dry.status, dry.text).toBe(200);
    expect((dry.json as { data: { counts: { total: number } } }).data.counts.total).toBe(rows.length);
    const applied = await operator.post(importEndpoints.keysApply.path({}), run);
    expect(applied.status, applied.text).toBe(200);
    const { id } = (applied.json as { data: { id: string } }).data;
    let job: { state: string; total: number | null; counts: { total: number; create: number } } | null = null;
    await waitFor('the import to end', async () => {
      job = (((await onB.get(importEndpoints.job.path({ id }))).json ?? {}) as { data: NonNullable<typeof job> }).data;
      return job.state !== 'running';
    }, 60_000);
    expect(job).toMatchObject({ state: 'done', total: rows.length, counts: { total: rows.length } });
    const result = await onB.get(importResultPath(id));
    expect(result.status).toBe(200);
    expect(result.text.split('\r\n').filter(Boolean)).toHaveLength(rows.length + 1);
    const [stored] = await queryRows<{ count: number }>(database.drizzle, sql`select count(*)::int as count from import_jobs where id = ${id} and state = 'done'`);
    expect(stored?.count).toBe(1);
  });

  it('lets one sender claim a device’s owed changes when two claim at once: the second waits for the first and sees its lease', async () => {
    const [device] = await queryRows<{ id: number }>(database.drizzle, sql`select id from devices order by id limit 1`);
    // Not due for a day: the processes' own runners leave them alone.
    await queryRows(
      database.drizzle,
      sql`insert into device_sync_changes (device_id, kind, target, summary, change, next_attempt_at)
          select ${device.id}, 'key', 'claim-' || n, 'claim test', '{"kind":"clear","what":"keys"}'::jsonb, now() + interval '1 day'
          from generate_series(1, 3) n`,
    );
    const other = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      let second: Promise<ClaimedChange[]> | null = null;
      // The first claim's transaction stays open until the second is waiting on its rows.
      const first = await database.drizzle.transaction(async (tx) => {
        const claimed = await claimDeviceChanges(tx, device.id, 60_000);
        second = claimDeviceChanges(other.drizzle, device.id, 60_000);
        await waitFor('the second claim to wait for the first', async () => {
          const [row] = await queryRows<{ waiting: number }>(database.drizzle, sql`select count(*)::int as waiting from pg_locks where not granted`);
          return row.waiting > 0;
        });
        return claimed;
      });
      expect(first.map((change) => change.change)).toHaveLength(3);
      expect(await second).toEqual([]);
    } finally {
      await other.close();
      await queryRows(database.drizzle, sql`delete from device_sync_changes where summary = 'claim test'`);
    }
  });
});
