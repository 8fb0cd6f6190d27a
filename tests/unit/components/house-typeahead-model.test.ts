import { describe, expect, it } from 'vitest';
import { hitOf, matchHits, mergeHits, nextChoosable, searchable, snapshotHits } from '@/components/house-typeahead/model';

const LESNAYA = hitOf({ id: 'h-1', address: 'г. Москва, ул. Лесная, д. 28', region: 77, fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5' });
const SPORT = hitOf({ id: 'h-2', address: 'г. Химки, ул. Спортивная, д. 72', region: 50, fias: 'fa1430b5-d395-43e9-9d03-fbd37fb54956' });
const CHEKHOVA = hitOf({ id: 'h-3', address: 'г. Москва, ул. Чехова, д. 109', region: 77, fias: null });
const ALL = [LESNAYA, SPORT, CHEKHOVA];

describe('the house search model', () => {
  it('matches every typed word anywhere in the address, ignoring case', () => {
    expect(matchHits(ALL, 'москва 28').map((hit) => hit.id)).toEqual(['h-1']);
    expect(matchHits(ALL, 'МОСКВА').map((hit) => hit.id)).toEqual(['h-1', 'h-3']);
    expect(matchHits(ALL, '  ').map((hit) => hit.id)).toEqual(['h-1', 'h-2', 'h-3']);
  });

  it('matches offline as the server does: words in any order, «ё» as «е», «ул.» and «д.» left out', () => {
    const koroleva = hitOf({ id: 'h-4', address: 'г. Химки, ул. Королёва, д. 28', region: 50, fias: null });
    expect(matchHits([...ALL, koroleva], 'Королева').map((hit) => hit.id)).toEqual(['h-4']);
    expect(matchHits([...ALL, koroleva], 'д. 28, ул. Лесная').map((hit) => hit.id)).toEqual(['h-1']);
    expect(matchHits([...ALL, koroleva], 'москва чехова').map((hit) => hit.id)).toEqual(['h-3']);
  });

  it('finds a house by a pasted FIAS id or uid', () => {
    expect(matchHits(ALL, 'FA1430B5-D395').map((hit) => hit.id)).toEqual(['h-2']);
    expect(matchHits(ALL, 'h-3').map((hit) => hit.id)).toEqual(['h-3']);
  });

  it('asks the server from three characters', () => {
    expect(searchable(' Ле ')).toBe(false);
    expect(searchable('Лес')).toBe(true);
  });

  it('lists each house once and keeps the mark of one taken offline', () => {
    const merged = mergeHits([LESNAYA, SPORT], [{ ...LESNAYA, savedAt: 5 }, CHEKHOVA, { ...CHEKHOVA, id: '' }]);
    expect(merged.map((hit) => [hit.id, hit.savedAt])).toEqual([
      ['h-1', 5],
      ['h-2', null],
      ['h-3', null],
    ]);
  });

  it('reads the houses of the snapshots, skipping a row of another shape', () => {
    const row = (houseUid: string, house: unknown) => ({ userId: 1, houseUid, house, entrances: [], flats: [], devices: [], savedAt: 7 });
    expect(snapshotHits([row('h-1', LESNAYA.house), row('bad', { id: 1 })] as never)).toEqual([{ ...LESNAYA, savedAt: 7 }]);
  });

  it('steps the arrows past the houses that cannot be chosen, wrapping round', () => {
    const withFias = (hit: typeof LESNAYA) => hit.fias !== null;
    const list = [CHEKHOVA, LESNAYA, CHEKHOVA, SPORT];
    expect(nextChoosable(list, 0, 1, withFias)).toBe(1);
    expect(nextChoosable(list, 1, 1, withFias)).toBe(3);
    expect(nextChoosable(list, 3, 1, withFias)).toBe(1);
    expect(nextChoosable(list, 1, -1, withFias)).toBe(3);
    expect(nextChoosable([CHEKHOVA, CHEKHOVA], 1, 1, withFias)).toBe(1);
    expect(nextChoosable([], -1, 1, withFias)).toBe(0);
  });
});
