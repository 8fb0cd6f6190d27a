import type { Db } from '../db/client';
import { DeviceGatewayError } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { findDevice, type DeviceRecord } from '../repositories/devices';

export const DEVICE_NOT_FOUND = 'Устройство не найдено';

/** The device if the actor's buyer may see it (scope null: any buyer's); 404 otherwise. */
export async function requireDeviceIn(db: Db, scope: number | null, where: { mac: string } | { id: number }): Promise<DeviceRecord> {
  const record = await findDevice(db, { buyerId: scope }, where);
  if (!record) throw new ApiError(404, 'mac' in where ? `${DEVICE_NOT_FOUND}: ${where.mac}` : DEVICE_NOT_FOUND);
  return record;
}

/** Features are gated by the device's capabilities: refused with 409 when it lacks one. */
export function requireCapability(record: DeviceRecord, capability: string, feature: string): void {
  if (!record.device.capabilities.includes(capability)) {
    throw new ApiError(409, `Устройство ${record.device.mac} не поддерживает: ${feature}`);
  }
}

/**
 * Runs a device call: an error the device answers is a 502, no answer in time a 504, each with
 * the driver's Russian message (`result: false`), so the card keeps the form and shows it.
 */
export async function onDevice<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DeviceGatewayError) throw new ApiError(error.kind === 'timeout' ? 504 : 502, error.text);
    throw error;
  }
}
