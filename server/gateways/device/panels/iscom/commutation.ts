import { PanelError } from '../panel-driver';

/**
 * How the product's grid (`grid[row][column]`, a row per unit, a column per dozen: contract/commutators.ts)
 * sits on the panel's matrix (`matrix[dozen][unit]`, PANELS.md):
 * - 'none': row r is unit r;
 * - 'next-dozen' (rev.2 Metakom and Factorial): row r is unit r + 1, and the last row is unit 0
 *   of the next dozen (the last dozen's wraps to dozen 0), as the public rev.2 driver shifts them;
 * - 'same-dozen' (rev.5 types that count units from 1): row r is unit r + 1, the last row unit 0
 *   of the same dozen, as the public rev.5 driver does.
 */
export type UnitShift = 'none' | 'next-dozen' | 'same-dozen';

export interface PanelMatrixShape {
  dozens: number;
  units: number;
  shift: UnitShift;
}

/** A panel's cell: a flat number, or null (rev.2 and rev.5 write null for an empty cell; 0 is read as empty too). */
export type PanelCell = number | null;

/** Commutation models in the KEY_TYPES order (contract/keys.ts): 0 Factorial, 1 Metakom, 2 Cyfral, 3 Eltis, 4 Vizit. */
export const REV2_MODEL_IDS = ['FACTORIAL', 'METAKOM', 'CYFRAL', 'ELTIS', 'VIZIT'] as const;

/** Rev.2 model id (any case; the public driver also spells Vizit «VISIT») → model number. */
export function modelOfRev2Id(modelId: string): number | null {
  const upper = modelId.trim().toUpperCase();
  const index = (REV2_MODEL_IDS as readonly string[]).indexOf(upper === 'VISIT' ? 'VIZIT' : upper);
  return index === -1 ? null : index;
}

/** Rev.2 matrices hold 64 (Factorial 8x8), 100 or 220 flats. */
export const REV2_CAPACITIES = [64, 100, 220] as const;

export function rev2Shift(model: number | null): UnitShift {
  return model === 0 || model === 1 ? 'next-dozen' : 'none';
}

/** A rev.5 switch type the driver knows (PANELS.md; the public rev.5 driver's capability table). */
export interface Rev5SwitchType {
  type: number;
  name: string;
  model: number;
  dozens: number;
  units: number;
  unitsFromOne: boolean;
}

export const REV5_SWITCH_TYPES: readonly Rev5SwitchType[] = [
  { type: 0, name: 'FACTORIAL 8x8', model: 0, dozens: 8, units: 8, unitsFromOne: true },
  { type: 61, name: 'COM-80U', model: 1, dozens: 8, units: 10, unitsFromOne: true },
  { type: 63, name: 'COM-160U', model: 1, dozens: 16, units: 10, unitsFromOne: true },
  { type: 65, name: 'COM-220U', model: 1, dozens: 22, units: 10, unitsFromOne: true },
  { type: 20, name: 'KMG-100', model: 2, dozens: 10, units: 10, unitsFromOne: false },
  { type: 13, name: 'KKM-100S2', model: 2, dozens: 10, units: 10, unitsFromOne: false },
  { type: 30, name: 'KM100-7.2', model: 3, dozens: 10, units: 10, unitsFromOne: false },
  { type: 52, name: 'BK-100', model: 4, dozens: 10, units: 10, unitsFromOne: false },
];

/** The type to write for a model and size: the switch's own type when it fits, else the first listed (KMG-100 for a Cyfral 100). */
export function rev5TypeFor(model: number, dozens: number, units: number, held: number | null): Rev5SwitchType | null {
  const fitting = REV5_SWITCH_TYPES.filter((item) => item.model === model && item.dozens === dozens && item.units === units);
  return fitting.find((item) => item.type === held) ?? fitting[0] ?? null;
}

export function rev5TypeOf(type: number | null): Rev5SwitchType | null {
  return REV5_SWITCH_TYPES.find((item) => item.type === type) ?? null;
}

/** The panel's matrix for a product grid of the shape's size; a grid of another size is 'unsupported'. */
export function toPanelMatrix(grid: readonly (readonly number[])[], shape: PanelMatrixShape): PanelCell[][] {
  if (grid.length !== shape.units || grid.some((row) => row.length !== shape.dozens)) {
    throw new PanelError('unsupported', `матрица ${grid.length}×${grid[0]?.length ?? 0} вместо ${shape.units}×${shape.dozens}`);
  }
  const matrix: PanelCell[][] = Array.from({ length: shape.dozens }, () => Array.from({ length: shape.units }, (): PanelCell => null));
  grid.forEach((row, rowIndex) =>
    row.forEach((flat, column) => {
      const [dozen, unit] = panelCellOf(rowIndex, column, shape);
      matrix[dozen][unit] = flat > 0 ? flat : null;
    }),
  );
  return matrix;
}

/** The product grid of a panel's matrix (`[dozen][unit]`, every dozen as long as the first); a ragged matrix is 'garbled'. */
export function fromPanelMatrix(matrix: readonly (readonly PanelCell[])[], shift: UnitShift): number[][] {
  const dozens = matrix.length;
  const units = matrix[0]?.length ?? 0;
  if (matrix.some((dozen) => dozen.length !== units)) throw new PanelError('garbled', 'матрица коммутатора неровная');
  const shape = { dozens, units, shift };
  const grid = Array.from({ length: units }, () => Array.from({ length: dozens }, () => 0));
  matrix.forEach((dozen, dozenIndex) =>
    dozen.forEach((flat, unit) => {
      const [row, column] = gridCellOf(dozenIndex, unit, shape);
      grid[row][column] = flat ?? 0;
    }),
  );
  return grid;
}

function panelCellOf(row: number, column: number, { dozens, units, shift }: PanelMatrixShape): [number, number] {
  if (shift === 'none') return [column, row];
  if (shift === 'same-dozen') return [column, (row + 1) % units];
  if (row + 1 < units) return [column, row + 1];
  return [(column + 1) % dozens, 0];
}

function gridCellOf(dozen: number, unit: number, { dozens, units, shift }: PanelMatrixShape): [number, number] {
  if (shift === 'none') return [unit, dozen];
  if (shift === 'same-dozen') return [(unit + units - 1) % units, dozen];
  if (unit > 0) return [unit - 1, dozen];
  return [units - 1, (dozen + dozens - 1) % dozens];
}
