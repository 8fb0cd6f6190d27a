import { useCallback, useSyncExternalStore } from 'react';
import { getPreferences, useLanguage, type UiLanguage } from '@/lib/preferences';
import { ru, type MessageKey, type Messages } from './ru';

export type { MessageKey } from './ru';

/*
 * Russian is built in; English is fetched on first use, so the login route (200 KB budget)
 * carries one catalog. Until a catalog arrives, its language falls back to Russian.
 */
const catalogs: Partial<Record<UiLanguage, Messages>> = { ru };
const loaders: Record<Exclude<UiLanguage, 'ru'>, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
};
let version = 0;
const listeners = new Set<() => void>();

/** Loads a language's strings; resolves at once for Russian or a catalog already loaded. */
export async function loadCatalog(language: UiLanguage): Promise<void> {
  if (catalogs[language] || language === 'ru') return;
  catalogs[language] = await loaders[language]();
  version += 1;
  listeners.forEach((listener) => listener());
}

export type MessageParams = Record<string, string | number>;

export type Translate = (key: MessageKey, params?: MessageParams) => string;

function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Translates with an explicit language; the pure core of `t` and `useT`. */
export function translate(language: UiLanguage, key: MessageKey, params?: MessageParams): string {
  if (!catalogs[language]) void loadCatalog(language);
  return format((catalogs[language] ?? ru)[key], params);
}

/** Translates in the current UI language, outside React (loaders, toasts from plain modules). */
export const t: Translate = (key, params) => translate(getPreferences().language, key, params);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Translates in the current UI language and re-renders when it changes or its strings arrive. */
export function useT(): Translate {
  const language = useLanguage();
  const loaded = useSyncExternalStore(subscribe, () => version);
  return useCallback((key, params) => translate(language, key, params), [language, loaded]); // eslint-disable-line react-hooks/exhaustive-deps
}
