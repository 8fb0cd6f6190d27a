import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import {
  ACCESS_LOG_EVENTS,
  DeviceHistoryQuery,
  HISTORY_FIRST_PAGE,
  HISTORY_PAGE_SIZE,
  HistoryQuery,
  historyDateRange,
  historyEndpoints,
  numberPages,
} from '../../../contract/history';
import { MAC, MAC2 } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse } from './helpers';

const event = {
  mac: MAC,
  eventDate: '2024-06-03T17:42:10.000Z',
  eventType: 'OPEN_CODE',
  identity: '4512',
  params: { flatNum: 45, entrance: 2 },
  image: '/history-images/001A2B3C4D5E/20240603174210.jpg',
};
const page = { result: true, message: null, data: [event, { ...event, eventType: 'RFID_FAILED', identity: '00000A1B2C3D', params: [], image: null }], numberPages: 3 };

describe('history endpoints', () => {
  itDecodesEveryResponse(historyEndpoints, {
    list: { ok: page, bad: { ...page, numberPages: '3', data: [{ ...event, params: { flatNum: [45] } }] }, paths: ['numberPages', 'data.0.params.flatNum'] },
    device: { ok: { ...page, data: [] }, bad: { result: true, data: [{ ...event, eventDate: null }] }, paths: ['data.0.eventDate', 'numberPages'] },
  });

  it('knows the eleven access-log event kinds', () => {
    expect(ACCESS_LOG_EVENTS).toHaveLength(11);
    expect(ACCESS_LOG_EVENTS).toContain('OPEN_FACE_API');
  });

  it('builds the one-device history path from DEVICE_ID', () => {
    expect(historyEndpoints.device.path({ id: 1042 })).toBe('/front/device/1042/history');
  });
});

describe('history paging', () => {
  it('starts at page 0 with 50 rows a page', () => {
    expect(HISTORY_FIRST_PAGE).toBe(0);
    expect(HISTORY_PAGE_SIZE).toBe(50);
    expect(decode(HistoryQuery, { page: '0', perPage: '50' })).toEqual({ page: 0, perPage: 50 });
  });

  it('counts pages from 1 even when nothing was found', () => {
    expect(numberPages(0)).toBe(1);
    expect(numberPages(50)).toBe(1);
    expect(numberPages(51)).toBe(2);
  });

  it('reads the filters from a query string', () => {
    const query = decode(HistoryQuery, { macs: `${MAC},${MAC2}`, eventType: 'OPEN_CODE', flatNum: '45', userId: '5120' });
    expect(query).toEqual({ macs: [MAC, MAC2], eventType: 'OPEN_CODE', flatNum: 45, userId: 5120 });
  });

  it('rejects a negative page, a page size over 200 and an unknown filter', () => {
    expectFailurePaths(DeviceHistoryQuery, { page: '-1', perPage: '500', macs: MAC }, ['page', 'perPage', 'macs']);
  });
});

describe('history date range', () => {
  it('sends the start day from 00:00:00 and the end day until 23:59:59 in the user time zone', () => {
    expect(historyDateRange('2024-03-05', '2024-03-07', 'Europe/Moscow')).toEqual({
      dateFrom: '2024-03-04T21:00:00.000Z',
      dateTo: '2024-03-07T20:59:59.000Z',
    });
  });

  it('follows summer time where a zone has it', () => {
    expect(historyDateRange('2024-07-01', '2024-01-15', 'Europe/Berlin')).toEqual({
      dateFrom: '2024-06-30T22:00:00.000Z',
      dateTo: '2024-01-15T22:59:59.000Z',
    });
  });

  it('takes the calendar day of a Date in the user time zone', () => {
    // 22:30 UTC on 5 March is already 6 March in Moscow.
    expect(historyDateRange(new Date('2024-03-05T22:30:00Z'), null, 'Europe/Moscow')).toEqual({ dateFrom: '2024-03-05T21:00:00.000Z' });
  });

  it('leaves out an empty bound', () => {
    expect(historyDateRange('', undefined, 'Europe/Moscow')).toEqual({});
    expect(historyDateRange(null, '2024-03-07', 'UTC')).toEqual({ dateTo: '2024-03-07T23:59:59.000Z' });
  });

  it('uses the local time zone when none is given', () => {
    const range = historyDateRange('2024-03-05', '2024-03-05');
    expect(new Date(range.dateFrom!).getHours()).toBe(0);
    expect(new Date(range.dateTo!).getHours()).toBe(23);
    expect(new Date(range.dateTo!).getSeconds()).toBe(59);
  });
});
