import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { DOOR_CODE_PATTERN, DoorCodeCreate, KeylessCodeCreate, KeylessCodesQuery, doorCodeEndpoints } from '../../../contract/door-codes';
import { ADDRESS, MAC, MAC2, device, pagination } from './fixtures';
import { DOOR_CODE } from '../features/door-codes/fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const doorCode = DOOR_CODE;
const keyless = {
  id: 3,
  service: 'post',
  code: '5511',
  expiresAt: null,
  expired: false,
  comment: null,
  createdBy: 'operator',
  createdAt: '2026-11-25T10:00:00.000Z',
  devices: { total: 2, written: 1, failed: 1, pending: 0 },
};
const targets = [
  { mac: MAC, address: ADDRESS, status: 'written', message: null, writtenAt: '2026-11-25T10:00:01.000Z' },
  { mac: MAC2, address: null, status: 'failed', message: 'Устройство не ответило', writtenAt: null },
];

describe('door code endpoints', () => {
  itDecodesEveryResponse(doorCodeEndpoints, {
    list: {
      ok: {
        result: true,
        device: device(),
        address: ADDRESS,
        canFlatDoorCode: true,
        flatRange: { firstFlat: 1, lastFlat: 50, entranceNum: 1, entranceTitle: 'Подъезд 1' },
        common: { ...doorCode, id: 6, flatNum: null, expiresAt: null },
        data: [doorCode],
        pagination: pagination(),
      },
      bad: { result: true, device: device(), address: null, canFlatDoorCode: 1, flatRange: null, common: null, data: [{ ...doorCode, expired: 'no' }], pagination: pagination() },
      paths: ['canFlatDoorCode', 'data.0.expired'],
    },
    create: { ok: { result: true, data: doorCode }, bad: { result: true, data: { ...doorCode, code: 482913 } }, paths: ['data.code'] },
    update: { ok: { result: true, data: { ...doorCode, expired: true } }, bad: { result: true }, paths: ['data'] },
    remove: plainCase,
    keylessList: { ok: { result: true, data: [keyless], pagination: pagination() }, bad: { result: true, data: [{ ...keyless, service: 'pizza' }], pagination: pagination() }, paths: ['data.0.service'] },
    keylessGet: {
      ok: { result: true, data: { ...keyless, targets } },
      bad: { result: true, data: { ...keyless, targets: [{ ...targets[0], status: 'done' }] } },
      paths: ['data.targets.0.status'],
    },
    keylessCreate: { ok: { result: true, message: 'Код записан не на все устройства: ошибок 1', data: { ...keyless, targets } }, bad: { result: true, data: keyless }, paths: ['data.targets'] },
    keylessRetry: { ok: { result: true, data: { ...keyless, targets } }, bad: { result: true, data: { ...keyless, devices: { total: 2 }, targets } }, paths: ['data.devices.written', 'data.devices.failed', 'data.devices.pending'] },
    keylessRemove: plainCase,
  });
});

describe('door code requests', () => {
  it('takes 4 to 8 digits as a code', () => {
    expect(['1234', '12345678'].every((code) => DOOR_CODE_PATTERN.test(code))).toBe(true);
    expect(['123', '123456789', '12a4', ' 1234'].some((code) => DOOR_CODE_PATTERN.test(code))).toBe(false);
  });

  it('needs flatNum (null for the common code) and refuses unknown fields', () => {
    expect(decode(DoorCodeCreate, { flatNum: null }, 'create')).toEqual({ flatNum: null });
    expectFailurePaths(DoorCodeCreate, { code: '1234', extra: 1 }, ['flatNum', 'extra']);
    expectFailurePaths(DoorCodeCreate, { flatNum: 1, expiresAt: 'завтра' }, ['expiresAt']);
  });

  it('decodes a keyless create with MACs in any spelling and a list query from strings', () => {
    expect(decode(KeylessCodeCreate, { service: 'courier', macs: ['00-1a-2b-3c-4d-5e'] }, 'keylessCreate').macs).toEqual(['00:1A:2B:3C:4D:5E']);
    expectFailurePaths(KeylessCodeCreate, { service: 'pizza', macs: ['x'] }, ['service', 'macs.0']);
    expect(decode(KeylessCodesQuery, { page: '2', active: '1' }, 'keylessList')).toEqual({ page: 2, active: '1' });
  });
});
