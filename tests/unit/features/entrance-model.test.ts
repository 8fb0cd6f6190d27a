import { describe, expect, it } from 'vitest';
import type { Entrance } from '@contract/entrances';
import { checkEntrance, entranceFieldOf, entranceFormValues, entranceUpdateBody, siblingsOf, type EntranceFormValues } from '@/features/entrances/model';

function entrance(id: string, type: 1 | 2 | 3 | 4, start: number, end: number, entranceNum = 1): Entrance {
  return { id, buyerId: 1, entranceNum, houseUid: 'h-1', title: `Подъезд ${entranceNum}`, type, range: { start, end }, gates: [], relays: [] };
}

const FIRST = entrance('e-1', 1, 1, 40, 1);
const SECOND = entrance('e-2', 1, 41, 80, 2);
const GATE = { ...entrance('e-3', 2, 1, 80, 3), gates: [{ entranceUid: 'e-1', from: 1, to: 40, prefix: 1, additionalFlats: '101,115' }] };

function values(patch: Partial<EntranceFormValues>): EntranceFormValues {
  return { ...entranceFormValues(FIRST), ...patch };
}

describe('the entrance form model', () => {
  it('reads an entrance into text fields and back into the same body', () => {
    const form = entranceFormValues(GATE);
    expect(form.gates).toEqual([{ entranceUid: 'e-1', from: '1', to: '40', prefix: '1', additionalFlats: '101,115' }]);
    expect(entranceUpdateBody(form)).toEqual({
      title: 'Подъезд 3',
      entranceNum: 3,
      type: 2,
      range: { start: 1, end: 80 },
      gates: [{ entranceUid: 'e-1', from: 1, to: 40, prefix: 1, additionalFlats: '101,115' }],
    });
  });

  it('sends no gates for types 1 and 3, and no prefix for a gate without prefix', () => {
    const form = entranceFormValues(GATE);
    expect(entranceUpdateBody({ ...form, type: '1' }).gates).toBeUndefined();
    expect(entranceUpdateBody({ ...form, type: '4' }).gates?.[0]?.prefix).toBeNull();
  });

  it('places each broken rule at its field, in Russian', () => {
    const siblings = siblingsOf(FIRST, [FIRST, SECOND, GATE]);
    expect(checkEntrance(values({ rangeStart: '30', rangeEnd: '20' }), siblings).fields).toEqual([{ field: 'rangeEnd', message: 'конец диапазона (20) меньше начала (30)' }]);
    expect(checkEntrance(values({ rangeEnd: '50' }), siblings).fields[0]).toMatchObject({ field: 'rangeStart', message: expect.stringContaining('пересекаются с подъездом «Подъезд 2»') });
    const gate = { entranceUid: 'e-2', from: '41', to: '80', prefix: '', additionalFlats: '101, x' };
    const placed = checkEntrance(values({ type: '2', gates: [gate] }), siblings).fields;
    expect(placed).toContainEqual({ field: 'gates.0.prefix', message: 'у калитки с префиксом нужен префикс' });
    expect(placed).toContainEqual({ field: 'gates.0.additionalFlats', message: 'ожидаются номера квартир через запятую, например «101,115»' });
    expect(checkEntrance(values({ type: '2', gates: [{ ...gate, prefix: '2', additionalFlats: '101' }] }), siblings)).toEqual({ fields: [], rest: [] });
  });

  it('maps the server paths to the form fields', () => {
    expect(entranceFieldOf('range.end')).toBe('rangeEnd');
    expect(entranceFieldOf('range')).toBe('rangeStart');
    expect(entranceFieldOf('gates.2.prefix')).toBe('gates.2.prefix');
    expect(entranceFieldOf('gates')).toBeNull();
    expect(entranceFieldOf('buyerId')).toBeNull();
  });
});
