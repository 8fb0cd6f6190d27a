import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { ENTRANCE_TYPE, EntranceUpdate, entranceEndpoints } from '../../../contract/entrances';
import { ENTRANCE_UID, entrance } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse } from './helpers';

const gate = {
  ...entrance(),
  id: 'c9d1e2f3-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  entranceNum: 0,
  title: 'Калитка со стороны ул. Баумана',
  type: ENTRANCE_TYPE.gateWithPrefix,
  range: { start: 1, end: 144 },
  gates: [{ entranceUid: ENTRANCE_UID, from: 37, to: 72, prefix: 2, additionalFlats: '101,115' }],
};

describe('entrance endpoints', () => {
  itDecodesEveryResponse(entranceEndpoints, {
    list: { ok: { result: true, data: [entrance(), gate] }, bad: { result: true, data: [{ ...gate, gates: [{ ...gate.gates[0], prefix: '2' }] }] }, paths: ['data.0.gates.0.prefix'] },
    get: { ok: { result: true, data: entrance() }, bad: { result: true, data: { ...entrance(), range: { start: 37 } } }, paths: ['data.range.end'] },
    update: { ok: { result: true, message: 'Подъезд сохранён', data: gate }, bad: { result: true, data: { ...gate, relays: [{ id: 1 }] } }, paths: ['data.relays.0.entrance', 'data.relays.0.mac', 'data.relays.0.statusCode'] },
  });

  it('edits an entrance by its uid', () => {
    expect(entranceEndpoints.update.path({ entranceUid: ENTRANCE_UID })).toBe(`/front/entrances/${ENTRANCE_UID}`);
    expect(decode(EntranceUpdate, { title: 'Подъезд 3', entranceNum: 3, type: 1, range: { start: 73, end: 108 } }).type).toBe(1);
    expectFailurePaths(EntranceUpdate, { title: 'Подъезд 3', entranceNum: 3, type: 0, range: { start: 73, end: 108 } }, ['type']);
  });

  it('numbers the four entrance types as the spec does', () => {
    expect(ENTRANCE_TYPE).toEqual({ main: 1, gateWithPrefix: 2, additional: 3, gateWithoutPrefix: 4 });
  });
});
