import type { Db } from '../db/client';
import { AfterCommit } from '../http/after-commit';
import { DeviceGatewayError, type DeviceGateway } from '../gateways/device/device-gateway';
import { claimDeviceChanges, confirmChanges, failChange, owedNote, type OwedNote, releaseDevice, storeAndOweEach, type OwedChange } from '../repositories/device-sync';
import { findKeyDevice } from '../repositories/keys';

export interface DeviceSyncOptions {
  /** Send the owed changes in this process (default true); false leaves them to other processes. */
  enabled?: boolean;
  /** How often the runner looks for due changes, ms. */
  pollMs?: number;
  /** How long a sender holds a device's changes, ms. */
  leaseMs?: number;
  /** The first retry after a refusal waits this long, doubling up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Devices sent to at the same time. */
  concurrency?: number;
  /** Confirmed changes are kept this long, ms. */
  keepConfirmedMs?: number;
}

/** A sender confirms what a device took every this many changes, or this often: a crash re-sends at most that much. */
const CONFIRM_BATCH = 200;
const CONFIRM_EVERY_MS = 1_000;

export const DEVICE_SYNC_DEFAULTS = {
  enabled: true,
  pollMs: 5_000,
  leaseMs: 120_000,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  concurrency: 4,
  keepConfirmedMs: 7 * 24 * 3_600_000,
} as const;

export type DeviceSyncSettings = Required<DeviceSyncOptions>;

/** The wait before the next try after `attempts` refusals. */
export function retryDelay(settings: Pick<DeviceSyncSettings, 'retryBaseMs' | 'retryMaxMs'>, attempts: number): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the device's unconfirmed changes through the gateway, in order: each confirmed one is
 * marked so; the first refusal is kept with its reason and the rest wait behind it. Does nothing
 * when another sender holds the device.
 */
export async function pushDevice(db: Db, gateway: DeviceGateway, deviceId: number, settings: DeviceSyncSettings): Promise<void> {
  const claimed = await claimDeviceChanges(db, deviceId, settings.leaseMs);
  if (claimed.length === 0) return;
  const device = await findKeyDevice(db, null, { id: deviceId });
  if (!device) return;
  // Taken changes are confirmed in batches: a re-sync of thousands of keys is not a transaction per key.
  const taken: number[] = [];
  let confirmedAt = Date.now();
  const confirmTaken = async () => {
    await confirmChanges(db, deviceId, taken.splice(0));
    confirmedAt = Date.now();
  };
  for (const item of claimed) {
    try {
      await gateway.push(device.ref, item.change);
    } catch (error) {
      await confirmTaken();
      if (error instanceof DeviceGatewayError) {
        await failChange(db, deviceId, item.id, error.text, retryDelay(settings, item.attempts + 1));
        return;
      }
      await releaseDevice(db, deviceId);
      throw error;
    }
    taken.push(item.id);
    if (taken.length >= CONFIRM_BATCH || Date.now() - confirmedAt > CONFIRM_EVERY_MS) await confirmTaken();
  }
  await confirmTaken();
}

/** Sends the owed changes of these devices now (a write's own devices), a few devices at a time; a refusal stays owed. */
export async function sendOwed(db: Db, gateway: DeviceGateway, deviceIds: Iterable<number>, settings: DeviceSyncSettings): Promise<void> {
  const pending = [...new Set(deviceIds)];
  const worker = async () => {
    for (let deviceId = pending.shift(); deviceId !== undefined; deviceId = pending.shift()) await pushDevice(db, gateway, deviceId, settings);
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, pending.length) }, worker));
}

/** A write stored with the changes it owes to devices: what it stored, the owed rows, and the note to come. */
export interface OwedWrite<T> {
  stored: T;
  ids: number[];
  /**
   * Completed once the transaction has committed and the changes were sent: null when every device
   * took them, else the note saying they are owed, with a device's reason. As of the commit it says
   * they are owed.
   */
  note: AfterCommit<OwedNote>;
}

/**
 * A write that must reach devices (docs/api.md "Device sync"): `store` and the owed changes in one
 * transaction (the request's, for an idempotent route), sent to the devices only once it has
 * committed, so a slow device holds no locks and a failed commit leaves no device changed. Answers
 * null when `store` did (nothing stored, nothing owed). The route answers with `note` (an
 * AfterCommit answer), which the route layer completes after the commit.
 */
export async function storeOweAndSend<T>(
  db: Db,
  gateway: DeviceGateway,
  settings: DeviceSyncSettings,
  owed: readonly OwedChange[],
  store: (tx: Db) => Promise<T | null>,
): Promise<OwedWrite<T> | null> {
  const written = await storeAndOweEach(db, owed, store);
  if (!written) return null;
  const deviceIds = owed.map((item) => item.deviceId);
  // As of the commit nothing is sent yet: every owed row is owed, with no reason so far.
  const note = new AfterCommit<OwedNote>(written.ids.length > 0 ? { reason: null } : null, async (appDb) => {
    await sendOwed(appDb, gateway, deviceIds, settings);
    return owedNote(appDb, written.ids);
  });
  return { ...written, note };
}

/** The note of a write that may have stored nothing (null: nothing owed, nothing to say). */
export const noteOf = (written: OwedWrite<unknown> | null): AfterCommit<OwedNote> => written?.note ?? AfterCommit.done(null);
