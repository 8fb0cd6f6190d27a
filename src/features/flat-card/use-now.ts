import { useSyncExternalStore } from 'react';

/*
 * One clock for every countdown on the card (the code's time left, the move-out undo): a single
 * interval, ticking only while a component that shows one is mounted.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((each) => each());
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The time now (ms), re-rendering every second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
