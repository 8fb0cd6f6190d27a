import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ImportFileResponse, ImportJobResponse, importEndpoints, importResultPath, type ImportJob, type ImportMapping } from '../../contract/imports';
import { queryRows } from '../../server/db/client';
import { ImportStore } from '../../server/import/store';
import { ImportJobRunner } from '../../server/jobs/import-job-runner';
import { checkpointImportJob } from '../../server/repositories/import-jobs';
import { ApplyAbandoned } from '../../server/repositories/imports-plan';
import { useFlatSetup } from './flat-fixtures';
import { BACKENDS, expectShape, type TestClient } from './helpers';

/*
 * The import's file and job live in the database (docs/operations.md, "Several processes"): the app
 * here runs no import runner of its own, as a process behind a balancer whose peers work the jobs.
 * Runners built beside it, each with its own store (no local copy of the file), play those peers.
 */

const TAG = 0x6a;
const ROWS = 5_000;
const MAPPING: ImportMapping = { flat: 'flat', letter: 'letter', phone: 'phone', name: 'name' };
const FILE = ['flat;letter;phone;name', ...Array.from({ length: ROWS }, (_, index) => `${index + 1};;+7900${String(5_000_000 + index).padStart(7, '0')};Жилец ${index + 1}`)].join('\r\n');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)('import jobs shared through the database on %s', (backend) => {
  const { app, fx, operator } = useFlatSetup(backend, TAG, { imports: { enabled: false } });
  const jobOf = async (client: TestClient, id: string): Promise<ImportJob> => expectShape(ImportJobResponse, (await client.get(importEndpoints.job.path({ id }))).json()).data;
  const runner = (id: string, leaseMs: number) => {
    const db = app().database.drizzle;
    const store = new ImportStore(() => db);
    return { store, runner: new ImportJobRunner(db, store, { pollMs: 20, leaseMs, concurrency: 1, id }, app().log) };
  };
  const lease = async (id: string) => {
    const [row] = await queryRows<{ locked_by: string | null; processed: number }>(app().database.drizzle, sql`select locked_by, processed from import_jobs where id = ${id}`);
    return row;
  };

  it('is applied by whichever process holds its lease: one stopping hands it back, one taking over a dead one’s goes on from the checkpoint, and every row is written once', async () => {
    const client = operator();
    const uploadResponse = await client.request('POST', `${importEndpoints.upload.path({})}?kind=flats&name=flats.csv`, {
      payload: Buffer.from(FILE),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(uploadResponse.statusCode, uploadResponse.body).toBe(200);
    const upload = expectShape(ImportFileResponse, uploadResponse.json()).data;
    const applied = await client.request('POST', importEndpoints.flatsApply.path({ house: fx().houseUid }), { payload: { file: upload.id, mapping: MAPPING } });
    expect(applied.statusCode, applied.body).toBe(200);
    const { id } = expectShape(ImportJobResponse, applied.json()).data;
    // No runner here: the job waits, and says so.
    await pause(100);
    expect(await jobOf(client, id)).toMatchObject({ state: 'running', processed: 0, total: null });
    expect((await client.get(importResultPath(id))).statusCode).toBe(409);

    // A peer takes it, and stops (SIGTERM) after its first batches: the job goes back at once.
    const first = runner('peer-a', 60_000);
    first.runner.start();
    while ((await lease(id))?.processed === 0) await pause(5);
    await first.runner.stop();
    const handedBack = await lease(id);
    expect(handedBack?.locked_by).toBeNull();
    expect(handedBack?.processed).toBeGreaterThanOrEqual(1_000);
    expect(handedBack?.processed).toBeLessThan(ROWS);
    // The peer's copy of the file, written from the database's parts, is the file uploaded.
    expect(await readFile(await first.store.file(await first.store.upload(upload.id, 2, 'flats')), 'utf8')).toBe(FILE);
    await first.store.close();

    // A process takes it and dies (its lease is left behind): the next peer waits out the lease, then goes on.
    await app().database.drizzle.execute(sql`update import_jobs set locked_by = 'dead-process', locked_at = now() - interval '10 seconds' where id = ${id}`);
    const second = runner('peer-b', 2_000);
    second.runner.start();
    let job = await jobOf(client, id);
    while (job.state === 'running') {
      await pause(20);
      job = await jobOf(client, id);
    }
    await second.runner.stop();
    await second.store.close();

    expect(job).toMatchObject({ state: 'done', processed: ROWS, total: ROWS, message: null });
    // The rows written before the stop count as created, as they were, not as found unchanged.
    expect(job.counts).toEqual({ total: ROWS, create: ROWS, change: 0, unchanged: 0, refused: 0, failed: 0 });
    const [flats] = await queryRows<{ count: number }>(app().database.drizzle, sql`select count(*)::int as count from flats where house_uid = ${fx().houseUid}`);
    expect(Number(flats?.count)).toBe(ROWS);

    const result = await client.get(importResultPath(id));
    expect(result.statusCode).toBe(200);
    const lines = result.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFflat;letter;phone;name;line;status;reason;detail');
    const lineNumbers = lines.slice(1).map((line) => Number(line.split(';')[4]));
    expect(lineNumbers).toEqual(Array.from({ length: ROWS }, (_, index) => index + 2));
  });

  it('undoes a batch whose job is no longer the writer’s', async () => {
    const db = app().database.drizzle;
    const [job] = await queryRows<{ seq: number }>(db, sql`select seq from import_jobs order by seq desc limit 1`);
    const before = await queryRows<{ processed: number; parts: number }>(db, sql`select processed, (select count(*)::int from import_result_parts where job_seq = ${job?.seq}) as parts from import_jobs where seq = ${job?.seq}`);
    const row = { line: 2, values: ['1', '', '', ''], status: 'unchanged' as const, reason: null, detail: null, actions: [] };
    await expect(db.transaction((tx) => checkpointImportJob(tx, Number(job?.seq), 'peer-a', [row], '1;;;;2;unchanged;;\r\n'))).rejects.toBeInstanceOf(ApplyAbandoned);
    const after = await queryRows<{ processed: number; parts: number }>(db, sql`select processed, (select count(*)::int from import_result_parts where job_seq = ${job?.seq}) as parts from import_jobs where seq = ${job?.seq}`);
    expect(after).toEqual(before);
  });
});
