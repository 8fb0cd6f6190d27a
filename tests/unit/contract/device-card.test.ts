import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { DeviceCardResponse, deviceCardEndpoints } from '../../../contract/device-card';
import { DeviceSipUpdate, DeviceOptionsUpdate, deviceSettingsEndpoints } from '../../../contract/device-card-settings';
import { DeviceToggle } from '../../../contract/device-card';
import { ENTRANCE_UID, HOUSE_UID, MAC, device, group, house, sipAccount } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const relayRow = { relay: 1, entrance: ENTRANCE_UID, entranceTitle: 'Подъезд 2', house: HOUSE_UID, houseAddress: 'г. Казань, ул. Баумана, д. 19' };

const card = {
  result: true,
  message: null,
  device: device(),
  liveStatus: true,
  rtspStatus: true,
  sipStatus: false,
  externalExistsStatus: null,
  snapshot: '/snapshots/001A2B3C4D5E.jpg',
  groups: [group()],
  mainOptions: [
    { name: 'url', value: 'http://10.12.4.77' },
    { name: 'isMifare', value: false },
  ],
  billingOptions: [
    { name: 'billing_bsName', value: 'kzn-bs-014' },
    { name: 'billing_porchNum', value: '2' },
  ],
  entrances: [relayRow],
  houses: [house()],
  camsLink: 'https://cams.intercom.local/live/001A2B3C4D5E',
  camsArchiveLink: null,
};

const scan = {
  priority: 1,
  address: 16,
  devices: [{ index: 0, model: 'KM100-7.5', address: 1, version: '2.1.4', enable: true, status: 'online' }],
};

describe('device card endpoints', () => {
  itDecodesEveryResponse(deviceCardEndpoints, {
    card: {
      ok: card,
      bad: { ...card, externalExistsStatus: 'unknown', mainOptions: [{ name: 'url' }], device: { ...device(), type: 'BEWARD' } },
      paths: ['externalExistsStatus', 'mainOptions.0.value', 'device.type'],
    },
    sipStatus: { ok: { result: true, sipStatus: true }, bad: { result: true }, paths: ['sipStatus'] },
    executors: {
      ok: { result: true, data: [{ id: 3, text: 'ООО «Монтаж-Сервис», бригада 2' }] },
      bad: { result: true, data: [{ id: '3', name: 'Бригада' }] },
      paths: ['data.0.id', 'data.0.text'],
    },
    byId: { ok: { result: true, data: device() }, bad: { result: true, data: { ...device(), sipAccount: { ...sipAccount(), port: '7777' } } }, paths: ['data.sipAccount.port'] },
    setSecurity: plainCase,
    setAutoCollect: plainCase,
    setStatus: plainCase,
    setGroups: plainCase,
    setHouses: plainCase,
    relays: { ok: { result: true, data: [relayRow] }, bad: { result: true, data: [{ ...relayRow, relay: null }] }, paths: ['data.0.relay'] },
    setRelays: {
      ok: { result: true, data: [{ id: 1, statusCode: 1, entrance: ENTRANCE_UID }] },
      bad: { result: true, data: [{ id: 1, statusCode: 1 }] },
      paths: ['data.0.entrance'],
    },
    sendToPapi: plainCase,
    openDoor: plainCase,
    reboot: plainCase,
  });
});

describe('device settings endpoints', () => {
  itDecodesEveryResponse(deviceSettingsEndpoints, {
    setSip: { ok: { result: true, data: sipAccount() }, bad: { result: true, data: { ...sipAccount(), login: 1000231 } }, paths: ['data.login'] },
    removeSip: plainCase,
    setOptions: plainCase,
    setAudio: plainCase,
    setLevels: plainCase,
    setDisplay: plainCase,
    displayOption: { ok: { result: true, data: 'Добро пожаловать!' }, bad: { result: true, data: { text: 'x' } }, paths: ['data'] },
    setDisplayOption: plainCase,
    setEchoCancellation: plainCase,
    setRemovalReason: plainCase,
    rs485: {
      ok: { result: true, model: 'KM100-7.5', data: [scan] },
      bad: { result: true, model: 7, data: [{ ...scan, devices: [{ ...scan.devices[0], enable: 1 }] }] },
      paths: ['model', 'data.0.devices.0.enable'],
    },
    setRs485Model: { ok: undefined, bad: { result: true }, paths: [''] },
    scanRs485: { ok: { result: true, data: [scan, { ...scan, priority: 2, devices: [] }] }, bad: { result: true, data: scan }, paths: ['data'] },
    firmwareVersions: {
      ok: {
        result: true,
        data: { '2.5.1': 'ISCom X1 2.5.1 (2024-03)', '2.6.0': 'ISCom X1 2.6.0 (2024-06)' },
        current: '2.5.1',
        list: [
          { version: '2.5.1', title: 'ISCom X1 2.5.1 (2024-03)', releaseDate: '2024-03-14', installed: true },
          { version: '2.6.0', title: 'ISCom X1 2.6.0 (2024-06)', releaseDate: '2024-06-02', installed: false },
        ],
      },
      bad: { result: true, data: { '2.5.1': 251 }, current: '2.5.1', list: [] },
      paths: ['data.2.5.1'],
    },
    updateFirmware: {
      ok: { result: true, message: 'Обновление запущено', data: { version: '2.6.0', title: 'ISCom X1 2.6.0', releaseDate: null, installed: false } },
      bad: { result: true, data: { version: '2.6.0' } },
      paths: ['data.title', 'data.releaseDate', 'data.installed'],
    },
  });

  it('counts only HTTP 204 as success of the RS485 model save', () => {
    expect(deviceSettingsEndpoints.setRs485Model.successStatus).toBe(204);
    expect(deviceSettingsEndpoints.scanRs485.successStatus).toBeUndefined();
  });

  it('accepts an empty firmware map sent as []', () => {
    const decoded = decode(deviceSettingsEndpoints.firmwareVersions.response, { result: true, data: [], current: null, list: [] });
    expect(decoded.data).toEqual({});
  });
});

describe('device card requests', () => {
  it('builds card paths with the MAC percent-encoded', () => {
    expect(deviceCardEndpoints.card.path({ mac: MAC })).toBe('/front/device-card/device/00%3A1A%3A2B%3A3C%3A4D%3A5E');
    expect(deviceSettingsEndpoints.firmwareVersions.path({ mac: MAC })).toBe('/front/device/00%3A1A%3A2B%3A3C%3A4D%3A5E/firmware-versions');
    expect(deviceCardEndpoints.byId.path({ id: 1042 })).toBe('/front/device/1042');
  });

  it('refuses to build a path without its parameter', () => {
    expect(() => deviceCardEndpoints.card.path({ mac: '' })).toThrow(/mac/);
  });

  it('takes toggles as booleans or 0/1', () => {
    expect(decode(DeviceToggle, { mac: MAC, status: 1 })).toEqual({ mac: MAC, status: true });
    expect(decode(DeviceToggle, { mac: MAC, status: false })).toEqual({ mac: MAC, status: false });
    expectFailurePaths(DeviceToggle, { mac: MAC, status: 'maybe' }, ['status']);
  });

  it('lets sos and conciergeApartment default on the server', () => {
    const body = decode(DeviceSipUpdate, { account: { login: '1000231', password: 'c7Hq9mZ2', domain: 'sip.intercom.local', port: 7777 } });
    expect(body.account.sos).toBeUndefined();
    expectFailurePaths(DeviceSipUpdate, { account: { login: '', password: 'x', domain: 'd', port: 5060.5 } }, ['account.login', 'account.port']);
  });

  it('accepts scalar option updates only', () => {
    expect(decode(DeviceOptionsUpdate, { options: { sos: 'Консьерж', isMifare: true, SHIFT: 100 } }).options.SHIFT).toBe(100);
    expectFailurePaths(DeviceOptionsUpdate, { options: { audio: { musicVolume: 1 } } }, ['options.audio']);
  });

  it('rejects a card without its device', () => {
    const { device: _device, ...rest } = card;
    expectFailurePaths(DeviceCardResponse, rest, ['device']);
  });
});
