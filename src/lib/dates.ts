import { useCallback } from 'react';
import { usePreferences, type UiLanguage } from './preferences';

export type DateInput = Date | string | number | null | undefined;

/** Wall-clock parts of an instant in some time zone. `month` is 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const LOCALE_OF: Record<UiLanguage, string> = { ru: 'ru-RU', en: 'en-GB' };

/** `2024-05-01 10:20:30` (no zone) is what many PHP back ends send; we read it as UTC (docs/api.md). */
const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads the date forms the API uses; null when the value is empty or not a date. */
export function parseApiDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const text = value.trim();
  const naive = NAIVE_DATE_TIME.exec(text);
  if (naive) {
    const [, y, mo, d, h, mi, s] = naive;
    return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)));
  }
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) return new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])));
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: UiLanguage, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE_OF[language], {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

/** A date and time in the user's time zone, 24-hour clock: `01.05.2024, 13:20:30`. Empty for no date. */
export function formatDateTime(value: DateInput, timeZone: string, language: UiLanguage = 'ru'): string {
  const date = parseApiDate(value);
  return date ? formatter(language, timeZone, true).format(date) : '';
}

/** A calendar date in the user's time zone: `01.05.2024`. */
export function formatDate(value: DateInput, timeZone: string, language: UiLanguage = 'ru'): string {
  const date = parseApiDate(value);
  return date ? formatter(language, timeZone, false).format(date) : '';
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `instant`. */
export function toWallTime(instant: Date, timeZone: string): WallTime {
  let parts = partsFormatters.get(timeZone);
  if (!parts) {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, parts);
  }
  const found: Record<string, number> = {};
  for (const part of parts.formatToParts(instant)) {
    if (part.type !== 'literal') found[part.type] = Number(part.value);
  }
  return { year: found.year, month: found.month, day: found.day, hour: found.hour % 24, minute: found.minute, second: found.second };
}

function offsetAt(utcMillis: number, timeZone: string): number {
  const wall = toWallTime(new Date(utcMillis), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(utcMillis / 1000) * 1000;
}

/** The instant at which the wall clock in `timeZone` shows `wall`. */
export function fromWallTime(wall: WallTime, timeZone: string): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second);
}

/** Offset label of a time zone now, e.g. `UTC+03:00`. */
export function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  const minutes = Math.round(offsetAt(at.getTime(), timeZone) / 60_000);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Formatting bound to the user's time zone and language; every date on screen goes through it. */
const AGE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago `at` was, in the largest whole unit and the user's language («5 минут назад»,
 * «2 days ago»; under a minute «сейчас»): the age of data saved for offline work.
 */
export function formatAgo(at: number, now: number, language: UiLanguage = 'ru'): string {
  const format = new Intl.RelativeTimeFormat(LOCALE_OF[language], { numeric: 'auto' });
  const age = Math.max(0, now - at);
  for (const [unit, ms] of AGE_UNITS) if (age >= ms) return format.format(-Math.floor(age / ms), unit);
  return format.format(0, 'second');
}

export function useDateFormat(): {
  dateTime: (value: DateInput) => string;
  date: (value: DateInput) => string;
  ago: (at: number, now: number) => string;
  timeZone: string;
} {
  const { language, timezone } = usePreferences();
  const dateTime = useCallback((value: DateInput) => formatDateTime(value, timezone, language), [timezone, language]);
  const date = useCallback((value: DateInput) => formatDate(value, timezone, language), [timezone, language]);
  const ago = useCallback((at: number, now: number) => formatAgo(at, now, language), [language]);
  return { dateTime, date, ago, timeZone: timezone };
}
