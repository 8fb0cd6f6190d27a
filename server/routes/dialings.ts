import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object } from 'superstruct';
import { IntegerLike, MacLike } from '../../contract/common';
import {
  CALL_ORDER_MAX_STEPS,
  CALL_ORDER_RING_MAX,
  CALL_ORDER_RING_MIN,
  CALL_ROUND_COUNT_LIMIT,
  CALL_ROUND_PAGE_SIZE,
  FORWARD_NUMBER_PATTERN,
  dialingEndpoints,
  type CallOrderStepInput,
} from '../../contract/dialings';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { hasRole } from '../plugins/rbac';
import { currentUser } from '../plugins/session';
import { flatRangeOfDevice } from '../repositories/commutators';
import { callOrderOf, findDeviceFlat, listCallRounds, replaceCallOrder } from '../repositories/dialings';
import { deviceAddress } from '../repositories/door-codes';
import { DEVICE_EDITORS, DEVICE_READERS, MacParams, requireDevice } from './device-card-shared';
import { requireCapability } from '../services/device-lookup';

const FlatParams = object({ mac: MacLike, flatNum: IntegerLike });

function bad(field: string, why: string): ApiError {
  return new ApiError(400, `Некорректное поле ${field}: ${why}`);
}

function checkedFlatNum(flatNum: number): number {
  if (flatNum < 1 || flatNum > MAX_FLAT_NUM) throw bad('flatNum', `ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
  return flatNum;
}

/** The device in the caller's scope (404 otherwise) that places calls (409 otherwise). */
async function requireDialingDevice(db: Db, request: FastifyRequest, mac: string) {
  const record = await requireDevice(db, request, { mac });
  requireCapability(record, 'dialings', 'обзвон');
  return record;
}

/** The flat the device calls by this number: in its entrance's range, among its houses; 404 otherwise. */
async function requireFlat(db: Db, deviceId: number, mac: string, flatNum: number) {
  const range = await flatRangeOfDevice(db, deviceId);
  const flat = range && (flatNum < range.firstFlat || flatNum > range.lastFlat) ? null : await findDeviceFlat(db, deviceId, flatNum);
  if (!flat) throw new ApiError(404, `Квартира ${flatNum} не найдена среди квартир устройства ${mac}`);
  return flat;
}

/**
 * The new order: 1–10 steps, each once; a handset, SIP or app step only one the order already has
 * (reordered, switched, its ringing changed), a forwarding step a phone number.
 */
function checkedSteps(steps: readonly CallOrderStepInput[], current: readonly { kind: string; target: string }[]): CallOrderStepInput[] {
  if (steps.length < 1 || steps.length > CALL_ORDER_MAX_STEPS) throw bad('steps', `ожидается от 1 до ${CALL_ORDER_MAX_STEPS} шагов`);
  const known = new Set(current.map((step) => `${step.kind}\u0000${step.target}`));
  const seen = new Set<string>();
  return steps.map((step, index) => {
    const target = step.target.trim();
    const key = `${step.kind}\u0000${target}`;
    if (seen.has(key)) throw bad(`steps.${index}.target`, `${target} уже есть в порядке`);
    seen.add(key);
    if (step.kind === 'forward') {
      if (!FORWARD_NUMBER_PATTERN.test(target)) throw bad(`steps.${index}.target`, 'номер переадресации: от 5 до 15 цифр, можно с + в начале');
    } else if (!known.has(key)) {
      throw bad(`steps.${index}.target`, `${target} не из абонентов квартиры`);
    }
    if (step.ringSeconds < CALL_ORDER_RING_MIN || step.ringSeconds > CALL_ORDER_RING_MAX) {
      throw bad(`steps.${index}.ringSeconds`, `ожидается от ${CALL_ORDER_RING_MIN} до ${CALL_ORDER_RING_MAX} секунд`);
    }
    return { ...step, target };
  });
}

/** Call rounds (docs/api.md "Call rounds"): the calls a device placed, and a flat's call order. */
export async function dialingRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, dialingEndpoints.list, { access: DEVICE_READERS, params: MacParams }, async ({ params, query, request, db }) => {
    const page = query.page ?? 0;
    if (query.flatNum !== undefined) checkedFlatNum(query.flatNum);
    const dateFrom = query.dateFrom === undefined ? undefined : new Date(query.dateFrom);
    const dateTo = query.dateTo === undefined ? undefined : new Date(query.dateTo);
    if (dateFrom && dateTo && dateFrom.getTime() > dateTo.getTime()) throw bad('dateFrom', 'позже dateTo');
    if (page * CALL_ROUND_PAGE_SIZE > CALL_ROUND_COUNT_LIMIT * 10) throw bad('page', 'слишком далёкая страница');
    const record = await requireDialingDevice(db, request, params.mac);
    const [address, rounds] = await Promise.all([
      deviceAddress(db, record.id),
      listCallRounds(db, record.id, { flatNum: query.flatNum, dateFrom, dateTo, page, pageSize: CALL_ROUND_PAGE_SIZE, countLimit: CALL_ROUND_COUNT_LIMIT }),
    ]);
    return {
      result: true,
      device: record.device,
      address,
      data: rounds.data,
      pagination: {
        count: rounds.data.length,
        page,
        pageCount: Math.max(1, Math.ceil(rounds.total / CALL_ROUND_PAGE_SIZE)),
        pageSize: CALL_ROUND_PAGE_SIZE,
        totalCount: rounds.total,
      },
      countCapped: rounds.capped,
    };
  });

  const answer = async (db: Db, request: FastifyRequest, flat: Awaited<ReturnType<typeof requireFlat>>, flatNum: number, message?: string) => ({
    result: true,
    ...(message ? { message } : {}),
    flatNum,
    houseUid: flat.houseUid,
    address: flat.address,
    steps: await callOrderOf(db, flat),
    canEdit: hasRole(currentUser(request), ROLES.management),
  });

  defineRoute(app, dialingEndpoints.callOrder, { access: DEVICE_READERS, params: FlatParams }, async ({ params, request, db }) => {
    const flatNum = checkedFlatNum(params.flatNum);
    const record = await requireDialingDevice(db, request, params.mac);
    const flat = await requireFlat(db, record.id, record.device.mac, flatNum);
    return answer(db, request, flat, flatNum);
  });

  defineRoute(app, dialingEndpoints.saveCallOrder, { access: DEVICE_EDITORS, params: FlatParams }, async ({ params, body, request, db }) => {
    const flatNum = checkedFlatNum(params.flatNum);
    const record = await requireDialingDevice(db, request, params.mac);
    const flat = await requireFlat(db, record.id, record.device.mac, flatNum);
    const steps = checkedSteps(body.steps, await callOrderOf(db, flat));
    await replaceCallOrder(db, flat.flatId, steps);
    return answer(db, request, flat, flatNum, 'Порядок вызова сохранён');
  });
}
