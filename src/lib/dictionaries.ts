import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { decode } from '@contract/common';
import { DictionaryData, dictionaryEndpoints, type DictionaryId } from '@contract/dictionaries';
import { useT } from '@/i18n/i18n';
import { expectResult, request } from './http';

/*
 * spec §7/§9: each dictionary is fetched once per browser session. sessionStorage holds the
 * answer for the tab's life (reloads included); React Query keeps it in memory with no
 * staleness, so a cached value never triggers the call.
 */
const STORAGE_PREFIX = 'dictionary:';

export function readCachedDictionary(id: DictionaryId): DictionaryData | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_PREFIX + id);
    return raw ? decode(DictionaryData, JSON.parse(raw), `cached dictionary ${id}`) : null;
  } catch {
    return null;
  }
}

function writeCachedDictionary(id: DictionaryId, data: DictionaryData): void {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_PREFIX + id, JSON.stringify(data));
  } catch {
    // Quota or private mode: the in-memory copy still serves this page.
  }
}

export async function loadDictionary(id: DictionaryId, signal?: AbortSignal): Promise<DictionaryData> {
  const cached = readCachedDictionary(id);
  if (cached) return cached;
  try {
    const answer = expectResult(await request(dictionaryEndpoints.getOptions, { query: { dictionaryId: id }, signal }));
    writeCachedDictionary(id, answer.data);
    return answer.data;
  } catch (error) {
    // spec §8: a dictionary failure is only logged; the list stays empty.
    console.error(`Dictionary ${id} failed to load`, error);
    throw error;
  }
}

export const dictionaryQueries = {
  all: () => ['dictionary'] as const,
  one: (id: DictionaryId) =>
    queryOptions({
      queryKey: [...dictionaryQueries.all(), id] as const,
      queryFn: ({ signal }) => loadDictionary(id, signal),
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

export function useDictionary(id: DictionaryId): {
  data: DictionaryData;
  options: DictionaryOption[];
  isLoading: boolean;
  label: (key: string | number | null | undefined) => string;
} {
  const t = useT();
  const query = useQuery(dictionaryQueries.one(id));
  const data = query.data ?? EMPTY;
  const missing = t('common.notDefined');
  const label = useCallback((key: string | number | null | undefined) => lookupLabel(data, key, missing), [data, missing]);
  const options = Object.entries(data).map(([key, value]) => ({ key, label: value }));
  return { data, options, isLoading: query.isPending, label };
}
