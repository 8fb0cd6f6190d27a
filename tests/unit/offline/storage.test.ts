import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistStorage, resetPersistRequest, storageStatus } from '@/offline/storage';

// The request is kept per page (module state): another file in the same worker may have made it already.
beforeEach(() => resetPersistRequest());
afterEach(() => resetPersistRequest());

function fakeStorage(persisted: boolean, grant: boolean) {
  return {
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => grant),
    estimate: vi.fn(async () => ({ usage: 1_024, quota: 1_048_576 })),
  };
}

describe('persistStorage', () => {
  it('asks once per page, however often it is called', async () => {
    const storage = fakeStorage(false, true);
    expect(await Promise.all([persistStorage(storage), persistStorage(storage), persistStorage(storage)])).toEqual([true, true, true]);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when storage is already persistent', async () => {
    const storage = fakeStorage(true, false);
    expect(await persistStorage(storage)).toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('reports a refusal, and a browser without the API, as false', async () => {
    expect(await persistStorage(fakeStorage(false, false))).toBe(false);
    resetPersistRequest();
    expect(await persistStorage(undefined)).toBe(false);
  });
});

describe('storageStatus', () => {
  it('gives usage, quota and persistence', async () => {
    expect(await storageStatus(fakeStorage(true, true))).toEqual({ usage: 1_024, quota: 1_048_576, persisted: true });
  });

  it('is null without the API', async () => {
    expect(await storageStatus(undefined)).toBeNull();
  });
});
