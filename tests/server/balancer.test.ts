import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjusterEndpoints } from '../../contract/adjuster';
import { defaultSerialNumberDraft, toPrepareDeviceBody } from '../../contract/adjuster-wizard';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { deviceEndpoints } from '../../contract/devices';
import { EntrancesResponse } from '../../contract/entrances';
import { HouseListResponse, houseEndpoints } from '../../contract/houses';
import { groupEndpoints } from '../../contract/groups';
import { importEndpoints, importResultPath, type ImportMapping } from '../../contract/imports';
import { mcEndpoints } from '../../contract/mc';
import { wizardEndpoints } from '../../contract/wizard';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { freePort, repoRoot, startServer, stopChild, type ServerProcess } from '../e2e/server-process';
import { expectShape } from './helpers';
import { createCompanyWithDevices, waitFor } from './mc-upload-fixtures';
import { startNginx } from './nginx';
import { adminQuery, databaseUrl } from './postgres';
import { RealServerClient, type Answer } from './real-server-client';

/*
 * Three server processes behind nginx (Debian's, round robin, no stickiness) on one PostgreSQL
 * (docs/operations.md, "Growing"). Through nginx, at once: an installer's outbox replay of 300
 * prepare-device jobs, a 50,000-row key import with its dry run, a company upload to 500 simulated
 * devices and an operator's reads. Meanwhile one process is killed (SIGKILL) and another restarted
 * (SIGTERM, then started again on its port). Afterwards every job is done once, the import applied
 * once with its result file, the upload has one job per device, all done; the only 5xx answers are
 * nginx's 502 for requests in flight on the killed process, and the client's retry of each succeeded.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log('balancer: not run, TEST_DATABASE_URL is not set (three processes need one PostgreSQL)');

const REPLAY_JOBS = 300;
const IMPORT_ROWS = 50_000;
const UPLOAD_DEVICES = 500;
const KEY_MAC = 'E4:5A:D4:00:00:06';

/** A client that retries what failed on the way (a 5xx or a dropped connection), as the app's outbox does, and keeps every 5xx it met. */
class RetryingClient {
  readonly failures: { status: number; path: string }[] = [];

  constructor(readonly client: RealServerClient) {}

  async send(path: string, attempt: () => Promise<Answer>): Promise<Answer> {
    for (let tries = 0; tries < 30; tries++) {
      let answer: Answer | null = null;
      try {
        answer = await attempt();
      } catch {
        answer = null;
      }
      if (answer && answer.status < 500) return answer;
      this.failures.push({ status: answer?.status ?? 0, path });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${path} kept failing`);
  }

  get(path: string): Promise<Answer> {
    return this.send(path, () => this.client.get(path));
  }

  post(path: string, body: unknown, key: string = randomUUID()): Promise<Answer> {
    return this.send(path, () => this.client.post(path, body, { [IDEMPOTENCY_HEADER]: key }));
  }
}

describe.runIf(adminUrl)('three processes behind nginx', () => {
  const name = `intercom_balancer_${randomBytes(5).toString('hex')}`;
  let url: string;
  let database: Database;
  let dir: string;
  let nginx: ChildProcess;
  let balancer: string;
  const ports: number[] = [];
  const servers: ServerProcess[] = [];
  const env = (index: number) => ({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '4',
    PORT: String(ports[index]),
    SEED: 'small',
    TRUST_PROXY: 'true',
    DEVICE_FAILURE_SHARE: '0',
    DEVICE_UPLOAD_MS: '20',
    NETWORK_FAILURE_SHARE: '0',
    NETWORK_TIME_SCALE: '0.05',
    EVENT_TRICKLE_PER_MINUTE: '0',
    JOBS_POLL_MS: '100',
    JOBS_LEASE_MS: '3000',
    MC_SCHEDULE_MS: '0',
    LOG_LEVEL: 'warn',
  });
  const start = (index: number) => startServer({ env: env(index), logFile: join(repoRoot, 'test-results', `balancer-${index}.log`) });

  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database ${name}`);
    url = databaseUrl(adminUrl!, name);
    for (let index = 0; index < 3; index++) ports.push(await freePort());
    servers.push(...(await Promise.all([0, 1, 2].map(start))));
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    ({ nginx, url: balancer, dir } = await startNginx(ports));
  }, 180_000);

  afterAll(async () => {
    if (nginx) await stopChild(nginx);
    if (dir) await rm(dir, { recursive: true, force: true });
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  });

  it('restarts each process in turn (SIGTERM, then started again) under a steady load without one failed request', async () => {
    const operator = new RetryingClient(new RealServerClient(balancer, undefined, 60_000));
    await operator.client.logIn('operator', 'operator');
    let running = true;
    let answered = 0;
    const statuses = new Map<number, number>();
    // Four clients at once: reads of two lists and a write (a group created with its Idempotency-Key).
    const load = Promise.all(
      [0, 1, 2, 3].map(async (client) => {
        for (let n = 0; running; n++) {
          const answer =
            client === 3
              ? await operator.post(groupEndpoints.create.pattern, { name: `Смена ${randomUUID().slice(0, 8)}` })
              : await operator.get(n % 2 === 0 ? `${houseEndpoints.list.pattern}?page=1` : `${deviceEndpoints.list.pattern}?page=1`);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          answered++;
        }
      }),
    );
    for (let index = 0; index < servers.length; index++) {
      const before = answered;
      await servers[index]!.stop();
      servers[index] = await start(index);
      await waitFor('answers after the restart', async () => answered > before + 20, 30_000);
    }
    running = false;
    await load;
    expect(operator.failures).toEqual([]);
    expect([...statuses.keys()]).toEqual([200]);
    console.log(`rolling restart: ${answered} requests through nginx while each of 3 processes restarted, none failed`);
  }, 300_000);

  it('loses nothing and runs nothing twice while one process is killed and another restarted', async () => {
    const installer = new RetryingClient(new RealServerClient(balancer, undefined, 60_000));
    const operator = new RetryingClient(new RealServerClient(balancer, undefined, 60_000));
    const admin = new RetryingClient(new RealServerClient(balancer, undefined, 60_000));
    await installer.client.logIn('installer', 'installer');
    await operator.client.logIn('operator', 'operator');
    await admin.client.logIn('admin', 'admin');

    // The installer's queue: one prepare-device job per new MAC, each with its Idempotency-Key.
    const houses = expectShape(HouseListResponse, (await installer.get(`${houseEndpoints.list.pattern}?page=1`)).json).data.filter(
      (house): house is typeof house & { fias: string } => typeof house.fias === 'string' && house.fias !== '',
    );
    const entrances = expectShape(EntrancesResponse, (await installer.post(wizardEndpoints.entrances.pattern, { houseUids: houses.map((house) => house.id) })).json).data;
    const places = houses.flatMap((house) => entrances.filter((entrance) => entrance.houseUid === house.id && entrance.entranceNum >= 1).map((entrance) => ({ house, entranceNum: entrance.entranceNum })));
    expect(places.length).toBeGreaterThan(0);
    const macOf = (n: number) => `02:BA:1A:00:${(n >> 8).toString(16).toUpperCase().padStart(2, '0')}:${(n & 0xff).toString(16).toUpperCase().padStart(2, '0')}`;
    let replayedCount = 0;
    const replay = (async () => {
      const statuses: number[] = [];
      for (let n = 0; n < REPLAY_JOBS; n++) {
        const place = places[n % places.length]!;
        const body = toPrepareDeviceBody({ ...defaultSerialNumberDraft(), serialNumber: `LB-SN-${n}`, mac: macOf(n), dns: `lb-${n}.intercom.local`, address: place.house.address, house: place.house.fias, entrance: place.entranceNum });
        statuses.push((await installer.post(adjusterEndpoints.prepareDevice.pattern, body)).status);
        replayedCount++;
      }
      return statuses;
    })();

    // The operator's key import: upload, dry run, apply, follow, download.
    let importEnded = false;
    const keyImport = (async () => {
      const rows = Array.from({ length: IMPORT_ROWS }, (_, n) => `${KEY_MAC};${(0x7e000000 + n).toString(16).toUpperCase().padStart(14, '0')};;;0`);
      const file = Buffer.from(['mac;value;type;flat;inner', ...rows].join('\r\n'));
      const uploaded = await operator.send('upload', () => operator.client.request('POST', `${importEndpoints.upload.path({})}?kind=keys&name=keys.csv`, { file }));
      expect(uploaded.status, uploaded.text).toBe(200);
      const upload = (uploaded.json as { data: { id: string; mapping: ImportMapping } }).data;
      const run = { file: upload.id, mapping: upload.mapping };
      const dry = await operator.post(importEndpoints.keysDryRun.path({}), run);
      expect(dry.status, dry.text).toBe(200);
      const applied = await operator.post(importEndpoints.keysApply.path({}), run);
      expect(applied.status, applied.text).toBe(200);
      const { id } = (applied.json as { data: { id: string } }).data;
      let state = 'running';
      while (state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 250));
        state = ((await operator.get(importEndpoints.job.path({ id }))).json as { data: { state: string } }).data.state;
      }
      importEnded = true;
      const result = await operator.get(importResultPath(id));
      return { id, upload: upload.id, state, resultLines: result.text.split('\r\n').filter(Boolean).length };
    })();

    // A company's flat list to 500 simulated panels.
    const company = await createCompanyWithDevices(database.drizzle, { buyerId: 1, devices: UPLOAD_DEVICES });
    const upload = admin.post(mcEndpoints.uploadAll.pattern, { id: company.companyId });

    // The operator's reads, until the rest is over.
    let reading = true;
    const reads = (async () => {
      let count = 0;
      while (reading) {
        const answer = await operator.get(count % 2 === 0 ? `${houseEndpoints.list.pattern}?page=1` : `${deviceEndpoints.list.pattern}?page=1`);
        expect(answer.status, answer.text).toBe(200);
        count++;
      }
      return count;
    })();

    // The chaos, in the middle of all that: one process killed, then another restarted.
    await waitFor('a quarter of the replay', async () => replayedCount >= REPLAY_JOBS / 4, 60_000);
    servers[0]!.child.kill('SIGKILL');
    const importRunningAtKill = !importEnded;
    await waitFor('half of the replay', async () => replayedCount >= REPLAY_JOBS / 2, 60_000);
    await servers[1]!.stop();
    servers[1] = await start(1);
    expect(replayedCount, 'the replay still ran when the restarted process came back').toBeLessThan(REPLAY_JOBS);
    expect(importRunningAtKill, 'the import ran when a process was killed').toBe(true);

    const [replayed, imported, uploadAnswer] = await Promise.all([replay, keyImport, upload]);
    expect(uploadAnswer.status, uploadAnswer.text).toBe(200);
    type UploadJob = { mac: string; status: string };
    const uploadJobs = () =>
      queryRows<UploadJob>(database.drizzle, sql`select j.mac, j.status from mc_upload_jobs j join mc_uploads u on u.id = j.upload_id where u.company_id = ${company.companyId}`);
    await waitFor('the company upload to end', async () => (await uploadJobs()).every((job) => job.status === 'done' || job.status === 'failed') && (await uploadJobs()).length > 0, 60_000);
    reading = false;
    const readCount = await reads;

    // Every replayed job answered 200 in the end, and made its device once.
    expect(replayed.filter((status) => status !== 200)).toEqual([]);
    const [devices] = await queryRows<{ count: number }>(database.drizzle, sql`select count(*)::int as count from devices where mac like '02:BA:1A:%'`);
    expect(devices?.count).toBe(REPLAY_JOBS);
    // The import: one job for its file, done, every row created once, the result whole.
    expect(imported).toMatchObject({ state: 'done', resultLines: IMPORT_ROWS + 1 });
    const jobs = await queryRows<{ state: string; total: number; counts: { create: number } }>(database.drizzle, sql`select state, total, counts from import_jobs where upload_id = ${imported.upload}`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'done', total: IMPORT_ROWS, counts: { create: IMPORT_ROWS } });
    // The upload: one job per device, each done.
    const done = await uploadJobs();
    expect(done.map((job) => job.mac).sort()).toEqual([...company.macs].sort());
    expect(done.filter((job) => job.status !== 'done')).toEqual([]);
    expect(readCount).toBeGreaterThan(0);
    // The only failures: nginx's 502 for what was in flight on the killed process (each then retried with success).
    const failures = [installer, operator, admin].flatMap((client) => client.failures);
    expect(failures.filter((failure) => failure.status !== 502)).toEqual([]);
    console.log(`balancer: ${REPLAY_JOBS} replayed, ${IMPORT_ROWS} rows imported, ${UPLOAD_DEVICES} panels uploaded, ${readCount} reads; ${failures.length} answers 502 (in flight on the killed process), each retried with success`);
  }, 300_000);
});
