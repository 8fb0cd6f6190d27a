import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { decode } from '@contract/common';
import { DictionaryData, dictionaryEndpoints, type DictionaryId } from '@contract/dictionaries';
import { useT } from '@/i18n/i18n';
import { expectResult, request } from './http';
import { useLanguage, type UiLanguage } from './preferences';

/*
 * Each dictionary is fetched once per browser session, in each UI language. The
 * request names the language (the server answers its labels in it), so sessionStorage, React
 * Query and the service worker's cache all keep one copy per language: switching the language
 * in the settings asks for the other copy, and the screen follows without a reload. React Query
 * keeps each copy in memory with no staleness, so a cached value never triggers the call.
 */
const STORAGE_PREFIX = 'dictionary:';

function storageKey(language: UiLanguage, id: DictionaryId): string {
  return `${STORAGE_PREFIX}${language}:${id}`;
}

export function readCachedDictionary(id: DictionaryId, language: UiLanguage): DictionaryData | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(storageKey(language, id));
    return raw ? decode(DictionaryData, JSON.parse(raw), `cached dictionary ${language}:${id}`) : null;
  } catch {
    return null;
  }
}

function writeCachedDictionary(id: DictionaryId, language: UiLanguage, data: DictionaryData): void {
  try {
    globalThis.sessionStorage?.setItem(storageKey(language, id), JSON.stringify(data));
  } catch {
    // Quota or private mode: the in-memory copy still serves this page.
  }
}

export async function loadDictionary(id: DictionaryId, language: UiLanguage, signal?: AbortSignal): Promise<DictionaryData> {
  const cached = readCachedDictionary(id, language);
  if (cached) return cached;
  try {
    const answer = expectResult(await request(dictionaryEndpoints.getOptions, { query: { dictionaryId: id, language }, signal }));
    writeCachedDictionary(id, language, answer.data);
    return answer.data;
  } catch (error) {
    // A dictionary failure is only logged; the list stays empty.
    console.error(`Dictionary ${id} (${language}) failed to load`, error);
    throw error;
  }
}

export const dictionaryQueries = {
  all: () => ['dictionary'] as const,
  language: (language: UiLanguage) => [...dictionaryQueries.all(), language] as const,
  one: (id: DictionaryId, language: UiLanguage) =>
    queryOptions({
      queryKey: [...dictionaryQueries.language(language), id] as const,
      queryFn: ({ signal }) => loadDictionary(id, language, signal),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    }),
};

/** The label of `key`, or the missing label ('Не определено') for an unknown key or an empty set. */
export function lookupLabel(data: DictionaryData | undefined, key: string | number | null | undefined, missing: string): string {
  if (!data || key === null || key === undefined) return missing;
  const label = data[String(key)];
  return label === undefined || label === '' ? missing : label;
}

export interface DictionaryOption {
  key: string;
  label: string;
}

const EMPTY: DictionaryData = {};

/** A dictionary in the UI language: a language change loads (once per session) and shows that language's copy. */
export function useDictionary(id: DictionaryId): {
  data: DictionaryData;
  options: DictionaryOption[];
  isLoading: boolean;
  label: (key: string | number | null | undefined) => string;
} {
  const t = useT();
  const language = useLanguage();
  // Until the other language's copy arrives, the labels stay in the previous one rather than blank.
  const query = useQuery({ ...dictionaryQueries.one(id, language), placeholderData: keepPreviousData });
  const data = query.data ?? EMPTY;
  const missing = t('common.notDefined');
  const label = useCallback((key: string | number | null | undefined) => lookupLabel(data, key, missing), [data, missing]);
  const options = Object.entries(data).map(([key, value]) => ({ key, label: value }));
  return { data, options, isLoading: query.isPending, label };
}
