import { describe, expect, it } from 'vitest';
import { parseListState } from '@/components/list-table/list-state-model';
import {
  BLOCKED_LIST_STATE,
  blockReason,
  blockedFlatsQuery,
  bulkFieldOf,
  canWriteAccess,
  changedEntries,
  entryInput,
  flatCardPath,
  parseFlatList,
  pickTab,
  flatRefs,
  pageRange,
  sortedOutcomes,
  withEntry,
} from '@/features/access/model';
import { authItems } from '../../helpers/render';

describe('flats typed or pasted into the block dialog', () => {
  it('reads numbers and ranges: «1-3, 35, 41» → 1 2 3 35 41', () => {
    expect(parseFlatList('1-3, 35, 41')).toEqual({ flats: [1, 2, 3, 35, 41], problem: null });
  });

  it('takes a spreadsheet column, semicolons, spaces around dashes and en dashes; repeats count once', () => {
    expect(parseFlatList('7\n8\r\n9; 10 – 12\t7 , 1 - 2').flats).toEqual([7, 8, 9, 10, 11, 12, 1, 2]);
  });

  it('names the first token that is not a flat number or a range', () => {
    expect(parseFlatList('1, 2a, 3').problem).toEqual({ kind: 'notNumber', token: '2a' });
    expect(parseFlatList('0').problem).toEqual({ kind: 'notNumber', token: '0' });
    expect(parseFlatList('-5').problem).toEqual({ kind: 'notNumber', token: '-5' });
    expect(parseFlatList('1-2-3').problem).toEqual({ kind: 'notNumber', token: '1-2-3' });
  });

  it('refuses a range that starts after it ends', () => {
    expect(parseFlatList('20-1').problem).toEqual({ kind: 'reversed', token: '20-1' });
  });

  it('refuses an empty list and more flats than one call takes (500)', () => {
    expect(parseFlatList(' ,; \n').problem).toEqual({ kind: 'empty' });
    expect(parseFlatList('1-501').problem).toEqual({ kind: 'tooMany', count: 501, max: 500 });
    expect(parseFlatList('1-500, 501').problem).toEqual({ kind: 'tooMany', count: 501, max: 500 });
    expect(parseFlatList('1-500').flats).toHaveLength(500);
  });

  it('sends a blank reason as none', () => {
    expect(blockReason('  ')).toBeUndefined();
    expect(blockReason(' долг ')).toBe('долг');
  });
});

describe('the blocked flats list', () => {
  it('turns the URL into the API query, dropping a flat number that is not a number', () => {
    const state = (search: string) => parseListState(new URLSearchParams(search), BLOCKED_LIST_STATE);
    expect(blockedFlatsQuery(state('page=2&address=Лесная&flatNum=12&tab=blocks'))).toEqual({ page: 2, address: 'Лесная', flatNum: '12' });
    expect(blockedFlatsQuery(state('houseUid=h-1&flatNum=abc'))).toEqual({ page: 1, houseUid: 'h-1' });
    expect(blockedFlatsQuery(state('flatNum=0'))).toEqual({ page: 1 });
  });

  it('links a flat to its card', () => {
    expect(flatCardPath('h 1', 12)).toBe('/houses/h%201/flats/12/update');
  });

  it('sends the house and flat of each selected row', () => {
    const row = (flatId: number, flatNum: number) => ({ flatId, houseUid: 'h-1', address: 'a', flatNum, letter: null, blockedAt: null, blockedBy: null, reason: null });
    expect(flatRefs(new Map([[2, row(2, 11)], [1, row(1, 10)]]).values())).toEqual([
      { houseUid: 'h-1', flatNum: 11 },
      { houseUid: 'h-1', flatNum: 10 },
    ]);
  });

  it('names the rows a page shows: 21–40 of 45, 41–45 on the last, 0–0 when empty', () => {
    expect(pageRange(2, 20, 45, 20)).toEqual({ from: 21, to: 40 });
    expect(pageRange(3, 20, 45, 5)).toEqual({ from: 41, to: 45 });
    expect(pageRange(1, 20, 0, 0)).toEqual({ from: 0, to: 0 });
  });

  it('lists the failed flats first', () => {
    const outcomes = [
      { houseUid: 'h', flatNum: 2, result: true, message: null },
      { houseUid: 'h', flatNum: 9, result: false, message: 'Квартира не найдена' },
      { houseUid: 'h', flatNum: 1, result: true, message: null },
    ];
    expect(sortedOutcomes(outcomes).map((outcome) => outcome.flatNum)).toEqual([9, 1, 2]);
  });
});

describe('who writes on /access', () => {
  it('is the superuser, management or the house permission (as the server), never support or an installer', () => {
    expect(canWriteAccess({ roles: authItems('superuser'), permissions: authItems() })).toBe(true);
    expect(canWriteAccess({ roles: authItems('management'), permissions: authItems('HOUSES_LIST_PERMISSION') })).toBe(true);
    expect(canWriteAccess({ roles: authItems('management'), permissions: authItems() })).toBe(true);
    expect(canWriteAccess({ roles: authItems(), permissions: authItems('HOUSES_LIST_PERMISSION') })).toBe(true);
    expect(canWriteAccess({ roles: authItems('support'), permissions: authItems() })).toBe(false);
    expect(canWriteAccess({ roles: authItems('adjuster'), permissions: authItems() })).toBe(false);
  });

  it('opens the blocks tab unless ?tab= names the catalogue', () => {
    expect(pickTab(null)).toBe('blocks');
    expect(pickTab('catalogue')).toBe('catalogue');
    expect(pickTab('whatever')).toBe('blocks');
  });
});

describe('the catalogue', () => {
  const entries = [
    { id: 1, name: 'Долг', description: null },
    { id: 2, name: 'Ремонт', description: 'на время работ' },
    { id: 3, name: 'Прочее', description: null },
  ];

  it('builds the set body: trimmed, a blank description as null, no id when new', () => {
    expect(entryInput({ name: ' Долг ', description: '  ' })).toEqual({ name: 'Долг', description: null });
    expect(entryInput({ name: 'Долг', description: ' за 3 месяца ' }, 4)).toEqual({ id: 4, name: 'Долг', description: 'за 3 месяца' });
  });

  it('sends only the rows edited in bulk', () => {
    const drafts = [
      { id: 1, name: 'Долг ', description: '' },
      { id: 2, name: 'Ремонт', description: 'на время работ подъезда' },
      { id: 3, name: 'Иное', description: '' },
    ];
    expect(changedEntries(entries, drafts)).toEqual([
      { id: 2, name: 'Ремонт', description: 'на время работ подъезда' },
      { id: 3, name: 'Иное', description: null },
    ]);
  });

  it('finds the editor row a refused path names (reasons.1.name is the second row sent)', () => {
    const sent = [{ id: 2 }, { id: 3 }];
    expect(bulkFieldOf('reasons.1.name', 'reasons', sent, entries)).toEqual({ row: 2, field: 'name' });
    expect(bulkFieldOf('actions.0.description', 'actions', sent, entries)).toEqual({ row: 1, field: 'description' });
    expect(bulkFieldOf('actions.0.name', 'reasons', sent, entries)).toBeNull();
    expect(bulkFieldOf('reasons.5.name', 'reasons', sent, entries)).toBeNull();
  });

  it('puts a saved entry in its place, or at the end when it is new', () => {
    expect(withEntry(entries, { id: 2, name: 'Ремонт дома', description: null }).map((entry) => entry.name)).toEqual(['Долг', 'Ремонт дома', 'Прочее']);
    expect(withEntry(entries, { id: 7, name: 'Новая', description: null }).map((entry) => entry.id)).toEqual([1, 2, 3, 7]);
  });
});
