import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_EXPORT_PATH, HISTORY_EXPORT_TRUNCATED_HEADER, HistoryResponse, historyImagePath } from '../../contract/history';
import { historyCutLine } from '../../server/routes/history-csv';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';
import { FOREIGN, MARCH_2024, OWN, insertFixtureEvents } from './history-fixtures';

const EXPORT_LIMIT = 5;
const BOM = '\uFEFF';
const exportUrl = (params: Record<string, string>) => `${HISTORY_EXPORT_PATH}?${new URLSearchParams(params).toString()}`;
const HEADER = 'Время (Europe/Moscow);Устройство (MAC);Адрес;Событие;Ключ;Логин;Квартира;Код;Снимок';

describe.each(BACKENDS)('event history export and images on %s', (backend) => {
  const app = useApp(backend, { history: { exportLimit: EXPORT_LIMIT } });
  let operator: TestClient;
  let images: { ownImageId: number; foreignImageId: number };

  beforeAll(async () => {
    images = await insertFixtureEvents(app());
    operator = await loginAs(app(), 'operator');
  });

  it('exports the filtered events as CSV for Excel: BOM, Russian columns, Moscow time, a dated attachment', async () => {
    const response = await operator.get(exportUrl({ ...MARCH_2024, macs: OWN.mac, eventType: 'OPEN_EXTERNAL' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="history-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers[HISTORY_EXPORT_TRUNCATED_HEADER.toLowerCase()]).toBe('false');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(BOM + HEADER);
    const [time, mac, address, event, key, login, flat, code, image] = lines[1].split(';');
    // 2024-03-09T14:00:00Z is 17:00 in Moscow.
    expect([time, mac, event, key, login, flat, code]).toEqual(['09.03.2024 17:00:00', OWN.mac, 'Открытие ключом (внешний считыватель)', 'ABCDEF000001', '', '77', '']);
    expect(address).toMatch(/\S/);
    expect(image).toMatch(new RegExp(`^https?://[^/]+${historyImagePath(images.ownImageId)}$`));
    expect(lines.slice(2)).toEqual(['']);
  });

  it('writes the time in the user’s time zone option', async () => {
    await app().database.drizzle.execute(sql`update user_options set value = 'Asia/Vladivostok' where user_id = 2 and option_name = 'timezone'`);
    try {
      const response = await operator.get(exportUrl({ ...MARCH_2024, macs: OWN.mac, eventType: 'OPEN_CODE' }));
      const lines = response.body.split('\r\n');
      expect(lines[0]).toContain('Время (Asia/Vladivostok)');
      // 2024-03-10T09:00:00Z is 19:00 in Vladivostok.
      expect(lines[1]).toMatch(/^10\.03\.2024 19:00:00;.*;Открытие по коду;;;12;97531;$/);
    } finally {
      await app().database.drizzle.execute(sql`update user_options set value = 'Europe/Moscow' where user_id = 2 and option_name = 'timezone'`);
    }
  });

  it('writes the columns, the events and the cut in the user’s language option', async () => {
    const db = app().database.drizzle;
    await db.execute(sql`insert into user_options (user_id, option_name, value) values (2, 'language', 'en')
                         on conflict (user_id, option_name) do update set value = 'en'`);
    try {
      const response = await operator.get(exportUrl({ ...MARCH_2024 }));
      const lines = response.body.split('\r\n').filter((line) => line !== '');
      expect(lines[0]).toBe(`${BOM}Time (Europe/Moscow);Device (MAC);Address;Event;Key;Login;Flat;Code;Snapshot`);
      expect(lines.slice(1, -1).map((line) => line.split(';')[3])).toContain('Opened with a key (outer reader)');
      expect(lines.at(-1)).toBe('# The export is cut: 5 events written, more found. Narrow the filter (dates, devices, event type).');
    } finally {
      await db.execute(sql`update user_options set value = 'ru' where user_id = 2 and option_name = 'language'`);
    }
  });

  it('counts the events of a cut export in Russian plural forms and in English', () => {
    expect([1, 2, 5, 21, 24, 100_000].map((written) => historyCutLine('ru', written).split(',')[0])).toEqual([
      '# Выгрузка обрезана: записано 1 событие',
      '# Выгрузка обрезана: записано 2 события',
      '# Выгрузка обрезана: записано 5 событий',
      '# Выгрузка обрезана: записано 21 событие',
      '# Выгрузка обрезана: записано 24 события',
      '# Выгрузка обрезана: записано 100000 событий',
    ]);
    expect(historyCutLine('en', 1)).toMatch(/^# The export is cut: 1 event written/);
  });

  it('cuts the export at its limit and says so in a header and a last line', async () => {
    const response = await operator.get(exportUrl({ ...MARCH_2024 }));
    expect(response.statusCode).toBe(200);
    expect(response.headers[HISTORY_EXPORT_TRUNCATED_HEADER.toLowerCase()]).toBe('true');
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1 + EXPORT_LIMIT + 1);
    expect(lines.at(-1)).toMatch(/^# Выгрузка обрезана: записано 5 событий/);
    // Newest first, as the list: the own device's six March events minus the oldest.
    expect(lines.slice(1, -1).map((line) => line.split(';')[0])).toEqual([
      '10.03.2024 17:00:00',
      '10.03.2024 16:59:59',
      '10.03.2024 12:00:00',
      '10.03.2024 11:30:00',
      '09.03.2024 17:00:00',
    ]);
  });

  it('exports none of another buyer’s events; refuses bad input with a JSON 400 and no session with 401', async () => {
    const foreign = await operator.get(exportUrl({ macs: FOREIGN.mac }));
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toBe(`${BOM}${HEADER}\r\n`);
    expectError(await operator.get(exportUrl({ dateFrom: 'завтра' })), 400, /Некорректное поле dateFrom/);
    expectError(await operator.get(exportUrl({ eventType: 'NOPE' })), 400, /Некорректное поле eventType/);
    expectError(await operator.get(exportUrl({ page: '1' })), 400, /Некорректное поле page: неизвестное поле/);
    expectError(await operator.get(exportUrl({ dateFrom: MARCH_2024.dateTo, dateTo: MARCH_2024.dateFrom })), 400, /dateFrom/);
    expectError(await new TestClient(app()).get(exportUrl({})), 401);
  });

  it('exports every buyer’s events for the superuser, the buyer’s own for the installer', async () => {
    const key = { ...MARCH_2024, rfid: 'ABCDEF000001' };
    const macsOf = (body: string) => body.split('\r\n').slice(1, -1).map((line) => line.split(';')[1]);
    const admin = await loginAs(app(), 'admin');
    expect(macsOf((await admin.get(exportUrl(key))).body)).toEqual([FOREIGN.mac, OWN.mac]);
    const installer = await loginAs(app(), 'installer');
    expect(macsOf((await installer.get(exportUrl(key))).body)).toEqual([OWN.mac]);
  });

  it('serves an event’s snapshot with its type, an ETag and a year’s immutable caching; 304 when it is current', async () => {
    const url = historyImagePath(images.ownImageId);
    const response = await operator.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(response.rawPayload.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await operator.get(url, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect((await operator.get(url, { headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    // The list points at it.
    const listed = expectShape(HistoryResponse, (await operator.get(`/front/devices/history?rfid=ABCDEF000001&dateFrom=${MARCH_2024.dateFrom}`)).json());
    expect(listed.data[0].image).toBe(url);
  });

  it('answers 404 for another buyer’s snapshot and a missing one, 400 for a bad id, 401 without a session', async () => {
    expectError(await operator.get(historyImagePath(images.foreignImageId)), 404, /Снимок/);
    expectError(await operator.get(historyImagePath(999_999)), 404);
    expectError(await operator.get('/front/history/images/abc'), 400, /id/);
    expectError(await new TestClient(app()).get(historyImagePath(images.ownImageId)), 401);
    const admin = await loginAs(app(), 'admin');
    expect((await admin.get(historyImagePath(images.foreignImageId))).statusCode).toBe(200);
  });
});
