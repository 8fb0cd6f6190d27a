import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, SCHEMA_HISTORY, type OutboxJob } from '@/offline/db';
import { loadDraftSchemas } from '@/offline/draft-kinds';
import { readDraft } from '@/offline/drafts';
import { addJob, countUnsent, planQueue, readQueue } from '@/offline/outbox-queue';
import { findSavedDevice } from '@/offline/snapshot-devices';
import { saveSnapshot } from '@/offline/snapshots';
import { V1_DRAFTS, V1_JOBS, V1_STORES } from './fixtures/schema-v1';
import { V2_SNAPSHOTS, V2_STORES } from './fixtures/schema-v2';
import { freshDbName, openTestDb } from './helpers';

async function seedVersion1(name: string): Promise<void> {
  const v1 = openTestDb(name, { upToVersion: 1 });
  await v1.open();
  expect(v1.verno).toBe(1);
  await v1.table('drafts').bulkAdd(V1_DRAFTS);
  await v1.table('outbox').bulkAdd(V1_JOBS);
  v1.close();
}

describe('offline database schema', () => {
  it('version 1 is declared exactly as it shipped', () => {
    expect(SCHEMA_HISTORY[0]).toEqual({ version: 1, stores: V1_STORES });
  });

  it('version 2 is declared exactly as it shipped', () => {
    expect(SCHEMA_HISTORY[1]).toMatchObject({ version: 2, stores: V2_STORES });
  });

  it('versions only grow', () => {
    const versions = SCHEMA_HISTORY.map((step) => step.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(LATEST_SCHEMA_VERSION).toBe(3);
  });

  it('a fresh database opens at the latest version with every table', async () => {
    const db = openTestDb();
    await db.open();
    expect(db.verno).toBe(LATEST_SCHEMA_VERSION);
    expect(db.tables.map((table) => table.name).sort()).toEqual(['drafts', 'outbox', 'snapshots']);
  });
});

describe('upgrade from version 1', () => {
  it('keeps every draft and job, and fills deviceKey and lastStatus', async () => {
    const name = freshDbName();
    await seedVersion1(name);

    const db = openTestDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST_SCHEMA_VERSION);

    const jobs = await db.outbox.orderBy('id').toArray();
    expect(jobs).toHaveLength(3);
    expect(jobs.map((job) => job.deviceKey)).toEqual([
      'mac:AA:BB:CC:DD:EE:01',
      'mac:AA:BB:CC:DD:EE:01',
      'job:00000000-0000-4000-8000-00000000000c',
    ]);
    expect(jobs.every((job) => job.lastStatus === null)).toBe(true);
    // Everything else is untouched.
    jobs.forEach((job, index) => {
      const { deviceKey: _key, lastStatus: _status, id: _id, ...rest } = job;
      expect(rest).toEqual(V1_JOBS[index]);
    });

    const drafts = await db.drafts.toArray();
    expect(drafts).toEqual(V1_DRAFTS);
    expect(readDraft(drafts[0], await loadDraftSchemas()).status).toBe('ok');
  });

  it('the new indexes answer queries over upgraded rows', async () => {
    const name = freshDbName();
    await seedVersion1(name);
    const db = openTestDb(name);

    expect(await countUnsent(db, 7)).toEqual({ waiting: 1, attention: 1 });
    expect(await countUnsent(db, 8)).toEqual({ waiting: 0, attention: 0 });
    expect(await db.outbox.where('deviceKey').equals('mac:AA:BB:CC:DD:EE:01').count()).toBe(2);
    // The first job is queued and due; the second (of the same device) needs attention, so waits for nobody.
    const queue = await readQueue(db, 7);
    const plan = planQueue(queue, Date.UTC(2025, 1, 1));
    expect(plan.next?.idempotencyKey).toBe('00000000-0000-4000-8000-00000000000a');
    expect(queue.map((job) => job.idempotencyKey)).toEqual(['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b']);
    expect(plan.waitingFor.size).toBe(0);
  });

  it('the snapshots table exists after the upgrade, and new jobs continue the id sequence', async () => {
    const name = freshDbName();
    await seedVersion1(name);
    const db = openTestDb(name);

    await db.snapshots.put({ userId: 7, houseUid: 'h1', savedAt: 1, house: {}, entrances: [], flats: [], devices: [], macs: [] });
    expect(await db.snapshots.get([7, 'h1'])).toBeDefined();

    const job: OutboxJob = await addJob(db, { kind: 'k', method: 'POST', url: '/x', body: {}, userId: 7 });
    const ids = (await db.outbox.toArray()).map((row) => row.id);
    expect(job.id).toBe(Math.max(...ids));
    expect(job.id).toBeGreaterThan(3);
  });

  it('an upgraded database opens again without another upgrade', async () => {
    const name = freshDbName();
    await seedVersion1(name);
    const first = openTestDb(name);
    await first.open();
    first.close();
    const again = openTestDb(name);
    expect(await again.outbox.count()).toBe(3);
  });
});

describe('upgrade from version 2', () => {
  async function seedVersion2(name: string): Promise<void> {
    const v2 = openTestDb(name, { upToVersion: 2 });
    await v2.open();
    expect(v2.verno).toBe(2);
    await v2.table('snapshots').bulkAdd(V2_SNAPSHOTS);
    v2.close();
  }

  it('keeps every snapshot as it was and fills its devices’ MACs, so a device finds its house', async () => {
    const name = freshDbName();
    await seedVersion2(name);
    const db = openTestDb(name);
    await db.open();
    expect(db.verno).toBe(3);

    const rows = await db.snapshots.orderBy('savedAt').toArray();
    expect(rows.map(({ macs: _macs, ...row }) => row)).toEqual(V2_SNAPSHOTS);
    expect(rows.map((row) => row.macs)).toEqual([['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:02'], []]);
    expect((await db.snapshots.where('macs').equals('AA:BB:CC:DD:EE:02').toArray()).map((row) => row.houseUid)).toEqual(['h-1']);
    // A device of a version-2 snapshot is found, without the settings that version did not keep.
    expect(await findSavedDevice(db, 7, 'aa:bb:cc:dd:ee:01')).toEqual({ houseUid: 'h-1', savedAt: V2_SNAPSHOTS[0].savedAt, device: { mac: 'AA:BB:CC:DD:EE:01' } });
    expect(await findSavedDevice(db, 8, 'AA:BB:CC:DD:EE:01')).toBeNull();
  });

  it('a snapshot saved after the upgrade is indexed by its devices too', async () => {
    const name = freshDbName();
    await seedVersion2(name);
    const db = openTestDb(name);
    await saveSnapshot(db, { userId: 7, houseUid: 'h-3', house: {}, entrances: [], flats: [], devices: [{ mac: 'aabbccddee03' }] }, 5);
    expect((await db.snapshots.where('macs').equals('AA:BB:CC:DD:EE:03').first())?.houseUid).toBe('h-3');
  });
});
