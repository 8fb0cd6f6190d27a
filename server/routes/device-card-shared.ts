import type { FastifyRequest } from 'fastify';
import { object } from 'superstruct';
import { IntegerLike, MacLike } from '../../contract/common';
import { ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { buyerScope } from '../plugins/session';
import { groupBuyers } from '../repositories/device-card';
import { deviceIdsByMac } from '../repositories/device-settings';
import type { DeviceScope } from '../repositories/device-list';
import type { DeviceRecord } from '../repositories/devices';
import { requireDeviceIn } from '../services/device-lookup';

/** Options of the device route plugins (server/app.ts passes them). */
export interface DeviceRouteOptions {
  gateway: DeviceGateway;
  /** How long a device-list total is reused, ms (0: never). */
  countTtlMs?: number;
}

/** Operators, installers and support read devices; operators change them (docs/api.md). */
export const DEVICE_READERS = { roles: [ROLES.management, ROLES.adjuster, ROLES.support] } as const;
export const DEVICE_EDITORS = { roles: [ROLES.management] } as const;

/** Operators and installers act on a panel itself (open its door, restart it); support only looks. */
export const DEVICE_ON_SITE = { roles: [ROLES.management, ROLES.adjuster] } as const;

export const MacParams = object({ mac: MacLike });
export const RelayParams = object({ mac: MacLike, relay: IntegerLike });

/** A superuser sees every buyer's devices, anyone else only their buyer's. */
export function scopeOf(request: FastifyRequest): DeviceScope {
  return { buyerId: buyerScope(request) };
}

export async function requireDevice(db: Db, request: FastifyRequest, where: { mac: string } | { id: number }): Promise<DeviceRecord> {
  return requireDeviceIn(db, buyerScope(request), where);
}

/**
 * The devices a body's `macs` names (each once), every one visible to the user: 400 when none or
 * more than `max`, 404 naming those not found.
 */
export async function requireDevicesByMac(db: Db, request: FastifyRequest, macs: readonly string[], max: number): Promise<{ id: number; buyerId: number }[]> {
  const unique = [...new Set(macs)];
  if (unique.length === 0) throw new ApiError(400, 'Некорректное поле macs: выберите хотя бы одно устройство');
  if (unique.length > max) throw new ApiError(400, `Некорректное поле macs: не больше ${max} устройств за один запрос`);
  const found = await deviceIdsByMac(db, scopeOf(request).buyerId, unique);
  const missing = unique.filter((mac) => !found.has(mac));
  if (missing.length > 0) throw new ApiError(404, `Устройства не найдены: ${missing.join(', ')}`);
  return [...found.values()];
}

/** A body that names the device must name the one in the path. */
export function requireSameMac(pathMac: string, bodyMac: string): void {
  if (pathMac !== bodyMac) throw new ApiError(400, `Некорректное поле mac: ${bodyMac} не совпадает с устройством в адресе запроса (${pathMac})`);
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
