/*
 * Reads a logged-in start begins before the router renders (the offline database, the draft the
 * URL names), so a screen's loader can let them finish first and render once with their result
 * instead of twice. Kept apart from the offline code: the entry chunk must not carry Dexie.
 */

const pending = new Set<Promise<unknown>>();

export function addStartRead(read: Promise<unknown>): void {
  const settled = read.then(
    () => undefined,
    () => undefined,
  );
  pending.add(settled);
  void settled.then(() => pending.delete(settled));
}

/** Resolves when the start's reads are over, or after `maxWaitMs`, whichever comes first. */
export function startReadsSettled(maxWaitMs: number): Promise<void> {
  if (pending.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    void Promise.all(pending).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
