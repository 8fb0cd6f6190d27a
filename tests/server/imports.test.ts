import { describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BYTES,
  IMPORT_PROBLEM_HEADER,
  ImportDryRunResponse,
  ImportFileResponse,
  flatsExportPath,
  importEndpoints,
  importResultPath,
  type ImportMapping,
} from '../../contract/imports';
import { useFlatSetup } from './flat-fixtures';
import { applyAndWait } from './import-helpers';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';

const TAG = 0x61;
const BOM = '\uFEFF';
const FLAT_MAPPING: ImportMapping = { flat: 'flat', letter: 'letter', phone: 'phone', name: 'name' };

async function uploadFile(client: TestClient, body: Buffer | string, name = 'flats.csv') {
  return client.request('POST', `${importEndpoints.upload.path({})}?kind=flats&name=${encodeURIComponent(name)}`, {
    payload: typeof body === 'string' ? Buffer.from(body) : body,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

async function uploaded(client: TestClient, body: Buffer | string) {
  const response = await uploadFile(client, body);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ImportFileResponse, response.json()).data;
}

describe.each(BACKENDS)('bulk import of flats on %s', (backend) => {
  const { app, fx, operator } = useFlatSetup(backend, TAG);
  const dryRunOf = async (client: TestClient, file: string, mapping = FLAT_MAPPING, house = fx().houseUid) =>
    client.request('POST', importEndpoints.flatsDryRun.path({ house }), { payload: { file, mapping } });
  const dryRun = async (file: string, mapping = FLAT_MAPPING) => {
    const response = await dryRunOf(operator(), file, mapping);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(ImportDryRunResponse, response.json()).data;
  };
  const apply = async (file: string, mapping = FLAT_MAPPING) => applyAndWait(operator(), importEndpoints.flatsApply.path({ house: fx().houseUid }), file, mapping);
  const exportCsv = async (client = operator()) => {
    const response = await client.get(flatsExportPath(fx().houseUid));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    return response.body;
  };

  const FILE = [
    'flat;letter;phone;name',
    '1;А;+7 (900) 100-00-01;Иванов Иван',
    '1;;89001000002;',
    '2;;;',
    '3;;9001000003;"Петров; ""старший""\nвторая строка"',
    'abc;;;',
    '4;;12;',
    '1;;+79001000001;',
    ';;79001000009;',
    '70;;;',
  ].join('\r\n');

  it('dry-runs a file row by row: what it would create and why rows are refused, writing nothing', async () => {
    const file = await uploaded(operator(), BOM + FILE);
    expect(file).toMatchObject({ format: 'csv', encoding: 'utf-8', separator: ';', headers: ['flat', 'letter', 'phone', 'name'], mapping: FLAT_MAPPING });
    const result = await dryRun(file.id);
    expect(result.counts).toMatchObject({ total: 9, create: 5, change: 0, unchanged: 0, refused: 4 });
    const byLine = new Map(result.rows.map((row) => [row.line, row]));
    expect(byLine.get(2)).toMatchObject({ status: 'create', actions: ['flat', 'resident', 'link'] });
    expect(byLine.get(3)).toMatchObject({ status: 'create', actions: ['resident', 'link'] });
    expect(byLine.get(5)?.values[3]).toBe('Петров; "старший"\nвторая строка');
    expect(byLine.get(7)).toMatchObject({ status: 'refused', reason: 'flat-bad', detail: 'abc' });
    expect(byLine.get(8)).toMatchObject({ status: 'refused', reason: 'phone-bad', detail: '12' });
    expect(byLine.get(9)).toMatchObject({ status: 'refused', reason: 'duplicate', detail: '2' });
    expect(byLine.get(10)).toMatchObject({ status: 'refused', reason: 'missing', detail: 'flat' });
    // Flat 70 is outside the house's only entrance (1–50): created without an entrance, in the caller's buyer.
    expect(byLine.get(11)).toMatchObject({ status: 'create', actions: ['flat'] });
    expect(await exportCsv()).toBe(`${BOM}flat;letter;phone;name\r\n`);
  });

  it('applies as a job, refused rows apart; the result has a status column; the export re-imports unchanged', async () => {
    const file = await uploaded(operator(), FILE);
    const job = await apply(file.id);
    expect(job).toMatchObject({ state: 'done', processed: 9, total: 9, counts: { create: 5, refused: 4, failed: 0 } });
    const result = await operator().get(importResultPath(job.id));
    expect(result.statusCode).toBe(200);
    const lines = result.body.replace(BOM, '').trim().split('\r\n');
    expect(lines[0]).toBe('flat;letter;phone;name;line;status;reason;detail');
    expect(lines).toContain('abc;;;;7;refused;flat-bad;abc');
    const exported = await exportCsv();
    expect(exported.replace(BOM, '').trim().split('\r\n')).toEqual([
      'flat;letter;phone;name',
      '1;А;79001000001;Иванов Иван',
      '1;А;79001000002;',
      '2;;;',
      '3;;79001000003;"Петров; ""старший""\nвторая строка"',
      '70;;;',
    ]);
    const again = await dryRun((await uploaded(operator(), exported)).id);
    expect(again.counts).toEqual({ total: 5, create: 0, change: 0, unchanged: 5, refused: 0, failed: 0 });
    expect(again.rows).toEqual([]);
  });

  it('changes a letter and a name, reads Windows-1251 with commas, and refuses another buyer’s resident', async () => {
    const foreignLogin = `flat-foreign-${fx().houseUid.replace('test-flat-house-', '')}`;
    const text = `Квартира,Литера,Телефон,ФИО\r\n2,Б,,\r\n1,,79001000001,Иванов И. И.\r\n5,,${foreignLogin},\r\n`;
    const bytes = Buffer.from(encode1251(text));
    const file = await uploaded(operator(), bytes);
    expect(file).toMatchObject({ encoding: 'windows-1251', separator: ',', headers: ['Квартира', 'Литера', 'Телефон', 'ФИО'] });
    expect(file.mapping).toEqual({ flat: 'Квартира', letter: 'Литера', phone: 'Телефон', name: 'ФИО' });
    const result = await dryRun(file.id, file.mapping);
    expect(result.rows.map((row) => [row.line, row.status, row.reason, row.actions])).toEqual([
      [2, 'change', null, ['letter']],
      [3, 'change', null, ['name']],
      [4, 'refused', 'phone-other-buyer', []],
    ]);
    const job = await apply(file.id, file.mapping);
    expect(job.counts).toMatchObject({ change: 2, refused: 1 });
    expect(await exportCsv()).toContain('\r\n2;Б;;\r\n');
  });

  it('refuses a mapping without the flat column or naming a column the file lacks (400)', async () => {
    const file = await uploaded(operator(), FILE);
    expectError(await dryRunOf(operator(), file.id, { flat: null }), 400, /mapping\.flat/);
    expectError(await dryRunOf(operator(), file.id, { flat: 'Квартира' }), 400, /нет столбца «Квартира»/);
    expectError(await dryRunOf(operator(), '00000000-0000-0000-0000-000000000000'), 400, /устарел/);
  });

  it.each([
    ['an empty file', '', 'empty'],
    ['a file of blank lines', '\r\n \r\n', 'empty'],
    ['a binary file named .csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0x10, 0x00, 0x41]), 'binary'],
    ['an old Excel file', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'binary'],
    ['a broken XLSX', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x00]), 'broken-xlsx'],
    ['an unclosed quote', 'flat;name\r\n1;"broken\r\n2;x\r\n', 'broken-csv'],
  ])('refuses %s with a clear message, not a 500', async (_name, body, problem) => {
    const response = await uploadFile(operator(), body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers[IMPORT_PROBLEM_HEADER.toLowerCase()]).toBe(problem);
    expect(response.json()).toMatchObject({ result: false });
  });

  it('refuses a body that is not a file, and a file over the limit (413)', async () => {
    const json = await operator().request('POST', `${importEndpoints.upload.path({})}?kind=flats`, { payload: { flat: 1 } });
    expect(json.statusCode).toBe(400);
    expect(json.headers[IMPORT_PROBLEM_HEADER.toLowerCase()]).toBe('no-file');
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 10, 'a');
    const response = await uploadFile(operator(), big);
    expect(response.statusCode).toBe(413);
    expect(response.headers[IMPORT_PROBLEM_HEADER.toLowerCase()]).toBe('too-large');
  });

  it('takes a 50 MB file and refuses it for its rows, clearly', async () => {
    const line = '12;А;79001234567;Очень длинное имя жителя для объёма файла\r\n';
    const body = Buffer.from(`flat;letter;phone;name\r\n${line.repeat(Math.ceil((50 * 1024 * 1024) / Buffer.byteLength(line)))}`);
    const file = await uploaded(operator(), body);
    const response = await dryRunOf(operator(), file.id);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers[IMPORT_PROBLEM_HEADER.toLowerCase()]).toBe('too-many-rows');
  }, 60_000);

  it('lets only flat editors import: support and the installer are refused, another buyer’s house is not found', async () => {
    const file = await uploaded(operator(), FILE);
    for (const account of ['support', 'installer'] as const) {
      const client = await loginAs(app(), account);
      expectError(await uploadFile(client, FILE), 403);
      expectError(await dryRunOf(client, file.id), 403);
    }
    const support = await loginAs(app(), 'support');
    expect((await support.get(flatsExportPath(fx().houseUid))).statusCode).toBe(200);
    expectError(await dryRunOf(operator(), file.id, FLAT_MAPPING, fx().foreignHouseUid), 404);
    // The admin's upload is not the operator's.
    const admin = await loginAs(app(), 'admin');
    expectError(await dryRunOf(admin, file.id), 400, /устарел/);
  });
});

/** Windows-1251 bytes of a text of ASCII and Russian letters. */
function encode1251(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (code === 0x401) return 0xa8;
    if (code === 0x451) return 0xb8;
    throw new Error(`not in Windows-1251: ${char}`);
  });
}
