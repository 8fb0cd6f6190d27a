import { describe, expect, it } from 'vitest';
import { deleteSnapshot, getSnapshot, listSnapshots, saveSnapshot, snapshotAgeMs } from '@/offline/snapshots';
import { openTestDb } from './helpers';

const house = (uid: string) => ({ id: uid, address: `дом ${uid}`, region: 77 });

describe('house snapshots', () => {
  it('saves per user and house, replaces on a new save, lists newest first', async () => {
    const db = openTestDb();
    await saveSnapshot(db, { userId: 7, houseUid: 'h1', house: house('h1'), entrances: [{ id: 'e1' }], flats: [], devices: [] }, 1_000);
    await saveSnapshot(db, { userId: 7, houseUid: 'h2', house: house('h2'), entrances: [], flats: [], devices: [] }, 2_000);
    await saveSnapshot(db, { userId: 8, houseUid: 'h1', house: house('h1'), entrances: [], flats: [], devices: [] }, 3_000);
    await saveSnapshot(db, { userId: 7, houseUid: 'h1', house: house('h1'), entrances: [], flats: [{ id: 1 }], devices: [] }, 4_000);

    expect((await listSnapshots(db, 7)).map((row) => [row.houseUid, row.savedAt])).toEqual([
      ['h1', 4_000],
      ['h2', 2_000],
    ]);
    expect(await getSnapshot(db, 7, 'h1')).toMatchObject({ entrances: [], flats: [{ id: 1 }] });
    expect(await getSnapshot(db, 8, 'h1')).toMatchObject({ savedAt: 3_000 });
  });

  it('deletes only on request, and tells the age', async () => {
    const db = openTestDb();
    const row = await saveSnapshot(db, { userId: 7, houseUid: 'h1', house: house('h1'), entrances: [], flats: [], devices: [] }, 1_000);
    expect(snapshotAgeMs(row, 61_000)).toBe(60_000);
    expect(snapshotAgeMs(row, 0)).toBe(0);
    await deleteSnapshot(db, 7, 'h1');
    expect(await getSnapshot(db, 7, 'h1')).toBeUndefined();
  });
});
