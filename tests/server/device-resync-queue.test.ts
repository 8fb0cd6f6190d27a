import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeviceResyncResponse, deviceSyncEndpoints } from '../../contract/device-sync';
import { queryRows } from '../../server/db/client';
import { runQueuedResyncs } from '../../server/jobs/device-resync';
import { DEVICE_SYNC_DEFAULTS } from '../../server/jobs/device-sync-runner';
import { claimResyncs, finishResync } from '../../server/repositories/device-resync';
import { syncOf } from './device-sync-fixtures';
import { useFlatSetup } from './flat-fixtures';
import { BACKENDS, expectError, expectShape, loginAs } from './helpers';
import { KeyGateway, foreignKeyDevice } from './keys-fixtures';

const TAG = 0x63;
const FOREIGN_MAC = '02:63:FF:00:00:01';
const SETTINGS = { ...DEVICE_SYNC_DEFAULTS, concurrency: 2 };

describe.each(BACKENDS)('a full re-sync of many devices (the device list) on %s: queued, drained in the background, shown per device', (backend) => {
  const gateway = new KeyGateway();
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { driver: gateway }, deviceSync: { enabled: false } });
  const db = () => app().database.drizzle;
  const queue = (macs: unknown) => operator().request('POST', deviceSyncEndpoints.fullMany.path({}), { payload: { macs } });
  const queued = () => queryRows<{ device_id: number }>(db(), sql`select device_id from device_sync_states where resync_requested_at is not null order by device_id`);

  beforeAll(async () => {
    await foreignKeyDevice(app(), FOREIGN_MAC, fx().foreignHouseUid, 'F2F2F2F2F2F2');
  });

  it('queues each device once, answers at once, and the runner re-syncs them: a key put on one panel by hand is removed, each card shows its outcome', async () => {
    const { iscomMac, bewardMac } = fx();
    gateway.extraKeys.set(bewardMac, [{ value: '6300000000F1', rs: false, inner: false, flatNum: null, isSecurity: false, scenarios: [] }]);
    const before = gateway.changes.length;
    const response = await queue([iscomMac, bewardMac, iscomMac.toLowerCase()]);
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(DeviceResyncResponse, response.json())).toMatchObject({ result: true, queued: 2 });
    // Nothing is sent by the request itself: the runner does it.
    expect(gateway.changes.length).toBe(before);
    for (const mac of [iscomMac, bewardMac]) expect((await syncOf(operator(), mac)).resyncQueuedAt).toEqual(expect.any(String));
    // Asking again keeps each device's place in the queue.
    const firstAsked = (await syncOf(operator(), iscomMac)).resyncQueuedAt;
    expect((await queue([iscomMac])).statusCode).toBe(200);
    expect((await syncOf(operator(), iscomMac)).resyncQueuedAt).toBe(firstAsked);

    expect(await runQueuedResyncs(db(), gateway, SETTINGS)).toBe(2);
    expect(await queued()).toEqual([]);
    const sent = gateway.changes.slice(before);
    expect(sent).toContainEqual({ mac: bewardMac, change: { kind: 'key', action: 'remove', value: '6300000000F1', flatNum: null, rs: false, inner: false } });
    expect(new Set(sent.map((item) => item.mac))).toEqual(new Set([iscomMac, bewardMac]));
    for (const mac of [iscomMac, bewardMac]) {
      expect(await syncOf(operator(), mac)).toMatchObject({ resyncQueuedAt: null, state: 'in-sync', owedCount: 0 });
    }
    expect((await syncOf(operator(), bewardMac)).readBack).toMatchObject({ error: null, differenceCount: 0 });
    // An empty queue is nothing to do.
    expect(await runQueuedResyncs(db(), gateway, SETTINGS)).toBe(0);
  });

  it('a device that refuses stays owed with its reason after the queued re-sync, and leaves the queue', async () => {
    const { gateMac } = fx();
    gateway.refuse = (change) => (change.kind === 'flats' ? 'timeout' : null);
    try {
      expect((await queue([gateMac])).statusCode).toBe(200);
      expect(await runQueuedResyncs(db(), gateway, SETTINGS)).toBe(1);
      const state = await syncOf(operator(), gateMac);
      expect(state).toMatchObject({ state: 'failed', resyncQueuedAt: null });
      expect(state.lastFailure?.message).toMatch(/не ответило/);
    } finally {
      gateway.refuse = null;
    }
    expect((await syncOf(operator(), gateMac, 'retry')).state).toBe('in-sync');
  });

  it('two processes never take the same device; one asked for again while it runs is queued again; a crashed one is taken again after its lease', async () => {
    const { iscomMac, bewardMac } = fx();
    expect((await queue([iscomMac, bewardMac])).statusCode).toBe(200);
    const [first, second] = await Promise.all([claimResyncs(db(), 1, 60_000), claimResyncs(db(), 1, 60_000)]);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]!.deviceId).not.toBe(second[0]!.deviceId);
    expect(await claimResyncs(db(), 5, 60_000)).toEqual([]);

    // Asked for again while held: it stays queued after the first run finishes.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [held] = await queryRows<{ mac: string }>(db(), sql`select mac from devices where id = ${first[0]!.deviceId}`);
    const again = await queue([held!.mac]);
    expect(again.statusCode).toBe(200);
    await finishResync(db(), first[0]!);
    expect((await queued()).map((row) => row.device_id)).toEqual(expect.arrayContaining([first[0]!.deviceId]));

    // The second "crashed": its lease runs out and it is taken again.
    await queryRows(db(), sql`update device_sync_states set resync_leased_until = now() - interval '1 second' where device_id = ${second[0]!.deviceId}`);
    expect(await runQueuedResyncs(db(), gateway, SETTINGS)).toBe(2);
    expect(await queued()).toEqual([]);
  });

  it('refuses an empty list, more than 1,000 devices, a device the user does not see (nothing queued), and anyone but an operator', async () => {
    expectError(await queue([]), 400, /macs/);
    expectError(await queue(Array.from({ length: 1001 }, (_, index) => `02:63:00:00:${(index >> 8).toString(16).padStart(2, '0')}:${(index & 255).toString(16).padStart(2, '0')}`)), 400, /macs.*1000/);
    expectError(await queue(['not-a-mac']), 400, /macs/);
    expectError(await queue([fx().iscomMac, FOREIGN_MAC]), 404, new RegExp(FOREIGN_MAC));
    expect(await queued()).toEqual([]);
    for (const account of ['support', 'installer'] as const) {
      const client = await loginAs(app(), account);
      expectError(await client.request('POST', deviceSyncEndpoints.fullMany.path({}), { payload: { macs: [fx().iscomMac] } }), 403);
    }
  });
});
