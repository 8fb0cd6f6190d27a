import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { McCreate, McPaginationQuery, McSet, SECONDS_PER_WEEK, mcEndpoints, secondsToWeeks, weeksToSeconds } from '../../../contract/mc';
import { MAC, pagination } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const company = {
  id: 14,
  internalId: 'УК-000731',
  name: 'ООО «УК Жилкомсервис Вахитовского района»',
  buyerId: 1,
  codeAccess: '7731',
  active: true,
  nextExecute: '2024-07-01T03:00:00.000Z',
  flatNum: 999,
  interval: 1814400,
};

describe('management company endpoints', () => {
  itDecodesEveryResponse(mcEndpoints, {
    get: { ok: { result: true, data: company }, bad: { result: true, data: { ...company, interval: '3 недели' } }, paths: ['data.interval'] },
    all: { ok: { result: true, data: [company, { ...company, id: 15, active: false, nextExecute: null, flatNum: null }] }, bad: { result: true, data: company }, paths: ['data'] },
    page: { ok: { result: true, data: [company], pagination: pagination() }, bad: { result: true, data: [{ ...company, active: 1 }] }, paths: ['data.0.active', 'pagination'] },
    set: { ok: { result: true, data: company }, bad: { result: true, data: { ...company, name: null } }, paths: ['data.name'] },
    disable: plainCase,
    uploadAll: { ok: { result: true, message: 'Выгрузка поставлена в очередь', devices: 38 }, bad: { result: true, devices: '38' }, paths: ['devices'] },
    uploadOne: { ok: { result: true, devices: 1 }, bad: { result: true }, paths: ['devices'] },
    uploadStatus: {
      ok: { result: true, data: { id: 3, kind: 'all', total: 38, done: 30, failed: 1, left: 7, running: true, startedAt: '2024-07-01T03:00:00.000Z', finishedAt: null, failures: [{ deviceId: 9, mac: MAC, reason: 'Устройство не отвечает', at: '2024-07-01T03:00:05.000Z' }] } },
      bad: { result: true, data: { id: 3, kind: 'some', total: 38, done: 30, failed: 1, left: 7, running: true, startedAt: '2024-07-01T03:00:00.000Z', finishedAt: null, failures: [] } },
      paths: ['data.kind'],
    },
    uploadRetry: { ok: { result: true, devices: 1 }, bad: { result: true, devices: null }, paths: ['devices'] },
    devices: {
      ok: { result: true, data: [{ id: 9, mac: MAC, type: 6, statusCode: 1, houses: [{ uid: 'h-1', address: 'г. Казань, ул. Баумана, д. 1' }] }] },
      bad: { result: true, data: [{ id: 9, mac: MAC, type: 6, statusCode: 1, houses: 'г. Казань' }] },
      paths: ['data.0.houses'],
    },
    create: { ok: { result: true, data: { ...company, id: 16, active: true, codeAccess: null } }, bad: { result: true, data: { id: 16 } }, paths: ['data.internalId', 'data.name', 'data.buyerId', 'data.codeAccess', 'data.active', 'data.nextExecute', 'data.flatNum', 'data.interval'] },
  });
});

describe('interval in weeks on screen, seconds on the wire', () => {
  it('sends 3 weeks as 1814400 seconds', () => {
    expect(weeksToSeconds(3)).toBe(1814400);
    expect(weeksToSeconds('3')).toBe(1814400);
  });

  it('rounds 1.2 weeks up to 2 weeks', () => {
    expect(weeksToSeconds(1.2)).toBe(2 * SECONDS_PER_WEEK);
    expect(weeksToSeconds('1,2')).toBe(2 * SECONDS_PER_WEEK);
  });

  it('sends an empty interval as 0', () => {
    expect(weeksToSeconds('')).toBe(0);
    expect(weeksToSeconds('  ')).toBe(0);
    expect(weeksToSeconds(null)).toBe(0);
    expect(weeksToSeconds(undefined)).toBe(0);
  });

  it('sends nonsense and negative weeks as 0', () => {
    expect(weeksToSeconds('две')).toBe(0);
    expect(weeksToSeconds(-2)).toBe(0);
  });

  it('shows seconds divided by 604800', () => {
    expect(secondsToWeeks(1814400)).toBe(3);
    expect(secondsToWeeks(302400)).toBe(0.5);
    expect(secondsToWeeks(0)).toBe(0);
    expect(secondsToWeeks(null)).toBe(0);
  });
});

describe('management company requests', () => {
  it('reads the page filters from a query string', () => {
    expect(decode(McPaginationQuery, { page: '2', buyerId: '1', name: 'Жилкомсервис', flatNum: '999' })).toEqual({ page: 2, buyerId: 1, name: 'Жилкомсервис', flatNum: 999 });
  });

  it('creates with internalId, name and the spec\'s _csrf field', () => {
    expect(decode(McCreate, { internalId: 'УК-000732', name: 'ТСЖ «Баумана 19»', _csrf: 'tok' })._csrf).toBe('tok');
    expectFailurePaths(McCreate, { internalId: '', name: 'ТСЖ' }, ['internalId']);
  });

  it('saves every field of the company with the interval in whole seconds', () => {
    expect(decode(McSet, company)).toEqual(company);
    expectFailurePaths(McSet, { ...company, interval: 1.5 }, ['interval']);
  });

  it('uploads to one device by MAC', () => {
    expect(mcEndpoints.uploadOne.pattern).toBe('/front/management-company/upload-one');
    expect(decode(mcEndpoints.uploadOne.body!, { id: 14, mac: MAC.toLowerCase() })).toEqual({ id: 14, mac: MAC });
  });
});
