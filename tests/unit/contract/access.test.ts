import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { CatalogueEntryInput, ReasonsUpdate, accessEndpoints } from '../../../contract/access';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const reasons = [
  { id: 1, name: 'debt', description: 'Задолженность по оплате' },
  { id: 2, name: 'request', description: 'По заявлению жильца' },
];
const actions = [
  { id: 1, name: 'block', description: 'Заблокировать' },
  { id: 2, name: 'unblock', description: null },
];

describe('access catalogue endpoints', () => {
  itDecodesEveryResponse(accessEndpoints, {
    reasons: { ok: { result: true, data: reasons }, bad: { result: true, data: [{ id: 1, description: 'x' }] }, paths: ['data.0.name'] },
    actions: { ok: { result: true, data: actions }, bad: { result: true, data: [{ ...actions[0], id: '1' }] }, paths: ['data.0.id'] },
    services: {
      ok: { result: true, data: [{ id: 1, name: 'door', description: 'Открытие двери', type: 1 }, { id: 2, name: 'cms', description: 'Трубка в квартире', type: 1 }] },
      bad: { result: true, data: [{ id: 1, name: 'door', description: 'Открытие двери' }] },
      paths: ['data.0.type'],
    },
    setReason: { ok: { result: true, reason: reasons[0] }, bad: { result: true, data: reasons[0] }, paths: ['reason'] },
    removeReason: plainCase,
    updateReasons: { ok: { result: true, data: reasons }, bad: { result: true, data: {} }, paths: ['data'] },
    setAction: { ok: { result: true, action: actions[1] }, bad: { result: true, action: { id: 2 } }, paths: ['action.name', 'action.description'] },
    removeAction: plainCase,
    updateActions: { ok: { result: true, data: actions }, bad: { result: false, message: 7, data: actions }, paths: ['message'] },
  });

  it('creates an entry without an id and updates one with it', () => {
    expect(decode(CatalogueEntryInput, { name: 'debt', description: 'Задолженность' })).toEqual({ name: 'debt', description: 'Задолженность' });
    expect(decode(ReasonsUpdate, { reasons: [{ id: 1, name: 'debt' }] }).reasons[0]?.id).toBe(1);
    expectFailurePaths(ReasonsUpdate, { reasons: [{ name: 'debt' }] }, ['reasons.0.id']);
  });

  it('deletes a reason by id in the path', () => {
    expect(accessEndpoints.removeReason.path({ id: 2 })).toBe('/front/access/reason/2');
  });
});
