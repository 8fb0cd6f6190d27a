/** Realistic answers the contract tests share: Russian addresses, real-looking MACs. */

export const MAC = '00:1A:2B:3C:4D:5E';
export const MAC2 = 'A4:5E:60:C2:17:8F';
export const HOUSE_UID = '5f3c2a9e-7b1d-4e0a-9c3f-2d8e6b1a4c70';
export const ENTRANCE_UID = 'b2e4d6f8-1a3c-4e5f-8a9b-0c1d2e3f4a5b';
export const FIAS_ID = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';
export const ADDRESS = 'г. Казань, ул. Баумана, д. 19';

export function sipAccount() {
  return {
    id: 7301,
    login: '1000231',
    password: 'c7Hq9mZ2',
    domain: 'sip.intercom.local',
    port: 7777,
    type: 'udp',
    flat_num: null,
    house_uid: HOUSE_UID,
    userId: null,
    buyer_id: 1,
  };
}

export function device() {
  return {
    mac: MAC,
    buyerId: 1,
    type: 6,
    statusCode: 1,
    createDate: '2024-02-11T08:15:00.000Z',
    updateDate: '2024-05-30T14:02:11.000Z',
    options: {
      url: 'http://10.12.4.77',
      login: 'admin',
      password: '123456',
      SHIFT: 0,
      VENDOR: 'ISCom',
      billing_bsName: 'kzn-bs-014',
      billing_bsPort: '7',
      billing_fiasId: FIAS_ID,
      billing_porchNum: '2',
      devicePurpose: 1,
      deviceOwner: null,
      isMifare: false,
      autoCollectKeys: true,
      sos: 'SOS',
      conciergeApartment: 999,
      audio: { musicVolume: 40, analogVolume: 70, uartVolume: 55, panelVolume: 80 },
      echoCancellationType: 1,
      'systemInfo.revision': 5,
    },
    houses: [HOUSE_UID],
    capabilities: ['keys', 'commutators', 'rs485', 'audio', 'display'],
    sipAccount: sipAccount(),
    relays: [{ id: 1, statusCode: 1, entrance: ENTRANCE_UID }],
  };
}

export function house() {
  return { id: HOUSE_UID, address: ADDRESS, region: 16, fias: FIAS_ID };
}

export function group() {
  return { groupId: 12, name: 'Казань, Вахитовский район', buyerId: 1, parentId: null, uid: 'grp-kzn-vakh' };
}

export function entrance() {
  return {
    id: ENTRANCE_UID,
    buyerId: 1,
    entranceNum: 2,
    houseUid: HOUSE_UID,
    title: 'Подъезд 2',
    type: 1,
    range: { start: 37, end: 72 },
    gates: [],
    relays: [{ entrance: ENTRANCE_UID, id: 1, mac: MAC, statusCode: 1 }],
  };
}

export function abonentUnit() {
  return {
    id: 90412,
    lineLevel: { lastChange: '2024-05-30T14:02:11.000Z', level: 512 },
    mac: MAC,
    options: { blockCMS: false, doorCode: '4512' },
    panelCode: 45,
    type: 0,
  };
}

export function pagination(totalCount = 1, pageSize = 20) {
  return { count: Math.min(totalCount, pageSize), page: 1, pageCount: Math.max(1, Math.ceil(totalCount / pageSize)), pageSize, totalCount };
}
