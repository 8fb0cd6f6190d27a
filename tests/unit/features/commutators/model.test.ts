import { describe, expect, it } from 'vitest';
import type { CommutatorsResponse, FlatRange } from '@contract/commutators';
import { planCopy, rangeOffset } from '@/features/commutators/copy';
import {
  cellKey,
  cellsFrom,
  checkMatrix,
  compactRanges,
  allWired,
  fillReport,
  fillSequence,
  moveCell,
  parseCell,
  resizeState,
  setCell,
  sizeOfMatrix,
  stateFromServer,
  type MatrixState,
} from '@/features/commutators/model';

const METAKOM = 1;
const FACTORIAL = 0;
const range = (firstFlat: number, lastFlat: number): FlatRange => ({ firstFlat, lastFlat, entranceNum: 1, entranceTitle: 'Подъезд 1' });
const zeros = (rows: number, columns: number) => Array.from({ length: rows }, () => Array<number>(columns).fill(0));

describe('resizing by model size', () => {
  it('Metakom 20 is 2 columns × 10 rows; resized to 40 (4 × 10) it keeps every cell and adds zeros', () => {
    const small = resizeState({ model: null, size: 0, commutators: [{ index: 0, matrix: [] }] }, METAKOM, 20);
    expect(small.size).toBe(20);
    expect(small.commutators[0].matrix).toHaveLength(10);
    expect(small.commutators[0].matrix[0]).toHaveLength(2);
    const wired = { ...small, commutators: [{ index: 0, matrix: setCell(setCell(small.commutators[0].matrix, { row: 0, column: 0 }, 1), { row: 9, column: 1 }, 20) }] };
    const large = resizeState(wired, METAKOM, 40);
    expect(large.commutators[0].matrix[0]).toEqual([1, 0, 0, 0]);
    expect(large.commutators[0].matrix[9]).toEqual([0, 20, 0, 0]);
    expect(sizeOfMatrix(METAKOM, large.commutators[0].matrix)).toBe(40);
  });

  it('shrinking drops the cells outside and changing the model re-shapes every commutator (Factorial 220: 28 × 8)', () => {
    const state: MatrixState = { model: METAKOM, size: 40, commutators: [{ index: 0, matrix: zeros(10, 4) }, { index: 1, matrix: zeros(10, 4) }] };
    state.commutators[0].matrix[7][3] = 5;
    state.commutators[0].matrix[1][1] = 6;
    state.commutators[0].matrix[2][0] = 9;
    const factorial = resizeState(state, FACTORIAL, 220);
    expect(factorial.commutators.map((each) => [each.matrix.length, each.matrix[0].length])).toEqual([
      [8, 28],
      [8, 28],
    ]);
    expect(factorial.commutators[0].matrix[7][3]).toBe(5);
    const shrunk = resizeState(state, METAKOM, 10);
    // Metakom 10 is one column of 10: only column 1's cells stay.
    expect(shrunk.commutators[0].matrix.flat()).toEqual([0, 0, 9, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('a device without a commutator (model null, no matrices) reads as size 0 with one empty commutator', () => {
    expect(stateFromServer(null, [])).toEqual({ model: null, size: 0, commutators: [{ index: 0, matrix: [] }] });
    expect(stateFromServer(FACTORIAL, [{ index: 0, matrix: zeros(8, 28) }]).size).toBe(220);
  });

  it('setting a cell keeps the other rows as they were (so their cells do not re-render)', () => {
    const matrix = zeros(3, 2);
    const next = setCell(matrix, { row: 1, column: 1 }, 7);
    expect(next[1]).toEqual([0, 7]);
    expect(next[0]).toBe(matrix[0]);
    expect(next[2]).toBe(matrix[2]);
    expect(setCell(next, { row: 1, column: 1 }, 7)).toBe(next);
  });
});

describe('fill in sequence', () => {
  it('column by column from the first cell: down the column, then the next, up to the range end', () => {
    const filled = fillSequence(zeros(3, 3), { firstFlat: 10, lastFlat: 15, start: { row: 0, column: 0 }, order: 'columns' });
    expect(filled).toEqual([
      [10, 13, 0],
      [11, 14, 0],
      [12, 15, 0],
    ]);
  });

  it('row by row from a middle cell; the cells before it stay as they were', () => {
    const matrix = zeros(2, 3);
    matrix[0][0] = 99;
    const filled = fillSequence(matrix, { firstFlat: 1, lastFlat: 100, start: { row: 0, column: 1 }, order: 'rows' });
    expect(filled).toEqual([
      [99, 1, 2],
      [3, 4, 5],
    ]);
    expect(cellsFrom(2, 2, { row: 1, column: 0 }, 'columns')).toEqual([
      { row: 1, column: 0 },
      { row: 0, column: 1 },
      { row: 1, column: 1 },
    ]);
  });
});

describe('what a fill says before and after', () => {
  it('names the flats that do not fit: 27 flats from the 6th cell of 16 place 11, 12–27 left out', () => {
    const options = { firstFlat: 1, lastFlat: 27, start: { row: 5, column: 0 }, order: 'columns' as const };
    const report = fillReport(zeros(8, 2), options);
    expect(report).toMatchObject({ total: 27, placed: 11, twice: [], filledCells: 0 });
    expect(compactRanges(report.notFitting)).toBe('12–27');
  });

  it('names the flats other cells already hold (they would be wired twice), and clearing first leaves none', () => {
    const matrix = zeros(4, 2);
    matrix[0][0] = 1;
    matrix[1][0] = 2;
    const options = { firstFlat: 1, lastFlat: 6, start: { row: 2, column: 0 }, order: 'columns' as const };
    const report = fillReport(matrix, options);
    expect(report).toMatchObject({ total: 6, placed: 6, notFitting: [], twice: [1, 2], filledCells: 2 });
    const cleared = { ...options, clear: true };
    expect(fillSequence(matrix, cleared)).toEqual([
      [0, 3],
      [0, 4],
      [1, 5],
      [2, 6],
    ]);
    expect(fillReport(matrix, cleared).twice).toEqual([]);
  });

  it('says «all wired» only when no flat is twice or out of range', () => {
    expect(allWired(checkMatrix([{ index: 0, matrix: [[1, 2], [3, 0]] }], range(1, 3)))).toBe(true);
    const twice = checkMatrix([{ index: 0, matrix: [[1, 2], [3, 3]] }], range(1, 3));
    expect(twice.unwired).toEqual([]);
    expect(allWired(twice)).toBe(false);
    expect(allWired(checkMatrix([{ index: 0, matrix: [[1, 2], [3, 4]] }], range(1, 3)))).toBe(false);
  });
});

describe('checks before saving', () => {
  it('marks a number outside the range and names it', () => {
    const check = checkMatrix([{ index: 0, matrix: [[1, 41], [0, 2]] }], range(1, 40));
    expect(check.outOfRange).toEqual([{ index: 0, row: 0, column: 1, flat: 41 }]);
    expect(check.problems.get(cellKey(0, 0, 1))).toBe('range');
    expect(check.problems.size).toBe(1);
  });

  it('a flat wired twice marks both cells, across commutators too', () => {
    const check = checkMatrix(
      [
        { index: 0, matrix: [[3, 4], [3, 0]] },
        { index: 1, matrix: [[4]] },
      ],
      range(1, 10),
    );
    expect(check.duplicates).toEqual([
      { flat: 3, cells: [{ index: 0, row: 0, column: 0 }, { index: 0, row: 1, column: 0 }] },
      { flat: 4, cells: [{ index: 0, row: 0, column: 1 }, { index: 1, row: 0, column: 0 }] },
    ]);
    expect([...check.problems.entries()].sort()).toEqual([
      ['0:0:0', 'duplicate'],
      ['0:0:1', 'duplicate'],
      ['0:1:0', 'duplicate'],
      ['1:0:0', 'duplicate'],
    ]);
  });

  it('lists the range flats left unwired, compacted', () => {
    const check = checkMatrix([{ index: 0, matrix: [[5, 6, 7, 8], [10, 11, 0, 0]] }], range(1, 20));
    expect(check.problems.size).toBe(0);
    expect(compactRanges(check.unwired)).toBe('1–4, 9, 12–20');
    expect(compactRanges([])).toBe('');
    expect(compactRanges([3])).toBe('3');
  });

  it('without a range only duplicates are checked and nothing is listed as unwired', () => {
    const check = checkMatrix([{ index: 0, matrix: [[500, 500]] }], null);
    expect(check.outOfRange).toEqual([]);
    expect(check.duplicates).toHaveLength(1);
    expect(check.unwired).toEqual([]);
  });
});

describe('typing and keyboard navigation', () => {
  it('typed text becomes the flat number: digits only, empty is 0, at most 5 digits', () => {
    expect(parseCell('12', 1)).toBe(12);
    expect(parseCell('', 5)).toBe(0);
    expect(parseCell('1a2', 0)).toBe(12);
    expect(parseCell('1234567', 0)).toBe(12345);
  });

  it('arrows stop at the edges; Tab and Enter wrap to the next row or column; Tab past the last cell leaves', () => {
    expect(moveCell({ row: 0, column: 0 }, 'ArrowUp', 8, 4)).toEqual({ row: 0, column: 0 });
    expect(moveCell({ row: 0, column: 3 }, 'ArrowRight', 8, 4)).toEqual({ row: 0, column: 3 });
    expect(moveCell({ row: 2, column: 1 }, 'ArrowDown', 8, 4)).toEqual({ row: 3, column: 1 });
    expect(moveCell({ row: 0, column: 3 }, 'Tab', 8, 4)).toEqual({ row: 1, column: 0 });
    expect(moveCell({ row: 1, column: 0 }, 'ShiftTab', 8, 4)).toEqual({ row: 0, column: 3 });
    expect(moveCell({ row: 7, column: 3 }, 'Tab', 8, 4)).toBeNull();
    expect(moveCell({ row: 7, column: 1 }, 'Enter', 8, 4)).toEqual({ row: 0, column: 2 });
    expect(moveCell({ row: 2, column: 2 }, 'End', 8, 4)).toEqual({ row: 2, column: 3 });
  });
});

describe('copy to another entrance', () => {
  const target = (mac: string, model: number | null, matrix: number[][], flatRange: FlatRange | null) =>
    ({ mac, model, commutators: [{ index: 0, matrix }], flatRange }) as unknown as CommutatorsResponse;

  it('shifts the flats by the offset between the ranges and passes the target’s own check', () => {
    expect(rangeOffset(range(1, 40), range(41, 80))).toBe(40);
    const source: MatrixState = { model: METAKOM, size: 20, commutators: [{ index: 0, matrix: [[1, 2], ...zeros(9, 2)] }] };
    const plan = planCopy(source, range(1, 20), target('B', METAKOM, zeros(10, 2), range(21, 40)), true);
    expect(plan.state.commutators[0].matrix[0]).toEqual([21, 22]);
    expect(plan.check.problems.size).toBe(0);
  });

  it('without the shift the copy is refused by the target’s range; a target of another size gets the matrix resized', () => {
    const source: MatrixState = { model: METAKOM, size: 20, commutators: [{ index: 0, matrix: [[1, 2], ...zeros(9, 2)] }] };
    const refused = planCopy(source, range(1, 20), target('B', METAKOM, zeros(10, 2), range(21, 40)), false);
    expect(refused.check.outOfRange.map((cell) => cell.flat)).toEqual([1, 2]);
    const larger = planCopy(source, range(1, 20), target('C', METAKOM, zeros(10, 4), range(1, 40)), false);
    expect(larger.state.size).toBe(40);
    expect(larger.state.commutators[0].matrix[0]).toEqual([1, 2, 0, 0]);
  });
});
