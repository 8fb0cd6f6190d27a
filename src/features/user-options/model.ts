import type { UserOption } from '@contract/user-options';
import { parseApiDate } from '@/lib/dates';
import { DEFAULT_LANGUAGE, DEFAULT_TIMEZONE } from '@/lib/preferences';
import { optionValue } from './option-value';

export { optionValue } from './option-value';

export interface SettingsFormValues {
  language: string;
  timezone: string;
}

/** The form starts from the stored options; an option never saved shows the default (ru, Europe/Moscow). */
export function formValuesFromOptions(options: readonly UserOption[] | undefined): SettingsFormValues {
  return {
    language: optionValue(options, 'language') ?? DEFAULT_LANGUAGE,
    timezone: optionValue(options, 'timezone') ?? DEFAULT_TIMEZONE,
  };
}

/** The latest change among the options the screen edits; null when none was ever saved. */
export function lastChangeDate(options: readonly UserOption[] | undefined): string | null {
  let latest: { raw: string; time: number } | null = null;
  for (const option of options ?? []) {
    if (option.optionName !== 'language' && option.optionName !== 'timezone') continue;
    const time = parseApiDate(option.lastChangeDate)?.getTime();
    if (time !== undefined && (latest === null || time > latest.time)) latest = { raw: option.lastChangeDate, time };
  }
  return latest?.raw ?? null;
}

/** A select's options: the dictionary's values, plus the current value if the dictionary lacks it (or failed to load). */
export function selectValues(dictionaryValues: readonly string[], current: string): string[] {
  const unique = [...new Set(dictionaryValues.filter((value) => value !== ''))];
  return unique.includes(current) ? unique : [current, ...unique];
}
