import { historyDateRange } from '@contract/history';
import { toWallTime } from '@/lib/dates';

/*
 * A day filter kept in the URL as the user's calendar day (`YYYY-MM-DD`), shown in the date filter
 * (whose value is an ISO instant) and sent as the day's 00:00:00 / 23:59:59 in the user's time
 * zone (`historyDateRange`).
 */

/** A `YYYY-MM-DD` that is a real calendar day. */
export function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** The day's start in the user's time zone as the date filter's value (ISO); '' for no day. */
export function dayToPickerValue(day: string, timeZone: string): string {
  return isDay(day) ? (historyDateRange(day, null, timeZone).dateFrom ?? '') : '';
}

/** The date filter's value (ISO) as the day it falls on in the user's time zone; '' when empty. */
export function pickerValueToDay(value: string, timeZone: string): string {
  if (value === '') return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day } = toWallTime(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A day a person means (not a year half typed: 0002, 0020 …). */
export function isPlausibleDay(day: string): boolean {
  return isDay(day) && day >= '1900-01-01' && day <= '2199-12-31';
}
