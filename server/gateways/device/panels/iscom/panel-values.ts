import { PanelError } from '../panel-driver';
import type { PanelAnswer } from '../panel-http';
import type { PanelCell } from './commutation';
import { field, optionalInteger, optionalNumber, requireArray } from './json-answer';

/*
 * The values an IS Sokol panel stores and answers, checked: keys, panel and door codes, levels,
 * matrices, and its refusals (an HTTP status, or rev.2's 200 with `errors`). The driver's
 * operations are in driver.ts.
 */

/** The highest flat number (panel code) a panel knows. */
const HIGHEST_PANEL_CODE = 9999;

export function refuseUnlessOk(answer: PanelAnswer, what: string): void {
  if (answer.status >= 200 && answer.status < 300) return;
  const reason = errorTextOf(answer.text);
  throw new PanelError('refused', `${what}: HTTP ${answer.status}${reason ? `, ${reason}` : ''}`);
}

/** Rev.2 may refuse with 200 and `{"errors": …}`: such an answer is a refusal, not data. */
export function refuseOnErrors(parsed: unknown, what: string): void {
  const errors = field(parsed, 'errors');
  const present = Array.isArray(errors) ? errors.length > 0 : errors !== undefined && errors !== null && errors !== false && errors !== '';
  if (present) throw new PanelError('refused', `${what}: ${describeErrors(errors)}`);
}

function errorTextOf(text: string): string {
  try {
    const errors = field(JSON.parse(text) as unknown, 'errors');
    if (errors !== undefined) return describeErrors(errors);
  } catch {
    // Not JSON: the status says enough.
  }
  return text.trim().slice(0, 80);
}

function describeErrors(errors: unknown): string {
  const first = Array.isArray(errors) ? errors[0] : errors;
  const message = typeof first === 'string' ? first : (field(first, 'message') ?? field(first, 'msg'));
  return (typeof message === 'string' ? message : JSON.stringify(first) ?? '').slice(0, 120);
}

/** A key as the panel stores it: 14 upper-case hex digits (a 7-byte UID), shorter values left-padded with 0. */
export function keyUidOf(value: string): string {
  const hex = value.trim();
  if (!/^[0-9A-Fa-f]{1,14}$/.test(hex)) throw new PanelError('unsupported', `ключ «${value.slice(0, 20)}»: панель хранит до 14 шестнадцатеричных цифр`);
  return hex.toUpperCase().padStart(14, '0');
}

/** Panel codes (flat numbers) are 1..9999. */
export function panelCodeOf(flatNum: number): number {
  if (!Number.isInteger(flatNum) || flatNum < 1 || flatNum > HIGHEST_PANEL_CODE) throw new PanelError('unsupported', `квартира ${flatNum}: панель знает 1..${HIGHEST_PANEL_CODE}`);
  return flatNum;
}

/** Open codes are five digits, 10000..99999. */
export function doorCodeOf(code: string): number {
  if (!/^[1-9]\d{4}$/.test(code.trim())) throw new PanelError('unsupported', `код «${code.slice(0, 12)}»: панель принимает пять цифр 10000..99999`);
  return Number(code.trim());
}

export const PANEL_RESISTANCES = ['break', 'error', 'quiescent', 'answer'];
export const PANEL_VOLUMES = ['panelCall', 'panelTalk', 'thTalk', 'thCall', 'uartFrom', 'uartTo', 'thGate'];

/** The panel's general levels by their documented names (any case), so a write sends back only what the panel knows. */
export function knownLevels(source: unknown, names: readonly string[], what: string): Record<string, number> {
  const levels: Record<string, number> = {};
  for (const name of names) {
    const level = optionalNumber(field(source, name), `${what}.${name}`);
    if (level !== null) levels[name] = level;
  }
  return levels;
}

export function levelValue(value: unknown, name: string): number {
  const level = typeof value === 'string' ? Number(value) : value;
  if (typeof level !== 'number' || !Number.isFinite(level)) throw new PanelError('unsupported', `${name}: не число`);
  return level;
}

export function panelMatrixOf(value: unknown, what: string): PanelCell[][] {
  return requireArray(value, `${what}: matrix`).map((dozen, dozenIndex) =>
    requireArray(dozen, `${what}: matrix[${dozenIndex}]`).map((cell, unit) => {
      const flat = optionalInteger(cell, `${what}: matrix[${dozenIndex}][${unit}]`);
      if (flat !== null && flat < 0) throw new PanelError('garbled', `${what}: matrix[${dozenIndex}][${unit}] < 0`);
      return flat === 0 ? null : flat;
    }),
  );
}

/** The first commutator always (a panel with one shows it empty), then the others up to the last one wired. */
export function keptCommutators(grids: readonly number[][][]): { index: number; matrix: number[][] }[] {
  let last = 0;
  grids.forEach((grid, index) => {
    if (grid.some((row) => row.some((cell) => cell > 0))) last = index;
  });
  return grids.slice(0, grids.length === 0 ? 0 : last + 1).map((matrix, index) => ({ index, matrix }));
}

export function capacityOf(matrix: readonly (readonly number[])[] | undefined): number {
  return matrix ? matrix.length * (matrix[0]?.length ?? 0) : 0;
}

export function emptyMatrix(dozens: number, units: number): PanelCell[][] {
  return Array.from({ length: dozens }, () => Array.from({ length: units }, (): PanelCell => null));
}
