import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { DeviceKeysMultiple, DeviceKeysRequest, KeyCreate, KeysDelete, isInnerKey, keyEndpoints, parseDeviceKeyParams } from '../../../contract/keys';
import { ADDRESS, HOUSE_UID, MAC, MAC2, device, pagination } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const panelKey = {
  VALUE: '00000A1B2C3D',
  FLAT_NUM: 45,
  IS_SECURITY: 0,
  AUTHENTIC: 1,
  USER_LOGIN: 'ivanova.m',
  KEY_ADDED_DATE: '2024-04-02T09:30:00.000Z',
  INNER: 1,
  INC_VALUE: '0A1B2C3D',
  BLOCKED: 0,
  MAC,
};
const keyRow = { ...panelKey, HOUSE_UID, ADDRESS };

describe('key endpoints', () => {
  itDecodesEveryResponse(keyEndpoints, {
    list: {
      ok: { result: true, message: null, device: device(), deviceLiveStatus: true, data: [keyRow], addresses: { [MAC]: ADDRESS }, pagination: pagination() },
      bad: { result: true, device: null, deviceLiveStatus: null, data: [{ ...keyRow, IS_SECURITY: true, FLAT_NUM: '45' }], addresses: [], pagination: pagination() },
      paths: ['data.0.IS_SECURITY', 'data.0.FLAT_NUM'],
    },
    create: { ok: { result: true, data: panelKey }, bad: { result: true, data: { ...panelKey, INNER: 2 } }, paths: ['data.INNER'] },
    remove: { ok: { result: true, deleted: 2 }, bad: { result: true }, paths: ['deleted'] },
    duplicates: {
      ok: {
        result: true,
        data: [
          { address: ADDRESS, mac: MAC, value: '00000A1B2C3D', flatNum: 45, authentic: 1, buyerId: 1, deviceId: 1042, keyId: 55012, cipherId: null },
          { address: 'г. Москва, ул. Профсоюзная, д. 43, к. 2', mac: MAC2, value: '00000A1B2C3D', flatNum: null, authentic: 0, buyerId: 3, deviceId: 2077, keyId: 81230, cipherId: 4 },
        ],
      },
      bad: { result: true, data: [{ address: ADDRESS, mac: MAC, value: 0xa1b2c3d, flatNum: 45, authentic: 1, buyerId: 1, deviceId: 1042, keyId: 55012 }] },
      paths: ['data.0.value', 'data.0.cipherId'],
    },
    removeDeviceKey: plainCase,
    removeRsKey: plainCase,
    createDeviceKey: { ok: { result: true, data: panelKey }, bad: { result: true, data: { ...panelKey, MAC: 'nope' } }, paths: ['data.MAC'] },
    multiple: { ok: { result: true, processed: 3 }, bad: { result: 'ok', processed: 3 }, paths: ['result'] },
    decode: plainCase,
    encode: plainCase,
  });
});

describe('key rules', () => {
  it('treats INNER 1 as inner and anything else as outer', () => {
    expect(isInnerKey(1)).toBe(true);
    expect(isInnerKey('1')).toBe(true);
    expect(isInnerKey(0)).toBe(false);
    expect(isInnerKey(2)).toBe(false);
    expect(isInnerKey(null)).toBe(false);
  });

  it('serves both key-delete paths of spec §7 with one route', () => {
    expect(keyEndpoints.removeDeviceKey.path({ device: 1042, key: 55012 })).toBe('/front/device/1042/key/55012/delete');
    expect(keyEndpoints.removeDeviceKey.path({ device: MAC, key: '00000A1B2C3D' })).toBe(
      '/front/device/00%3A1A%3A2B%3A3C%3A4D%3A5E/key/00000A1B2C3D/delete',
    );
    expect(parseDeviceKeyParams('1042', '55012')).toEqual({ kind: 'id', deviceId: 1042, keyId: 55012 });
    expect(parseDeviceKeyParams(MAC, '00000A1B2C3D')).toEqual({ kind: 'mac', mac: MAC, value: '00000A1B2C3D' });
    expect(parseDeviceKeyParams('1042', 'abc')).toBeNull();
    expect(parseDeviceKeyParams('street', '1')).toBeNull();
  });

  it('builds the RS key path with its inner flag', () => {
    expect(keyEndpoints.removeRsKey.path({ mac: MAC, key: '0A1B2C3D', inner: 1 })).toBe('/front/device/00%3A1A%3A2B%3A3C%3A4D%3A5E/rs-key/0A1B2C3D/1/delete');
  });
});

describe('key requests', () => {
  it('searches the key list by page, value, panel code and MAC', () => {
    expect(decode(DeviceKeysRequest, { page: 2, key: '0A1B', panelCode: 45, mac: MAC.toLowerCase() })).toEqual({ page: 2, key: '0A1B', panelCode: 45, mac: MAC });
  });

  it('creates a key of a known key or card type', () => {
    expect(decode(KeyCreate, { mac: MAC, value: '04A2B9C2D35E80', keyType: 'MIFARE' }).keyType).toBe('MIFARE');
    expectFailurePaths(KeyCreate, { mac: MAC, value: '', keyType: 'Proximity' }, ['value', 'keyType']);
  });

  it('deletes a list of {value, mac}', () => {
    expect(decode(KeysDelete, { keys: [{ value: '00000A1B2C3D', mac: MAC }] }).keys).toHaveLength(1);
    expectFailurePaths(KeysDelete, [{ value: '00000A1B2C3D', mac: MAC }], ['', '0', 'keys']);
  });

  it('knows the three multi-select actions', () => {
    expect(decode(DeviceKeysMultiple, { action: 'addScenario', items: [{ value: '0A1B2C3D', inner: 1 }], scenario: 2 }).action).toBe('addScenario');
    expectFailurePaths(DeviceKeysMultiple, { action: 'blockKeys', items: [] }, ['action']);
  });
});
