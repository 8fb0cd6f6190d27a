import type { PowerRange } from '@contract/power';
import { fromWallTime, toWallTime } from '@/lib/dates';

/** A linear map from a domain onto pixels (`range[0]` at `domain[0]`). */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): (value: number) => number {
  const span = domain[1] - domain[0] || 1;
  return (value) => range[0] + ((value - domain[0]) / span) * (range[1] - range[0]);
}

/** Volt ticks on whole half-volts (whole volts when the span is wide), bottom to top. */
export function voltTicks(extent: { min: number; max: number }): number[] {
  const step = extent.max - extent.min > 4 ? 1 : 0.5;
  const ticks: number[] = [];
  for (let value = Math.ceil(extent.min / step) * step; value <= extent.max + 1e-9; value += step) ticks.push(Math.round(value * 10) / 10);
  return ticks;
}

/** The instant the wall clock in `timeZone` shows that day and hour (days and hours may overflow). */
function wallAt(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const n = new Date(Date.UTC(year, month - 1, day, hour));
  return fromWallTime({ year: n.getUTCFullYear(), month: n.getUTCMonth() + 1, day: n.getUTCDate(), hour: n.getUTCHours(), minute: 0, second: 0 }, timeZone);
}

/**
 * Time ticks on the user's wall clock: every 3 hours over 24 hours (6 on a phone), each midnight
 * over 7 days (every other one on a phone), every 5th midnight over 30 days (every 10th on a phone).
 */
export function timeTicks(from: Date, to: Date, range: PowerRange, timeZone: string, phone: boolean): Date[] {
  const start = toWallTime(from, timeZone);
  const ticks: Date[] = [];
  if (range === '24h') {
    const step = phone ? 6 : 3;
    for (let hour = 0; hour <= 48; hour += step) {
      const at = wallAt(start.year, start.month, start.day, hour, timeZone);
      if (at >= from && at <= to) ticks.push(at);
    }
    return ticks;
  }
  const step = range === '7d' ? (phone ? 2 : 1) : phone ? 10 : 5;
  for (let day = 1; day <= 32; day += step) {
    const at = wallAt(start.year, start.month, start.day + day, 0, timeZone);
    if (at > to) break;
    ticks.push(at);
  }
  return ticks;
}

/**
 * An SVG path through the points in time order, broken where two neighbours are further apart than
 * `maxGapMs` (a device that was not polled for a while shows a gap, not a made-up line). A point
 * alone between gaps is a zero-length stroke, which a round line cap draws as a dot.
 */
export function linePath<T>(points: readonly T[], x: (point: T) => number, y: (point: T) => number, time: (point: T) => number, maxGapMs: number): string {
  let path = '';
  let previous: number | null = null;
  let segment = 0;
  for (const point of points) {
    const at = time(point);
    const move = previous === null || at - previous > maxGapMs;
    if (move && segment === 1) path += 'h0';
    segment = move ? 1 : segment + 1;
    path += `${move ? 'M' : 'L'}${x(point).toFixed(1)},${y(point).toFixed(1)}`;
    previous = at;
  }
  return segment === 1 ? `${path}h0` : path;
}

/** The index of the point nearest to `time` (points in time order), or -1 for none. */
export function nearestIndex(times: readonly number[], time: number): number {
  if (times.length === 0) return -1;
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (times[middle] < time) low = middle + 1;
    else high = middle;
  }
  return low > 0 && time - times[low - 1] < times[low] - time ? low - 1 : low;
}
