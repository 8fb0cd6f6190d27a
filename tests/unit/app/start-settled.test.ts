import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSettled, type StartSignals } from '@/app/start-settled';

function fakeStart() {
  const listeners = new Set<() => void>();
  const state = { routeReady: false, fetching: 0 };
  const signals: StartSignals = {
    routeReady: () => state.routeReady,
    fetching: () => state.fetching,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const change = (next: Partial<typeof state>) => {
    Object.assign(state, next);
    for (const listener of listeners) listener();
  };
  return { signals, change, listeners };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startSettled', () => {
  it('waits for the route and its data, and stays settled for the quiet time', async () => {
    const { signals, change, listeners } = fakeStart();
    let settled = false;
    void startSettled(signals, { quietMs: 300, maxWaitMs: 5_000 }).then(() => (settled = true));
    change({ routeReady: true });
    // The screen mounts and asks for its data within the quiet time.
    await vi.advanceTimersByTimeAsync(100);
    change({ fetching: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toBe(false);
    change({ fetching: 0 });
    await vi.advanceTimersByTimeAsync(299);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('gives up waiting after the longest wait', async () => {
    const { signals, change } = fakeStart();
    let settled = false;
    void startSettled(signals, { quietMs: 300, maxWaitMs: 5_000 }).then(() => (settled = true));
    change({ routeReady: true, fetching: 2 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
