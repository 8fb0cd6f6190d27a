import type { DeviceKeyRow, DuplicateKey } from '@contract/keys';
import { operatorOrSupport } from '../../helpers/session';

export const MAC_1 = '00:1A:2B:3C:4D:01';
export const MAC_2 = '00:1A:2B:3C:4D:02';

export function keyRow(patch: Partial<DeviceKeyRow> = {}): DeviceKeyRow {
  return {
    VALUE: '0A0B0C0D0E0F',
    FLAT_NUM: 12,
    IS_SECURITY: 0,
    AUTHENTIC: 1,
    MAC: MAC_1,
    HOUSE_UID: 'h-1',
    ADDRESS: null,
    USER_LOGIN: 'operator',
    KEY_ADDED_DATE: '2026-11-20T10:00:00.000Z',
    INNER: 0,
    INC_VALUE: null,
    BLOCKED: 0,
    KEY_ID: 1,
    KEY_TYPE: 'Metakom',
    ...patch,
  };
}

export const KEY_ROWS: DeviceKeyRow[] = [
  keyRow(),
  keyRow({ VALUE: '04A21F3B', KEY_TYPE: 'MIFARE', MAC: MAC_2, FLAT_NUM: null, INNER: 1, IS_SECURITY: 1, BLOCKED: 1, KEY_ID: 2, HOUSE_UID: 'h-2' }),
];

export function listAnswer(rows: DeviceKeyRow[] = KEY_ROWS, totalCount = 45, countCapped = false) {
  return {
    result: true,
    device: null,
    deviceLiveStatus: null,
    data: rows,
    addresses: { [MAC_1]: 'г. Москва, ул. Лесная, д. 28', [MAC_2]: 'г. Москва, ул. Новая, д. 3' },
    pagination: { count: rows.length, page: 1, pageCount: Math.ceil(totalCount / 20), pageSize: 20, totalCount },
    keyTypes: null,
    countCapped,
  };
}

export function duplicate(patch: Partial<DuplicateKey>): DuplicateKey {
  return { address: 'г. Москва, ул. Лесная, д. 28', mac: MAC_1, value: '0A0B0C0D0E0F', flatNum: 12, authentic: 1, buyerId: 1, deviceId: 1, keyId: 1, cipherId: null, ...patch };
}

export { bodiesOf, stubApi, type ApiLog, type Handler } from '../../helpers/api-stub';
export { whileOffline } from '../../helpers/offline';

/** A query client with the session of an operator (management, the keys permission) or support (reads only). */
export const as = (role: 'operator' | 'support') => operatorOrSupport(role, 'KEYS_LIST_PERMISSION');
