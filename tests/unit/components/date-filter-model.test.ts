import { describe, expect, it } from 'vitest';
import { dateFilterFromValue, dateFilterToValue } from '@/components/date-filter/date-filter-model';

// The picker hands over a local Date whose fields are what the user sees.
const picked = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, m - 1, d, h, mi, s);

describe('date filter conversion', () => {
  it("gives '' for an empty or unfinished input", () => {
    expect(dateFilterToValue(null, 'start', 'Europe/Moscow')).toBe('');
    expect(dateFilterToValue(undefined, 'end', 'Europe/Moscow')).toBe('');
    expect(dateFilterToValue(new Date(Number.NaN), 'exact', 'Europe/Moscow')).toBe('');
  });

  it('takes a start day as 00:00:00 in the user zone, sent as ISO', () => {
    expect(dateFilterToValue(picked(2024, 5, 2, 15, 45), 'start', 'Europe/Moscow')).toBe('2024-05-01T21:00:00.000Z');
  });

  it('takes an end day as 23:59:59 in the user zone', () => {
    expect(dateFilterToValue(picked(2024, 5, 2), 'end', 'Europe/Moscow')).toBe('2024-05-02T20:59:59.000Z');
    expect(dateFilterToValue(picked(2024, 5, 2), 'end', 'Asia/Vladivostok')).toBe('2024-05-02T13:59:59.000Z');
  });

  it('keeps the chosen time of a date-time filter', () => {
    expect(dateFilterToValue(picked(2024, 5, 2, 9, 30, 15), 'exact', 'UTC')).toBe('2024-05-02T09:30:15.000Z');
  });

  it('shows a stored value as the wall clock of the user zone', () => {
    const shown = dateFilterFromValue('2024-05-01T21:00:00.000Z', 'Europe/Moscow');
    expect([shown?.getFullYear(), shown?.getMonth(), shown?.getDate(), shown?.getHours(), shown?.getMinutes()]).toEqual([2024, 4, 2, 0, 0]);
  });

  it("reads '' and garbage as no date", () => {
    expect(dateFilterFromValue('', 'UTC')).toBeNull();
    expect(dateFilterFromValue('yesterday', 'UTC')).toBeNull();
  });

  it('round-trips', () => {
    const value = dateFilterToValue(picked(2023, 12, 31, 23, 15), 'exact', 'Asia/Kamchatka');
    expect(dateFilterToValue(dateFilterFromValue(value, 'Asia/Kamchatka'), 'exact', 'Asia/Kamchatka')).toBe(value);
  });
});
