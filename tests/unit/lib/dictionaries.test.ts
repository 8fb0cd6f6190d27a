import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDictionary, lookupLabel, readCachedDictionary, useDictionary } from '@/lib/dictionaries';
import { jsonResponse, testQueryClient } from '../helpers/render';

const LANGUAGES = { '1': 'ru', '2': 'en' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dictionaries (spec §7, §9)', () => {
  it('calls GET /front/dictionary/get-options once per browser session', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { result: true, data: LANGUAGES }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadDictionary('supported_languages')).toEqual(LANGUAGES);
    expect(await loadDictionary('supported_languages')).toEqual(LANGUAGES);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/front/dictionary/get-options?dictionaryId=supported_languages', expect.anything()]);
    expect(readCachedDictionary('supported_languages')).toEqual(LANGUAGES);
  });

  it('skips the call when the session already holds the dictionary', async () => {
    sessionStorage.setItem('dictionary:device_types', JSON.stringify({ '0': 'IMD1_B' }));
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadDictionary('device_types')).toEqual({ '0': 'IMD1_B' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('only logs a failure, caching nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { result: false, message: 'boom' })));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loadDictionary('stream_type')).rejects.toThrow('boom');
    expect(log).toHaveBeenCalledOnce();
    expect(readCachedDictionary('stream_type')).toBeNull();
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('supported_languages') ? jsonResponse(200, { result: true, data: LANGUAGES }) : jsonResponse(500, { result: false, message: 'x' }),
      ),
    );
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const languages = renderHook(() => useDictionary('supported_languages'), { wrapper });
    await waitFor(() => expect(languages.result.current.options).toEqual([{ key: '1', label: 'ru' }, { key: '2', label: 'en' }]));
    expect(languages.result.current.label('1')).toBe('ru');
    expect(languages.result.current.label('3')).toBe('Не определено');
    const purposes = renderHook(() => useDictionary('device_purposes'), { wrapper });
    await waitFor(() => expect(purposes.result.current.isLoading).toBe(false));
    expect(purposes.result.current.options).toEqual([]);
    expect(purposes.result.current.label('1')).toBe('Не определено');
  });
});
