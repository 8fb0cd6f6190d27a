import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { BlockedFlatsQuery, FlatsBulkStatus, flatBlockEndpoints } from '../../../contract/flat-blocks';
import { ADDRESS, HOUSE_UID, pagination } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse } from './helpers';

const blocked = { flatId: 30045, houseUid: HOUSE_UID, address: ADDRESS, flatNum: 45, letter: null, blockedAt: '2026-11-20T09:30:00.000Z', blockedBy: 'operator', reason: 'Долг' };

describe('flat block endpoints', () => {
  itDecodesEveryResponse(flatBlockEndpoints, {
    blocked: {
      ok: { result: true, pagination: pagination(2), data: [blocked, { ...blocked, flatId: 30046, flatNum: 46, blockedAt: null, blockedBy: null, reason: null }] },
      bad: { result: true, pagination: pagination(1), data: [{ ...blocked, flatNum: '45' }] },
      paths: ['data.0.flatNum'],
    },
    setStatuses: {
      ok: {
        result: true,
        message: 'Заблокировано квартир: 1 из 2',
        succeeded: 1,
        failed: 1,
        data: [
          { houseUid: HOUSE_UID, flatNum: 45, result: true, message: null },
          { houseUid: HOUSE_UID, flatNum: 46, result: false, message: 'Квартира уже заблокирована' },
        ],
      },
      bad: { result: true, succeeded: 1, data: [{ houseUid: HOUSE_UID, flatNum: 45, result: 'ok', message: null }] },
      paths: ['failed', 'data.0.result'],
    },
  });

  it('takes 1 to 500 flats, a status of 0 or 1 and a reason of at most 500 characters', () => {
    const flats = [{ houseUid: HOUSE_UID, flatNum: 45 }];
    expect(decode(FlatsBulkStatus, { flats, status: 1, reason: 'Долг' })).toEqual({ flats, status: 1, reason: 'Долг' });
    expectFailurePaths(FlatsBulkStatus, { flats: [], status: 1 }, ['flats']);
    expectFailurePaths(FlatsBulkStatus, { flats: Array.from({ length: 501 }, () => flats[0]), status: 0 }, ['flats']);
    expectFailurePaths(FlatsBulkStatus, { flats, status: 2 }, ['status']);
    expectFailurePaths(FlatsBulkStatus, { flats, status: 1, reason: 'x'.repeat(501) }, ['reason']);
    expectFailurePaths(FlatsBulkStatus, { flats: [{ houseUid: ' ', flatNum: 1 }], status: 1 }, ['flats.0.houseUid']);
  });

  it('reads its filters from a query string', () => {
    expect(decode(BlockedFlatsQuery, { page: '2', address: 'Лесная', flatNum: '5' })).toEqual({ page: 2, address: 'Лесная', flatNum: '5' });
  });
});
