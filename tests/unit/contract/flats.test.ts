import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { AbonentUnitsUpdate, FlatCmsUpdate, FlatCreate, FlatPermissionsUpdate, flatEndpoints } from '../../../contract/flat-card';
import { FLAT_HISTORY_KINDS, encodeFlatKey, flatKey, flatParams, parseFlatKey } from '../../../contract/flats';
import { ENTRANCE_UID, HOUSE_UID, MAC, abonentUnit, entrance, house } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const user = {
  id: 5120,
  buyerId: 1,
  login: '79172345678',
  password: 'u9Xr2KpL',
  accounts: [{ id: 8801, login: '1000457', password: 'Ts83kQp1', domain: 'sip.intercom.local', port: 7777 }],
};
const temporaryCode = { flatId: 30045, tempCode: '482913', created: '2024-06-01T10:00:00.000Z', duration: 86400, entrances: [ENTRANCE_UID] };
const flat = {
  id: 30045,
  buyerId: 1,
  flatNum: 45,
  letter: null,
  houseUid: HOUSE_UID,
  status: 0,
  users: [user],
  abonentUnits: [abonentUnit()],
  entrances: [ENTRANCE_UID],
  permissions: [{ access: true, comment: null, flatId: 30045, permissionName: 'OPEN_DOOR', reason: null }],
  accessServices: [
    {
      service: { id: 1, name: 'door', description: 'Открытие двери' },
      entityId: 30045,
      reason: { id: 2 },
      action: { id: 1 },
      access: false,
      source: 'operator',
    },
  ],
  temporaryCode,
};
const deviceData = {
  mac: MAC,
  blockCMS: false,
  type: 6,
  panelCode: 45,
  canFlatBlockCms: true,
  canFlatDoorCode: true,
  canFlatRegCode: false,
  canCallToHandset: true,
  canIndividualLevels: true,
  canSendPush: true,
  canSaveRealtime: true,
  isGate: false,
  doorCode: '4512',
  musicVolume: null,
  analogVolume: '7',
  uartVolume: null,
  panelVolume: '8',
  handsetDownLevel: '250',
  panelCall: null,
  panelTalk: null,
  thTalk: null,
  thCall: null,
  uartFrom: null,
  uartTo: null,
  doorOpenLevel: '600',
  handsetUpLevel: '350',
  regCode: null,
};
const flatData = {
  result: true,
  message: null,
  users: [user],
  deviceData: [deviceData],
  entrances: [entrance()],
  flat,
  house: house(),
  hasSchedule: true,
  scheduleNext: '2024-07-01T00:00:00.000Z',
  keys: [
    {
      AUTHENTIC: '1',
      BUYER_ID: '1',
      CIPHER_ID: null,
      DEVICE_ID: '1042',
      FLAT_ID: '30045',
      FLAT_NUM: '45',
      KEY_ID: '55012',
      VALUE: '00000A1B2C3D',
      mac: MAC,
      INC_VALUE: null,
      BLOCKED: '0',
    },
  ],
  accessOptions: {
    actions: [{ id: 1, name: 'block', description: 'Заблокировать' }],
    reasons: [{ id: 2, name: 'debt', description: 'Задолженность' }],
    sources: [{ key: 'operator', description: 'Оператор' }],
  },
  temporaryCode,
};
const moveOutSummary = {
  users: [{ id: 5120, login: '79172345678' }],
  keys: [{ value: '00000A1B2C3D', mac: MAC }],
  temporaryCode: true,
  sipAccounts: 1,
  appDevices: 2,
  accessServices: 1,
};
const blockHistory = {
  result: true,
  message: null,
  mac: null,
  scheduleBlockData: [{ mac: MAC, date: '2024-05-01T00:00:00.000Z', blockCms: true }],
  blockData: [{ mac: null, date: '2024-04-12T08:44:00.000Z', login: 'operator', userId: 2 }],
};

describe('flat endpoints', () => {
  itDecodesEveryResponse(flatEndpoints, {
    get: {
      ok: flatData,
      bad: { ...flatData, keys: [{ ...flatData.keys[0], KEY_ID: 55012 }], deviceData: [{ ...deviceData, canSendPush: 'yes' }], hasSchedule: null },
      paths: ['keys.0.KEY_ID', 'deviceData.0.canSendPush', 'hasSchedule'],
    },
    remove: plainCase,
    create: { ok: { result: true, data: { ...flat, users: [], abonentUnits: [], temporaryCode: null } }, bad: { result: true, data: { ...flat, flatNum: '45' } }, paths: ['data.flatNum'] },
    setStatus: plainCase,
    entrances: { ok: { result: true, data: [entrance()] }, bad: { result: true, data: [{ ...entrance(), type: 5 }] }, paths: ['data.0.type'] },
    users: { ok: { result: true, data: [user] }, bad: { result: true, data: [{ ...user, accounts: null }] }, paths: ['data.0.accounts'] },
    addUser: plainCase,
    removeUser: plainCase,
    temporaryCode: { ok: { result: true, data: null }, bad: { result: true, data: { ...temporaryCode, tempCode: 482913 } }, paths: ['data.tempCode'] },
    setTemporaryCode: { ok: { result: true, data: temporaryCode }, bad: { result: true }, paths: ['data'] },
    removeTemporaryCode: plainCase,
    removeEntrance: plainCase,
    setAbonentUnits: plainCase,
    setRealtimeAbonentUnits: plainCase,
    history: {
      ok: blockHistory,
      bad: { ...blockHistory, blockData: [{ mac: null, date: '2024-04-12', login: 'operator' }], scheduleBlockData: null },
      paths: ['blockData.0.userId', 'scheduleBlockData'],
    },
    setCms: plainCase,
    settingsFromDevice: { ok: { result: true, data: deviceData }, bad: { result: true, data: { ...deviceData, panelCode: '45' } }, paths: ['data.panelCode'] },
    setPermissions: plainCase,
    moveOutPreview: {
      ok: { result: true, data: { ...moveOutSummary, keptUsers: [{ id: 5121, login: '79170000000' }] } },
      bad: { result: true, data: { ...moveOutSummary, keys: [{ value: '00000A1B2C3D', mac: 'nope' }], temporaryCode: 'yes' } },
      paths: ['data.keys.0.mac', 'data.temporaryCode'],
    },
    moveOut: {
      ok: { result: true, data: { moveOutId: 17, undoUntil: '2024-06-01T10:15:00.000Z', removed: moveOutSummary } },
      bad: { result: true, data: { moveOutId: '17', removed: { ...moveOutSummary, sipAccounts: null } } },
      paths: ['data.moveOutId', 'data.undoUntil', 'data.removed.sipAccounts'],
    },
    undoMoveOut: plainCase,
  });
});

describe('the {house}:{flat} path', () => {
  it('joins house uid and flat number with a literal colon', () => {
    expect(flatKey(HOUSE_UID, 45)).toBe(`${HOUSE_UID}:45`);
    expect(flatEndpoints.get.path(flatParams(HOUSE_UID, 45))).toBe(`/front/flats/${HOUSE_UID}:45`);
    expect(flatEndpoints.users.path(flatParams(HOUSE_UID, 45))).toBe(`/front/flats/${HOUSE_UID}:45/users`);
  });

  it('encodes each side but not the joining colon', () => {
    expect(encodeFlatKey('дом/1:12')).toBe('%D0%B4%D0%BE%D0%BC%2F1:12');
    expect(flatEndpoints.get.path(flatParams('kzn:baumana 19', 7))).toBe('/front/flats/kzn%3Abaumana%2019:7');
  });

  it('builds the block-history path with the history kind', () => {
    expect(flatEndpoints.history.path({ ...flatParams(HOUSE_UID, 45), historyKind: FLAT_HISTORY_KINDS[1] })).toBe(
      `/front/flats/${HOUSE_UID}:45/cms-block-history`,
    );
  });

  it('builds the move-out undo path with the move-out id', () => {
    expect(flatEndpoints.undoMoveOut.path({ ...flatParams(HOUSE_UID, 45), moveOutId: 17 })).toBe(`/front/flats/${HOUSE_UID}:45/move-out/17/undo`);
  });

  it('builds the create path from the house alone', () => {
    expect(flatEndpoints.create.path({ house: HOUSE_UID })).toBe(`/front/flats/${HOUSE_UID}/flat`);
  });

  it('refuses a flat key without a colon', () => {
    expect(() => flatEndpoints.get.path({ flat: HOUSE_UID })).toThrow(/flat key/);
    expect(() => flatEndpoints.get.path({ flat: '' })).toThrow(/flat/);
  });

  it('parses the decoded parameter on the server, splitting at the last colon', () => {
    expect(parseFlatKey(`${HOUSE_UID}:45`)).toEqual({ houseUid: HOUSE_UID, flatNum: 45 });
    expect(parseFlatKey('kzn:baumana 19:7')).toEqual({ houseUid: 'kzn:baumana 19', flatNum: 7 });
    expect(parseFlatKey(`${HOUSE_UID}:0`)).toBeNull();
    expect(parseFlatKey(`${HOUSE_UID}:45a`)).toBeNull();
    expect(parseFlatKey(':45')).toBeNull();
    expect(parseFlatKey(HOUSE_UID)).toBeNull();
  });
});

describe('flat requests', () => {
  it('creates a flat by a positive number and an optional letter', () => {
    expect(decode(FlatCreate, { flatNum: 45, letter: 'А' })).toEqual({ flatNum: 45, letter: 'А' });
    expectFailurePaths(FlatCreate, { flatNum: 0 }, ['flatNum']);
  });

  it('blocks the CMS handset with a status and a device MAC', () => {
    expect(decode(FlatCmsUpdate, { status: 1, mac: '00-1a-2b-3c-4d-5e' })).toEqual({ status: true, mac: MAC });
    expectFailurePaths(FlatCmsUpdate, { status: true }, ['mac']);
  });

  it('saves per-device settings as nullable strings', () => {
    expect(decode(AbonentUnitsUpdate, { data: [{ mac: MAC, doorCode: '4512', musicVolume: null }] }).data).toHaveLength(1);
    expectFailurePaths(AbonentUnitsUpdate, { data: [{ mac: MAC, doorCode: 4512, volume: '1' }] }, ['data.0.doorCode', 'data.0.volume']);
  });

  it('saves permissions and access services together', () => {
    const body = { permissions: [{ permissionName: 'OPEN_DOOR', access: false, reason: 2 }], accessServices: [{ service: { id: 1 }, action: { id: 1 }, reason: { id: 2 }, access: false }] };
    expect(decode(FlatPermissionsUpdate, body)).toEqual(body);
    expectFailurePaths(FlatPermissionsUpdate, { permissions: [] }, ['accessServices']);
  });
});
