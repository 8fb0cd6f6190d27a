import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, fromWallTime, parseApiDate, toWallTime, utcOffsetLabel } from '@/lib/dates';

describe('formatDateTime: every date in the user time zone, 24-hour clock', () => {
  it('reads a zone-less server date as UTC and shows it in Moscow time', () => {
    expect(formatDateTime('2024-05-01 10:20:30', 'Europe/Moscow')).toBe('01.05.2024, 13:20:30');
  });

  it('shows the same instant differently per time zone', () => {
    const instant = '2024-05-01T21:05:00Z';
    expect(formatDateTime(instant, 'Europe/Kaliningrad')).toBe('01.05.2024, 23:05:00');
    expect(formatDateTime(instant, 'Asia/Vladivostok')).toBe('02.05.2024, 07:05:00');
    expect(formatDateTime(instant, 'UTC')).toBe('01.05.2024, 21:05:00');
    expect(formatDate(instant, 'Asia/Vladivostok')).toBe('02.05.2024');
  });

  it('never uses AM/PM, also in English', () => {
    expect(formatDateTime('2024-05-01T22:00:00Z', 'UTC', 'en')).toBe('01/05/2024, 22:00:00');
  });

  it('gives an empty string for no date or a bad one', () => {
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDateTime('', 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});

describe('wall time conversion', () => {
  it('round-trips a wall clock through an instant', () => {
    const wall = { year: 2024, month: 3, day: 31, hour: 2, minute: 30, second: 0 };
    const instant = fromWallTime(wall, 'Asia/Omsk');
    expect(instant.toISOString()).toBe('2024-03-30T20:30:00.000Z');
    expect(toWallTime(instant, 'Asia/Omsk')).toEqual(wall);
  });

  it('handles a zone with daylight saving time', () => {
    expect(fromWallTime({ year: 2024, month: 7, day: 1, hour: 12, minute: 0, second: 0 }, 'Europe/Berlin').toISOString()).toBe('2024-07-01T10:00:00.000Z');
    expect(fromWallTime({ year: 2024, month: 1, day: 1, hour: 12, minute: 0, second: 0 }, 'Europe/Berlin').toISOString()).toBe('2024-01-01T11:00:00.000Z');
  });

  it('labels offsets', () => {
    expect(utcOffsetLabel('Europe/Moscow')).toBe('UTC+03:00');
    expect(utcOffsetLabel('UTC')).toBe('UTC+00:00');
    expect(utcOffsetLabel('America/New_York', new Date('2024-01-15T00:00:00Z'))).toBe('UTC−05:00');
  });

  it('parses the API date forms', () => {
    expect(parseApiDate('2024-05-01')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(parseApiDate('2024-05-01T10:00:00+03:00')?.toISOString()).toBe('2024-05-01T07:00:00.000Z');
    expect(parseApiDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });
});
