import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { DictionaryQuery, MISSING_LABEL, dictionaryEndpoints, dictionaryLabel } from '../../../contract/dictionaries';
import { HouseFlatsQuery, HouseListQuery, HouseUpdate, houseEndpoints } from '../../../contract/houses';
import { sessionEndpoints } from '../../../contract/session';
import { userOptionEndpoints } from '../../../contract/user-options';
import { CurrentUser, userEndpoints } from '../../../contract/users';
import { ADDRESS, HOUSE_UID, group, house, pagination } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const flatRow = { id: 30045, flatNum: 45, letter: null, status: 1, usersCount: 2, keysCount: 3, entrances: ['Подъезд 2', 'Калитка'] };
const authItem = { type: 2, name: 'HOUSES_LIST_PERMISSION', description: 'Жилой фонд', ruleName: null, data: null, createdAt: 1700000000, updatedAt: null };
const userDetail = {
  id: 5120,
  login: 'operator',
  password: '',
  buyerId: 1,
  comment: 'Оператор диспетчерской, Казань',
  externalUser: null,
  dateCreated: '2023-09-14T07:00:00.000Z',
  roles: ['management'],
  dontUnlinkFromFlats: false,
  operatorId: null,
  sipAccounts: [{ id: 8801, login: '1000457', password: 'Ts83kQp1', domain: 'sip.intercom.local', port: 7777, type: 'udp' }],
  groups: [{ id: 12, name: 'Казань, Вахитовский район', givenBy: 'admin' }],
  devices: [{ id: 77, name: 'Redmi Note 12', os: 'android', pushEnabled: true, dateUpdated: '2024-06-01T10:00:00.000Z' }],
  flats: [{ flatId: 30045, address: ADDRESS, houseUid: HOUSE_UID, flatNum: 45 }],
  access: [{ action: 1, reason: 2, service: 1 }],
  newRoles: [],
};
const option = { optionId: 1, userId: 5120, optionName: 'timezone', value: 'Europe/Moscow', lastChangeDate: '2024-06-01T10:00:00.000Z' };

describe('session endpoints', () => {
  itDecodesEveryResponse(sessionEndpoints, {
    login: { ok: { result: true, message: null }, bad: { message: 'Неверный логин или пароль' }, paths: ['result'] },
    logout: plainCase,
    csrf: { ok: { result: true, token: 'x9Yp2…' }, bad: { result: false, token: 5 }, paths: ['result', 'token'] },
  });
});

describe('user endpoints', () => {
  itDecodesEveryResponse(userEndpoints, {
    permissions: {
      ok: { userId: 5120, buyerId: 1, permissions: { HOUSES_LIST_PERMISSION: authItem }, roles: [] },
      bad: { userId: '5120', buyerId: 1, permissions: { HOUSES_LIST_PERMISSION: { ...authItem, name: null } }, roles: {} },
      paths: ['userId', 'permissions.HOUSES_LIST_PERMISSION.name'],
    },
    groups: { ok: { result: true, data: [group()] }, bad: { result: true, data: [{ ...group(), groupId: null }] }, paths: ['data.0.groupId'] },
    list: {
      ok: { result: true, data: [{ userId: 5120, buyerId: 1, login: 'operator', comment: null, dateCreate: '2023-09-14T07:00:00.000Z' }], pagination: pagination() },
      bad: { result: true, data: [{ userId: 5120, buyerId: 1, login: 'operator', comment: null }], pagination: pagination() },
      paths: ['data.0.dateCreate'],
    },
    get: { ok: { result: true, data: userDetail }, bad: { result: true, data: { ...userDetail, roles: 'management' } }, paths: ['data.roles'] },
    remove: plainCase,
    create: { ok: { result: true, message: 'Пользователь создан', newUserId: 5121 }, bad: { result: true, newUserId: '5121' }, paths: ['newUserId'] },
    setGroups: plainCase,
    setMainInfo: plainCase,
    setSip: plainCase,
    removeSip: plainCase,
    removeFlat: plainCase,
    removeDevice: plainCase,
    setAccess: plainCase,
  });
});

describe('current user', () => {
  it('holds permissions and roles as maps, the login and the group list', () => {
    const user = { userId: 5120, buyerId: 1, permissions: { HOUSES_LIST_PERMISSION: authItem }, roles: [], login: 'operator', groups: [group()] };
    expect(decode(CurrentUser, user).roles).toEqual({});
    expectFailurePaths(CurrentUser, { ...user, login: null, groups: {} }, ['login', 'groups']);
  });
});

describe('user option endpoints', () => {
  itDecodesEveryResponse(userOptionEndpoints, {
    get: { ok: { result: true, data: [option, { ...option, optionId: 2, optionName: 'language', value: 'ru' }] }, bad: { result: true, data: [{ ...option, value: 3 }] }, paths: ['data.0.value'] },
    update: { ok: { result: true, message: 'Настройки сохранены', data: [option] }, bad: { result: true, data: option }, paths: ['data'] },
  });
});

describe('house endpoints', () => {
  itDecodesEveryResponse(houseEndpoints, {
    list: {
      ok: { result: true, data: [house(), { id: 'a1f0c7e2', address: 'г. Москва, ул. Профсоюзная, д. 43, к. 2', region: 77, fias: null }], pagination: pagination(2) },
      bad: { result: true, data: [{ ...house(), region: 'Татарстан' }], pagination: pagination() },
      paths: ['data.0.region'],
    },
    create: { ok: { result: true, data: house() }, bad: { result: true, data: { ...house(), address: null } }, paths: ['data.address'] },
    remove: plainCase,
    get: { ok: { result: true, data: house() }, bad: { result: true, data: { ...house(), id: 7 } }, paths: ['data.id'] },
    update: { ok: { result: true, message: 'Дом сохранён', data: { ...house(), fias: null } }, bad: { result: true, data: { ...house(), region: null } }, paths: ['data.region'] },
    flats: {
      ok: { result: true, pagination: pagination(1), data: [flatRow] },
      bad: { result: true, pagination: pagination(1), data: [{ ...flatRow, usersCount: '2', entrances: 'Подъезд 1' }] },
      paths: ['data.0.usersCount', 'data.0.entrances'],
    },
  });

  it('reads the house filters from a query string', () => {
    expect(decode(HouseListQuery, { page: '1', region: '16', fias: '' })).toEqual({ page: 1, region: 16, fias: '' });
    expect(decode(HouseListQuery, { address: 'лен' })).toEqual({ address: 'лен' });
  });

  it('reads one house, updates it and pages its flats by the digits of a number', () => {
    expect(houseEndpoints.get.path({ houseUid: HOUSE_UID })).toBe(`/front/houses/${HOUSE_UID}`);
    expect(houseEndpoints.flats.path({ houseUid: HOUSE_UID })).toBe(`/front/houses/${HOUSE_UID}/flats`);
    expect(decode(HouseFlatsQuery, { page: '2', flatNum: '12' })).toEqual({ page: 2, flatNum: '12' });
    expectFailurePaths(HouseUpdate, { address: ' ', region: 16 }, ['address']);
    expectFailurePaths(HouseUpdate, { address: ADDRESS, region: '16' }, ['region']);
  });
});

describe('dictionary endpoints', () => {
  itDecodesEveryResponse(dictionaryEndpoints, {
    getOptions: { ok: { result: true, data: { '1': 'ru', '2': 'en' } }, bad: { result: true, data: { '1': { label: 'ru' } } }, paths: ['data.1'] },
  });

  it('asks only for the seven known dictionaries', () => {
    expect(decode(DictionaryQuery, { dictionaryId: 'stream_type' })).toEqual({ dictionaryId: 'stream_type' });
    expectFailurePaths(DictionaryQuery, { dictionaryId: 'colors' }, ['dictionaryId']);
  });

  it("labels a missing key or an empty set 'Не определено'", () => {
    expect(dictionaryLabel({ '1': 'Основное' }, 1)).toBe('Основное');
    expect(dictionaryLabel({ '1': 'Основное' }, 2)).toBe(MISSING_LABEL);
    expect(dictionaryLabel(undefined, 1)).toBe('Не определено');
  });
});
