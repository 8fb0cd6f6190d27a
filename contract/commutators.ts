import { array, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { BooleanLike, MacLike, ResultResponse, Scalar, endpoint, map, withResult } from './common';
import { Device } from './devices';
import type { KeyType } from './keys';

// ---------------------------------------------------------------------------
// Matrix sizes

/** Commutator sizes a device may have (0: no commutator). */
export const COMMUTATOR_SIZES = [0, 10, 20, 40, 64, 80, 100, 160, 220] as const;
export type CommutatorSize = (typeof COMMUTATOR_SIZES)[number];

export interface MatrixSize {
  columns: number;
  rows: number;
}

/** [columns, rows] per size. */
const FACTORIAL_MATRIX: Record<CommutatorSize, readonly [number, number]> = {
  0: [0, 0],
  10: [2, 8],
  20: [4, 8],
  40: [5, 8],
  64: [8, 8],
  80: [10, 8],
  100: [13, 8],
  160: [20, 8],
  220: [28, 8],
};
/** Metakom, Vizit, Cyfral and Eltis share one table. */
const COORDINATE_MATRIX: Record<CommutatorSize, readonly [number, number]> = {
  0: [0, 0],
  10: [1, 10],
  20: [2, 10],
  40: [4, 10],
  64: [7, 10],
  80: [8, 10],
  100: [10, 10],
  160: [16, 10],
  220: [22, 10],
};

/** The matrix of a commutator of `size` for a key type; null for a size the tables do not know. */
export function matrixSize(keyType: KeyType, size: number): MatrixSize | null {
  const table = keyType === 'Factorial' ? FACTORIAL_MATRIX : COORDINATE_MATRIX;
  const entry = (table as Record<number, readonly [number, number] | undefined>)[size];
  return entry ? { columns: entry[0], rows: entry[1] } : null;
}

/**
 * The matrix resized to `size` (rows × columns, `matrix[row][column]`): cells inside both keep
 * their value, new cells are 0.
 */
export function resizeMatrix(matrix: readonly (readonly number[])[], size: MatrixSize): number[][] {
  return Array.from({ length: size.rows }, (_row, row) =>
    Array.from({ length: size.columns }, (_column, column) => matrix[row]?.[column] ?? 0),
  );
}

// ---------------------------------------------------------------------------
// Entities

/** `matrix[row][column]` holds the flat number wired to that cell, 0 for none. */
export const Commutator = type({ index: number(), matrix: array(array(number())) });
export type Commutator = Infer<typeof Commutator>;

export const CommutationModelSize = type({ rows: number(), columns: number() });
export const FlatRange = type({
  firstFlat: number(),
  lastFlat: number(),
  entranceNum: nullable(number()),
  entranceTitle: nullable(string()),
});
export type FlatRange = Infer<typeof FlatRange>;

/** Commutation models: 0 Factorial, 1 Metakom, 2 Cyfral, 3 Eltis, 4 Vizit (the KEY_TYPES order). */
export const COMMUTATION_MODELS = [0, 1, 2, 3, 4] as const;

export const LineLevel = type({ lastChange: nullable(string()), level: nullable(number()) });

/** A handset unit (abonentUnits) of a flat behind a panel code. */
export const AbonentUnit = type({
  id: number(),
  lineLevel: nullable(LineLevel),
  mac: MacLike,
  options: map(Scalar),
  panelCode: number(),
  /** 0 analogue handset, 1 digital handset, 2 video monitor */
  type: number(),
});
export type AbonentUnit = Infer<typeof AbonentUnit>;

export const CommutatorsResponse = withResult({
  commutators: array(Commutator),
  mac: MacLike,
  model: nullable(number()),
  /** model → sizes it supports */
  commutationModels: map(array(CommutationModelSize)),
  device: Device,
  flatRange: nullable(FlatRange),
  /** The line-level check started by fetchFromDevice=1; null when none runs. */
  checkLinelevelTaskId: nullable(string()),
});
export type CommutatorsResponse = Infer<typeof CommutatorsResponse>;

export const CommutatorsQuery = object({ fetchFromDevice: optional(BooleanLike) });
/** `matrix`: every commutator of the device, each with its index. */
export const CommutatorsUpdate = object({
  model: nullable(integer()),
  matrix: array(object({ index: integer(), matrix: array(array(integer())) })),
});
export type CommutatorsUpdate = Infer<typeof CommutatorsUpdate>;

/** panelCode → unit. */
export const AbonentUnitsResponse = withResult({ abonentUnits: map(AbonentUnit) });

/** A line-level check (ours, docs/api.md "Commutators"): started by fetchFromDevice=1, polled to its end. */
export const LINE_LEVEL_CHECK_STATUSES = ['running', 'done', 'failed'] as const;
export const LineLevelCheck = type({
  taskId: string(),
  mac: MacLike,
  status: enums(LINE_LEVEL_CHECK_STATUSES),
  /** 0..100 */
  progress: number(),
  /** Why it failed (Russian), null otherwise. */
  message: nullable(string()),
  startedAt: string(),
  finishedAt: nullable(string()),
});
export type LineLevelCheck = Infer<typeof LineLevelCheck>;
export const LineLevelCheckResponse = withResult({ check: LineLevelCheck });

export const commutatorEndpoints = {
  get: endpoint({ method: 'GET', pattern: '/front/devices/:mac/commutators', query: CommutatorsQuery, response: CommutatorsResponse }),
  save: endpoint({ method: 'POST', pattern: '/front/devices/:mac/commutators', body: CommutatorsUpdate, response: ResultResponse }),
  abonentUnits: endpoint({ method: 'GET', pattern: '/front/devices/:mac/abonent-units', response: AbonentUnitsResponse }),
  lineLevelCheck: endpoint({ method: 'GET', pattern: '/front/devices/:mac/line-level-checks/:taskId', response: LineLevelCheckResponse }),
} as const;
