import { vi } from 'vitest';
import type { UserDetail, UserListRow } from '@contract/users';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { jsonResponse } from '../../helpers/render';

export const USER_ROWS: UserListRow[] = [
  { userId: 41, buyerId: 1, login: 'ivanov', comment: 'кв. 12, Лесная', dateCreate: '2024-06-03T17:42:10.000Z' },
  { userId: 42, buyerId: 2, login: 'petrova', comment: null, dateCreate: '2024-06-04T08:00:00.000Z' },
];

export function listAnswer(rows: UserListRow[] = USER_ROWS, totalCount = 45) {
  return { result: true, data: rows, pagination: { count: rows.length, page: 1, pageCount: Math.ceil(totalCount / 20), pageSize: 20, totalCount } };
}

export function userDetail(patch: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 41,
    login: 'ivanov',
    password: '',
    buyerId: 1,
    comment: 'кв. 12',
    externalUser: { id: 3, userId: 41, buyerId: 1, externalId: 'ext-777' },
    dateCreated: '2024-06-03T17:42:10.000Z',
    roles: ['management'],
    dontUnlinkFromFlats: false,
    operatorId: null,
    sipAccounts: [{ id: 7, login: '100041', password: 's3cret-sip', domain: 'sip.example.ru', port: 5060, type: 'udp' }],
    groups: [{ id: 5, name: 'Лифты', givenBy: 'operator' }],
    devices: [{ id: 9, name: 'Pixel 7', os: 'android', pushEnabled: true, dateUpdated: '2024-06-03T17:42:10.000Z' }],
    flats: [{ flatId: 300, address: 'г. Москва, ул. Лесная, д. 28', houseUid: 'h-1', flatNum: 12 }],
    access: [{ service: 1, action: 2, reason: 3 }],
    newRoles: [],
    rolesList: { management: 'Оператор', support: 'Поддержка', superuser: 'Суперпользователь' },
    operators: { '2': 'operator', '8': 'dispatcher' },
    services: { '1': 'Домофония', '2': 'Мобильное приложение' },
    actions: { '1': 'Разрешить', '2': 'Запретить' },
    reasons: { '3': 'Задолженность', '4': 'Заявление жильца' },
    ...patch,
  };
}

export type Handler = (method: string, url: string, body: unknown) => Response | undefined;

/** What the page sent: each call as `METHOD url`, and the last body sent to each. */
export interface ApiLog {
  calls: string[];
  bodies: Record<string, unknown>;
  /** A test's own answers, asked first; `undefined` falls through to the defaults. */
  handle: Handler;
}

/**
 * Stubs fetch for a logged-in session with a CSRF token: `log.handle` answers first, then
 * `defaults`; a call neither answers fails the test.
 */
export function stubApi(defaults: Handler): ApiLog {
  const log: ApiLog = { calls: [], bodies: {}, handle: () => undefined };
  setCsrfToken('token');
  setLoggedFlag(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      log.calls.push(`${method} ${url}`);
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      log.bodies[`${method} ${url}`] = body;
      const answer = log.handle(method, url, body) ?? defaults(method, url, body);
      if (answer) return answer;
      // The connectivity probe: the server answers, so the page is online.
      if (url === '/site/csrf') return jsonResponse(200, { result: true, token: 'token' });
      if (url.startsWith('/front/user/')) return jsonResponse(200, { result: false, message: 'not in this test' });
      throw new Error(`Unexpected ${method} ${url}`);
    }),
  );
  return log;
}
