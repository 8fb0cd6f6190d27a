import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, string } from 'superstruct';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { KEY_VALUE_LENGTHS, keyEndpoints, normalizeKeyValue, parseDeviceKeyParams } from '../../contract/keys';
import { PERMISSIONS, ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { MAX_ID } from '../http/validation';
import { buyerScope, currentUser } from '../plugins/session';
import { deleteKeyRows, findDeviceKeys, findKeyDevice, flatOfDevice, insertKey } from '../repositories/keys';
import { DEVICE_NOT_FOUND, onDevice } from './device-card-shared';

/** Operators with the keys permission (or management) write keys (docs/api.md "Keys"). */
const KEY_EDITORS = { permissions: [PERMISSIONS.keysList], roles: [ROLES.management] } as const;

async function requireKeyDevice(db: Db, request: FastifyRequest, where: { mac: string } | { id: number }) {
  const device = await findKeyDevice(db, buyerScope(request), where);
  if (!device) throw new ApiError(404, 'mac' in where ? `${DEVICE_NOT_FOUND}: ${where.mac}` : DEVICE_NOT_FOUND);
  return device;
}

function flatNumber(field: string, value: number | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  if (value < 1 || value > MAX_FLAT_NUM) throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
  return value;
}

/** Keys (docs/api.md "Keys"): the flat card's key create and delete. */
export async function keyRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const { gateway } = options;

  defineRoute(app, keyEndpoints.create, { access: KEY_EDITORS, idempotent: true }, async ({ body, request, db }) => {
    const value = normalizeKeyValue(body.keyType, body.value);
    if (value === null) throw new ApiError(400, `Некорректное поле value: ключ ${body.keyType} — ${KEY_VALUE_LENGTHS[body.keyType].join(' или ')} шестнадцатеричных цифр`);
    // A flat behind a commutator is dialled by its panel code, which is its number unless set otherwise.
    const flatNum = flatNumber('flatNum', body.flatNum) ?? flatNumber('panelCode', body.panelCode);
    const device = await requireKeyDevice(db, request, { mac: body.mac });
    const flatId = flatNum === null ? null : await flatOfDevice(db, device.ref.id, flatNum);
    if (flatNum !== null && flatId === null) {
      throw new ApiError(400, `Некорректное поле ${body.flatNum == null ? 'panelCode' : 'flatNum'}: квартиры ${flatNum} нет в домах устройства ${body.mac}`);
    }
    const inner = body.inner === 1;
    const existing = await findDeviceKeys(db, device.ref.id, { value });
    if (existing.length > 0) throw new ApiError(409, `Ключ ${value} уже есть на устройстве ${body.mac}`);
    await onDevice(() => gateway.apply(device.ref, { kind: 'key', action: 'add', value, flatNum }));
    const key = await insertKey(db, {
      deviceId: device.ref.id,
      mac: device.ref.mac,
      buyerId: device.buyerId,
      flatId,
      flatNum,
      value,
      keyType: body.keyType,
      inner,
      userLogin: currentUser(request).login,
    });
    if (!key) throw new ApiError(409, `Ключ ${value} уже есть на устройстве ${body.mac}`);
    return { result: true, message: 'Ключ добавлен', data: key };
  });

  defineRoute(app, keyEndpoints.removeDeviceKey, { access: KEY_EDITORS, params: object({ device: string(), key: string() }) }, async ({ params, request, db }) => {
    const target = parseDeviceKeyParams(params.device, params.key);
    if (!target) throw new ApiError(400, 'Некорректное поле device: ожидается DEVICE_ID с KEY_ID или MAC с значением ключа');
    if (target.kind === 'id' && (target.deviceId > MAX_ID || target.keyId > MAX_ID)) throw new ApiError(400, `Некорректное поле key: ожидается целое число от 1 до ${MAX_ID}`);
    const device = await requireKeyDevice(db, request, target.kind === 'id' ? { id: target.deviceId } : { mac: target.mac });
    const found = await findDeviceKeys(db, device.ref.id, target.kind === 'id' ? { keyId: target.keyId } : { value: target.value.toUpperCase() });
    if (found.length === 0) throw new ApiError(404, 'Ключ не найден на устройстве');
    await onDevice(() => gateway.apply(device.ref, { kind: 'key', action: 'remove', value: found[0].value, flatNum: found[0].flatNum }));
    await deleteKeyRows(db, found.map((key) => key.id));
    return { result: true, message: 'Ключ удалён' };
  });
}
