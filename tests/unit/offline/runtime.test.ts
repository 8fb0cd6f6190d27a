import { describe, expect, it, vi } from 'vitest';
import { createConnectivityStore } from '@/offline/connectivity';
import type { OutboxJob } from '@/offline/db';
import type { SendOutcome } from '@/offline/outbox';
import { createOfflineRuntime } from '@/offline/runtime';
import { createFakeLocks, openTestDb } from './helpers';

describe('offline runtime', () => {
  it('sends when the server is reachable, shows syncing meanwhile, and holds off when it is not', async () => {
    let reachable = false;
    const connectivity = createConnectivityStore({ probe: async () => reachable, navigatorOnline: () => true });
    const states: string[] = [];
    connectivity.subscribe(() => states.push(connectivity.getSnapshot().state));
    const send = vi.fn(async (_job: OutboxJob): Promise<SendOutcome> => ({ type: 'sent', status: 200 }));
    const db = openTestDb();
    const runtime = createOfflineRuntime({ db, connectivity, currentUserId: () => 7, send, locks: createFakeLocks() });

    runtime.start();
    await vi.waitFor(() => expect(connectivity.getSnapshot().reachable).toBe(false));
    await runtime.engine.enqueue({ kind: 'k', method: 'POST', url: '/x', body: {}, userId: 7 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(send).not.toHaveBeenCalled();

    // The probe finds the server again: that alone starts a run.
    reachable = true;
    await connectivity.check();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () => expect((await db.outbox.toArray())[0].status).toBe('sent'));
    expect(states).toContain('syncing');
    expect(connectivity.getSnapshot().state).toBe('online');
    runtime.stop();
  });

  it('a job that got no answer makes the store check the server again', async () => {
    const probe = vi.fn(async () => true);
    const connectivity = createConnectivityStore({ probe, navigatorOnline: () => true });
    const db = openTestDb();
    const runtime = createOfflineRuntime({
      db,
      connectivity,
      currentUserId: () => 7,
      send: async () => ({ type: 'network-error', message: 'x' }),
      locks: createFakeLocks(),
    });
    runtime.start();
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(1));
    await runtime.engine.enqueue({ kind: 'k', method: 'POST', url: '/x', body: {}, userId: 7 });
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(2));
    runtime.stop();
  });
});
