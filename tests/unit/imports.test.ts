import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFile, detectSeparator, ImportFileError } from '../../server/import/detect';
import { columnsOf, guessMapping, mappedValues } from '../../server/import/mapping';
import { dataRows, readHead } from '../../server/import/read-rows';
import { phoneLogin } from '../../server/import/phone';
import { withRememberedMapping, rememberMapping } from '../../src/components/import-dialog/mapping-memory';

const bytes = (text: string) => new TextEncoder().encode(text);
const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportFileError) return error.problem;
    throw error;
  }
  return null;
};

describe('import file detection', () => {
  it('tells UTF-8 (with or without BOM) from Windows-1251', () => {
    expect(detectFile(bytes('\uFEFFквартира;телефон\r\n1;7900'))).toEqual({ format: 'csv', encoding: 'utf-8', skip: 3, separator: ';' });
    expect(detectFile(bytes('квартира,телефон\n'))).toMatchObject({ encoding: 'utf-8', skip: 0, separator: ',' });
    // «Кв» in Windows-1251: 0xCA 0xE2 is not UTF-8.
    expect(detectFile(Uint8Array.from([0xca, 0xe2, 0x3b, 0x31, 0x0d, 0x0a]))).toMatchObject({ encoding: 'windows-1251', separator: ';' });
    // A Cyrillic letter cut at the sample's end is still UTF-8.
    expect(detectFile(bytes('flat;имя').subarray(0, 10))).toMatchObject({ encoding: 'utf-8' });
  });

  it('finds the separator outside quotes in the first record', () => {
    expect(detectSeparator('a;b;c\n1,2,3,4,5')).toBe(';');
    expect(detectSeparator('"a;b",c,d\n')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('single')).toBe(';');
  });

  it('knows XLSX by its zip header and refuses empty and binary files', () => {
    expect(detectFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toMatchObject({ format: 'xlsx' });
    expect(problemOf(() => detectFile(new Uint8Array()))).toBe('empty');
    expect(problemOf(() => detectFile(bytes('\uFEFF \r\n')))).toBe('empty');
    expect(problemOf(() => detectFile(Uint8Array.from([0x41, 0x00, 0x42])))).toBe('binary');
    expect(problemOf(() => detectFile(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0])))).toBe('binary');
  });
});

describe('import column mapping', () => {
  it('guesses fields from exact names and Russian synonyms, each header once', () => {
    expect(guessMapping('flats', ['flat', 'letter', 'phone', 'name'])).toEqual({ flat: 'flat', letter: 'letter', phone: 'phone', name: 'name' });
    expect(guessMapping('flats', ['№ кв.', 'Телефон', 'ФИО', 'Прочее'])).toEqual({ flat: '№ кв.', letter: null, phone: 'Телефон', name: 'ФИО' });
  });

  it('maps cells to fields, refusing a missing required field or an unknown header', () => {
    const columns = columnsOf('flats', { flat: 'B', phone: 'A' }, ['A', 'B']);
    expect(columns).toEqual([1, -1, 0, -1]);
    expect(mappedValues(columns, [' 79001 ', '12'])).toEqual(['12', '', '79001', '']);
    expect(mappedValues([0], ["'=SUM(A1)"])).toEqual(['=SUM(A1)']);
    expect(() => columnsOf('flats', { flat: null }, ['A'])).toThrow(/mapping\.flat/);
    expect(() => columnsOf('flats', { flat: 'C' }, ['A'])).toThrow(/нет столбца/);
  });

  it('normalises a phone to a login', () => {
    expect(phoneLogin('+7 (900) 100-00-01')).toBe('79001000001');
    expect(phoneLogin('89001000001')).toBe('79001000001');
    expect(phoneLogin('9001000001')).toBe('79001000001');
    expect(phoneLogin('12')).toBeNull();
    expect(phoneLogin('ivanov')).toBeNull();
  });

  it('remembers the user’s choice for the next file that has those columns', () => {
    rememberMapping('flats', 7, { flat: 'Кв', letter: null, phone: 'Тел', name: null });
    expect(withRememberedMapping('flats', 7, { headers: ['Кв', 'Тел', 'name'], mapping: { flat: null, letter: null, phone: null, name: 'name' } })).toEqual({
      flat: 'Кв',
      letter: null,
      phone: 'Тел',
      name: 'name',
    });
    // Another user starts from the server's guess.
    expect(withRememberedMapping('flats', 8, { headers: ['Кв'], mapping: { flat: null, letter: null, phone: null, name: null } }).flat).toBeNull();
  });

  it('guesses and remembers the keys columns apart from the flats ones', () => {
    expect(guessMapping('keys', ['MAC', 'Ключ', 'Тип ключа', 'Кв.', 'Внутренний'])).toEqual({ mac: 'MAC', value: 'Ключ', type: 'Тип ключа', flat: 'Кв.', inner: 'Внутренний' });
    expect(guessMapping('keys', ['Устройство', 'UID', 'Комментарий'])).toEqual({ mac: 'Устройство', value: 'UID', type: null, flat: null, inner: null });
    expect(columnsOf('keys', { mac: 'b', value: 'a' }, ['a', 'b'])).toEqual([1, 0, -1, -1, -1]);
    expect(() => columnsOf('keys', { mac: 'b' }, ['a', 'b'])).toThrow(/mapping\.value/);
    rememberMapping('keys', 7, { mac: 'Панель', value: 'Код', type: null, flat: 'Кв', inner: null });
    expect(withRememberedMapping('keys', 7, { headers: ['Панель', 'Код', 'Кв', 'type'], mapping: { mac: null, value: null, type: 'type', flat: 'Кв', inner: null } })).toEqual({
      mac: 'Панель',
      value: 'Код',
      type: 'type',
      flat: 'Кв',
      inner: null,
    });
    // The keys choice stays with the keys: the same user's flats file starts from the server's guess.
    expect(withRememberedMapping('flats', 7, { headers: ['Кв'], mapping: { flat: null, letter: null, phone: null, name: null } }).flat).toBeNull();
  });
});

describe('import file reading', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'imports-unit-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('streams CSV records with quoted separators and newlines, giving each its line', async () => {
    const path = join(dir, 'quoted.csv');
    await writeFile(path, 'flat;name\r\n1;"a;b"\r\n2;"two\r\nlines"\r\n\r\n3;x\r\n');
    const detection = detectFile(bytes('flat;name'));
    expect(await readHead(path, detection, 1)).toEqual({ headers: ['flat', 'name'], sample: [['1', 'a;b']] });
    const rows = [];
    for await (const row of dataRows(path, detection)) rows.push(row);
    expect(rows).toEqual([
      { line: 2, cells: ['1', 'a;b'] },
      { line: 3, cells: ['2', 'two\nlines'] },
      { line: 6, cells: ['3', 'x'] },
    ]);
  });

  it('decodes Windows-1251 and reports an unclosed quote as a broken CSV', async () => {
    const path = join(dir, 'cp1251.csv');
    await writeFile(path, Buffer.from([0xca, 0xe2, 0x3b, 0x31, 0x0d, 0x0a, 0x35, 0x3b, 0xe0, 0x0d, 0x0a]));
    const detection = { format: 'csv', encoding: 'windows-1251', skip: 0, separator: ';' } as const;
    expect(await readHead(path, detection, 1)).toEqual({ headers: ['Кв', '1'], sample: [['5', 'а']] });
    const broken = join(dir, 'broken.csv');
    await writeFile(broken, 'a;b\r\n1;"open\r\n');
    await expect(readHead(broken, { ...detection, encoding: 'utf-8' }, 5)).rejects.toMatchObject({ problem: 'broken-csv' });
  });
});
