import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, ImportDryRunResponse, ImportFileResponse, KEYS_EXPORT_PATTERN, importEndpoints, importResultPath, type ImportMapping } from '../../contract/imports';
import { queryRows } from '../../server/db/client';
import { createFlat, useFlatSetup } from './flat-fixtures';
import { applyAndWait } from './import-helpers';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';

const TAG = 0x62;
const KEY_MAPPING: ImportMapping = { mac: 'mac', value: 'value', type: 'type', flat: 'flat', inner: 'inner' };

async function upload(client: TestClient, body: string, kind = 'keys') {
  return client.request('POST', `${importEndpoints.upload.path({})}?kind=${kind}&name=keys.csv`, {
    payload: Buffer.from(body),
    headers: { 'content-type': 'application/octet-stream' },
  });
}

async function uploaded(client: TestClient, body: string) {
  const response = await upload(client, body);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ImportFileResponse, response.json()).data;
}

const exportUrl = (query: Record<string, string>) => `${KEYS_EXPORT_PATTERN}?${new URLSearchParams(query).toString()}`;

describe.each(BACKENDS)('bulk import and export of keys on %s', (backend) => {
  const { app, fx, operator } = useFlatSetup(backend, TAG);
  const db = () => app().database.drizzle;
  const dryRunOf = (client: TestClient, file: string, mapping = KEY_MAPPING) => client.request('POST', importEndpoints.keysDryRun.path({}), { payload: { file, mapping } });
  const dryRun = async (file: string, mapping = KEY_MAPPING) => {
    const response = await dryRunOf(operator(), file, mapping);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(ImportDryRunResponse, response.json()).data;
  };
  const apply = async (file: string, mapping = KEY_MAPPING) => applyAndWait(operator(), importEndpoints.keysApply.path({}), file, mapping);
  const owed = async (mac: string) =>
    queryRows<{ target: string; summary: string }>(
      db(),
      sql`select c.target, c.summary from device_sync_changes c join devices d on d.id = c.device_id where d.mac = ${mac} and c.confirmed_at is null order by c.id`,
    );

  it('dry-runs keys row by row, applies them stored and owed to the device, exports and re-imports unchanged', async () => {
    await createFlat(operator(), fx().houseUid, 41);
    const [foreign] = await queryRows<{ mac: string }>(db(), sql`select mac from devices where buyer_id = 2 order by id limit 1`);
    const { iscomMac: iscom, bewardMac: beward } = fx();
    const file = [
      'mac;value;type;flat;inner',
      `${iscom};00:00:0a:1b:2c:01;Metakom;41;0`,
      `${iscom.toLowerCase().replaceAll(':', '-')};00000A1B2C02;;;1`,
      `${iscom};00000A1B2C01;Metakom;;`,
      `02:FE:00:00:00:01;00000A1B2C03;Metakom;;`,
      `${foreign.mac};00000A1B2C04;Metakom;;`,
      `${iscom};123;Metakom;;`,
      `${iscom};00000A1B2C05;Nonsense;;`,
      `${iscom};00000A1B2C06;Metakom;49;`,
      `${iscom};00000A1B2C07;Metakom;;maybe`,
      `zz;00000A1B2C08;;;`,
      `;00000A1B2C09;;;`,
      `${beward};00000A1B2C0A;Metakom;;`,
      `${beward};0A0B0C0D0E;RFID;41;да`,
    ].join('\n');
    const uploadedFile = await uploaded(operator(), file);
    expect(uploadedFile.mapping).toEqual(KEY_MAPPING);
    const result = await dryRun(uploadedFile.id);
    expect(result.counts).toMatchObject({ total: 13, create: 3, change: 0, unchanged: 0, refused: 10 });
    const why = Object.fromEntries(result.rows.map((row) => [row.line, [row.status, row.reason, row.detail]]));
    expect(why).toEqual({
      2: ['create', null, null],
      3: ['create', null, null],
      4: ['refused', 'duplicate', '2'],
      5: ['refused', 'device-unknown', '02:FE:00:00:00:01'],
      6: ['refused', 'device-unknown', foreign.mac],
      7: ['refused', 'value-bad', '123'],
      8: ['refused', 'type-bad', 'Nonsense'],
      9: ['refused', 'flat-unknown', '49'],
      10: ['refused', 'inner-bad', 'maybe'],
      11: ['refused', 'mac-bad', 'zz'],
      12: ['refused', 'missing', 'mac'],
      13: ['refused', 'type-not-taken', 'Metakom'],
      14: ['create', null, null],
    });
    // Nothing written by the dry run.
    expect(await queryRows(db(), sql`select 1 from keys where value like '00000A1B2C%'`)).toEqual([]);
    expect(await owed(iscom)).toEqual([]);

    const job = await apply(uploadedFile.id);
    expect(job).toMatchObject({ state: 'done', total: 13, counts: { create: 3, refused: 10, failed: 0 } });
    const stored = await queryRows<{ value: string; key_type: string; flat_num: number | null; inner: boolean; user_login: string }>(
      db(),
      sql`select k.value, k.key_type, k.flat_num, k."inner", k.user_login from keys k join devices d on d.id = k.device_id where d.mac = ${iscom} and k.value like '00000A1B2C%' order by k.value`,
    );
    expect(stored).toEqual([
      { value: '00000A1B2C01', key_type: 'Metakom', flat_num: 41, inner: false, user_login: 'operator' },
      { value: '00000A1B2C02', key_type: 'Factorial', flat_num: null, inner: true, user_login: 'operator' },
    ]);
    expect((await owed(iscom)).map((change) => change.target)).toEqual(['00000A1B2C01', '00000A1B2C02']);
    const resultCsv = (await operator().get(importResultPath(job.id))).body;
    expect(resultCsv.split('\r\n')[0]).toBe(`\uFEFF${[...IMPORT_FIELDS.keys, 'line', 'status', 'reason', 'detail'].join(';')}`);
    expect(resultCsv).toContain(';13;refused;type-not-taken;Metakom');

    // The export of the list filtered by the device re-imports unchanged.
    const exported = await operator().get(exportUrl({ mac: iscom }));
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    expect(exported.body).toContain(`${iscom};00000A1B2C01;Metakom;41;0\r\n`);
    expect(exported.body).toContain(`${iscom};00000A1B2C02;Factorial;;1\r\n`);
    expect(exported.body).not.toContain(beward);
    const again = await dryRun((await uploaded(operator(), exported.body)).id);
    expect(again.counts.unchanged).toBe(again.counts.total);
    expect(again.rows).toEqual([]);
    // Filters: a value prefix and a panel code.
    const byFlat = (await operator().get(exportUrl({ mac: iscom, panelCode: '41', key: '0000 0a1b' }))).body.split('\r\n');
    expect(byFlat).toEqual([`\uFEFF${IMPORT_FIELDS.keys.join(';')}`, `${iscom};00000A1B2C01;Metakom;41;0`, '']);
    expectError(await operator().get(exportUrl({ key: 'xyz' })), 400, /key/);
    expectError(await operator().get(exportUrl({ panelCode: '0' })), 400, /panelCode/);
    expectError(await operator().get(exportUrl({ mac: 'nope' })), 400, /mac/);
  });

  it('changes a key\'s flat and side (owed to the device as remove and add) and its type (ours only)', async () => {
    await createFlat(operator(), fx().houseUid, 42);
    const { iscomMac: iscom } = fx();
    const first = await uploaded(operator(), `mac;value;type;flat;inner\n${iscom};00000B1B2C01;Metakom;42;0\n${iscom};00000B1B2C02;Metakom;;0\n`);
    expect((await apply(first.id)).counts).toMatchObject({ create: 2 });
    const before = (await owed(iscom)).length;
    const second = await uploaded(operator(), `MAC;Ключ;Тип;Квартира;Внутренний\n${iscom};00000B1B2C01;Metakom;;1\n${iscom};00000B1B2C02;Cyfral;;0\n`);
    expect(second.mapping).toEqual({ mac: 'MAC', value: 'Ключ', type: 'Тип', flat: 'Квартира', inner: 'Внутренний' });
    const mapping = second.mapping;
    const result = await dryRun(second.id, mapping);
    expect(result.rows.map((row) => [row.status, row.actions])).toEqual([
      ['change', ['key-flat', 'key-inner']],
      ['change', ['key-type']],
    ]);
    expect((await apply(second.id, mapping)).counts).toMatchObject({ change: 2, failed: 0 });
    const changes = (await owed(iscom)).slice(before);
    expect(changes.map((change) => change.target)).toEqual(['00000B1B2C01', '00000B1B2C01']);
    expect(changes[0].summary).toMatch(/^удалить, кв\. 42, внешний/);
    expect(changes[1].summary).toMatch(/^добавить, без квартиры, внутренний/);
    const [key] = await queryRows<{ flat_num: number | null; flat_id: number | null; inner: boolean }>(db(), sql`select flat_num, flat_id, "inner" from keys where value = '00000B1B2C01'`);
    expect(key).toEqual({ flat_num: null, flat_id: null, inner: true });
  });

  it('lets support export but not import; the installer neither; a flats file is not a keys file', async () => {
    const support = await loginAs(app(), 'support');
    const installer = await loginAs(app(), 'installer');
    expect((await support.get(exportUrl({}))).statusCode).toBe(200);
    expectError(await upload(support, 'mac;value\n'), 403);
    expectError(await dryRunOf(support, '00000000-0000-0000-0000-000000000000'), 403);
    expectError(await installer.get(exportUrl({})), 403);
    const flatsFile = await upload(operator(), 'flat\n1\n', 'flats');
    const id = expectShape(ImportFileResponse, flatsFile.json()).data.id;
    expectError(await dryRunOf(operator(), id), 400);
    const keysFile = await uploaded(operator(), 'value\n00000A1B2C01\n');
    expectError(await dryRunOf(operator(), keysFile.id, { value: 'value' }), 400, /mapping\.mac/);
  });
});
