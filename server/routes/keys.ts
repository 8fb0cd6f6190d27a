import type { FastifyInstance } from 'fastify';
import { object, string } from 'superstruct';
import { KEY_VALUE_LENGTHS, keyEndpoints, normalizeKeyValue, parseDeviceKeyParams, type KeyDeleteResult } from '../../contract/keys';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { MAX_ID } from '../http/validation';
import { buyerScope } from '../plugins/session';
import { deviceRefsByMac } from '../repositories/devices';
import { findKeysByValues } from '../repositories/key-list';
import { nestText, serverText } from '../../contract/server-texts';
import { changeOutcomes, owedWriteText } from '../repositories/device-sync';
import { deleteKeyRows, findDeviceKeys, findKeysByMacAndValue, type StoredKey } from '../repositories/keys';
import { noteOf, storeOweAndSend } from '../jobs/device-sync-runner';
import { recordKeysRemoved } from '../repositories/audit-labels';
import { deviceKeyRoutes } from './keys-device';
import { duplicateCandidates } from './keys-values';
import { KEY_EDITORS, KEY_READERS, addKey, compactKeyValue, flatNumber, isHex, keyRemoval, removeKeys, requireBulkSize, requireKeyDevice } from './keys-shared';

const KEY_NOT_FOUND = 'Ключ не найден на устройстве';

/** Keys (docs/api.md "Keys"): the cross-device calls and the flat card's; a device's own in keys-device.ts. */
export async function keyRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const { gateway } = options;
  await deviceKeyRoutes(app, options);

  defineRoute(app, keyEndpoints.create, { access: KEY_EDITORS, idempotent: true }, async ({ body, request, db }) => {
    const value = normalizeKeyValue(body.keyType, body.value);
    if (value === null) throw new ApiError(400, `Некорректное поле value: ключ ${body.keyType} — ${KEY_VALUE_LENGTHS[body.keyType].join(' или ')} шестнадцатеричных цифр`);
    // A flat behind a commutator is dialled by its panel code, which is its number unless set otherwise.
    const flatNum = flatNumber('flatNum', body.flatNum) ?? flatNumber('panelCode', body.panelCode);
    const device = await requireKeyDevice(db, request, { mac: body.mac });
    const flatField = body.flatNum == null ? 'panelCode' : 'flatNum';
    const added = await addKey(db, gateway, request, device, { value, keyType: body.keyType, flatNum, flatField, inner: body.inner === 1, rs: false }, app.deviceSync);
    return added.map(({ key, text }) => ({ result: true, ...text, data: key }));
  });

  defineRoute(app, keyEndpoints.removeDeviceKey, { access: KEY_EDITORS, idempotent: true, params: object({ device: string(), key: string() }) }, async ({ params, request, db }) => {
    const target = parseDeviceKeyParams(params.device, params.key);
    if (!target) throw new ApiError(400, 'Некорректное поле device: ожидается DEVICE_ID с KEY_ID или MAC с значением ключа');
    if (target.kind === 'id' && (target.deviceId > MAX_ID || target.keyId > MAX_ID)) throw new ApiError(400, `Некорректное поле key: ожидается целое число от 1 до ${MAX_ID}`);
    const device = await requireKeyDevice(db, request, target.kind === 'id' ? { id: target.deviceId } : { mac: target.mac });
    // By MAC and value: the panel's key, inner and outer (an RS key goes by rs-key/{key}/{inner}).
    const found =
      target.kind === 'id'
        ? await findDeviceKeys(db, device.ref.id, { keyId: target.keyId })
        : await findDeviceKeys(db, device.ref.id, { value: compactKeyValue(target.value) }, { rs: false });
    if (found.length === 0) throw new ApiError(404, KEY_NOT_FOUND);
    // Deleted and owed to the device in one transaction, then sent (docs/api.md "Device sync").
    const removed = await removeKeys(db, gateway, app.deviceSync, found.map((key) => ({ ...key, deviceId: device.ref.id })));
    return removed.map((note) => ({ result: true, ...owedWriteText('key.removed', note) }));
  });

  defineRoute(app, keyEndpoints.remove, { access: KEY_EDITORS, idempotent: true }, async ({ body, request, db }) => {
    requireBulkSize('keys', body.keys.length);
    const scope = buyerScope(request);
    const wanted = body.keys.map((key) => ({ mac: key.mac, value: compactKeyValue(key.value) }));
    const [refs, stored] = await Promise.all([
      deviceRefsByMac(db, { buyerId: scope }, [...new Set(wanted.map((key) => key.mac))]),
      findKeysByMacAndValue(db, scope, wanted.filter((key) => isHex(key.value))),
    ]);
    const devices = new Map(refs.map((ref) => [ref.mac, ref]));
    const taken = new Set<number>();
    const removed: (StoredKey & { deviceId: number })[] = [];
    const asked = wanted.map(({ mac, value }) => {
      const device = devices.get(mac);
      if (!device) return { found: [], message: `Устройство не найдено: ${mac}` };
      // Every key of a pair (panel and RS, inner and outer) goes.
      const found = stored.filter((key) => key.mac === mac && key.value === value && !taken.has(key.id)).map((key) => ({ ...key, deviceId: device.id }));
      for (const key of found) taken.add(key.id);
      removed.push(...found);
      return { found, message: found.length === 0 ? KEY_NOT_FOUND : null };
    });
    // Deleted and owed to their devices in one transaction, then sent: a device that does not take it keeps it owed (docs/api.md "Device sync").
    const written = await storeOweAndSend(db, gateway, app.deviceSync, removed.map(keyRemoval), async (tx) => {
      await recordKeysRemoved(tx, removed.map((key) => key.id));
      await deleteKeyRows(tx, removed.map((key) => key.id));
      return true;
    });
    return noteOf(written).mapWith(db, async (_note, current) => {
      const outcomes = await changeOutcomes(current, written?.ids ?? []);
      const waiting = new Map([...outcomes.values()].filter((outcome) => !outcome.confirmed).map((outcome) => [outcome.deviceId, outcome.lastError]));
      const results = asked.map(({ found, message }, index): KeyDeleteResult => {
        const base = { value: body.keys[index].value, mac: wanted[index].mac };
        if (message !== null) return { ...base, deleted: false, message };
        const deviceId = found[0].deviceId;
        if (!waiting.has(deviceId)) return { ...base, deleted: true, message: null };
        const reason = waiting.get(deviceId);
        return { ...base, deleted: true, ...(reason ? serverText('key.removal.owedBecause', nestText('reason', reason)) : serverText('key.removal.owed')) };
      });
      const deleted = results.filter((result) => result.deleted).length;
      return { result: true, message: `Удалено ключей: ${deleted} из ${results.length}`, deleted, results };
    });
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
