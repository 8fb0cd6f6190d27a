import { KEY_TYPES } from '../../../../../contract/keys';
import { PanelError } from '../panel-driver';
import { printable } from './cgi-answer';

/** A commutator (CMS) model a Beward panel knows: its name as the panel writes it, and its grid. */
export interface BewardCommutatorType {
  name: string;
  /** KEY_TYPES index of the server's model, null for a maker the server has no model for. */
  model: number | null;
  commutators: number;
  units: number;
  dozens: number;
}

const FACTORIAL = KEY_TYPES.indexOf('Factorial');
const METAKOM = KEY_TYPES.indexOf('Metakom');
const CYFRAL = KEY_TYPES.indexOf('Cyfral');
const ELTIS = KEY_TYPES.indexOf('Eltis');
const VIZIT = KEY_TYPES.indexOf('Vizit');

/**
 * PANELS.md "Commutator (CMS) sizes", with the maker of each model: within one maker, the smaller
 * grids first, so the driver picks the smallest that holds the server's matrix.
 */
export const BEWARD_COMMUTATOR_TYPES: readonly BewardCommutatorType[] = [
  { name: 'Factorial 8x8', model: FACTORIAL, commutators: 2, units: 8, dozens: 8 },
  { name: 'KMG-100', model: CYFRAL, commutators: 2, units: 10, dozens: 10 },
  { name: 'COM-25U', model: METAKOM, commutators: 7, units: 5, dozens: 5 },
  { name: 'COM-80U', model: METAKOM, commutators: 6, units: 10, dozens: 8 },
  { name: 'COM-100U', model: METAKOM, commutators: 6, units: 10, dozens: 10 },
  { name: 'COM-160U', model: METAKOM, commutators: 1, units: 10, dozens: 16 },
  { name: 'COM-220U', model: METAKOM, commutators: 3, units: 10, dozens: 22 },
  { name: 'KM100-7.1', model: ELTIS, commutators: 1, units: 10, dozens: 10 },
  { name: 'KM100-7.2', model: ELTIS, commutators: 2, units: 10, dozens: 10 },
  { name: 'KM100-7.3', model: ELTIS, commutators: 3, units: 10, dozens: 10 },
  { name: 'KM100-7.5', model: ELTIS, commutators: 5, units: 10, dozens: 10 },
  { name: 'BK-100', model: VIZIT, commutators: 2, units: 10, dozens: 10 },
  { name: 'BK-400', model: VIZIT, commutators: 4, units: 10, dozens: 10 },
  { name: 'KKM-100S2', model: null, commutators: 2, units: 10, dozens: 10 },
  { name: 'KKM-105', model: null, commutators: 6, units: 10, dozens: 10 },
  { name: 'KKM-108', model: null, commutators: 9, units: 10, dozens: 10 },
  { name: 'KAD2501', model: null, commutators: 1, units: 10, dozens: 25 },
  { name: 'KAD2502', model: null, commutators: 1, units: 10, dozens: 26 },
];

/** A model name as panels write it in lists (`Beward COM-100U`, `KAD2502 (DP-K2D)`, `factorial 8x8`) → the comparable form. */
function comparable(name: string): string {
  return name
    .replace(/beward/gi, '')
    .replace(/\(.*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

export function commutatorTypeNamed(name: string): BewardCommutatorType | null {
  const wanted = comparable(name);
  return BEWARD_COMMUTATOR_TYPES.find((type) => comparable(type.name) === wanted) ?? null;
}

type Grid = readonly { index: number; matrix: readonly (readonly number[])[] }[];

/** Whether the server's grids (rows: units, columns: dozens) fit the type, by their shape. */
export function gridFits(type: BewardCommutatorType, commutators: Grid): boolean {
  return commutators.every(({ index, matrix }) => index >= 0 && index < type.commutators && matrix.length <= type.units && matrix.every((row) => row.length <= type.dozens));
}

/**
 * The type a write should leave on the panel: the one it has when it is of the wanted model and the
 * grid fits (changing the type wipes the panel's matrix), else the smallest of that model that fits.
 */
export function commutatorTypeFor(model: number | null, commutators: Grid, current: BewardCommutatorType | null): BewardCommutatorType {
  if (current && (model === null || current.model === model) && gridFits(current, commutators)) return current;
  if (model === null) throw new PanelError('unsupported', `матрица не помещается в коммутатор ${current?.name ?? '(не задан)'}`);
  const fitting = BEWARD_COMMUTATOR_TYPES.find((type) => type.model === model && gridFits(type, commutators));
  if (!fitting) throw new PanelError('unsupported', `нет коммутатора модели ${KEY_TYPES[model] ?? model} под такую матрицу`);
  return fitting;
}

/**
 * `intercomdu_cgi?action=export`: blocks separated by a blank line, one per commutator, a line per
 * unit, comma-separated dozens. A leading block that is one bare number is the model's id (some
 * firmware writes it) and is skipped. Every line must be whole numbers, or the answer is garbled.
 */
export function parseMatrixExport(text: string, type: BewardCommutatorType): { index: number; matrix: number[][] }[] {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter((line) => line !== ''))
    .filter((lines) => lines.length > 0);
  if (blocks.length > 0 && blocks[0].length === 1 && /^\d+$/.test(blocks[0][0])) blocks.shift();
  if (blocks.length > type.commutators) throw new PanelError('garbled', `матрица: ${blocks.length} коммутаторов у ${type.name}`);
  return blocks.map((lines, index) => {
    if (lines.length !== type.units) throw new PanelError('garbled', `матрица ${index + 1}: ${lines.length} строк вместо ${type.units}`);
    const matrix = lines.map((line) => {
      if (!/^\d+(\s*,\s*\d+)*$/.test(line)) throw new PanelError('garbled', `матрица ${index + 1}: «${printable(line)}»`);
      const cells = line.split(',').map((cell) => Number(cell.trim()));
      if (cells.length !== type.dozens) throw new PanelError('garbled', `матрица ${index + 1}: ${cells.length} столбцов вместо ${type.dozens}`);
      return cells;
    });
    return { index, matrix };
  });
}

/**
 * The `webs/kmnDUCfgEx` form for the whole grid of the type: `du<cms>_<unit>_<dozen>=<flat>`, zeros
 * where empty. Units and dozens are positions (0: the commutator's first), as the server's rows
 * and columns are; see docs/panels-beward.md on the unit shift.
 */
export function matrixForm(type: BewardCommutatorType, commutators: Grid): string {
  const byIndex = new Map(commutators.map((item) => [item.index, item.matrix]));
  const form = new URLSearchParams();
  for (let cms = 0; cms < type.commutators; cms++) {
    const matrix = byIndex.get(cms);
    for (let unit = 0; unit < type.units; unit++) {
      for (let dozen = 0; dozen < type.dozens; dozen++) form.append(`du${cms}_${unit}_${dozen}`, String(matrix?.[unit]?.[dozen] ?? 0));
    }
  }
  return form.toString();
}

/**
 * The panel's list of commutator models with their `kmntype` ids, from `/xml/kmnducfg.xml`:
 * elements `opkmntype<id>` in the English resources (`name="English"` or `lan="en"`; the first
 * resources that list models otherwise).
 */
export function parseCommutatorTypeIds(xml: string): Map<string, number> {
  const sections = [...xml.matchAll(/<Resources\b([^>]*)>([\s\S]*?)<\/Resources>/gi)];
  const english = sections.find(([, attributes]) => /name\s*=\s*"English"|lan\s*=\s*"en"/i.test(attributes)) ?? sections.find(([, , body]) => /<opkmntype\d+/i.test(body));
  const ids = new Map<string, number>();
  for (const [, id, text] of (english?.[2] ?? '').matchAll(/<opkmntype(\d+)\b[^>]*>([^<]*)<\/opkmntype\1>/gi)) {
    ids.set(comparable(text), Number(id));
  }
  if (ids.size === 0) throw new PanelError('garbled', 'список моделей коммутаторов (kmnducfg.xml) пуст или не читается');
  return ids;
}

export function commutatorTypeId(ids: ReadonlyMap<string, number>, type: BewardCommutatorType): number {
  const id = ids.get(comparable(type.name));
  if (id === undefined) throw new PanelError('unsupported', `панель не знает коммутатор ${type.name}`);
  return id;
}
