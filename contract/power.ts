import { array, boolean, enums, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { endpoint, withResult } from './common';
import { Device } from './devices';

// ---------------------------------------------------------------------------
// The supply voltage of one device over time (/devices/:mac/power; docs/api.md "Voltage")

export const POWER_RANGES = ['24h', '7d', '30d'] as const;
export type PowerRange = (typeof POWER_RANGES)[number];
export const DEFAULT_POWER_RANGE: PowerRange = '24h';

/** How far back each range reaches, and the bucket its readings are folded into (≤ 360 points a range). */
export const POWER_RANGE_SPANS: Record<PowerRange, { hours: number; bucketMinutes: number }> = {
  '24h': { hours: 24, bucketMinutes: 5 },
  '7d': { hours: 7 * 24, bucketMinutes: 30 },
  '30d': { hours: 30 * 24, bucketMinutes: 120 },
};

/**
 * The panels run on a 12 V supply: a reading from −5 % to +10 % of it is normal. Below, the lock
 * and the panel brown out (a lock firing on a weak supply, a failing PSU); above, the PSU overshoots.
 */
export const NOMINAL_VOLTS = 12;
export const NORMAL_BAND = { min: 11.4, max: 13.2 } as const;

export const POWER_SOURCES = ['poll', 'manual'] as const;

export const VoltageBand = type({ min: number(), max: number() });
export type VoltageBand = Infer<typeof VoltageBand>;

/** One reading: `source` 'poll' for the periodic ones, 'manual' for a refresh asked for on the screen. */
export const VoltageReading = type({ measuredAt: string(), volts: number(), source: enums(POWER_SOURCES) });
export type VoltageReading = Infer<typeof VoltageReading>;

/** The readings of one bucket (`at` its start): the lowest, the mean and the highest, so a dip stays visible. */
export const VoltagePoint = type({ at: string(), min: number(), avg: number(), max: number(), count: number() });
export type VoltagePoint = Infer<typeof VoltagePoint>;

export const PowerQuery = object({ range: optional(enums(POWER_RANGES)) });
export type PowerQuery = Infer<typeof PowerQuery>;

/**
 * `from`–`to` the range asked for (`to` the server's now); `points` its buckets in time order (a
 * bucket without readings is left out); `last` the device's latest reading, in the range or not
 * (null: never read); `readingCount` / `outsideCount` the readings in the range, and those outside
 * `band`. `liveStatus` as the device answers now; `address` its first house (null: none).
 */
export const PowerResponse = withResult({
  device: Device,
  address: nullable(string()),
  liveStatus: boolean(),
  range: enums(POWER_RANGES),
  from: string(),
  to: string(),
  bucketMinutes: number(),
  band: VoltageBand,
  points: array(VoltagePoint),
  last: nullable(VoltageReading),
  readingCount: number(),
  outsideCount: number(),
});
export type PowerResponse = Infer<typeof PowerResponse>;

/** The reading just taken (stored as 'manual'); `outside`: it is outside `band`. */
export const PowerReadResponse = withResult({ reading: VoltageReading, band: VoltageBand, outside: boolean() });
export type PowerReadResponse = Infer<typeof PowerReadResponse>;

export const powerEndpoints = {
  get: endpoint({ method: 'GET', pattern: '/front/devices/:mac/power', query: PowerQuery, response: PowerResponse }),
  read: endpoint({ method: 'POST', pattern: '/front/devices/:mac/power/read', response: PowerReadResponse }),
} as const;

/** True when a reading lies outside the band (its edges are normal). */
export function isOutsideBand(volts: number, band: VoltageBand): boolean {
  return volts < band.min || volts > band.max;
}
