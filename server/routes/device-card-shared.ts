import type { FastifyRequest } from 'fastify';
import { object } from 'superstruct';
import { MacLike } from '../../contract/common';
import { ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import { DeviceGatewayError, type DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { buyerScope } from '../plugins/session';
import { groupBuyers } from '../repositories/device-card';
import type { DeviceScope } from '../repositories/device-list';
import { findDevice, type DeviceRecord } from '../repositories/devices';

/** Options of the device route plugins (server/app.ts passes them). */
export interface DeviceRouteOptions {
  gateway: DeviceGateway;
  /** How long a device-list total is reused, ms (0: never). */
  countTtlMs?: number;
}

/** Operators, installers and support read devices; operators change them (docs/api.md). */
export const DEVICE_READERS = { roles: [ROLES.management, ROLES.adjuster, ROLES.support] } as const;
export const DEVICE_EDITORS = { roles: [ROLES.management] } as const;

export const MacParams = object({ mac: MacLike });

/** A superuser sees every buyer's devices, anyone else only their buyer's. */
export function scopeOf(request: FastifyRequest): DeviceScope {
  return { buyerId: buyerScope(request) };
}

export const DEVICE_NOT_FOUND = 'Устройство не найдено';

export async function requireDevice(db: Db, request: FastifyRequest, where: { mac: string } | { id: number }): Promise<DeviceRecord> {
  const record = await findDevice(db, scopeOf(request), where);
  if (!record) throw new ApiError(404, 'mac' in where ? `${DEVICE_NOT_FOUND}: ${where.mac}` : DEVICE_NOT_FOUND);
  return record;
}

/** Features are gated by the device's capabilities: refused with 409 when it lacks one. */
export function requireCapability(record: DeviceRecord, capability: string, feature: string): void {
  if (!record.device.capabilities.includes(capability)) {
    throw new ApiError(409, `Устройство ${record.device.mac} не поддерживает: ${feature}`);
  }
}

/** A body that names the device must name the one in the path. */
export function requireSameMac(pathMac: string, bodyMac: string): void {
  if (pathMac !== bodyMac) throw new ApiError(400, `Некорректное поле mac: ${bodyMac} не совпадает с устройством в адресе запроса (${pathMac})`);
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

/** Every group must exist and belong to the buyer of every device it is given to. */
export async function requireGroupsOfBuyers(db: Db, groupIds: readonly number[], devices: readonly { buyerId: number }[]): Promise<void> {
  const owners = await groupBuyers(db, groupIds);
  const unknown = groupIds.filter((id) => !owners.has(id));
  if (unknown.length > 0) throw new ApiError(400, `Некорректное поле groups: группы не найдены: ${unknown.join(', ')}`);
  for (const id of groupIds) {
    if (devices.some((device) => device.buyerId !== owners.get(id))) {
      throw new ApiError(400, `Некорректное поле groups: группа ${id} принадлежит другому покупателю, чем устройство`);
    }
  }
}
