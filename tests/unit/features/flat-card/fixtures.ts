import type { DeviceFlatData, FlatDataResponse } from '@contract/flats';

/** A device of the flat with every flag off and nothing set; tests turn on what they need. */
export function deviceData(overrides: Partial<DeviceFlatData> = {}): DeviceFlatData {
  return {
    mac: 'E4:5A:D4:00:00:05',
    blockCMS: false,
    type: 6,
    panelCode: null,
    canFlatBlockCms: false,
    canFlatDoorCode: false,
    canFlatRegCode: false,
    canCallToHandset: false,
    canIndividualLevels: false,
    canSendPush: false,
    canSaveRealtime: false,
    isGate: false,
    doorCode: null,
    musicVolume: null,
    analogVolume: null,
    uartVolume: null,
    panelVolume: null,
    handsetDownLevel: null,
    panelCall: null,
    panelTalk: null,
    thTalk: null,
    thCall: null,
    uartFrom: null,
    uartTo: null,
    doorOpenLevel: null,
    handsetUpLevel: null,
    regCode: null,
    ...overrides,
  };
}

export const HOUSE_UID = 'house-1';

/** The flat card's answer for flat 12 of house-1: two residents, one key on two devices, no code. */
export function flatAnswer(overrides: Partial<FlatDataResponse> = {}): FlatDataResponse {
  const users = [
    { id: 7, buyerId: 1, login: '79001112233', password: '', accounts: [{ id: 1, login: '1000', password: '', domain: 'sip.local', port: 5060 }] },
    { id: 8, buyerId: 1, login: '79004445566', password: '', accounts: [] },
  ];
  const key = (mac: string, deviceId: string, keyId: string) => ({
    AUTHENTIC: '1',
    BUYER_ID: '1',
    CIPHER_ID: null,
    DEVICE_ID: deviceId,
    FLAT_ID: '5',
    FLAT_NUM: '12',
    KEY_ID: keyId,
    VALUE: '018684B80948',
    mac,
    INC_VALUE: null,
    BLOCKED: '0',
  });
  return {
    result: true,
    message: null,
    users,
    deviceData: [
      deviceData({ mac: 'AA:00:00:00:00:01', canFlatBlockCms: true, canFlatDoorCode: true, canIndividualLevels: true, canCallToHandset: true, doorCode: '1234' }),
      deviceData({ mac: 'AA:00:00:00:00:02' }),
    ],
    entrances: [
      { id: 'e-1', buyerId: 1, entranceNum: 1, houseUid: HOUSE_UID, title: 'Подъезд 1', type: 1, range: { start: 1, end: 40 }, gates: [], relays: [] },
    ],
    flat: {
      id: 5,
      buyerId: 1,
      flatNum: 12,
      letter: null,
      houseUid: HOUSE_UID,
      status: 0,
      users,
      abonentUnits: [],
      entrances: ['e-1'],
      permissions: [{ access: false, comment: null, flatId: 5, permissionName: 'VIDEO_ARCHIVE', reason: 2 }],
      accessServices: [
        { service: { id: 1, name: 'Домофония', description: null }, entityId: 5, reason: { id: 2 }, action: { id: 1 }, access: true, source: 'billing' },
      ],
      temporaryCode: null,
    },
    house: { id: HOUSE_UID, address: 'г. Москва, ул. Лесная, д. 28', region: 77 },
    hasSchedule: false,
    scheduleNext: null,
    keys: [key('AA:00:00:00:00:01', '31', '401'), key('AA:00:00:00:00:02', '32', '402')],
    accessOptions: {
      actions: [{ id: 1, name: 'Заблокировать', description: null }],
      reasons: [{ id: 2, name: 'Заявка жильца', description: null }],
      sources: [{ key: 'billing', description: 'Биллинг' }],
    },
    temporaryCode: null,
    ...overrides,
  };
}
