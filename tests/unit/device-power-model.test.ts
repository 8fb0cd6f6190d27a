import { describe, expect, it } from 'vitest';
import { decode } from '@contract/common';
import { NORMAL_BAND, POWER_RANGE_SPANS, PowerResponse, isOutsideBand } from '@contract/power';
import { linePath, linearScale, nearestIndex, timeTicks, voltTicks } from '@/features/device-power/chart-geometry';
import { translate } from '@/features/device-power/messages';
import { enMessages } from '@/features/device-power/messages-en';
import { RANGE_LABELS, chartPoints, formatTick, formatVolts, maxGapMs, outsideOf, parseRange, voltRange, withReading } from '@/features/device-power/model';
import { device } from './contract/fixtures';

const point = (at: string, min: number, avg: number, max: number, count = 1) => ({ at, min, avg, max, count });

describe('the voltage band', () => {
  it('is 11.4–13.2 V for a 12 V panel, its edges normal', () => {
    expect(NORMAL_BAND).toEqual({ min: 11.4, max: 13.2 });
    expect(isOutsideBand(11.4, NORMAL_BAND)).toBe(false);
    expect(isOutsideBand(13.2, NORMAL_BAND)).toBe(false);
    expect(isOutsideBand(11.39, NORMAL_BAND)).toBe(true);
    expect(isOutsideBand(13.21, NORMAL_BAND)).toBe(true);
  });

  it('marks a bucket by the reading that left the band: a dip at its lowest, a spike at its highest, a dip first', () => {
    expect(outsideOf({ min: 12, max: 12.5 }, NORMAL_BAND)).toBeNull();
    expect(outsideOf({ min: 10.4, max: 12.5 }, NORMAL_BAND)).toBe('low');
    expect(outsideOf({ min: 12, max: 13.8 }, NORMAL_BAND)).toBe('high');
    expect(outsideOf({ min: 10.4, max: 13.8 }, NORMAL_BAND)).toBe('low');
    const points = chartPoints([point('2026-11-20T10:00:00.000Z', 10.4, 11.9, 12.3, 4), point('2026-11-20T12:00:00.000Z', 12.1, 12.2, 12.3, 4), point('2026-11-20T14:00:00.000Z', 12.2, 12.6, 13.7, 4)], NORMAL_BAND);
    expect(points.map((item) => item.outside)).toEqual([{ side: 'low', volts: 10.4 }, null, { side: 'high', volts: 13.7 }]);
    expect(points[0].at).toEqual(new Date('2026-11-20T10:00:00.000Z'));
    expect(points[0].count).toBe(4);
  });

  it('spans the band and every reading with half a volt of air, on half-volts', () => {
    expect(voltRange([], NORMAL_BAND)).toEqual({ min: 10.5, max: 14 });
    expect(voltRange([{ min: 10.1, max: 12.3 }], NORMAL_BAND)).toEqual({ min: 9.5, max: 14 });
    expect(voltRange([{ min: 12, max: 14.2 }], NORMAL_BAND)).toEqual({ min: 10.5, max: 15 });
  });
});

describe('ranges', () => {
  it('reads the URL’s range, 24 hours for anything else', () => {
    expect(parseRange('7d')).toBe('7d');
    expect(parseRange('30d')).toBe('30d');
    expect(parseRange(null)).toBe('24h');
    expect(parseRange('1y')).toBe('24h');
  });

  it('labels each range in Russian and English', () => {
    expect(Object.values(RANGE_LABELS).map((key) => translate('ru', key))).toEqual(['24 ч', '7 дней', '30 дней']);
    expect(Object.values(RANGE_LABELS).map((key) => enMessages[key])).toEqual(['24 h', '7 days', '30 days']);
  });

  it('keeps every range to at most 360 buckets, and joins neighbours up to three buckets (90 minutes at least) apart', () => {
    for (const span of Object.values(POWER_RANGE_SPANS)) expect((span.hours * 60) / span.bucketMinutes).toBeLessThanOrEqual(360);
    expect(maxGapMs(5)).toBe(90 * 60_000);
    expect(maxGapMs(120)).toBe(360 * 60_000);
  });
});

describe('formatting', () => {
  it('writes volts with two decimals, a comma in Russian', () => {
    expect(formatVolts(12.3, 'ru')).toBe('12,30');
    expect(formatVolts(10.456, 'en')).toBe('10.46');
  });

  it('labels ticks by the time of day over 24 hours and by the day over 7 and 30, in the user’s zone', () => {
    const at = new Date('2026-11-20T21:30:00.000Z');
    expect(formatTick(at, '24h', 'Europe/Moscow', 'ru')).toBe('00:30');
    expect(formatTick(at, '7d', 'Europe/Moscow', 'ru')).toBe('21.11');
    expect(formatTick(at, '30d', 'UTC', 'ru')).toBe('20.11');
  });
});

describe('chart geometry', () => {
  it('maps values linearly, the first of the domain on the first of the range', () => {
    const y = linearScale([10, 14], [300, 10]);
    expect(y(10)).toBe(300);
    expect(y(14)).toBe(10);
    expect(y(12)).toBe(155);
  });

  it('puts volt ticks on half-volts, whole volts over a wide span', () => {
    expect(voltTicks({ min: 10.5, max: 14 })).toEqual([10.5, 11, 11.5, 12, 12.5, 13, 13.5, 14]);
    expect(voltTicks({ min: 9.5, max: 14 })).toEqual([10, 11, 12, 13, 14]);
  });

  it('puts time ticks on the wall clock of the user’s zone', () => {
    const to = new Date('2026-11-20T10:20:00.000Z');
    const from = new Date(to.getTime() - 24 * 3_600_000);
    const moscow = timeTicks(from, to, '24h', 'Europe/Moscow', false);
    expect(moscow.map((tick) => formatTick(tick, '24h', 'Europe/Moscow', 'ru'))).toEqual(['15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00']);
    expect(timeTicks(from, to, '24h', 'UTC', true).map((tick) => tick.toISOString())).toEqual(['2026-11-19T12:00:00.000Z', '2026-11-19T18:00:00.000Z', '2026-11-20T00:00:00.000Z', '2026-11-20T06:00:00.000Z']);
    const week = timeTicks(new Date(to.getTime() - 7 * 86_400_000), to, '7d', 'Europe/Moscow', false);
    expect(week).toHaveLength(7);
    expect(week[0].toISOString()).toBe('2026-11-13T21:00:00.000Z');
    const month = timeTicks(new Date(to.getTime() - 30 * 86_400_000), to, '30d', 'UTC', true);
    expect(month.map((tick) => tick.toISOString().slice(0, 10))).toEqual(['2026-10-22', '2026-11-01', '2026-11-11']);
  });

  it('draws a line that breaks where readings are missing', () => {
    const times = [0, 60_000, 120_000, 600_000, 660_000];
    expect(linePath(times, (t) => t / 60_000, () => 5, (t) => t, 90_000)).toBe('M0.0,5.0L1.0,5.0L2.0,5.0M10.0,5.0L11.0,5.0');
    expect(linePath([], (t: number) => t, () => 0, (t) => t, 1)).toBe('');
    // A point alone between gaps is drawn as a dot (a zero-length stroke with a round cap).
    expect(linePath([0, 600_000, 1_200_000, 1_260_000], (t) => t / 60_000, () => 5, (t) => t, 90_000)).toBe('M0.0,5.0h0M10.0,5.0h0M20.0,5.0L21.0,5.0');
    expect(linePath([0], () => 1, () => 2, (t) => t, 1)).toBe('M1.0,2.0h0');
  });

  it('finds the bucket nearest to the pointer', () => {
    expect(nearestIndex([], 5)).toBe(-1);
    expect(nearestIndex([0, 10, 20], -5)).toBe(0);
    expect(nearestIndex([0, 10, 20], 14)).toBe(1);
    expect(nearestIndex([0, 10, 20], 16)).toBe(2);
    expect(nearestIndex([0, 10, 20], 99)).toBe(2);
  });
});

describe('a reading taken now', () => {
  it('becomes the last reading, is counted, and is drawn at the end of the chart', () => {
    const answer = decode(PowerResponse, {
      result: true,
      device: device(),
      address: null,
      liveStatus: true,
      range: '24h',
      from: '2026-11-19T10:00:00.000Z',
      to: '2026-11-20T10:00:00.000Z',
      bucketMinutes: 5,
      band: { ...NORMAL_BAND },
      points: [point('2026-11-20T09:30:00.000Z', 12.2, 12.2, 12.2)],
      last: { measuredAt: '2026-11-20T09:30:00.000Z', volts: 12.2, source: 'poll' },
      readingCount: 10,
      outsideCount: 2,
    });
    const reading = { measuredAt: '2026-11-20T10:00:05.000Z', volts: 10.7, source: 'manual' as const };
    const next = withReading(answer, reading);
    expect(next.last).toEqual(reading);
    expect(next.points.at(-1)).toEqual(point(reading.measuredAt, 10.7, 10.7, 10.7));
    expect(next).toMatchObject({ readingCount: 11, outsideCount: 3 });
    expect(withReading(answer, { ...reading, volts: 12.3 })).toMatchObject({ readingCount: 11, outsideCount: 2 });
  });
});
