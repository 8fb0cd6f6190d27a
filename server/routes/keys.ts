import type { FastifyInstance } from 'fastify';
import { object, string } from 'superstruct';
import { KEY_VALUE_LENGTHS, keyEndpoints, normalizeKeyValue, parseDeviceKeyParams } from '../../contract/keys';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { MAX_ID } from '../http/validation';
import { buyerScope } from '../plugins/session';
import { findKeysByValues } from '../repositories/key-list';
import { deviceKeyRoutes } from './keys-device';
import { duplicateCandidates } from './keys-values';
import { addKey, removeDeviceKey, removeKeysByMacAndValue } from '../services/keys';
import { writeContext } from '../services/write-context';
import { KEY_EDITORS, KEY_READERS, flatNumber, requireBulkSize } from './keys-shared';

/** Keys (docs/api.md "Keys"): the cross-device calls and the flat card's; a device's own in keys-device.ts. */
export async function keyRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const devices = { gateway: options.gateway, sync: app.deviceSync };
  await deviceKeyRoutes(app, options);

  defineRoute(app, keyEndpoints.create, { access: KEY_EDITORS, idempotent: true }, async ({ body, request, db }) => {
    const value = normalizeKeyValue(body.keyType, body.value);
    if (value === null) throw new ApiError(400, `Некорректное поле value: ключ ${body.keyType} — ${KEY_VALUE_LENGTHS[body.keyType].join(' или ')} шестнадцатеричных цифр`);
    // A flat behind a commutator is dialled by its panel code, which is its number unless set otherwise.
    const flatNum = flatNumber('flatNum', body.flatNum) ?? flatNumber('panelCode', body.panelCode);
    const flatField = body.flatNum == null ? 'panelCode' : 'flatNum';
    return addKey(writeContext(request, db, devices), body.mac, { value, keyType: body.keyType, flatNum, flatField, inner: body.inner === 1 });
  });

  defineRoute(app, keyEndpoints.removeDeviceKey, { access: KEY_EDITORS, idempotent: true, params: object({ device: string(), key: string() }) }, async ({ params, request, db }) => {
    const target = parseDeviceKeyParams(params.device, params.key);
    if (!target) throw new ApiError(400, 'Некорректное поле device: ожидается DEVICE_ID с KEY_ID или MAC с значением ключа');
    if (target.kind === 'id' && (target.deviceId > MAX_ID || target.keyId > MAX_ID)) throw new ApiError(400, `Некорректное поле key: ожидается целое число от 1 до ${MAX_ID}`);
    return removeDeviceKey(writeContext(request, db, devices), target);
  });

  defineRoute(app, keyEndpoints.remove, { access: KEY_EDITORS, idempotent: true }, async ({ body, request, db }) => {
    requireBulkSize('keys', body.keys.length);
    return removeKeysByMacAndValue(writeContext(request, db, devices), body.keys);
  });

  defineRoute(app, keyEndpoints.duplicates, { access: KEY_READERS }, async ({ body, request, db }) => {
    requireBulkSize('values', body.values.length);
    const order = new Map<string, number>();
    body.values.forEach((raw, index) => {
      const candidates = duplicateCandidates(raw, body.numberSystem);
      if (candidates === null) {
        const expected = body.numberSystem === 'dec' ? 'десятичное число или «серия,номер» EM-Marine' : 'шестнадцатеричное число до 20 цифр';
        throw new ApiError(400, `Некорректное поле values.${index}: «${raw}» — ожидается ${expected}`);
      }
      for (const candidate of candidates) if (!order.has(candidate)) order.set(candidate, index);
    });
    const data = await findKeysByValues(db, buyerScope(request), [...order.keys()]);
    // In the order the values were given; within a value, by MAC (the query's order).
    const ranked = data.map((key, at) => ({ key, rank: order.get(key.value) ?? 0, at }));
    ranked.sort((a, b) => a.rank - b.rank || a.at - b.at);
    return { result: true, data: ranked.map((item) => item.key) };
  });
}
