import { afterEach, describe, expect, it } from 'vitest';
import type { Entrance } from '@contract/entrances';
import { createOfflineDb, type OfflineDb } from '@/offline/db';
import { getSnapshot, listSnapshots, saveSnapshot } from '@/offline/snapshots';
import {
  MAX_SNAPSHOT_FLATS,
  buildHouseSnapshot,
  flatsFromEntrances,
  readHouseSnapshot,
  snapshotAge,
} from '@/features/house-snapshot/model';

const HOUSE = { id: 'h-1', address: 'г. Москва, ул. Лесная, д. 28', region: 77, fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5' };

function entrance(patch: Partial<Entrance> & Pick<Entrance, 'id' | 'entranceNum'>): Entrance {
  return { buyerId: 1, houseUid: 'h-1', title: `Подъезд ${patch.entranceNum}`, type: 1, range: { start: 1, end: 4 }, gates: [], relays: [], ...patch };
}

const ENTRANCES: Entrance[] = [
  entrance({ id: 'gate', entranceNum: 3, type: 2, title: 'Калитка', range: { start: 1, end: 7 } }),
  entrance({ id: 'e-1', entranceNum: 1, range: { start: 1, end: 4 } }),
  entrance({
    id: 'e-2',
    entranceNum: 2,
    range: { start: 5, end: 7 },
    gates: [{ entranceUid: 'e-2', from: 5, to: 7, prefix: 1, additionalFlats: '101, 102' }],
    relays: [{ entrance: 'e-2', id: 1, mac: 'AA:BB:CC:DD:EE:01', statusCode: 1 }],
  }),
];

describe('flats derived from the entrances', () => {
  it('lists each flat once, with the entrances serving it, its main entrance first', () => {
    const flats = flatsFromEntrances(ENTRANCES);
    expect(flats.map((flat) => flat.flatNum)).toEqual([1, 2, 3, 4, 5, 6, 7, 101, 102]);
    expect(flats[0]).toEqual({ flatNum: 1, entrances: ['e-1', 'gate'] });
    expect(flats[6]).toEqual({ flatNum: 7, entrances: ['e-2', 'gate'] });
    expect(flats[7]).toEqual({ flatNum: 101, entrances: ['e-2'] });
  });

  it('ignores an empty, reversed or zero range and junk in the additional flats', () => {
    expect(
      flatsFromEntrances([
        entrance({ id: 'a', entranceNum: 1, range: { start: 0, end: 0 } }),
        entrance({ id: 'b', entranceNum: 2, range: { start: 9, end: 3 } }),
        entrance({ id: 'c', entranceNum: 3, range: { start: 0, end: 0 }, gates: [{ entranceUid: 'c', from: 0, to: 0, prefix: null, additionalFlats: 'x, -4, 12;13' }] }),
      ]),
    ).toEqual([
      { flatNum: 12, entrances: ['c'] },
      { flatNum: 13, entrances: ['c'] },
    ]);
  });

  it('stops at MAX_SNAPSHOT_FLATS for a broken range instead of filling the storage', () => {
    expect(flatsFromEntrances([entrance({ id: 'x', entranceNum: 1, range: { start: 1, end: 1_000_000_000 } })])).toHaveLength(MAX_SNAPSHOT_FLATS);
  });
});

describe('the snapshot builder', () => {
  it('keeps the house and entrances as the server gave them, derives the flats, normalises and de-duplicates the MACs', () => {
    const snapshot = buildHouseSnapshot(3, HOUSE, ENTRANCES, [{ mac: 'aa-bb-cc-dd-ee-01' }, { mac: 'AA:BB:CC:DD:EE:01' }, { mac: 'aabbccddee02' }]);
    expect(snapshot).toEqual({
      userId: 3,
      houseUid: 'h-1',
      house: HOUSE,
      entrances: ENTRANCES,
      flats: flatsFromEntrances(ENTRANCES),
      devices: [{ mac: 'AA:BB:CC:DD:EE:01' }, { mac: 'AA:BB:CC:DD:EE:02' }],
    });
  });

  describe('stored in Dexie', () => {
    let db: OfflineDb;
    afterEach(async () => {
      db.close();
      await db.delete();
    });

    it('reads back checked, per user, and is replaced (not merged) when taken again', async () => {
      db = createOfflineDb(`snapshot-test-${Math.random()}`);
      await saveSnapshot(db, buildHouseSnapshot(3, HOUSE, ENTRANCES, [{ mac: 'AA:BB:CC:DD:EE:01' }]), 1_000);
      await saveSnapshot(db, buildHouseSnapshot(3, HOUSE, ENTRANCES.slice(1), []), 2_000);
      await saveSnapshot(db, buildHouseSnapshot(4, HOUSE, [], []), 3_000);

      const row = await getSnapshot(db, 3, 'h-1');
      if (!row) throw new Error('no snapshot');
      const read = readHouseSnapshot(row);
      expect(read.status).toBe('ok');
      if (read.status !== 'ok') return;
      expect(read.snapshot).toMatchObject({ houseUid: 'h-1', savedAt: 2_000, house: HOUSE, devices: [] });
      expect(read.snapshot.entrances.map((e) => e.id)).toEqual(['e-1', 'e-2']);
      expect((await listSnapshots(db, 3)).length).toBe(1);
    });
  });

  it('reports a row that no longer reads, with the failing path, instead of trusting it', () => {
    const read = readHouseSnapshot({ userId: 3, houseUid: 'h-1', savedAt: 5, house: HOUSE, entrances: [{ id: 'e' }], flats: [], devices: [], macs: [] });
    expect(read.status).toBe('unreadable');
    if (read.status === 'unreadable') expect(read.error).toMatch(/entrances/);
  });
});

describe('snapshot age', () => {
  it.each([
    [0, { unit: 'now' }],
    [59_999, { unit: 'now' }],
    [5 * 60_000 + 30_000, { unit: 'minutes', value: 5 }],
    [3 * 3_600_000 + 59 * 60_000, { unit: 'hours', value: 3 }],
    [2 * 86_400_000 + 1, { unit: 'days', value: 2 }],
  ])('%d ms → %o', (ms, age) => {
    expect(snapshotAge(ms)).toEqual(age);
  });
});
