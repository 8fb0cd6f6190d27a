import { describe, expect, it } from 'vitest';
import { DEVICE_TYPE_NAMES } from '../../contract/devices';
import { DICTIONARY_IDS, DictionaryResponse } from '../../contract/dictionaries';
import { BACKENDS, expectError, expectShape, loginAs, useApp } from './helpers';

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
});
