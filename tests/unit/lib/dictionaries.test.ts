import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDictionary, lookupLabel, readCachedDictionary, useDictionary } from '@/lib/dictionaries';
import { setPreferences } from '@/lib/preferences';
import { stubFetch } from '../helpers/fetch-stub';
import { jsonResponse, testQueryClient } from '../helpers/render';

const LANGUAGES = { '1': 'ru', '2': 'en' };
const PURPOSES = {
  ru: { '1': 'Подъездная панель', '2': 'Калитка' },
  en: { '1': 'Entrance panel', '2': 'Gate' },
};

afterEach(() => {
  setPreferences({ language: 'ru' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Answers device_purposes in the language the request names, and supported_languages as is. */
function stubServer(): string[] {
  return stubFetch((url) => {
    const query = new URL(url, 'http://app.test').searchParams;
    if (query.get('dictionaryId') === 'supported_languages') return jsonResponse(200, { result: true, data: LANGUAGES });
    if (query.get('dictionaryId') === 'device_purposes') return jsonResponse(200, { result: true, data: PURPOSES[query.get('language') === 'en' ? 'en' : 'ru'] });
    return jsonResponse(500, { result: false, message: 'x' });
  });
}

function wrapper() {
  const client = testQueryClient();
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
}

describe('dictionaries', () => {
  it('calls GET /front/dictionary/get-options once per browser session and language, naming the language', async () => {
    const urls = stubServer();
    expect(await loadDictionary('supported_languages', 'ru')).toEqual(LANGUAGES);
    expect(await loadDictionary('supported_languages', 'ru')).toEqual(LANGUAGES);
    expect(urls).toEqual(['/front/dictionary/get-options?dictionaryId=supported_languages&language=ru']);
    expect(readCachedDictionary('supported_languages', 'ru')).toEqual(LANGUAGES);
  });

  it('keeps each language apart: the Russian copy never answers for English, nor the other way round', async () => {
    const urls = stubServer();
    expect(await loadDictionary('device_purposes', 'ru')).toEqual(PURPOSES.ru);
    expect(readCachedDictionary('device_purposes', 'en')).toBeNull();
    expect(await loadDictionary('device_purposes', 'en')).toEqual(PURPOSES.en);
    expect(await loadDictionary('device_purposes', 'ru')).toEqual(PURPOSES.ru);
    expect(await loadDictionary('device_purposes', 'en')).toEqual(PURPOSES.en);
    expect(urls).toEqual([
      '/front/dictionary/get-options?dictionaryId=device_purposes&language=ru',
      '/front/dictionary/get-options?dictionaryId=device_purposes&language=en',
    ]);
    expect(JSON.parse(sessionStorage.getItem('dictionary:en:device_purposes') ?? 'null')).toEqual(PURPOSES.en);
    expect(JSON.parse(sessionStorage.getItem('dictionary:ru:device_purposes') ?? 'null')).toEqual(PURPOSES.ru);
  });

  it('skips the call when the session already holds the dictionary in that language', async () => {
    sessionStorage.setItem('dictionary:ru:device_types', JSON.stringify({ '0': 'IMD1_B' }));
    const urls = stubServer();
    expect(await loadDictionary('device_types', 'ru')).toEqual({ '0': 'IMD1_B' });
    expect(urls).toEqual([]);
  });

  it('ignores a copy stored without a language (an earlier version of the app)', async () => {
    sessionStorage.setItem('dictionary:device_purposes', JSON.stringify({ '1': 'Подъездная панель' }));
    const urls = stubServer();
    expect(await loadDictionary('device_purposes', 'en')).toEqual(PURPOSES.en);
    expect(urls).toHaveLength(1);
  });

  it('only logs a failure, caching nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { result: false, message: 'boom' })));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loadDictionary('stream_type', 'en')).rejects.toThrow('boom');
    expect(log).toHaveBeenCalledOnce();
    expect(readCachedDictionary('stream_type', 'en')).toBeNull();
  });

  it("labels a missing key or an empty set 'Не определено'", () => {
    expect(lookupLabel(LANGUAGES, 2, 'Не определено')).toBe('en');
    expect(lookupLabel(LANGUAGES, '9', 'Не определено')).toBe('Не определено');
    expect(lookupLabel({}, '1', 'Не определено')).toBe('Не определено');
    expect(lookupLabel(undefined, '1', 'Не определено')).toBe('Не определено');
    expect(lookupLabel(LANGUAGES, null, 'Не определено')).toBe('Не определено');
  });

  it('useDictionary gives options and labels, and an empty list when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer();
    const options = { wrapper: wrapper() };
    const languages = renderHook(() => useDictionary('supported_languages'), options);
    await waitFor(() => expect(languages.result.current.options).toEqual([{ key: '1', label: 'ru' }, { key: '2', label: 'en' }]));
    expect(languages.result.current.label('1')).toBe('ru');
    expect(languages.result.current.label('3')).toBe('Не определено');
    const streams = renderHook(() => useDictionary('stream_type'), options);
    await waitFor(() => expect(streams.result.current.isLoading).toBe(false));
    expect(streams.result.current.options).toEqual([]);
    expect(streams.result.current.label('1')).toBe('Не определено');
  });

  it('useDictionary follows a language change without a reload: the English copy is fetched once, the Russian one comes back from the cache', async () => {
    const urls = stubServer();
    const purposes = renderHook(() => useDictionary('device_purposes'), { wrapper: wrapper() });
    await waitFor(() => expect(purposes.result.current.label(2)).toBe('Калитка'));

    act(() => setPreferences({ language: 'en' }));
    // Until the English copy arrives the labels stay Russian, never blank.
    expect(purposes.result.current.label(2)).toBe('Калитка');
    await waitFor(() => expect(purposes.result.current.label(2)).toBe('Gate'));
    expect(purposes.result.current.options).toEqual([
      { key: '1', label: 'Entrance panel' },
      { key: '2', label: 'Gate' },
    ]);

    act(() => setPreferences({ language: 'ru' }));
    await waitFor(() => expect(purposes.result.current.label(2)).toBe('Калитка'));
    expect(urls).toEqual([
      '/front/dictionary/get-options?dictionaryId=device_purposes&language=ru',
      '/front/dictionary/get-options?dictionaryId=device_purposes&language=en',
    ]);
  });
});
