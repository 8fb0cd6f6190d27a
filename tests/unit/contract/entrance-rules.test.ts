import { describe, expect, it } from 'vitest';
import { entranceViolations, hasGates, parseAdditionalFlats, violationMessage, type SiblingEntrance } from '../../../contract/entrance-rules';
import { ENTRANCE_TYPE, type EntranceUpdate } from '../../../contract/entrances';

const first: SiblingEntrance = { id: 'e-1', title: 'Подъезд 1', entranceNum: 1, type: ENTRANCE_TYPE.main, range: { start: 1, end: 36 } };
const second: SiblingEntrance = { id: 'e-2', title: 'Подъезд 2', entranceNum: 2, type: ENTRANCE_TYPE.main, range: { start: 37, end: 72 } };
const extra: SiblingEntrance = { id: 'e-x', title: 'Чёрный ход', entranceNum: 9, type: ENTRANCE_TYPE.additional, range: { start: 1, end: 72 } };
const siblings = [first, second, extra];

const main: EntranceUpdate = { title: 'Подъезд 3', entranceNum: 3, type: ENTRANCE_TYPE.main, range: { start: 73, end: 108 } };
const gate = (over: Partial<NonNullable<EntranceUpdate['gates']>[number]> = {}) => ({
  entranceUid: 'e-2',
  from: 37,
  to: 72,
  prefix: 2,
  additionalFlats: '101,115',
  ...over,
});

const pathsOf = (update: EntranceUpdate, others: readonly SiblingEntrance[] = siblings) => entranceViolations(update, others).map((v) => v.path);

describe('entrance rules', () => {
  it('accepts a main entrance next to the others, and a gate with prefixes', () => {
    expect(entranceViolations(main, siblings)).toEqual([]);
    expect(entranceViolations({ ...main, type: ENTRANCE_TYPE.gateWithPrefix, entranceNum: 0, gates: [gate(), gate({ entranceUid: 'e-1', from: 1, to: 36, additionalFlats: null })] }, siblings)).toEqual([]);
    expect(entranceViolations({ ...main, type: ENTRANCE_TYPE.gateWithoutPrefix, gates: [gate({ prefix: null, additionalFlats: ' 7 , 9 ' })] }, siblings)).toEqual([]);
  });

  it('wants positive flat numbers and a start not after the end, at range.end', () => {
    expect(pathsOf({ ...main, range: { start: 80, end: 75 } })).toEqual(['range.end']);
    expect(entranceViolations({ ...main, range: { start: 80, end: 75 } }, [])[0]!.message).toContain('меньше начала');
    expect(pathsOf({ ...main, range: { start: 0, end: 5 } }, [])).toEqual(['range.start']);
    expect(pathsOf({ ...main, range: { start: -3, end: -1 } }, [])).toEqual(['range.start', 'range.end']);
    expect(pathsOf({ ...main, entranceNum: -1 })).toEqual(['entranceNum']);
    expect(pathsOf({ ...main, title: '   ' })).toEqual(['title']);
  });

  it('refuses overlapping main entrances at range, naming the other entrance', () => {
    const [violation] = entranceViolations({ ...main, range: { start: 70, end: 100 } }, siblings);
    expect(violation).toEqual({ path: 'range', message: expect.stringContaining('«Подъезд 2»') });
    expect(violationMessage(violation!)).toMatch(/^Некорректное поле range: квартиры 70–100 пересекаются/);
    // A range touching at one flat overlaps; an additional entrance may cover main ones.
    expect(pathsOf({ ...main, range: { start: 72, end: 72 } })).toEqual(['range']);
    expect(pathsOf({ ...main, type: ENTRANCE_TYPE.additional, range: { start: 1, end: 72 } })).toEqual([]);
  });

  it('wants a prefix on every gate of type 2 and none on type 4', () => {
    expect(pathsOf({ ...main, type: ENTRANCE_TYPE.gateWithPrefix, gates: [gate(), gate({ prefix: null })] })).toEqual(['gates.1.prefix']);
    expect(pathsOf({ ...main, type: ENTRANCE_TYPE.gateWithPrefix, gates: [gate({ prefix: 0 })] })).toEqual(['gates.0.prefix']);
    expect(pathsOf({ ...main, type: ENTRANCE_TYPE.gateWithoutPrefix, gates: [gate({ prefix: 3 })] })).toEqual(['gates.0.prefix']);
  });

  it('gives gates only to types 2 and 4', () => {
    expect(pathsOf({ ...main, gates: [gate()] })).toEqual(['gates']);
    expect(pathsOf({ ...main, type: ENTRANCE_TYPE.additional, gates: [gate()] })).toEqual(['gates']);
    expect(pathsOf({ ...main, gates: [] })).toEqual([]);
    expect([1, 2, 3, 4].map(hasGates)).toEqual([false, true, false, true]);
  });

  it('checks each gate: an entrance of the house, from ≤ to, additional flats as a comma list', () => {
    const withGates = (gates: EntranceUpdate['gates']) => pathsOf({ ...main, type: ENTRANCE_TYPE.gateWithPrefix, gates });
    expect(withGates([gate({ entranceUid: 'elsewhere' })])).toEqual(['gates.0.entranceUid']);
    expect(withGates([gate({ from: 50, to: 40 })])).toEqual(['gates.0.to']);
    expect(withGates([gate({ from: 0 })])).toEqual(['gates.0.from']);
    for (const additionalFlats of ['101;115', '101,', '1,-2', '0', 'abc', '1.5']) {
      expect(withGates([gate({ additionalFlats })]), additionalFlats).toEqual(['gates.0.additionalFlats']);
    }
  });

  it('parses additional flats', () => {
    expect(parseAdditionalFlats(null)).toEqual([]);
    expect(parseAdditionalFlats('  ')).toEqual([]);
    expect(parseAdditionalFlats('101, 115')).toEqual([101, 115]);
    expect(parseAdditionalFlats('101,,115')).toBeNull();
  });
});
