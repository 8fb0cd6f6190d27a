import type { Db } from '../db/client';
import { DeviceGatewayError, type DeviceGateway, type DeviceHolding, type DeviceRef, type SyncedChange } from '../gateways/device/device-gateway';
import { claimResyncs, differingChanges, finishResync, holdingDifferences, placeOfDevice, queueFullSync, wholeDeviceChanges } from '../repositories/device-resync';
import { expectedHolding, saveReadBack } from '../repositories/device-sync';
import { findKeyDevice } from '../repositories/keys';
import { pushDevice, type DeviceSyncSettings } from './device-sync-runner';

/** Reads the device and keeps what differs from the database (the card's «Сверка»); onDevice is null when the device could not be read. */
export async function readBackDevice(db: Db, gateway: DeviceGateway, device: { id: number; ref: DeviceRef }): Promise<{ expected: DeviceHolding; onDevice: DeviceHolding | null }> {
  const expected = await expectedHolding(db, device.id);
  try {
    const onDevice = await gateway.readHolding(device.ref, expected);
    await saveReadBack(db, device.id, { differences: holdingDifferences(expected, onDevice) });
    return { expected, onDevice };
  } catch (error) {
    if (!(error instanceof DeviceGatewayError)) throw error;
    await saveReadBack(db, device.id, { error: error.message });
    return { expected, onDevice: null };
  }
}

/**
 * A full re-sync (docs/api.md "Device sync"): the device is read, only what differs from the
 * database is owed (in place of whatever was still owed) and sent, and the device is read again
 * when anything was. A device that cannot be read is owed everything, sent with retries like any
 * owed change.
 */
export async function resyncDevice(db: Db, gateway: DeviceGateway, device: { id: number; ref: DeviceRef }, settings: DeviceSyncSettings): Promise<void> {
  const [read, place] = await Promise.all([readBackDevice(db, gateway, device), placeOfDevice(db, device.id)]);
  const changes: SyncedChange[] = read.onDevice ? differingChanges(read.expected, read.onDevice, place) : wholeDeviceChanges(read.expected, place);
  await queueFullSync(db, device.id, changes);
  await pushDevice(db, gateway, device.id, settings);
  // Only what is always written (flats, gate prefixes, the SIP account) was owed: the first read still stands.
  if (read.onDevice && changes.some((change) => change.kind !== 'flats' && change.kind !== 'gates' && change.kind !== 'sip')) await readBackDevice(db, gateway, device);
}

/** How a drain of the queue is watched: whether to go on, and where a re-sync's crash is reported. */
export interface ResyncDrain {
  goOn?: () => boolean;
  onError?: (error: unknown, deviceId: number) => void;
}

/**
 * Works through the queued re-syncs (many devices at once, docs/api.md "Device sync"),
 * `settings.concurrency` devices at a time, until none is left or `goOn` says stop; answers how many
 * were done. A device gone meanwhile leaves the queue; a re-sync that throws is reported and stays
 * queued, taken again once its lease runs out.
 */
export async function runQueuedResyncs(db: Db, gateway: DeviceGateway, settings: DeviceSyncSettings, drain: ResyncDrain = {}): Promise<number> {
  const { goOn = () => true, onError = (error: unknown) => { throw error; } } = drain;
  let done = 0;
  const worker = async () => {
    while (goOn()) {
      const [item] = await claimResyncs(db, 1, settings.leaseMs);
      if (!item) return;
      try {
        const device = await findKeyDevice(db, null, { id: item.deviceId });
        if (device) await resyncDevice(db, gateway, { id: item.deviceId, ref: device.ref }, settings);
        await finishResync(db, item);
        done += 1;
      } catch (error) {
        onError(error, item.deviceId);
      }
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
  return done;
}
