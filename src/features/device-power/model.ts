import { DEFAULT_POWER_RANGE, POWER_RANGES, isOutsideBand, type PowerRange, type PowerResponse, type VoltageBand, type VoltagePoint, type VoltageReading } from '@contract/power';
import type { UiLanguage } from '@/lib/preferences';
import type { FeatureMessageKey } from './messages';

export const RANGE_LABELS: Record<PowerRange, FeatureMessageKey> = { '24h': 'power.range.24h', '7d': 'power.range.7d', '30d': 'power.range.30d' };

/** The range of the URL's `range`; anything else is the default (24 h). */
export function parseRange(value: string | null): PowerRange {
  return (POWER_RANGES as readonly string[]).includes(value ?? '') ? (value as PowerRange) : DEFAULT_POWER_RANGE;
}

/** Where a bucket leaves the band: its lowest reading below it, its highest above it (a dip wins), or null. */
export function outsideOf(point: Pick<VoltagePoint, 'min' | 'max'>, band: VoltageBand): 'low' | 'high' | null {
  if (point.min < band.min) return 'low';
  if (point.max > band.max) return 'high';
  return null;
}

export interface ChartPoint {
  at: Date;
  min: number;
  avg: number;
  max: number;
  /** Readings in the bucket. */
  count: number;
  /** Outside the band: the reading that left it (the bucket's lowest or highest); null inside. */
  outside: { side: 'low' | 'high'; volts: number } | null;
}

/** The answer's buckets as the chart draws them, each marked when a reading in it left the band. */
export function chartPoints(points: readonly VoltagePoint[], band: VoltageBand): ChartPoint[] {
  return points.map((point) => {
    const side = outsideOf(point, band);
    return {
      at: new Date(point.at),
      min: point.min,
      avg: point.avg,
      max: point.max,
      count: point.count,
      outside: side ? { side, volts: side === 'low' ? point.min : point.max } : null,
    };
  });
}

/** Neighbouring buckets further apart than this are not joined: three buckets, and never under 90 minutes (the polls' half hour, missed twice). */
export function maxGapMs(bucketMinutes: number): number {
  return Math.max(3 * bucketMinutes, 90) * 60_000;
}

/** The chart's vertical extent: the band and every reading, with half a volt of air, on whole half-volts. */
export function voltRange(points: readonly Pick<VoltagePoint, 'min' | 'max'>[], band: VoltageBand): { min: number; max: number } {
  const lowest = Math.min(band.min, ...points.map((point) => point.min));
  const highest = Math.max(band.max, ...points.map((point) => point.max));
  return { min: Math.floor((lowest - 0.5) * 2) / 2, max: Math.ceil((highest + 0.5) * 2) / 2 };
}

const LOCALES: Record<UiLanguage, string> = { ru: 'ru-RU', en: 'en-GB' };

/** Volts with two decimals in the language's way: `12,34` (ru), `12.34` (en). */
export function formatVolts(volts: number, language: UiLanguage): string {
  return volts.toLocaleString(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** An axis tick: the time of day over 24 hours, the day and month over 7 and 30 days, in the user's time zone. */
export function formatTick(at: Date, range: PowerRange, timeZone: string, language: UiLanguage): string {
  const options: Intl.DateTimeFormatOptions =
    range === '24h' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : { day: '2-digit', month: '2-digit' };
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone, ...options }).format(at);
}

/**
 * The answer with a reading just taken: the new last reading, counted, and drawn as its own point
 * at the end (the refetch that follows folds it into its bucket).
 */
export function withReading(answer: PowerResponse, reading: VoltageReading): PowerResponse {
  const outside = isOutsideBand(reading.volts, answer.band) ? 1 : 0;
  const point: VoltagePoint = { at: reading.measuredAt, min: reading.volts, avg: reading.volts, max: reading.volts, count: 1 };
  return {
    ...answer,
    last: reading,
    points: [...answer.points.filter((item) => item.at < reading.measuredAt), point],
    readingCount: answer.readingCount + 1,
    outsideCount: answer.outsideCount + outside,
  };
}
