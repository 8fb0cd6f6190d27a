import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { DeviceKeyCreate, DeviceKeysMultiple, DeviceKeysRequest, KeyCreate, KeyValueBody, KeysDelete, isInnerKey, keyEndpoints, parseDeviceKeyParams } from '../../../contract/keys';
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
/** A row as the reference server sends it: with the key's id, type, scenarios and RS flag. */
const serverRow = { ...keyRow, KEY_ID: 55012, KEY_TYPE: 'Metakom', SCENARIOS: [2, 5], RS: 0 };

describe('key endpoints', () => {
  itDecodesEveryResponse(keyEndpoints, {
    list: {
      ok: {
        result: true,
        message: null,
        device: device(),
        deviceLiveStatus: true,
        data: [keyRow, serverRow],
        addresses: { [MAC]: ADDRESS },
        pagination: pagination(),
        keyTypes: ['Metakom', 'MIFARE', 'RFID'],
      },
      bad: {
        result: true,
        message: null,
        device: null,
        deviceLiveStatus: null,
        data: [{ ...serverRow, IS_SECURITY: true, FLAT_NUM: '45', SCENARIOS: ['2'], RS: true }],
        addresses: [],
        pagination: pagination(),
        keyTypes: ['Proximity'],
        countCapped: 1,
      },
      paths: ['data.0.IS_SECURITY', 'data.0.FLAT_NUM', 'data.0.SCENARIOS.0', 'data.0.RS', 'keyTypes.0', 'countCapped'],
    },
    create: { ok: { result: true, data: panelKey }, bad: { result: true, data: { ...panelKey, INNER: 2 } }, paths: ['data.INNER'] },
    remove: {
      ok: {
        result: true,
        deleted: 1,
        results: [
          { value: '00000A1B2C3D', mac: MAC, deleted: true, message: null },
          { value: '00000A1B2C3E', mac: MAC2, deleted: false, message: 'Устройство не найдено: ' + MAC2 },
        ],
      },
      bad: { result: true, results: [{ value: '00000A1B2C3D', mac: MAC, deleted: 1 }] },
      paths: ['deleted', 'results.0.deleted', 'results.0.message'],
    },
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
    multiple: {
      ok: { result: true, processed: 3, failed: [{ value: '00000A1B2C3D', inner: 0, message: 'Ключ не найден на устройстве' }] },
      bad: { result: 'ok', processed: 3, failed: [{ value: '00000A1B2C3D', inner: 2 }] },
      paths: ['result', 'failed.0.inner', 'failed.0.message'],
    },
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

  it('serves both key-delete paths with one route', () => {
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
    expect(decode(DeviceKeysMultiple, { action: 'addScenario', items: [{ value: '0A1B2C3D', inner: 1 }], scenario: 2, rs: true }).rs).toBe(true);
    expectFailurePaths(DeviceKeysMultiple, { action: 'blockKeys', items: [], scenario: 1.5, rs: 1 }, ['action', 'scenario', 'rs']);
  });

  it('lists a device’s RS485 keys with rs, and creates one with RS and KEY_TYPE', () => {
    expect(decode(DeviceKeysRequest, { mac: MAC, rs: true }).rs).toBe(true);
    expectFailurePaths(DeviceKeysRequest, { rs: 'yes', panelCode: 1.5 }, ['panelCode', 'rs']);
    expect(decode(DeviceKeyCreate, { VALUE: '0A1B2C3D4E5F', FLAT_NUM: null, KEY_TYPE: 'Cyfral', RS: 1, INNER: 1 })).toMatchObject({ KEY_TYPE: 'Cyfral', RS: 1 });
    expectFailurePaths(DeviceKeyCreate, { VALUE: '0A1B2C3D4E5F', KEY_TYPE: 'Proximity', RS: true }, ['FLAT_NUM', 'KEY_TYPE', 'RS']);
  });

  it('encodes or decodes one side of a value with inner and rs', () => {
    expect(decode(KeyValueBody, { value: '0A1B2C3D4E5F', inner: 1, rs: true })).toEqual({ value: '0A1B2C3D4E5F', inner: 1, rs: true });
    expectFailurePaths(KeyValueBody, { value: '', inner: 2 }, ['value', 'inner']);
  });
});
