import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, backoffCeiling, backoffDelay, parseRetryAfter, retryDelay, type BackoffPolicy } from '@/offline/backoff';

const NOW = Date.UTC(2025, 0, 15, 9, 0, 0);
const full: BackoffPolicy = { ...DEFAULT_BACKOFF, jitter: 'full' };

describe('backoff ceiling', () => {
  it('starts at 1 s and doubles: 1, 2, 4, 8, 16 s', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffCeiling(attempt))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('stops growing at the 5 min cap, even after thousands of attempts', () => {
    expect(backoffCeiling(9)).toBe(256_000);
    expect(backoffCeiling(10)).toBe(300_000);
    expect(backoffCeiling(11)).toBe(300_000);
    expect(backoffCeiling(5_000)).toBe(300_000);
  });

  it('treats attempt 0 or less like the first', () => {
    expect(backoffCeiling(0)).toBe(1_000);
    expect(backoffCeiling(-3)).toBe(1_000);
  });
});

describe('jitter', () => {
  it('full jitter draws in [0, ceiling]', () => {
    expect(backoffDelay(3, () => 0, full)).toBe(0);
    expect(backoffDelay(3, () => 0.5, full)).toBe(2_000);
    expect(backoffDelay(3, () => 1, full)).toBe(4_000);
  });

  it('equal jitter (the default) draws in [ceiling/2, ceiling]', () => {
    expect(backoffDelay(3, () => 0)).toBe(2_000);
    expect(backoffDelay(3, () => 0.5)).toBe(3_000);
    expect(backoffDelay(3, () => 1)).toBe(4_000);
  });

  it('stays within the bounds for any random draw, at every attempt', () => {
    for (let attempt = 1; attempt <= 14; attempt += 1) {
      const ceiling = backoffCeiling(attempt);
      for (let i = 0; i < 50; i += 1) {
        const equal = backoffDelay(attempt);
        expect(equal).toBeGreaterThanOrEqual(ceiling / 2);
        expect(equal).toBeLessThanOrEqual(ceiling);
        const uniform = backoffDelay(attempt, Math.random, full);
        expect(uniform).toBeGreaterThanOrEqual(0);
        expect(uniform).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('with equal jitter a later wait is never shorter than an earlier one, whatever the draws', () => {
    for (let i = 0; i < 200; i += 1) {
      const waits = [1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt));
      for (let k = 1; k < waits.length; k += 1) expect(waits[k]).toBeGreaterThanOrEqual(waits[k - 1]);
    }
  });

  it('clamps a random source that strays out of [0, 1]', () => {
    expect(backoffDelay(1, () => -1, full)).toBe(0);
    expect(backoffDelay(1, () => 7, full)).toBe(1_000);
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date, relative to now', () => {
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter('Wed, 15 Jan 2025 09:00:30 GMT', NOW)).toBe(30_000);
  });

  it('a date in the past means now', () => {
    expect(parseRetryAfter('Wed, 15 Jan 2025 08:00:00 GMT', NOW)).toBe(0);
  });

  it('ignores absent, empty, negative and unreadable values', () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
    expect(parseRetryAfter('', NOW)).toBeNull();
    expect(parseRetryAfter('-5', NOW)).toBeNull();
    expect(parseRetryAfter('1.5', NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
  });

  it('is a floor: a longer Retry-After wins over the backoff', () => {
    expect(retryDelay(1, '30', NOW, () => 1)).toBe(30_000);
  });

  it('does not shorten the backoff', () => {
    expect(retryDelay(6, '1', NOW, () => 1)).toBe(32_000);
  });

  it('an unreadable header leaves the backoff alone', () => {
    expect(retryDelay(2, 'later', NOW, () => 1)).toBe(2_000);
  });

  it('a stray huge Retry-After is shortened to one hour', () => {
    expect(retryDelay(1, String(7 * 24 * 3600), NOW, () => 0)).toBe(3_600_000);
  });
});
