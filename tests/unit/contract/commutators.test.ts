import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { COMMUTATOR_SIZES, CommutatorsQuery, CommutatorsUpdate, commutatorEndpoints, matrixSize, resizeMatrix } from '../../../contract/commutators';
import { KEY_TYPES } from '../../../contract/keys';
import { MAC, abonentUnit, device } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

const commutation = {
  result: true,
  message: null,
  commutators: [
    {
      index: 0,
      matrix: [
        [37, 38],
        [39, 0],
      ],
    },
  ],
  mac: MAC,
  model: 0,
  commutationModels: { '0': [{ rows: 8, columns: 2 }, { rows: 8, columns: 4 }], '1': [{ rows: 10, columns: 1 }] },
  device: device(),
  flatRange: { firstFlat: 37, lastFlat: 72, entranceNum: 2, entranceTitle: 'Подъезд 2' },
  checkLinelevelTaskId: null,
};

describe('commutator endpoints', () => {
  itDecodesEveryResponse(commutatorEndpoints, {
    get: {
      ok: commutation,
      bad: { ...commutation, commutators: [{ index: 0, matrix: [[37, '38']] }], commutationModels: { '0': [{ rows: 8 }] }, model: '0' },
      paths: ['commutators.0.matrix.0.1', 'commutationModels.0.0.columns', 'model'],
    },
    save: plainCase,
    abonentUnits: {
      ok: { result: true, abonentUnits: { '45': abonentUnit(), '46': { ...abonentUnit(), id: 90413, panelCode: 46, lineLevel: null } } },
      bad: { result: true, abonentUnits: { '45': { ...abonentUnit(), lineLevel: { lastChange: null, level: 'high' }, options: { a: {} } } } },
      paths: ['abonentUnits.45.lineLevel.level', 'abonentUnits.45.options.a'],
    },
    lineLevelCheck: {
      ok: { result: true, check: { taskId: 'll-7f3a', mac: MAC, status: 'running', progress: 40, message: null, startedAt: '2026-11-25T10:00:00.000Z', finishedAt: null } },
      bad: { result: true, check: { taskId: 'll-7f3a', mac: MAC, status: 'paused', progress: '40', message: null, startedAt: '2026-11-25T10:00:00.000Z', finishedAt: null } },
      paths: ['check.status', 'check.progress'],
    },
  });

  it('accepts commutationModels and abonentUnits sent as []', () => {
    expect(decode(commutatorEndpoints.get.response, { ...commutation, commutationModels: [] }).commutationModels).toEqual({});
    expect(decode(commutatorEndpoints.abonentUnits.response, { result: true, abonentUnits: [] }).abonentUnits).toEqual({});
  });
});

describe('matrix sizes', () => {
  it('gives Factorial sizes as columns × rows of 8 rows', () => {
    const sizes = COMMUTATOR_SIZES.map((size) => matrixSize('Factorial', size));
    expect(sizes.map((s) => `${s?.columns}x${s?.rows}`)).toEqual(['0x0', '2x8', '4x8', '5x8', '8x8', '10x8', '13x8', '20x8', '28x8']);
  });

  it('gives Metakom, Vizit, Cyfral and Eltis sizes as columns × rows of 10 rows', () => {
    for (const keyType of KEY_TYPES.filter((type) => type !== 'Factorial')) {
      const sizes = COMMUTATOR_SIZES.map((size) => matrixSize(keyType, size));
      expect(sizes.map((s) => `${s?.columns}x${s?.rows}`)).toEqual(['0x0', '1x10', '2x10', '4x10', '7x10', '8x10', '10x10', '16x10', '22x10']);
    }
  });

  it('knows no matrix for a size outside the tables', () => {
    expect(matrixSize('Factorial', 30)).toBeNull();
    expect(matrixSize('Eltis', -1)).toBeNull();
  });

  it('resizes a matrix keeping the cells both sizes share and zero-filling new ones', () => {
    const grown = resizeMatrix([[37, 38]], { columns: 3, rows: 2 });
    expect(grown).toEqual([
      [37, 38, 0],
      [0, 0, 0],
    ]);
    expect(resizeMatrix(grown, { columns: 1, rows: 1 })).toEqual([[37]]);
    expect(resizeMatrix(grown, { columns: 0, rows: 0 })).toEqual([]);
  });
});

describe('commutator requests', () => {
  it('reads fetchFromDevice=1 as a reload from the device', () => {
    expect(decode(CommutatorsQuery, { fetchFromDevice: '1' })).toEqual({ fetchFromDevice: true });
    expect(decode(CommutatorsQuery, {})).toEqual({});
  });

  it('saves the model and every commutator matrix with its index', () => {
    expect(decode(CommutatorsUpdate, { model: 0, matrix: [{ index: 0, matrix: [[37, 0]] }] }).matrix[0]?.index).toBe(0);
    // An array where an object is expected fails as a whole and at each index (unknown keys) and missing key.
    expectFailurePaths(CommutatorsUpdate, { model: 'Factorial', matrix: [[37, 0]] }, [
      'model',
      'matrix.0',
      'matrix.0.0',
      'matrix.0.1',
      'matrix.0.index',
      'matrix.0.matrix',
    ]);
  });

  it('builds the commutators path for a MAC', () => {
    expect(commutatorEndpoints.get.path({ mac: MAC })).toBe('/front/devices/00%3A1A%3A2B%3A3C%3A4D%3A5E/commutators');
  });

  it('builds the line-level check path for a MAC and a task id', () => {
    expect(commutatorEndpoints.lineLevelCheck.path({ mac: MAC, taskId: 'a/b' })).toBe('/front/devices/00%3A1A%3A2B%3A3C%3A4D%3A5E/line-level-checks/a%2Fb');
  });

  it('takes whole numbers only as the model, an index and a cell', () => {
    expectFailurePaths(CommutatorsUpdate, { model: 1.5, matrix: [{ index: 0.5, matrix: [[37, 2.5]] }] }, ['model', 'matrix.0.index', 'matrix.0.matrix.0.1']);
    expect(decode(CommutatorsUpdate, { model: null, matrix: [] })).toEqual({ model: null, matrix: [] });
  });
});
