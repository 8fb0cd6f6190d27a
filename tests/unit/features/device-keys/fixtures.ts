import type { Device } from '@contract/devices';
import type { DeviceKeyRow, DeviceKeysResponse } from '@contract/keys';

export const MAC = '00:1A:2B:3C:4D:5E';

export function keyRow(patch: Partial<DeviceKeyRow> = {}): DeviceKeyRow {
  return {
    VALUE: '0123456789AB',
    FLAT_NUM: 12,
    IS_SECURITY: 0,
    AUTHENTIC: 1,
    MAC,
    HOUSE_UID: 'h-1',
    ADDRESS: 'г. Москва, ул. Лесная, д. 28',
    USER_LOGIN: 'operator',
    KEY_ADDED_DATE: '2026-11-20T10:15:00.000Z',
    INNER: 0,
    INC_VALUE: null,
    BLOCKED: 0,
    KEY_ID: 1,
    KEY_TYPE: 'Metakom',
    SCENARIOS: [],
    RS: 0,
    ...patch,
  };
}

/** A device of type 6 (ISCOM_X1) with RS485 keys. */
export function listAnswer(rows: DeviceKeyRow[] = [keyRow()], totalCount = rows.length, capabilities = ['keys', 'codes', 'rsKeys', 'commutators']): DeviceKeysResponse {
  return {
    result: true,
    message: null,
    device: {
      mac: MAC,
      buyerId: 1,
      type: 6,
      statusCode: 1,
      createDate: '2024-01-01T00:00:00.000Z',
      updateDate: '2024-01-01T00:00:00.000Z',
      options: {} as Device['options'],
      houses: ['h-1'],
      capabilities,
      sipAccount: null,
      relays: [],
    },
    deviceLiveStatus: true,
    data: rows,
    addresses: { [MAC]: 'г. Москва, ул. Лесная, д. 28' },
    pagination: { count: rows.length, page: 1, pageCount: Math.max(1, Math.ceil(totalCount / 20)), pageSize: 20, totalCount },
    keyTypes: ['Metakom', 'Cyfral', 'MIFARE'],
  };
}
