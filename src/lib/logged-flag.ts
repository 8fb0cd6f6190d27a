import { useSyncExternalStore } from 'react';
import { LOGGED_FLAG_KEY } from '@contract/session';

/*
 * The logged flag: localStorage 'logged' = 'true' | 'false'. Other tabs see changes
 * through the storage event, so a logout in one tab locks the others too.
 */
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LOGGED_FLAG_KEY || event.key === null) notify();
  });
}

export function isLoggedIn(): boolean {
  try {
    return globalThis.localStorage?.getItem(LOGGED_FLAG_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setLoggedFlag(logged: boolean): void {
  try {
    globalThis.localStorage?.setItem(LOGGED_FLAG_KEY, logged ? 'true' : 'false');
  } catch {
    // Storage unavailable: the guard will treat the visitor as logged out, which is safe.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, isLoggedIn);
}
