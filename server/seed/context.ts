import type { Random } from './random';
import type { SeedProfile } from './sizes';
import type { BulkWriter } from './writer';

/** Dates are relative to a fixed moment, so the data does not change with the clock. */
export const SEED_BASE_DATE = new Date('2025-06-01T09:00:00Z');

const DAY_MS = 86_400_000;

/** Ids handed out while streaming rows (users, SIP accounts and keys are made in several places). */
export interface SeedCounters {
  nextUserId: number;
  nextSipId: number;
  nextKeyId: number;
}

export interface SeedContext {
  random: Random;
  profile: SeedProfile;
  writer: BulkWriter;
}

/** A moment up to `maxDays` before the base date (at least `minDays`). */
export function daysAgo(random: Random, maxDays: number, minDays = 0): Date {
  const offset = minDays * DAY_MS + Math.floor(random.next() * (maxDays - minDays) * DAY_MS);
  return new Date(SEED_BASE_DATE.getTime() - Math.floor(offset / 1000) * 1000);
}

/** A moment between `from` and the base date. */
export function between(random: Random, from: Date): Date {
  const span = Math.max(0, SEED_BASE_DATE.getTime() - from.getTime());
  return new Date(from.getTime() + Math.floor((random.next() * span) / 1000) * 1000);
}

export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
