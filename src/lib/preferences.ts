import { useSyncExternalStore } from 'react';

/** The UI languages the app has strings for. */
export const UI_LANGUAGES = ['ru', 'en'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: UiLanguage = 'ru';
export const DEFAULT_TIMEZONE = 'Europe/Moscow';

export interface Preferences {
  language: UiLanguage;
  timezone: string;
}

/*
 * The server keeps the user's options; this copy in localStorage lets the shell start in the
 * right language and timezone before (or without) the options call, e.g. on the login page.
 */
const STORAGE_KEY = 'preferences';

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

export function isValidTimezone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function readStored(): Preferences {
  const fallback: Preferences = { language: DEFAULT_LANGUAGE, timezone: DEFAULT_TIMEZONE };
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return fallback;
    const parsed = JSON.parse(raw) as Partial<Record<keyof Preferences, unknown>>;
    return {
      language: isUiLanguage(parsed.language) ? parsed.language : fallback.language,
      timezone: isValidTimezone(parsed.timezone) ? parsed.timezone : fallback.timezone,
    };
  } catch {
    return fallback;
  }
}

let current: Preferences = readStored();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPreferences(): Preferences {
  return current;
}

/** Applies the options the server holds; unknown values are ignored (the old value stays). */
export function setPreferences(next: { language?: string | null; timezone?: string | null }): void {
  const updated: Preferences = {
    language: isUiLanguage(next.language) ? next.language : current.language,
    timezone: isValidTimezone(next.timezone) ? next.timezone : current.timezone,
  };
  if (updated.language === current.language && updated.timezone === current.timezone) return;
  current = updated;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Private mode or a full quota: the preferences still apply for this page's life.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = current.language;
  listeners.forEach((listener) => listener());
}

/** Re-reads localStorage; for tests and for a login as another user. */
export function resetPreferencesFromStorage(): void {
  current = readStored();
  listeners.forEach((listener) => listener());
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}

export function useLanguage(): UiLanguage {
  return usePreferences().language;
}

export function useTimezone(): string {
  return usePreferences().timezone;
}
