import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { BuyerInput, INN_PATTERN, buyerEndpoints } from '../../../contract/buyers';
import { GroupInput, groupEndpoints } from '../../../contract/groups';
import { group, pagination } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const buyer = {
  id: 3,
  name: 'ООО «Домофон-Сервис Поволжье»',
  inn: '1655012345',
  contact: 'Галиев Рустам, +7 843 200-11-22',
  active: true,
  dateCreated: '2023-09-14T07:00:00.000Z',
};

describe('buyer endpoints', () => {
  itDecodesEveryResponse(buyerEndpoints, {
    list: { ok: { result: true, data: [buyer, { ...buyer, id: 1, inn: null, contact: null }], pagination: pagination(2) }, bad: { result: true, data: [{ ...buyer, inn: 1655012345 }], pagination: pagination() }, paths: ['data.0.inn'] },
    get: { ok: { result: true, data: buyer }, bad: { result: true, data: { ...buyer, active: 'да' } }, paths: ['data.active'] },
    create: { ok: { result: true, data: buyer }, bad: { result: true, data: { name: 'X' } }, paths: ['data.id', 'data.inn', 'data.contact', 'data.active', 'data.dateCreated'] },
    update: { ok: { result: true, data: buyer }, bad: { result: true }, paths: ['data'] },
    remove: plainCase,
  });

  it('takes a name and optional INN and contact', () => {
    expect(decode(BuyerInput, { name: 'ТСЖ «Профсоюзная 43»', inn: '7728123456' }).inn).toBe('7728123456');
    expectFailurePaths(BuyerInput, { name: ' ', email: 'a@b.ru' }, ['name', 'email']);
  });

  it('checks an INN of 10 or 12 digits', () => {
    expect(INN_PATTERN.test('1655012345')).toBe(true);
    expect(INN_PATTERN.test('771234567890')).toBe(true);
    expect(INN_PATTERN.test('16550123')).toBe(false);
  });
});

describe('group endpoints', () => {
  itDecodesEveryResponse(groupEndpoints, {
    list: { ok: { result: true, data: [group(), { ...group(), groupId: 13, name: 'Ново-Савиновский район', parentId: 12, uid: 'grp-kzn-nsav' }], pagination: pagination(2) }, bad: { result: true, data: [{ ...group(), parentId: 'root' }], pagination: pagination() }, paths: ['data.0.parentId'] },
    get: { ok: { result: true, data: group() }, bad: { result: true, data: { ...group(), uid: null } }, paths: ['data.uid'] },
    create: { ok: { result: true, data: group() }, bad: { result: true, data: 'Приволжский район' }, paths: ['data'] },
    update: { ok: { result: true, data: group() }, bad: { result: true, data: { ...group(), groupId: '12' } }, paths: ['data.groupId'] },
    remove: plainCase,
    tree: { ok: { result: true, data: [{ ...group(), devices: 3, users: 2, children: 1 }], buyers: [{ buyerId: 1, name: 'ООО «Домофон-Сервис»' }], truncated: false }, bad: { result: true, data: [{ ...group(), devices: '3', users: 2, children: 0 }], buyers: [], truncated: false }, paths: ['data.0.devices'] },
    devices: { ok: { result: true, data: [{ deviceId: 7, mac: '00:1A:2B:3C:4D:5E', type: 6, addresses: ['г. Казань, ул. Баумана, д. 1'] }], pagination: pagination(1) }, bad: { result: true, data: [{ deviceId: 7, mac: '00:1A:2B:3C:4D:5E', type: 6, addresses: 'г. Казань' }], pagination: pagination() }, paths: ['data.0.addresses'] },
    users: { ok: { result: true, data: [{ userId: 4, login: 'support', comment: null, givenBy: 'admin' }], pagination: pagination(1) }, bad: { result: true, data: [{ userId: 4, login: 'support', comment: null }], pagination: pagination() }, paths: ['data.0.givenBy'] },
  });

  it('builds a group path by id and validates the edit body', () => {
    expect(groupEndpoints.update.path({ groupId: 12 })).toBe('/front/groups/12');
    expect(decode(GroupInput, { name: 'Приволжский район', parentId: 12 })).toEqual({ name: 'Приволжский район', parentId: 12 });
    expectFailurePaths(GroupInput, { name: '', parentId: '12' }, ['name', 'parentId']);
  });
});
