import type { Db } from '../db/client';
import { DeviceGatewayError, type DeviceGateway, type DeviceHolding, type DeviceRef, type SyncedChange } from '../gateways/device/device-gateway';
import { differingChanges, holdingDifferences, placeOfDevice, queueFullSync, wholeDeviceChanges } from '../repositories/device-resync';
import { expectedHolding, saveReadBack } from '../repositories/device-sync';
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
