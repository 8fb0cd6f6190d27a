import { fromWallTime, toWallTime } from '@/lib/dates';

/**
 * A date filter's value is an ISO timestamp string, '' when empty. A chosen day
 * becomes 00:00:00 (start of a range) or 23:59:59 (end of a range) of that day.
 *
 * The pickers work on plain `Date`s whose local fields are what the user sees. The user's
 * time zone may differ from the browser's, so those fields are read as the wall clock in the
 * user's zone, and a stored value is shown as the wall clock in that zone.
 */
export type DateBound = 'start' | 'end' | 'exact';

function isValidDate(value: Date | null | undefined): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** Picker value → filter value (ISO, or '' for an empty or unfinished input). */
export function dateFilterToValue(picked: Date | null | undefined, bound: DateBound, timeZone: string): string {
  if (!isValidDate(picked)) return '';
  const wall = {
    year: picked.getFullYear(),
    month: picked.getMonth() + 1,
    day: picked.getDate(),
    hour: picked.getHours(),
    minute: picked.getMinutes(),
    second: picked.getSeconds(),
  };
  if (bound === 'start') Object.assign(wall, { hour: 0, minute: 0, second: 0 });
  if (bound === 'end') Object.assign(wall, { hour: 23, minute: 59, second: 59 });
  return fromWallTime(wall, timeZone).toISOString();
}

/** Filter value → picker value (null for '' or garbage from a hand-edited URL). */
export function dateFilterFromValue(value: string | null | undefined, timeZone: string): Date | null {
  if (!value) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const wall = toWallTime(instant, timeZone);
  return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}
