import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineRuntimeGate } from '@/app/offline-runtime-gate';
import { setLoggedFlag } from '@/lib/logged-flag';
import { getOfflineRuntime } from '@/offline/runtime-context';
import { OFFLINE_DB_NAME, PEEK_IDB_VERSION, peekOfflineData } from '@/offline/runtime-demand';
import { renderWithApp } from '../helpers/render';

// This file never imports db.ts itself: Dexie on the page would start the runtime on its own.

/** The app's database as Dexie lays it out, written raw, with one queued job of user 7. */
async function seedQueuedJob(): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB_NAME, PEEK_IDB_VERSION);
    request.onupgradeneeded = () => {
      const outbox = request.result.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
      outbox.createIndex('userId', 'userId');
      outbox.createIndex('[userId+status]', ['userId', 'status']);
      request.result.createObjectStore('drafts', { keyPath: 'id' }).createIndex('userId', 'userId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('outbox', 'readwrite');
    tx.objectStore('outbox').add({ userId: 7, status: 'queued', idempotencyKey: 'gate-1' });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('write failed'));
  });
  db.close();
}

beforeEach(() => {
  setLoggedFlag(true);
  // No server: the probe and any send fail, which leaves the queue as it is.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('OfflineRuntimeGate', () => {
  it('starts no runtime (and loads no Dexie) for a user with nothing queued or drafted', async () => {
    const { unmount } = renderWithApp(<OfflineRuntimeGate userId={7} confirmed />);
    expect(await peekOfflineData(7)).toEqual({ unsent: 0, waiting: 0, attention: 0, jobs: 0, drafts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getOfflineRuntime()).toBeNull();
    unmount();
  });

  it('starts the runtime once the user has a job', async () => {
    const { unmount } = renderWithApp(<OfflineRuntimeGate userId={7} confirmed />);
    await seedQueuedJob();
    // Written without Dexie, so no event: a remount reads again.
    unmount();
    const again = renderWithApp(<OfflineRuntimeGate userId={7} confirmed />);
    await waitFor(() => expect(getOfflineRuntime()).not.toBeNull(), { timeout: 5_000 });
    // The host loads the field reporter after the start: let it finish before the test ends.
    await import('@/platform/field-report');
    again.unmount();
    expect(getOfflineRuntime()).toBeNull();
  });
});
