import { useCallback, useSyncExternalStore } from 'react';
import { getPreferences, useLanguage, type UiLanguage } from '@/lib/preferences';
import { asCodedText, wordNested, type CodedText, type ServerTextCode } from '@contract/server-texts';
import { ru, type MessageKey, type Messages } from './ru';

export type { MessageKey } from './ru';

/*
 * Russian is built in; English is fetched on first use, so the login route (200 KB budget)
 * carries one catalog. Until a catalog arrives, its language falls back to Russian.
 */
const catalogs: Partial<Record<UiLanguage, Messages>> = { ru };
/** The server's coded sentences in the other languages; loaded with the shell's strings, as errors may come from any screen. */
const serverTextCatalogs: Partial<Record<UiLanguage, ServerTextCatalog>> = {};
type ServerTextCatalog = Readonly<Record<ServerTextCode, string>>;
const loaders: Record<Exclude<UiLanguage, 'ru'>, () => Promise<{ messages: Messages; serverTexts: ServerTextCatalog }>> = {
  en: () => import('./en').then((m) => ({ messages: m.en, serverTexts: m.serverTextsEn })),
};
let version = 0;
const listeners = new Set<() => void>();

/** Loads a language's strings; resolves at once for Russian or a catalog already loaded. */
export async function loadCatalog(language: UiLanguage): Promise<void> {
  if (catalogs[language] || language === 'ru') return;
  const { messages, serverTexts } = await loaders[language]();
  catalogs[language] = messages;
  serverTextCatalogs[language] = serverTexts;
  notifyCatalogLoaded();
}

export type MessageParams = Record<string, string | number>;

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Translates with an explicit language; the pure core of `t` and `useT`. */
export function translate(language: UiLanguage, key: MessageKey, params?: MessageParams): string {
  if (!catalogs[language]) void loadCatalog(language);
  return format((catalogs[language] ?? ru)[key], params);
}

/**
 * A sentence of the server in `language`: its code worded by the catalog, else (Russian, a code
 * this version does not know, another back end's plain text) the server's own words.
 */
export function serverTextIn(language: UiLanguage, text: string | CodedText): string {
  const coded = asCodedText(text);
  if (language === 'ru' || coded.messageCode === undefined) return coded.message;
  if (!catalogs[language]) void loadCatalog(language);
  // Looked up by any string: the code comes from the wire and may be newer than this version.
  const catalog: Readonly<Partial<Record<string, string>>> | undefined = serverTextCatalogs[language];
  const template = catalog && Object.hasOwn(catalog, coded.messageCode) ? catalog[coded.messageCode] : undefined;
  if (template === undefined) return coded.message;
  // A sentence inside (a device's reason in a write's note) is worded first.
  const worded = format(template, wordNested(coded.messageParams ?? {}, (nested) => serverTextIn(language, nested)));
  // A parameter the server did not send would show as {name}: its own words read better.
  return /\{\w+\}/.test(worded) ? coded.message : worded;
}

/** Translates in the current UI language, outside React (loaders, toasts from plain modules). */
export const t: Translate = (key, params) => translate(getPreferences().language, key, params);

/** Any catalog (the shell's or a feature's) that arrives re-renders every `useT` user. */
export function notifyCatalogLoaded(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

export function subscribeCatalogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const catalogVersion = (): number => version;

/** Whether the shell's strings of `language` are in (Russian always is). */
export function isCatalogLoaded(language: UiLanguage): boolean {
  return language === 'ru' || catalogs[language] !== undefined;
}

/** Words the server's sentences in the current UI language; re-renders when it changes or its strings arrive. */
export function useServerText(): (text: string | CodedText) => string {
  const language = useLanguage();
  const loaded = useSyncExternalStore(subscribeCatalogs, catalogVersion);
  return useCallback((text) => serverTextIn(language, text), [language, loaded]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Translates in the current UI language and re-renders when it changes or its strings arrive. */
export function useT(): Translate {
  const language = useLanguage();
  const loaded = useSyncExternalStore(subscribeCatalogs, catalogVersion);
  return useCallback((key, params) => translate(language, key, params), [language, loaded]); // eslint-disable-line react-hooks/exhaustive-deps
}


export type FeatureTranslate<Key extends string> = (key: Key | MessageKey, params?: MessageParams) => string;

export interface FeatureCatalog<Key extends string> {
  /** Translates with an explicit language; the pure core of `t` and `useT`. */
  translate: (language: UiLanguage, key: Key | MessageKey, params?: MessageParams) => string;
  /** Translates in the current UI language, outside React. */
  t: FeatureTranslate<Key>;
  /** Translates in the current UI language and re-renders when it changes or its strings arrive. */
  useT: () => FeatureTranslate<Key>;
}

/**
 * A feature's own strings, so each route chunk carries only the text it shows (route budgets:
 * login 200 KB, wizards 250 KB gzip). Russian is bundled with the feature; other languages are
 * fetched on first use. Keys the feature does not own fall through to the shell's catalog.
 */
export function defineCatalog<const Ru extends Record<string, string>>(
  ru: Ru,
  loaders: Record<Exclude<UiLanguage, 'ru'>, () => Promise<Record<keyof Ru, string>>>,
): FeatureCatalog<keyof Ru & string> {
  type Key = keyof Ru & string;
  const loaded: Partial<Record<UiLanguage, Record<Key, string>>> = { ru };
  const pending = new Set<UiLanguage>();

  const owns = (key: string): key is Key => Object.hasOwn(ru, key);

  function load(language: Exclude<UiLanguage, 'ru'>): void {
    if (pending.has(language)) return;
    pending.add(language);
    loaders[language]().then(
      (messages) => {
        loaded[language] = messages;
        notifyCatalogLoaded();
      },
      () => pending.delete(language),
    );
  }

  function translateIn(language: UiLanguage, key: Key | MessageKey, params?: MessageParams): string {
    if (!owns(key)) return translate(language, key, params);
    const messages = loaded[language];
    if (!messages && language !== 'ru') load(language);
    return format((messages ?? ru)[key], params);
  }

  return {
    translate: translateIn,
    t: (key, params) => translateIn(getPreferences().language, key, params),
    useT() {
      const language = useLanguage();
      const version = useSyncExternalStore(subscribeCatalogs, catalogVersion);
      return useCallback((key, params) => translateIn(language, key, params), [language, version]); // eslint-disable-line react-hooks/exhaustive-deps
    },
  };
}
