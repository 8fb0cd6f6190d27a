import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, UNSENT_STATUSES, type OutboxJob } from '@/offline/db';
import { PEEK_IDB_VERSION, PEEK_UNSENT_STATUSES, onOfflineDbMutated, peekOfflineData } from '@/offline/runtime-demand';
import { freshDbName, makeJob, openTestDb } from './helpers';

async function addJob(name: string, overrides: Partial<OutboxJob>): Promise<void> {
  const db = openTestDb(name);
  const { id: _id, ...row } = makeJob(overrides);
  await db.outbox.add(row as OutboxJob);
  db.close();
}

describe('peekOfflineData (the header and the runtime gate, without Dexie)', () => {
  it('knows the schema db.ts declares', () => {
    expect(PEEK_IDB_VERSION).toBe(LATEST_SCHEMA_VERSION * 10);
    expect([...PEEK_UNSENT_STATUSES]).toEqual([...UNSENT_STATUSES]);
  });

  it('finds nothing where there is no database, and creates none', async () => {
    const name = freshDbName();
    expect(await peekOfflineData(7, name)).toEqual({ unsent: 0, waiting: 0, attention: 0, jobs: 0, drafts: 0 });
    const names = (await indexedDB.databases()).map((db) => db.name);
    expect(names).not.toContain(name);
  });

  it('counts one user’s unsent jobs (waiting apart from needing attention), all their jobs and drafts', async () => {
    const name = freshDbName();
    await addJob(name, { idempotencyKey: 'a', userId: 7, status: 'queued' });
    await addJob(name, { idempotencyKey: 'b', userId: 7, status: 'needs-attention' });
    await addJob(name, { idempotencyKey: 'c', userId: 7, status: 'sent' });
    await addJob(name, { idempotencyKey: 'd', userId: 8, status: 'queued' });
    const db = openTestDb(name);
    await db.drafts.add({ id: 'd1', userId: 7, kind: 'adjuster', target: {}, data: {}, schemaVersion: 1, createdAt: 1, updatedAt: 1 } as never);
    db.close();
    expect(await peekOfflineData(7, name)).toEqual({ unsent: 2, waiting: 1, attention: 1, jobs: 3, drafts: 1 });
    expect(await peekOfflineData(9, name)).toEqual({ unsent: 0, waiting: 0, attention: 0, jobs: 0, drafts: 0 });
  });

  it('leaves a database of an older version to Dexie (null), without upgrading it', async () => {
    const name = freshDbName();
    const v1 = openTestDb(name, { upToVersion: 1 });
    await v1.open();
    v1.close();
    expect(await peekOfflineData(7, name)).toBeNull();
    const again = openTestDb(name, { upToVersion: 1 });
    await again.open();
    expect(again.verno).toBe(1);
    again.close();
  });

  it('hears Dexie’s writes to the named tables', async () => {
    const name = freshDbName();
    const db = openTestDb(name);
    // Opening a new database announces every table: listen after it.
    await db.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const heard: string[] = [];
    const off = onOfflineDbMutated(name, ['outbox'], () => heard.push('outbox'));
    await db.drafts.add({ id: 'd1', userId: 7, kind: 'adjuster', target: {}, data: {}, schemaVersion: 1, createdAt: 1, updatedAt: 1 } as never);
    expect(heard).toEqual([]);
    const { id: _id, ...row } = makeJob({ idempotencyKey: 'x' });
    await db.outbox.add(row as OutboxJob);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard.length).toBeGreaterThan(0);
    off();
    db.close();
  });
});
