import { describe, expect, it } from 'vitest';
import type { DuplicateKey } from '@contract/keys';
import {
  DUPLICATE_SEARCH_MAX,
  EMPTY_KEY_DRAFT,
  addMacs,
  checkKeyDraft,
  deleteOutcomes,
  deleteTargets,
  groupDuplicates,
  keyCreateBodies,
  keyListBody,
  keyRef,
  parsePastedValues,
} from '@/features/keys/model';

const row = (patch: Partial<DuplicateKey>): DuplicateKey => ({
  address: 'г. Москва, ул. Лесная, д. 28',
  mac: '00:1A:2B:3C:4D:01',
  value: '0000001A2B3C',
  flatNum: 12,
  authentic: 1,
  buyerId: 1,
  deviceId: 1,
  keyId: 1,
  cipherId: null,
  ...patch,
});

describe('parsePastedValues', () => {
  it('trims each line, skips blank lines and reads hex as stored: separators dropped, upper case', () => {
    const pasted = parsePastedValues('  00:1a:2b:3c:4d:5e \n\n\t\r\n01-02-03-04-05-06\r\n   \n', 'hex');
    expect(pasted.values).toEqual(['001A2B3C4D5E', '010203040506']);
    expect(pasted.invalid).toEqual([]);
    expect(pasted.repeated).toEqual([]);
  });

  it('sends a value pasted twice once and says which were repeated, whatever their spelling', () => {
    const pasted = parsePastedValues('ab12\nAB:12\nff\nab 12\n', 'hex');
    expect(pasted.values).toEqual(['AB12', 'FF']);
    expect(pasted.repeated).toEqual(['AB12']);
  });

  it('sets apart lines that are no number of the system, with their line numbers', () => {
    expect(parsePastedValues('12AB\nzz12\n', 'hex').invalid).toEqual([{ line: 2, text: 'zz12' }]);
    const dec = parsePastedValues('0001234\n12AB\n123,45678\n 7 , 12 \n300,1\n', 'dec');
    expect(dec.values).toEqual(['1234', '123,45678', '7,12']);
    expect(dec.invalid).toEqual([
      { line: 2, text: '12AB' },
      { line: 5, text: '300,1' },
    ]);
  });

  it('refuses a value longer than the longest stored key (20 hex digits)', () => {
    expect(parsePastedValues('1'.repeat(21), 'hex').invalid).toHaveLength(1);
    expect(parsePastedValues('F'.repeat(20), 'hex').values).toHaveLength(1);
    // 2^80 is 21 hex digits.
    expect(parsePastedValues(String(2n ** 80n), 'dec').invalid).toHaveLength(1);
  });

  it(`caps a search at ${DUPLICATE_SEARCH_MAX} values, counted after repeats are dropped`, () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => (index + 1).toString(16)).join('\n');
    expect(parsePastedValues(lines(DUPLICATE_SEARCH_MAX), 'hex').overCap).toBe(false);
    expect(parsePastedValues(`${lines(DUPLICATE_SEARCH_MAX)}\n1\n2`, 'hex').overCap).toBe(false);
    const over = parsePastedValues(lines(DUPLICATE_SEARCH_MAX + 1), 'hex');
    expect(over.overCap).toBe(true);
    expect(over.values).toHaveLength(DUPLICATE_SEARCH_MAX + 1);
  });
});

describe('groupDuplicates', () => {
  it('groups the rows under the pasted value in the pasted order, values found nowhere included', () => {
    const rows = [row({ value: '00000000FF01', keyId: 1 }), row({ value: 'ABCDEF', keyId: 2 }), row({ value: '00000000FF01', mac: '00:1A:2B:3C:4D:02', keyId: 3 })];
    const groups = groupDuplicates(['ABCDEF', '123456', 'FF01'], 'hex', rows);
    expect(groups.map((group) => [group.pasted, group.rows.map((found) => found.keyId)])).toEqual([
      ['ABCDEF', [2]],
      ['123456', []],
      ['FF01', [1, 3]],
    ]);
  });

  it('matches a decimal and an EM-Marine «series,number» to the stored hex, padded to its length', () => {
    const rows = [row({ value: '0000000004D2', keyId: 1 }), row({ value: '7BB26E', keyId: 2 })];
    // 1234 = 0x4D2; 123,45678 = 0x7B, 0xB26E.
    const groups = groupDuplicates(['1234', '123,45678'], 'dec', rows);
    expect(groups.map((group) => group.rows.map((found) => found.keyId))).toEqual([[1], [2]]);
  });

  it('lists a row the server matched some other way under its own value', () => {
    const groups = groupDuplicates(['AA'], 'hex', [row({ value: 'BB', keyId: 9 })]);
    expect(groups.map((group) => group.pasted)).toEqual(['AA', 'BB']);
  });
});

describe('deleting the chosen copies', () => {
  it('names each chosen key once by value and MAC (inner and outer copies go together)', () => {
    const rows = [row({ keyId: 1 }), row({ keyId: 2 }), row({ mac: '00:1A:2B:3C:4D:02', keyId: 3 })];
    const groups = groupDuplicates(['1A2B3C'], 'hex', rows);
    expect(deleteTargets(groups, new Set([keyRef(rows[0])]))).toEqual([{ value: '0000001A2B3C', mac: '00:1A:2B:3C:4D:01' }]);
  });

  it('keeps the server answer per key, or reads the count when every key went', () => {
    const sent = [
      { value: 'AA', mac: '00:1A:2B:3C:4D:01' },
      { value: 'BB', mac: '00:1A:2B:3C:4D:02' },
    ];
    const answer = { deleted: 1, results: [{ ...sent[0], deleted: true, message: null }, { ...sent[1], deleted: false, message: 'Устройство не отвечает' }] };
    expect(deleteOutcomes(sent, answer).get(keyRef(sent[1]))?.message).toBe('Устройство не отвечает');
    expect(deleteOutcomes(sent, { deleted: 2 }).get(keyRef(sent[1]))?.deleted).toBe(true);
    expect(deleteOutcomes(sent, { deleted: 1 }).size).toBe(0);
  });
});

describe('the key list body', () => {
  it('sends the URL search the server takes and leaves out what it would refuse', () => {
    expect(keyListBody({ page: 2, sort: null, filters: { key: 'ab:12', panelCode: '15', mac: '001a2b3c4d5e' } })).toEqual({ page: 2, key: 'AB12', panelCode: 15, mac: '00:1A:2B:3C:4D:5E' });
    expect(keyListBody({ page: 1, sort: null, filters: { key: 'zz', panelCode: '0', mac: 'nope' } })).toEqual({ page: 1 });
  });
});

describe('creating keys', () => {
  it('needs a device and, on a panel, a panel code', () => {
    expect(checkKeyDraft({ ...EMPTY_KEY_DRAFT, value: '010203040506' })).toEqual({ macs: { kind: 'noDevice' }, panelCode: { kind: 'panelCode' } });
    expect(checkKeyDraft({ ...EMPTY_KEY_DRAFT, macs: ['00:1A:2B:3C:4D:01'], value: '010203040506', target: 'controller', flatNum: '100000' })).toEqual({ flatNum: { kind: 'flatNum' } });
  });

  it('makes one body per device: a panel code on a panel, none on a controller', () => {
    const draft = { ...EMPTY_KEY_DRAFT, macs: ['00:1A:2B:3C:4D:01', '00:1A:2B:3C:4D:02'], value: '01 02 03 04 05 0a', panelCode: '12', inner: true };
    expect(keyCreateBodies(draft)).toEqual([
      { mac: '00:1A:2B:3C:4D:01', value: '01020304050A', keyType: 'Metakom', panelCode: 12, inner: 1 },
      { mac: '00:1A:2B:3C:4D:02', value: '01020304050A', keyType: 'Metakom', panelCode: 12, inner: 1 },
    ]);
    expect(keyCreateBodies({ ...draft, macs: ['00:1A:2B:3C:4D:01'], target: 'controller', flatNum: '7', inner: false })).toEqual([
      { mac: '00:1A:2B:3C:4D:01', value: '01020304050A', keyType: 'Metakom', flatNum: 7 },
    ]);
  });

  it('adds typed MACs normalised, each once, and keeps what is no MAC', () => {
    expect(addMacs(['00:1A:2B:3C:4D:01'], ['001a2b3c4d01', '00-1a-2b-3c-4d-02', 'x1', ''])).toEqual({ macs: ['00:1A:2B:3C:4D:01', '00:1A:2B:3C:4D:02'], unreadable: ['x1'] });
  });
});
