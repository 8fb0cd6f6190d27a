/*
 * Web Locks (navigator.locks) make the replay run in one tab at a time. Where they are missing
 * (old Safari, some embedded views) a per-tab stand-in keeps one run per tab; exactly-once then
 * rests on the saved 'sending' mark and the server's Idempotency-Key handling alone.
 */

/** The part of navigator.locks the engine uses. */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** A stand-in where Web Locks are missing: it keeps one run per tab, not one per browser. */
export function createTabLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** navigator.locks, shared by every tab of the origin, or the per-tab stand-in. */
export function browserLocks(): { locks: LockManagerLike; shared: boolean } {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManagerLike | undefined);
  return locks ? { locks, shared: true } : { locks: createTabLocks(), shared: false };
}
