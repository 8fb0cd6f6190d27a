import { describe, expect, it } from 'vitest';
import { number } from 'superstruct';
import { DecodeError, decode, map, normalizeMac } from '../../../contract/common';
import {
  DEVICE_TYPE_NAMES,
  Device,
  DeviceCreate,
  DeviceListQuery,
  DeviceStatusesQuery,
  HARDWARE_REVISIONS,
  deviceEndpoints,
  deviceTypeId,
  deviceTypeName,
  hasExtraSettings,
} from '../../../contract/devices';
import { HOUSE_UID, MAC, MAC2, device, pagination } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse } from './helpers';

const listRow = {
  DEVICE_ID: 1042,
  MAC,
  BUYER_ID: 1,
  STATUS_CODE: 1,
  CREATE_DATE: '2024-02-11T08:15:00.000Z',
  LAST_CHANGE: '2024-05-30T14:02:11.000Z',
  TYPE: 6,
  houses: {
    [HOUSE_UID]: {
      address: 'г. Казань, ул. Баумана, д. 19',
      entrances: [{ mac: MAC, entranceUid: 'b2e4d6f8', title: 'Подъезд 2', houseUid: HOUSE_UID }],
    },
  },
};

describe('device endpoints', () => {
  itDecodesEveryResponse(deviceEndpoints, {
    list: {
      ok: { result: true, message: null, data: [listRow, { ...listRow, DEVICE_ID: 1043, MAC: MAC2, houses: [] }], pagination: pagination(2) },
      bad: { result: true, data: [{ ...listRow, MAC: 'not-a-mac', TYPE: 16 }], pagination: { ...pagination(), pageSize: '20' } },
      paths: ['data.0.MAC', 'data.0.TYPE', 'pagination.pageSize'],
    },
    statuses: {
      ok: { result: true, data: { [MAC]: { liveStatus: true, sipStatus: true, rtspStatus: false, externalExists: null } } },
      bad: { result: true, data: { [MAC]: { liveStatus: 'online', sipStatus: true, rtspStatus: false } } },
      paths: [`data.${MAC}.liveStatus`, `data.${MAC}.externalExists`],
    },
    create: {
      ok: { result: true, message: 'Устройство создано', data: device() },
      bad: { result: true, data: { ...device(), houses: 'all', relays: [{ id: '1', statusCode: 1, entrance: '' }] } },
      paths: ['data.houses', 'data.relays.0.id'],
    },
    multipleSetGroups: {
      ok: { result: true, message: null, updated: 12 },
      bad: { result: 1, updated: '12' },
      paths: ['result', 'updated'],
    },
    macsFromHouse: {
      ok: { result: true, data: [MAC, MAC2.toLowerCase()] },
      bad: { result: true, data: [MAC, 'zz'] },
      paths: ['data.1'],
    },
  });
});

describe('device entity', () => {
  it('normalises MACs in answers to upper case with colons', () => {
    const decoded = decode(Device, { ...device(), mac: '00-1a-2b-3c-4d-5e' });
    expect(decoded.mac).toBe(MAC);
  });

  it('accepts an empty options map sent as []', () => {
    expect(decode(Device, { ...device(), options: [] }).options).toEqual({});
  });

  it('keeps unknown option keys and checks the known ones', () => {
    const decoded = decode(Device, { ...device(), options: { customFlag: '1', url: 'http://10.0.0.5' } });
    expect(decoded.options).toMatchObject({ customFlag: '1', url: 'http://10.0.0.5' });
    expectFailurePaths(Device, { ...device(), options: { isMifare: 'yes', 'systemInfo.revision': 3 } }, [
      'options.isMifare',
      'options.systemInfo.revision',
    ]);
  });

  it('reports every missing field of a device at once', () => {
    const { mac: _mac, relays: _relays, ...rest } = device();
    expectFailurePaths(Device, rest, ['mac', 'relays']);
  });
});

describe('device enumerations', () => {
  it('names the 16 device types by their numeric value', () => {
    expect(DEVICE_TYPE_NAMES).toHaveLength(16);
    expect(deviceTypeName(0)).toBe('IMD1_B');
    expect(deviceTypeName(15)).toBe('RUBETEK_RV_3434');
    expect(deviceTypeName(16)).toBeNull();
    expect(deviceTypeId('HIKVISION_DS_KD8103_E6')).toBe(9);
  });

  it('allows extra settings for ISCOM_X1 and BEWARD_ISCOM only', () => {
    expect(DEVICE_TYPE_NAMES.map((_name, type) => type).filter(hasExtraSettings)).toEqual([6, 10]);
  });

  it('knows hardware revisions 2 and 5', () => {
    expect(HARDWARE_REVISIONS).toEqual([2, 5]);
  });
});

describe('device requests', () => {
  it('reads list filters from a query string', () => {
    const query = decode(DeviceListQuery, { page: '3', sort: '-LAST_CHANGE', type: '6', status: '1', houseUid: HOUSE_UID });
    expect(query).toEqual({ page: 3, sort: '-LAST_CHANGE', type: 6, status: 1, houseUid: HOUSE_UID });
  });

  it('rejects an unknown sort field and an unknown filter', () => {
    expectFailurePaths(DeviceListQuery, { sort: 'PASSWORD', color: 'red' }, ['sort', 'color']);
  });

  it('reads macs as a repeated key or a comma-separated list, normalised', () => {
    expect(decode(DeviceStatusesQuery, { macs: [MAC, 'a4-5e-60-c2-17-8f'] }).macs).toEqual([MAC, MAC2]);
    expect(decode(DeviceStatusesQuery, { macs: `${MAC},${MAC2}` }).macs).toEqual([MAC, MAC2]);
    expect(decode(DeviceStatusesQuery, { macs: MAC }).macs).toEqual([MAC]);
  });

  it('requires a MAC and a known type to create a device', () => {
    expect(decode(DeviceCreate, { mac: '001a2b3c4d5e', type: 2 })).toEqual({ mac: MAC, type: 2 });
    const error = expectFailurePaths(DeviceCreate, { mac: '00:1A', type: 99 }, ['mac', 'type']);
    expect(error.message).toContain('mac');
  });
});

describe('common helpers', () => {
  it('normalises MACs typed in any common form', () => {
    expect(normalizeMac('00-1a-2b-3c-4d-5e')).toBe(MAC);
    expect(normalizeMac('001A.2B3C.4D5E')).toBe(MAC);
    expect(normalizeMac(' 00:1a:2b:3c:4d:5e ')).toBe(MAC);
    expect(normalizeMac('00:1A:2B:3C:4D')).toBeNull();
    expect(normalizeMac('GG:1A:2B:3C:4D:5E')).toBeNull();
  });

  it('decodes a map sent as [] as an empty map, and checks its values', () => {
    const counts = map(number());
    expect(decode(counts, [])).toEqual({});
    expect(decode(counts, { crc: 3 })).toEqual({ crc: 3 });
    expectFailurePaths(counts, { crc: '3' }, ['crc']);
    expect(() => decode(counts, [1])).toThrow(DecodeError);
  });

  it('builds device paths with the MAC encoded', () => {
    expect(deviceEndpoints.list.path({})).toBe('/front/device-list/get-list');
  });
});
