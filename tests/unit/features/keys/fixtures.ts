import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { DeviceKeyRow, DuplicateKey } from '@contract/keys';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { authItems, jsonResponse, testQueryClient } from '../../helpers/render';

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

export type Handler = (method: string, url: string, body: unknown) => Response | undefined;

/** What the page sent: each call as `METHOD url`, and every body in order. */
export interface ApiLog {
  calls: string[];
  bodies: { call: string; body: unknown }[];
  /** A test's own answers, asked first; `undefined` falls through to the defaults. */
  handle: Handler;
}

/** Stubs fetch for a logged-in session: `log.handle` answers first, then `defaults`; any other call fails the test. */
export function stubApi(defaults: Handler): ApiLog {
  const log: ApiLog = { calls: [], bodies: [], handle: () => undefined };
  setCsrfToken('token');
  setLoggedFlag(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      log.calls.push(`${method} ${url}`);
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      log.bodies.push({ call: `${method} ${url}`, body });
      const answer = log.handle(method, url, body) ?? defaults(method, url, body);
      if (answer) return answer;
      if (url === '/site/csrf') return jsonResponse(200, { result: true, token: 'token' });
      throw new Error(`Unexpected ${method} ${url}`);
    }),
  );
  return log;
}

/** The bodies sent to one call, in order. */
export const bodiesOf = (log: ApiLog, call: string) => log.bodies.filter((entry) => entry.call === call).map((entry) => entry.body);

/** A query client with the session of an operator (management, the keys permission) or support (reads only). */
export function as(role: 'operator' | 'support') {
  const client = testQueryClient();
  client.setQueryData(sessionQueries.permissions().queryKey, {
    result: true,
    userId: 2,
    buyerId: 1,
    roles: role === 'operator' ? authItems('management') : authItems('support'),
    permissions: role === 'operator' ? authItems('KEYS_LIST_PERMISSION') : authItems(),
  });
  return client;
}

/** Runs `check` with the browser offline (the app's connectivity store told so), then back online. */
export async function whileOffline(check: () => Promise<void>): Promise<void> {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const { getConnectivityStore } = await import('@/offline/connectivity');
  await act(() => getConnectivityStore().check());
  try {
    await check();
  } finally {
    vi.restoreAllMocks();
    await act(() => getConnectivityStore().check().catch(() => false));
  }
}
