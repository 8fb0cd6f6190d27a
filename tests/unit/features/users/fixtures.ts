import type { UserDetail, UserListRow } from '@contract/users';
import { stubApi as stubSessionApi, type ApiLog, type Handler } from '../../helpers/api-stub';

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

export type { ApiLog, Handler } from '../../helpers/api-stub';

/** The shared stub, the header's user calls refused rather than failing the test. */
export const stubApi = (defaults: Handler): ApiLog => stubSessionApi(defaults, { refuseUserCalls: true });
