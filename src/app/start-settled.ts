/** What the start waits on: the router's first route and the data its screen asks for. */
export interface StartSignals {
  routeReady: () => boolean;
  fetching: () => number;
  subscribe: (listener: () => void) => () => void;
}

/**
 * Resolves once the first screen is drawn with its data: the first route loaded, no navigation
 * under way and no query in flight, still so after `quietMs` (a screen asks for its data in the
 * effects after it mounts); or after `maxWaitMs` whatever happens. The service worker's precache
 * (every chunk, some 4 MB) waits for it, so on a first visit it does not compete with the screen
 * the user is waiting for.
 */
export function startSettled(signals: StartSignals, { quietMs = 300, maxWaitMs = 5_000 } = {}): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(deadline);
      clearTimeout(quiet);
      unsubscribe();
      resolve();
    };
    const settled = () => signals.routeReady() && signals.fetching() === 0;
    const check = () => {
      clearTimeout(quiet);
      if (settled()) quiet = setTimeout(() => (settled() ? done() : undefined), quietMs);
    };
    const deadline = setTimeout(done, maxWaitMs);
    const unsubscribe = signals.subscribe(check);
    check();
  });
}
