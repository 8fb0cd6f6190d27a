/*
 * Work that must finish before the app reloads itself for an update, e.g. saving the open
 * drafts. Screens register a task while mounted; the update flow (src/app/service-worker.ts)
 * runs them all, but never waits longer than a timeout: a stuck task must not block the update.
 */
export type BeforeReloadTask = () => Promise<void>;

const tasks = new Set<BeforeReloadTask>();

/** Adds a task; the returned function removes it (call it on unmount). */
export function registerBeforeReload(task: BeforeReloadTask): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

export interface BeforeReloadResult {
  /** Tasks that threw or rejected (each is logged). */
  failed: number;
  /** True when the timeout came before every task had settled. */
  timedOut: boolean;
}

export const DEFAULT_BEFORE_RELOAD_TIMEOUT_MS = 3_000;

/** Runs every registered task at once and resolves when all settled or `timeoutMs` passed. */
export async function runBeforeReload(timeoutMs: number = DEFAULT_BEFORE_RELOAD_TIMEOUT_MS): Promise<BeforeReloadResult> {
  let failed = 0;
  const settled = Promise.all(
    [...tasks].map(async (task) => {
      try {
        await task();
      } catch (error) {
        failed += 1;
        console.error('A task before reload failed', error);
      }
    }),
  ).then(() => false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), timeoutMs);
  });
  const timedOut = await Promise.race([settled, timeout]);
  clearTimeout(timer);
  return { failed, timedOut };
}
