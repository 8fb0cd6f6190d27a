import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeviceSyncState } from '@contract/device-sync';
import { SyncBody } from '@/features/device-sync/components/device-sync-section';
import { t } from '@/features/device-sync/messages';
import { queuedRefreshMs } from '@/features/device-sync/queries';

const MAC = 'AA:BB:CC:00:00:09';
const inSync: DeviceSyncState = {
  mac: MAC,
  state: 'in-sync',
  owedCount: 0,
  failedCount: 0,
  changes: [],
  lastFailure: null,
  lastConfirmedAt: '2026-12-01T10:00:00.000Z',
  readBack: null,
  resyncQueuedAt: null,
};

describe('a device queued for a full re-sync from the device list', () => {
  it('says so on its card, with since when, and says nothing once the re-sync is done', () => {
    const queued = render(<SyncBody state={{ ...inSync, resyncQueuedAt: '2026-12-01T10:05:00.000Z' }} model={{ running: null, online: true }} t={t} />);
    expect(screen.getByText(/^Полная синхронизация в очереди с .*01\.12\.2026.*в фоне/)).toBeTruthy();
    queued.unmount();
    render(<SyncBody state={inSync} model={{ running: null, online: true }} t={t} />);
    expect(screen.queryByText(/Полная синхронизация в очереди/)).toBeNull();
  });

  it('refreshes the card’s state by itself only while the device waits in the queue', () => {
    expect(queuedRefreshMs({ ...inSync, resyncQueuedAt: '2026-12-01T10:05:00.000Z' })).toBe(5_000);
    expect(queuedRefreshMs(inSync)).toBe(false);
    expect(queuedRefreshMs(undefined)).toBe(false);
  });
});
