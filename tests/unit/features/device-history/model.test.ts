import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE, type HistoryEvent } from '@contract/history';
import { dayToPickerValue, pickerValueToDay } from '@/components/date-filter/day-value';
import { parseListState, withFilters, writeListState } from '@/components/list-table/list-state-model';
import {
  HISTORY_LIST_STATE,
  checkHistoryFilters,
  eventActors,
  eventsWithImages,
  historyFilterQuery,
  historyListQuery,
  keyPath,
  pageLabel,
  splitMacs,
  stepImage,
  type HistoryFilters,
} from '@/features/device-history/model';
import { deviceHistoryPath, dialingsPath } from '@/lib/device-paths';

const MAC_1 = '00:1A:2B:3C:4D:01';
const MAC_2 = '00:1A:2B:3C:4D:02';
const EMPTY: HistoryFilters = { macs: '', dateFrom: '', dateTo: '', eventType: '', rfid: '', login: '', flatNum: '', openCode: '', userId: '' };

const event = (patch: Partial<HistoryEvent> = {}): HistoryEvent => ({
  mac: MAC_1,
  eventDate: '2026-11-20T10:00:00.000Z',
  eventType: 'OPEN_EXTERNAL',
  identity: null,
  params: {},
  image: null,
  ...patch,
});

describe('history filters in the URL', () => {
  it('reads every filter and the page (from 0) from the URL, and writes a filter change back from page 0', () => {
    const search = new URLSearchParams(`macs=${encodeURIComponent(`${MAC_1},${MAC_2}`)}&dateFrom=2026-11-01&dateTo=2026-11-07&eventType=OPEN_CODE&flatNum=12&page=3`);
    const state = parseListState(search, HISTORY_LIST_STATE);
    expect(state.page).toBe(3);
    expect(state.filters).toEqual({ ...EMPTY, macs: `${MAC_1},${MAC_2}`, dateFrom: '2026-11-01', dateTo: '2026-11-07', eventType: 'OPEN_CODE', flatNum: '12' });
    const next = withFilters(state, { login: 'ivanov' }, HISTORY_LIST_STATE);
    expect(next.page).toBe(0);
    const written = writeListState(search, next, HISTORY_LIST_STATE);
    expect(written.has('page')).toBe(false);
    expect(written.get('login')).toBe('ivanov');
    expect(written.get('macs')).toBe(`${MAC_1},${MAC_2}`);
  });

  it('takes a page below 0 or not a number as page 0', () => {
    expect(parseListState(new URLSearchParams('page=-2'), HISTORY_LIST_STATE).page).toBe(0);
    expect(parseListState(new URLSearchParams('page=abc'), HISTORY_LIST_STATE).page).toBe(0);
  });

  it('splits typed and pasted MACs, normalises them, keeps each once and sets apart what is no MAC', () => {
    expect(splitMacs('001a2b3c4d01, 00-1A-2B-3C-4D-02;00:1a:2b:3c:4d:01 nonsense')).toEqual({ macs: [MAC_1, MAC_2], unreadable: ['nonsense'] });
  });

  it('checks the typed filters field by field and normalises what it applies', () => {
    const ok = checkHistoryFilters({ ...EMPTY, macs: ' 001a2b3c4d01 ', rfid: '0a:0b', dateFrom: '2026-11-01', dateTo: '2026-11-01', eventType: 'RFID_FAILED', flatNum: ' 7 ' });
    expect(ok.problems).toEqual({});
    expect(ok.filters).toEqual({ ...EMPTY, macs: MAC_1, rfid: '0A0B', dateFrom: '2026-11-01', dateTo: '2026-11-01', eventType: 'RFID_FAILED', flatNum: '7' });
    const bad = checkHistoryFilters({ ...EMPTY, macs: 'xyz', dateFrom: '2026-11-08', dateTo: '2026-11-07', rfid: 'zz', flatNum: '100000', openCode: '12a', userId: '0' });
    expect(bad.problems).toEqual({ macs: 'macs', dateTo: 'dateOrder', rfid: 'rfid', flatNum: 'flatNum', openCode: 'openCode', userId: 'userId' });
    expect(checkHistoryFilters({ ...EMPTY, dateFrom: '2026-02-30' }).problems).toEqual({ dateFrom: 'date' });
    const many = Array.from({ length: 101 }, (_, index) => `00:1A:2B:3C:${(index >> 8).toString(16).padStart(2, '0')}:${(index & 255).toString(16).padStart(2, '0')}`);
    expect(checkHistoryFilters({ ...EMPTY, macs: many.join(',') }).problems).toEqual({ macs: 'macsMany' });
    expect(checkHistoryFilters({ ...EMPTY, macs: many.slice(0, 100).join(',') }).problems).toEqual({});
  });
});

describe('the query sent', () => {
  it('sends the page from 0, 50 a page, the MACs as a list and the numbers as numbers', () => {
    const state = { page: 2, sort: null, filters: { ...EMPTY, macs: `${MAC_1},${MAC_2}`, eventType: 'OPEN_CODE', rfid: '0a0b', login: 'ivanov', flatNum: '12', openCode: '1234', userId: '5' } };
    expect(historyListQuery(state, 'Europe/Moscow')).toEqual({
      macs: [MAC_1, MAC_2],
      eventType: 'OPEN_CODE',
      rfid: '0A0B',
      login: 'ivanov',
      flatNum: 12,
      openCode: '1234',
      userId: 5,
      page: 2,
      perPage: HISTORY_PAGE_SIZE,
    });
  });

  it('leaves out what a hand-edited URL holds that the server would refuse', () => {
    expect(historyFilterQuery({ ...EMPTY, macs: 'nonsense', eventType: 'DROP TABLE', flatNum: '0', userId: '-1', dateFrom: 'yesterday', rfid: 'zz' }, 'Europe/Moscow')).toEqual({});
  });

  it('sends the days as 00:00:00 and 23:59:59 in the user’s time zone (Asia/Novosibirsk, UTC+7)', () => {
    const query = historyFilterQuery({ ...EMPTY, dateFrom: '2026-11-01', dateTo: '2026-11-07' }, 'Asia/Novosibirsk');
    expect(query).toEqual({ dateFrom: '2026-10-31T17:00:00.000Z', dateTo: '2026-11-07T16:59:59.000Z' });
    // In Moscow (UTC+3) the same days are other instants.
    expect(historyFilterQuery({ ...EMPTY, dateFrom: '2026-11-01' }, 'Europe/Moscow')).toEqual({ dateFrom: '2026-10-31T21:00:00.000Z' });
  });

  it('keeps a day across the date picker in a zone west of UTC (America/New_York)', () => {
    const value = dayToPickerValue('2026-03-08', 'America/New_York');
    expect(value).toBe('2026-03-08T05:00:00.000Z');
    expect(pickerValueToDay(value, 'America/New_York')).toBe('2026-03-08');
    // The picker's end of a day is still that day.
    expect(pickerValueToDay('2026-03-09T03:59:59.000Z', 'America/New_York')).toBe('2026-03-08');
    expect(pickerValueToDay('', 'America/New_York')).toBe('');
    expect(dayToPickerValue('not a day', 'America/New_York')).toBe('');
  });
});

describe('rows and links', () => {
  it('names the key, the user, the code and the flat; the device’s words only when it names none', () => {
    expect(eventActors(event({ rfid: '0A0B0C', login: 'ivanov', userId: 5, openCode: '1234', flatNum: 12, houseUid: 'h-1', identity: 'x' }))).toEqual([
      { kind: 'key', value: '0A0B0C', mac: MAC_1 },
      { kind: 'user', login: 'ivanov', userId: 5 },
      { kind: 'code', code: '1234' },
      { kind: 'flat', flatNum: 12, houseUid: 'h-1' },
    ]);
    expect(eventActors(event({ login: 'sip-101' }))).toEqual([{ kind: 'login', login: 'sip-101' }]);
    expect(eventActors(event({ identity: 'face:42' }))).toEqual([{ kind: 'identity', text: 'face:42' }]);
    expect(eventActors(event())).toEqual([]);
  });

  it('links a key to its device’s keys searched for it, and opens the history from a device or a flat', () => {
    expect(keyPath(MAC_1, '0a:0b')).toBe(`/devices/${encodeURIComponent(MAC_1)}/keys?key=0A0B`);
    expect(deviceHistoryPath([MAC_1])).toBe(`/devices/history?macs=${encodeURIComponent(MAC_1)}`);
    expect(deviceHistoryPath([MAC_1, MAC_2], 12)).toBe(`/devices/history?macs=${encodeURIComponent(`${MAC_1},${MAC_2}`)}&flatNum=12`);
    expect(dialingsPath(MAC_1, 12)).toBe(`/dialings/${encodeURIComponent(MAC_1)}?flatNum=12`);
  });

  it('steps through the page’s snapshots only, stopping at either end', () => {
    const rows = [event({ id: 1, image: '/a' }), event({ id: 2 }), event({ id: 3, image: '/c' }), event({ id: 4, image: '' })];
    expect(eventsWithImages(rows).map((row) => row.id)).toEqual([1, 3]);
    expect(stepImage(0, 2, 1)).toBe(1);
    expect(stepImage(1, 2, 1)).toBeNull();
    expect(stepImage(0, 2, -1)).toBeNull();
  });

  it('counts pages for people from 1', () => {
    expect(pageLabel(0, 3)).toEqual({ page: 1, pages: 3 });
    expect(pageLabel(2, 0)).toEqual({ page: 3, pages: 1 });
  });
});
