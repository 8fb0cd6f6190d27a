import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEVICE_TYPE_NAMES } from '../../contract/devices';
import { DICTIONARY_IDS, DictionaryResponse, type DictionaryId } from '../../contract/dictionaries';
import { dictionaryOptionLabels } from '../../server/db/schema/dictionaries';
import { userOptions } from '../../server/db/schema/users';
import { syncDictionaries } from '../../server/repositories/dictionaries';
import { DICTIONARIES, DICTIONARY_LABELS } from '../../server/seed/dictionaries';
import { ACCOUNTS, BACKENDS, expectError, expectShape, loginAs, useApp, type TestClient } from './helpers';

/** Sets the user's option `language` as the settings screen does. */
async function setLanguage(client: TestClient, language: string): Promise<void> {
  expect((await client.request('PUT', '/front/user-options', { payload: { settingOptions: { language } } })).statusCode).toBe(200);
}

async function dictionary(client: TestClient, dictionaryId: DictionaryId, language?: string) {
  const query = language === undefined ? '' : `&language=${language}`;
  return expectShape(DictionaryResponse, (await client.get(`/front/dictionary/get-options?dictionaryId=${dictionaryId}${query}`)).json()).data;
}

/** The sets whose labels are words (not codes): each has an English label for every option. */
const WORDED: readonly DictionaryId[] = ['echo_cancellation_type', 'reasons_removing_device', 'device_purposes', 'stream_type'];

describe('dictionary labels (seed)', () => {
  it('gives every option of the worded sets an English label, and no label to an option that does not exist', () => {
    const english = DICTIONARY_LABELS.en;
    for (const id of WORDED) {
      expect(Object.keys(english[id] ?? {}), id).toEqual(Object.keys(DICTIONARIES[id]));
      for (const label of Object.values(english[id] ?? {})) expect(label, id).toMatch(/^[\x20-\x7e]+$/);
    }
    for (const [id, labels] of Object.entries(english)) expect(Object.keys(DICTIONARIES[id as DictionaryId])).toEqual(expect.arrayContaining(Object.keys(labels)));
  });
});

describe.each(BACKENDS)('dictionaries on %s', (backend) => {
  const app = useApp(backend);

  it.each(DICTIONARY_IDS)('serves %s: numeric keys to non-empty labels', async (dictionaryId) => {
    const client = await loginAs(app(), 'support');
    const body = expectShape(DictionaryResponse, (await client.get(`/front/dictionary/get-options?dictionaryId=${dictionaryId}`)).json());
    expect(body.result).toBe(true);
    expect(Object.keys(body.data).length).toBeGreaterThan(0);
    for (const [key, label] of Object.entries(body.data)) {
      expect(key).toMatch(/^\d+$/);
      expect(label.trim()).not.toBe('');
    }
  });

  it('names the 16 device types 0..15', async () => {
    const client = await loginAs(app(), 'installer');
    const body = expectShape(DictionaryResponse, (await client.get('/front/dictionary/get-options?dictionaryId=device_types')).json());
    expect(body.data).toEqual(Object.fromEntries(DEVICE_TYPE_NAMES.map((name, type) => [String(type), name])));
  });

  it('offers the languages ru, en and the Russian time zones with UTC', async () => {
    const client = await loginAs(app(), 'operator');
    const languages = expectShape(DictionaryResponse, (await client.get('/front/dictionary/get-options?dictionaryId=supported_languages')).json());
    expect(languages.data).toEqual({ 1: 'ru', 2: 'en' });
    const zones = expectShape(DictionaryResponse, (await client.get('/front/dictionary/get-options?dictionaryId=supported_timezones')).json());
    expect(Object.values(zones.data)).toEqual([
      'Europe/Kaliningrad',
      'Europe/Moscow',
      'Europe/Samara',
      'Asia/Yekaterinburg',
      'Asia/Omsk',
      'Asia/Novosibirsk',
      'Asia/Krasnoyarsk',
      'Asia/Irkutsk',
      'Asia/Yakutsk',
      'Asia/Vladivostok',
      'Asia/Magadan',
      'Asia/Kamchatka',
      'UTC',
    ]);
    for (const zone of Object.values(zones.data)) expect(() => new Intl.DateTimeFormat('ru', { timeZone: zone })).not.toThrow();
  });

  it('refuses an unknown dictionary: 400 listing the known ones', async () => {
    const client = await loginAs(app(), 'admin');
    expectError(await client.get('/front/dictionary/get-options?dictionaryId=unknown'), 400, /dictionaryId: допустимые значения: device_types, supported_languages/);
  });

  it('answers in Russian by default, and in English once the user chose English', async () => {
    const client = await loginAs(app(), 'installer');
    expect(await dictionary(client, 'device_purposes')).toEqual({ 1: 'Подъездная панель', 2: 'Калитка', 3: 'Шлагбаум', 4: 'Консьерж', 5: 'Дополнительная панель' });
    await setLanguage(client, 'en');
    try {
      expect(await dictionary(client, 'device_purposes')).toEqual({ 1: 'Entrance panel', 2: 'Gate', 3: 'Barrier', 4: 'Concierge', 5: 'Additional panel' });
      expect(await dictionary(client, 'echo_cancellation_type')).toMatchObject({ 0: 'Off', 2: 'Hardware (DSP)' });
      expect(await dictionary(client, 'reasons_removing_device')).toMatchObject({ 3: 'Vandalism', 6: 'Other' });
      expect(await dictionary(client, 'stream_type')).toMatchObject({ 1: 'Main stream (H.264)', 3: 'MJPEG' });
      // Codes read the same in every language.
      expect(await dictionary(client, 'supported_languages')).toEqual({ 1: 'ru', 2: 'en' });
      expect(await dictionary(client, 'device_types')).toEqual(Object.fromEntries(DEVICE_TYPE_NAMES.map((name, type) => [String(type), name])));
      // Another user keeps Russian.
      const other = await loginAs(app(), 'operator');
      expect((await dictionary(other, 'stream_type'))[1]).toBe('Основной поток (H.264)');
    } finally {
      await setLanguage(client, 'ru');
    }
  });

  it('answers in Russian to a user with no language option', async () => {
    const db = app().database.drizzle;
    const client = await loginAs(app(), 'operator');
    await setLanguage(client, 'en');
    await db.delete(userOptions).where(and(eq(userOptions.userId, ACCOUNTS.operator.id), eq(userOptions.optionName, 'language')));
    try {
      expect((await dictionary(client, 'device_purposes'))[4]).toBe('Консьерж');
    } finally {
      await setLanguage(client, 'ru');
    }
  });

  it('answers in the language the app names, whatever the user option says', async () => {
    const client = await loginAs(app(), 'support');
    expect((await dictionary(client, 'device_purposes', 'en'))[2]).toBe('Gate');
    expect((await dictionary(client, 'device_purposes', 'ru'))[2]).toBe('Калитка');
    expectError(
      await client.get('/front/dictionary/get-options?dictionaryId=device_purposes&language=de'),
      400,
      /Некорректное поле language: неизвестный язык "de"/,
    );
  });

  it('falls back to the Russian label of an option with no English one, as on an operator’s own back end', async () => {
    const db = app().database.drizzle;
    const client = await loginAs(app(), 'admin');
    await db.delete(dictionaryOptionLabels).where(and(eq(dictionaryOptionLabels.dictionaryId, 'reasons_removing_device'), eq(dictionaryOptionLabels.key, 3)));
    try {
      const english = await dictionary(client, 'reasons_removing_device', 'en');
      expect(english[3]).toBe('Вандализм');
      expect(english[1]).toBe('Device fault');
    } finally {
      await syncDictionaries(db);
    }
    expect((await dictionary(client, 'reasons_removing_device', 'en'))[3]).toBe('Vandalism');
  });
});
