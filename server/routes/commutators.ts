import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, string } from 'superstruct';
import { MacLike } from '../../contract/common';
import {
  COMMUTATION_MODELS,
  COMMUTATOR_SIZES,
  commutatorEndpoints,
  matrixSize,
  type Commutator,
  type CommutatorsUpdate,
  type FlatRange,
  type MatrixSize,
} from '../../contract/commutators';
import { KEY_TYPES } from '../../contract/keys';
import { ROLES } from '../../contract/users';
import type { DeviceChange, DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError, MESSAGES } from '../http/errors';
import { defineRoute } from '../http/route';
import { owedWriteText } from '../repositories/device-sync';
import { noteOf, storeOweAndSend } from '../jobs/device-sync-runner';
import { LINE_LEVEL_STALE_SECONDS, LINE_LEVEL_TEXTS, LineLevelCheckRunner } from '../jobs/line-level-checks';
import { hasRole } from '../plugins/rbac';
import { currentUser } from '../plugins/session';
import {
  abonentUnitsOfDevice,
  commutationOfDevice,
  flatRangeOfDevice,
  lineLevelCheckOf,
  replaceCommutation,
  runningCheckOfDevice,
  storeReadCommutation,
  type DeviceFlatRange,
} from '../repositories/commutators';
import { deviceRefOf, type DeviceRecord } from '../repositories/devices';
import type { Db } from '../db/client';
import { MacParams, requireDevice } from './device-card-shared';
import { onDevice, requireCapability } from '../services/device-lookup';

/**
 * Who reads a matrix, its handsets and its checks: management, support and the installer; who
 * saves it or reads it from the device: management and the installer (support is refused). The
 * installer's device is one of its buyer's, as for the device card (docs/api.md "Commutators").
 */
const READERS = { roles: [ROLES.management, ROLES.adjuster, ROLES.support] } as const;
const WRITERS = { roles: [ROLES.management, ROLES.adjuster] } as const;

/** At most this many commutators on one device, indexed 0…MAX_COMMUTATORS-1. */
const MAX_COMMUTATORS = 16;

const MODEL_NAMES = COMMUTATION_MODELS.map((model) => `${model} ${KEY_TYPES[model]}`).join(', ');

/** Every matrix size (10…220) of a model, as {rows, columns}. */
function sizesOf(model: number): MatrixSize[] {
  return COMMUTATOR_SIZES.filter((size) => size > 0).flatMap((size) => {
    const dims = matrixSize(KEY_TYPES[model], size);
    return dims ? [{ rows: dims.rows, columns: dims.columns }] : [];
  });
}

const COMMUTATION_MODEL_SIZES: Record<string, MatrixSize[]> = Object.fromEntries(COMMUTATION_MODELS.map((model) => [String(model), sizesOf(model)]));

/** The size a never-written device reads its entrance into: the smallest that holds the range (Metakom's table when no model). */
function defaultSizeOf(range: FlatRange | null): number {
  const flats = range ? range.lastFlat - range.firstFlat + 1 : 0;
  return COMMUTATOR_SIZES.find((size) => size > 0 && size >= flats) ?? COMMUTATOR_SIZES[COMMUTATOR_SIZES.length - 1];
}

function bad(field: string, message: string): ApiError {
  return new ApiError(400, `Некорректное поле ${field}: ${message}`);
}

/**
 * Checks a matrix to save against the model's sizes and the device's flats: a model of the
 * table or null (then no commutator), distinct indexes, each matrix of one of the model's sizes,
 * every wired flat inside the range and wired once. The first problem is a 400 naming its field.
 */
export function checkCommutation(update: CommutatorsUpdate, range: FlatRange | null): void {
  const { model, matrix } = update;
  if (model !== null && !(COMMUTATION_MODELS as readonly number[]).includes(model)) {
    throw bad('model', `ожидается модель коммутатора (${MODEL_NAMES}) или null`);
  }
  if (model === null && matrix.length > 0) throw bad('matrix', 'без модели (model: null) у устройства нет коммутаторов');
  if (matrix.length > MAX_COMMUTATORS) throw bad('matrix', `не больше ${MAX_COMMUTATORS} коммутаторов`);
  const sizes = model === null ? [] : sizesOf(model);
  const indexes = new Map<number, number>();
  const wired = new Map<number, string>();
  for (const [position, commutator] of matrix.entries()) {
    const field = `matrix[${position}]`;
    if (commutator.index < 0 || commutator.index >= MAX_COMMUTATORS) throw bad(`${field}.index`, `ожидается номер коммутатора от 0 до ${MAX_COMMUTATORS - 1}`);
    const same = indexes.get(commutator.index);
    if (same !== undefined) throw bad(`${field}.index`, `коммутатор ${commutator.index} уже указан в matrix[${same}]`);
    indexes.set(commutator.index, position);
    const rows = commutator.matrix.length;
    const columns = commutator.matrix[0]?.length ?? 0;
    const ragged = commutator.matrix.findIndex((row) => row.length !== columns);
    if (ragged >= 0) throw bad(`${field}[${ragged}]`, `в строке ${commutator.matrix[ragged].length} ячеек, а в первой ${columns}: матрица должна быть прямоугольной`);
    if (!sizes.some((size) => size.rows === rows && size.columns === columns)) {
      const allowed = sizes.map((size) => `${size.rows} × ${size.columns}`).join(', ');
      throw bad(field, `матрица ${rows} × ${columns} (строк × столбцов) не подходит модели ${KEY_TYPES[model ?? 0]}: допустимы ${allowed}`);
    }
    for (const [row, cells] of commutator.matrix.entries()) {
      for (const [column, flat] of cells.entries()) {
        if (flat === 0) continue;
        const cell = `${field}[${row}][${column}]`;
        if (!range) throw bad(cell, `квартира ${flat}: у устройства нет подъезда с диапазоном квартир`);
        if (flat < range.firstFlat || flat > range.lastFlat) throw bad(cell, `квартира ${flat} вне диапазона ${range.firstFlat}–${range.lastFlat}`);
        const other = wired.get(flat);
        if (other !== undefined) throw bad(cell, `квартира ${flat} уже подключена в ${other}`);
        wired.set(flat, cell);
      }
    }
  }
}

/** The flat numbers wired anywhere in the matrices: the panel codes of their handsets. */
function wiredCodes(commutators: readonly Commutator[]): number[] {
  const codes = new Set<number>();
  for (const commutator of commutators) for (const row of commutator.matrix) for (const cell of row) if (Number.isInteger(cell) && cell > 0) codes.add(cell);
  return [...codes].sort((a, b) => a - b);
}

/** A device answer as the database keeps it: whole numbers only, a model of the table or none. */
function sanitizeRead(read: { model: number | null; commutators: readonly Commutator[] }): { model: number | null; commutators: Commutator[] } {
  const model = read.model !== null && (COMMUTATION_MODELS as readonly number[]).includes(read.model) ? read.model : null;
  const seen = new Set<number>();
  const commutators = read.commutators.filter((item) => {
    const fits = Number.isInteger(item.index) && item.index >= 0 && item.index < MAX_COMMUTATORS && !seen.has(item.index);
    seen.add(item.index);
    return fits;
  });
  return {
    model,
    commutators: commutators.map((item) => ({
      index: item.index,
      matrix: item.matrix.map((row) => row.map((cell) => (Number.isInteger(cell) && cell > 0 ? cell : 0))),
    })),
  };
}

function publicRange(range: DeviceFlatRange | null): FlatRange | null {
  return range ? { firstFlat: range.firstFlat, lastFlat: range.lastFlat, entranceNum: range.entranceNum, entranceTitle: range.entranceTitle } : null;
}

/** Support reads only: reading from the device writes the matrix, so it is a change. */
function requireWriter(request: FastifyRequest): void {
  const user = currentUser(request);
  if (!WRITERS.roles.some((role) => hasRole(user, role))) throw new ApiError(403, MESSAGES.forbidden);
}

async function requireCommutatorDevice(db: Db, request: FastifyRequest, mac: string): Promise<DeviceRecord> {
  const record = await requireDevice(db, request, { mac });
  requireCapability(record, 'commutators', 'матрица коммутации');
  return record;
}

const CheckParams = object({ mac: MacLike, taskId: string() });

/** Commutators (docs/api.md "Commutators"): the matrix, its reading from the device and the line-level check. */
export async function commutatorRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const { gateway } = options;
  const checks = new LineLevelCheckRunner(app.database.drizzle, gateway, app.log);
  app.addHook('preClose', () => checks.stop());
  const readers = { access: READERS, params: MacParams };

  defineRoute(app, commutatorEndpoints.get, readers, async ({ params, query, request, db }) => {
    if (query.fetchFromDevice) requireWriter(request);
    const record = await requireCommutatorDevice(db, request, params.mac);
    const range = await flatRangeOfDevice(db, record.id);
    let stored = await commutationOfDevice(db, record.id);
    let taskId: string | null;
    if (query.fetchFromDevice) {
      const ref = deviceRefOf(record);
      const read = sanitizeRead(
        await onDevice(() =>
          gateway.readCommutators(ref, { model: stored.model, commutators: stored.commutators, flatRange: range, defaultSize: defaultSizeOf(range) }),
        ),
      );
      const check = await storeReadCommutation(db, record.id, read, randomUUID(), LINE_LEVEL_STALE_SECONDS);
      if (check.started) {
        checks.start({ taskId: check.taskId, deviceId: record.id, houseUid: range?.houseUid ?? null, device: ref, panelCodes: wiredCodes(read.commutators) });
      }
      stored = { ...read, checkLinelevelTaskId: check.taskId };
      taskId = check.taskId;
    } else {
      taskId = await runningCheckOfDevice(db, record.id, LINE_LEVEL_STALE_SECONDS);
    }
    return {
      result: true,
      commutators: stored.commutators,
      mac: record.device.mac,
      model: stored.model,
      commutationModels: COMMUTATION_MODEL_SIZES,
      device: record.device,
      flatRange: publicRange(range),
      checkLinelevelTaskId: taskId,
    };
  });

  defineRoute(app, commutatorEndpoints.save, { access: WRITERS, params: MacParams, idempotent: true }, async ({ params, body, request, db }) => {
    const record = await requireCommutatorDevice(db, request, params.mac);
    const range = await flatRangeOfDevice(db, record.id);
    checkCommutation(body, range);
    const matrices = body.matrix.map((item) => ({ index: item.index, matrix: item.matrix }));
    // Stored and owed to the device in one transaction, then sent; a refusal stays owed (docs/api.md "Device sync").
    const change: DeviceChange = { kind: 'commutators', model: body.model, commutators: matrices };
    const written = await storeOweAndSend(db, gateway, app.deviceSync, [{ deviceId: record.id, change }], async (tx) => {
      await replaceCommutation(tx, record.id, body.model, matrices);
      return true;
    });
    return noteOf(written).map((note) => ({ result: true, ...owedWriteText('commutators.saved', note) }));
  });

  defineRoute(app, commutatorEndpoints.abonentUnits, readers, async ({ params, request, db }) => {
    const record = await requireCommutatorDevice(db, request, params.mac);
    return { result: true, abonentUnits: await abonentUnitsOfDevice(db, { id: record.id, mac: record.device.mac }) };
  });

  defineRoute(app, commutatorEndpoints.lineLevelCheck, { access: READERS, params: CheckParams }, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    const check = await lineLevelCheckOf(db, { id: record.id, mac: record.device.mac }, params.taskId, LINE_LEVEL_STALE_SECONDS, LINE_LEVEL_TEXTS.stale);
    if (!check) throw new ApiError(404, `Проверка уровня линии ${params.taskId} этого устройства не найдена`);
    return { result: true, check };
  });
}
