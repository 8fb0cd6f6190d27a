/*
 * Persistent storage: without it the browser may evict IndexedDB (drafts, outbox) under storage
 * pressure. Chromium grants it silently to installed or engaged sites, Firefox asks the user, so
 * it is requested once per page life, not on every save.
 */

type StorageLike = Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>;

function defaultStorage(): StorageLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

let requested: Promise<boolean> | null = null;

/** Asks for persistent storage once; resolves whether storage is persistent. */
export function persistStorage(storage: StorageLike | undefined = defaultStorage()): Promise<boolean> {
  requested ??= (async () => {
    if (!storage?.persist) return false;
    try {
      if (storage.persisted && (await storage.persisted())) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return requested;
}

/** For tests: forget that persistence was asked for. */
export function resetPersistRequest(): void {
  requested = null;
}

export interface StorageStatus {
  /** Bytes used by this origin, as the browser estimates them. */
  usage: number | null;
  quota: number | null;
  persisted: boolean;
}

/** What the queue screen shows about storage; null when the browser says nothing. */
export async function storageStatus(storage: StorageLike | undefined = defaultStorage()): Promise<StorageStatus | null> {
  if (!storage?.estimate) return null;
  try {
    const [estimate, persisted] = await Promise.all([storage.estimate(), storage.persisted ? storage.persisted() : Promise.resolve(false)]);
    return { usage: estimate.usage ?? null, quota: estimate.quota ?? null, persisted };
  } catch {
    return null;
  }
}
