import { COMMUTATOR_SIZES, matrixSize, resizeMatrix, type Commutator, type FlatRange } from '@contract/commutators';
import { KEY_TYPES, type KeyType } from '@contract/keys';
import { FLAT_NUMBER_MAX } from '@/lib/flat-number';

/*
 * The commutation matrix as the screen edits it, and its checks (docs/api.md "Commutators",
 * docs/product.md matrix sizes). Pure, so resizing, filling and the checks before saving are tested without a page.
 */

export type Matrix = number[][];

export interface MatrixState {
  /** KEY_TYPES index (0 Factorial … 4 Vizit); null while no model is set. */
  model: number | null;
  /** One of COMMUTATOR_SIZES; 0 for a device without a commutator. */
  size: number;
  commutators: Commutator[];
}

export interface Cell {
  row: number;
  column: number;
}

export function keyTypeOf(model: number | null): KeyType | null {
  return model === null ? null : (KEY_TYPES[model] ?? null);
}

/** The size whose table dimensions the matrix has (0 for an empty or unknown one). */
export function sizeOfMatrix(model: number | null, matrix: readonly (readonly number[])[] | undefined): number {
  const keyType = keyTypeOf(model);
  if (!keyType || !matrix || matrix.length === 0) return 0;
  const columns = matrix[0]?.length ?? 0;
  return COMMUTATOR_SIZES.find((size) => size > 0 && matrixSize(keyType, size)?.rows === matrix.length && matrixSize(keyType, size)?.columns === columns) ?? 0;
}

/** The state a server answer stands for: commutators by index, at least one. */
export function stateFromServer(model: number | null, commutators: readonly Commutator[]): MatrixState {
  const sorted = [...commutators].sort((a, b) => a.index - b.index);
  const list = sorted.length > 0 ? sorted.map((each) => ({ index: each.index, matrix: each.matrix.map((row) => [...row]) })) : [{ index: 0, matrix: [] }];
  return { model, size: sizeOfMatrix(model, list[0]?.matrix), commutators: list };
}

/** Every commutator resized to the model's table for `size`, keeping the cells that stay. */
export function resizeState(state: MatrixState, model: number | null, size: number): MatrixState {
  const keyType = keyTypeOf(model);
  const dimensions = keyType ? matrixSize(keyType, size) : null;
  const target = dimensions ?? { rows: 0, columns: 0 };
  return {
    model,
    size: dimensions ? size : 0,
    commutators: state.commutators.map((each) => ({ index: each.index, matrix: resizeMatrix(each.matrix, target) })),
  };
}

/** One cell changed; the other rows keep their identity, so their cells do not re-render. */
export function setCell(matrix: Matrix, { row, column }: Cell, value: number): Matrix {
  if (matrix[row]?.[column] === undefined || matrix[row][column] === value) return matrix;
  const next = matrix.slice();
  const changed = matrix[row].slice();
  changed[column] = value;
  next[row] = changed;
  return next;
}

export type FillOrder = 'columns' | 'rows';

export interface FillOptions {
  firstFlat: number;
  start: Cell;
  /** 'columns': down a column, then the next column; 'rows': along a row, then the next row. */
  order: FillOrder;
  /** The last flat written (the range's end). */
  lastFlat: number;
  /** Every cell emptied first, so no flat stays in a cell the fill does not reach. */
  clear?: boolean;
}

/** Cells from `start` onwards in `order`. */
export function cellsFrom(rows: number, columns: number, start: Cell, order: FillOrder): Cell[] {
  const cells: Cell[] = [];
  if (order === 'columns') {
    for (let column = start.column; column < columns; column += 1) {
      for (let row = column === start.column ? start.row : 0; row < rows; row += 1) cells.push({ row, column });
    }
  } else {
    for (let row = start.row; row < rows; row += 1) {
      for (let column = row === start.row ? start.column : 0; column < columns; column += 1) cells.push({ row, column });
    }
  }
  return cells;
}

/** Flats firstFlat, firstFlat+1 … lastFlat written from `start` onwards; the cells before it stay (unless `clear`). */
export function fillSequence(matrix: Matrix, { firstFlat, start, order, lastFlat, clear = false }: FillOptions): Matrix {
  const rows = matrix.length;
  const columns = matrix[0]?.length ?? 0;
  const next = matrix.map((row) => (clear ? row.map(() => 0) : [...row]));
  let flat = firstFlat;
  for (const cell of cellsFrom(rows, columns, start, order)) {
    if (flat > lastFlat) break;
    next[cell.row][cell.column] = flat;
    flat += 1;
  }
  return next;
}

export interface FillReport {
  /** How many flats the fill asks for, and how many get a cell. */
  total: number;
  placed: number;
  /** The flats past the last cell: the fill leaves them out. */
  notFitting: number[];
  /** Flats of the fill that other cells already hold: they would be wired twice. */
  twice: number[];
  /** Cells holding a flat now (what clearing would erase). */
  filledCells: number;
}

/** What a fill would do, said before and after it: what fits, what does not, what ends up twice. */
export function fillReport(matrix: Matrix, options: FillOptions): FillReport {
  const rows = matrix.length;
  const columns = matrix[0]?.length ?? 0;
  const total = Math.max(0, options.lastFlat - options.firstFlat + 1);
  const placed = Math.min(total, cellsFrom(rows, columns, options.start, options.order).length);
  const notFitting: number[] = [];
  for (let flat = options.firstFlat + placed; flat <= options.lastFlat; flat += 1) notFitting.push(flat);
  const counts = new Map<number, number>();
  for (const row of fillSequence(matrix, options)) for (const flat of row) if (flat > 0) counts.set(flat, (counts.get(flat) ?? 0) + 1);
  const twice: number[] = [];
  for (let flat = options.firstFlat; flat < options.firstFlat + placed; flat += 1) if ((counts.get(flat) ?? 0) > 1) twice.push(flat);
  const filledCells = matrix.reduce((sum, row) => sum + row.filter((flat) => flat > 0).length, 0);
  return { total, placed, notFitting, twice, filledCells };
}

/** Shifts every wired flat by `offset` (a copy to an entrance whose range starts elsewhere). */
export function shiftMatrix(matrix: readonly (readonly number[])[], offset: number): Matrix {
  return matrix.map((row) => row.map((value) => (value > 0 ? value + offset : 0)));
}

// ---------------------------------------------------------------------------
// Checks before saving

export type CellProblem = 'range' | 'duplicate';

export interface PlacedCell extends Cell {
  /** The commutator's index. */
  index: number;
}

export interface MatrixCheck {
  /** `${index}:${row}:${column}` → what is wrong there. */
  problems: Map<string, CellProblem>;
  outOfRange: (PlacedCell & { flat: number })[];
  duplicates: { flat: number; cells: PlacedCell[] }[];
  /** The range's flats no cell holds. */
  unwired: number[];
}

export const cellKey = (index: number, row: number, column: number): string => `${index}:${row}:${column}`;

export function checkMatrix(commutators: readonly Commutator[], range: FlatRange | null): MatrixCheck {
  const problems = new Map<string, CellProblem>();
  const outOfRange: MatrixCheck['outOfRange'] = [];
  const seen = new Map<number, PlacedCell[]>();
  for (const { index, matrix } of commutators) {
    matrix.forEach((cells, row) =>
      cells.forEach((flat, column) => {
        if (!flat) return;
        const low = range ? range.firstFlat : 1;
        // With no range to check against, a cell may hold any flat number the server takes.
        const high = range ? range.lastFlat : FLAT_NUMBER_MAX;
        if (flat < low || flat > high) {
          outOfRange.push({ index, row, column, flat });
          problems.set(cellKey(index, row, column), 'range');
        }
        const places = seen.get(flat);
        if (places) places.push({ index, row, column });
        else seen.set(flat, [{ index, row, column }]);
      }),
    );
  }
  const duplicates: MatrixCheck['duplicates'] = [];
  for (const [flat, cells] of seen) {
    if (cells.length < 2) continue;
    duplicates.push({ flat, cells });
    for (const cell of cells) {
      const key = cellKey(cell.index, cell.row, cell.column);
      if (!problems.has(key)) problems.set(key, 'duplicate');
    }
  }
  duplicates.sort((a, b) => a.flat - b.flat);
  const unwired: number[] = [];
  if (range) for (let flat = range.firstFlat; flat <= range.lastFlat; flat += 1) if (!seen.has(flat)) unwired.push(flat);
  return { problems, outOfRange, duplicates, unwired };
}

/** «Все квартиры диапазона подключены» only when it is true and nothing is wrong: no flat twice, none outside the range. */
export function allWired(check: MatrixCheck): boolean {
  return check.unwired.length === 0 && check.duplicates.length === 0 && check.outOfRange.length === 0;
}

/** Sorted numbers as runs: [1,2,3,4,9,12,13] → «1–4, 9, 12–13». */
export function compactRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  let from = sorted[0];
  let to = from;
  for (let i = 1; i <= sorted.length; i += 1) {
    const value = sorted[i];
    if (value === to + 1) {
      to = value;
      continue;
    }
    if (from !== undefined) parts.push(from === to ? String(from) : `${from}–${to}`);
    from = value;
    to = value;
  }
  return parts.join(', ');
}

/** Digits typed into a cell as the flat number (0 for none); anything else leaves the value. */
export function parseCell(text: string, previous: number): number {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return 0;
  const value = Number(digits.slice(0, 5));
  return Number.isSafeInteger(value) ? value : previous;
}

// ---------------------------------------------------------------------------
// Keyboard navigation of the grid

export type GridKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'Tab' | 'ShiftTab' | 'Enter' | 'ShiftEnter';

/** Where a key moves the active cell; null when it leaves the grid (Tab past the last cell). */
export function moveCell(cell: Cell, key: GridKey, rows: number, columns: number): Cell | null {
  const { row, column } = cell;
  switch (key) {
    case 'ArrowUp':
      return { row: Math.max(0, row - 1), column };
    case 'ArrowDown':
      return { row: Math.min(rows - 1, row + 1), column };
    case 'ArrowLeft':
      return { row, column: Math.max(0, column - 1) };
    case 'ArrowRight':
      return { row, column: Math.min(columns - 1, column + 1) };
    case 'Home':
      return { row, column: 0 };
    case 'End':
      return { row, column: columns - 1 };
    case 'Tab':
      if (column + 1 < columns) return { row, column: column + 1 };
      return row + 1 < rows ? { row: row + 1, column: 0 } : null;
    case 'ShiftTab':
      if (column > 0) return { row, column: column - 1 };
      return row > 0 ? { row: row - 1, column: columns - 1 } : null;
    case 'Enter':
      return row + 1 < rows ? { row: row + 1, column } : column + 1 < columns ? { row: 0, column: column + 1 } : cell;
    case 'ShiftEnter':
      return row > 0 ? { row: row - 1, column } : cell;
  }
}

/** A line level below this is a dead line. */
export const DEAD_LINE_LEVEL = 20;

export const sameState = (a: MatrixState, b: MatrixState): boolean =>
  a.model === b.model && a.size === b.size && JSON.stringify(a.commutators) === JSON.stringify(b.commutators);
