import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { OfflineRuntime } from './runtime';

/*
 * The offline runtime of the logged-in user (one per user, created by src/app/offline-runtime-host.tsx
 * while a session has a userId). Screens reach it only through `useOfflineRuntime()`, and plain
 * modules through `getOfflineRuntime()`; both read the same slot. A provider overrides it for a
 * subtree, which is what tests do. This module imports no Dexie, so the login route stays light.
 */

let current: OfflineRuntime | null = null;
const listeners = new Set<() => void>();

/** The running runtime, or null while nobody is logged in (or before the host has started it). */
export function getOfflineRuntime(): OfflineRuntime | null {
  return current;
}

/** Only the app's runtime host calls this. */
export function setOfflineRuntime(runtime: OfflineRuntime | null): void {
  if (current === runtime) return;
  current = runtime;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** undefined: no provider above, use the app's slot. */
const RuntimeContext = createContext<OfflineRuntime | null | undefined>(undefined);

export function OfflineRuntimeProvider({ runtime, children }: { runtime: OfflineRuntime | null; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

/**
 * The current user's runtime: `engine.enqueue(...)` to queue a submission, `db` for the live
 * lists. Null while logged out or for the first render after a login.
 */
export function useOfflineRuntime(): OfflineRuntime | null {
  const provided = useContext(RuntimeContext);
  const slot = useSyncExternalStore(subscribe, getOfflineRuntime, getOfflineRuntime);
  return provided === undefined ? slot : provided;
}
