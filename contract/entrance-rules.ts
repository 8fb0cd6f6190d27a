import { ENTRANCE_TYPE, type Entrance, type EntranceUpdate } from './entrances';

// The entrance rules (docs/api.md "Entrances"), pure so that the entrance screen checks exactly what
// the server checks: the server answers 400 with the first violation, the screen shows each at its field.

/** One broken rule: `path` is the field of EntranceUpdate (`range.end`, `gates.0.prefix`), `message` Russian. */
export interface EntranceViolation {
  path: string;
  message: string;
}

/** What the rules need of the house's other entrances. */
export type SiblingEntrance = Pick<Entrance, 'id' | 'title' | 'entranceNum' | 'type' | 'range'>;

export const ENTRANCE_TITLE_MAX = 200;
export const ENTRANCE_NUM_MAX = 999;
export const FLAT_NUMBER_MAX = 99_999;
export const GATE_PREFIX_MAX = 999;
const ADDITIONAL_FLATS_MAX_LENGTH = 1000;

/** The types that have gates: 2 (gate with prefix) and 4 (gate without prefix). */
export function hasGates(type: number): boolean {
  return type === ENTRANCE_TYPE.gateWithPrefix || type === ENTRANCE_TYPE.gateWithoutPrefix;
}

function isFlatNumber(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= FLAT_NUMBER_MAX;
}

const FLAT_NUMBER_MESSAGE = `ожидается номер квартиры от 1 до ${FLAT_NUMBER_MAX}`;

/**
 * The flat numbers of an `additionalFlats` list ('101, 115'), or null when it is not a comma list of
 * positive integers. Blank or null is an empty list.
 */
export function parseAdditionalFlats(value: string | null | undefined): number[] | null {
  if (value === null || value === undefined || value.trim() === '') return [];
  if (value.length > ADDITIONAL_FLATS_MAX_LENGTH) return null;
  const parts = value.split(',').map((part) => part.trim());
  if (!parts.every((part) => /^\d+$/.test(part))) return null;
  const numbers = parts.map(Number);
  return numbers.every(isFlatNumber) ? numbers : null;
}

function describe(entrance: SiblingEntrance): string {
  return `«${entrance.title}» (№ ${entrance.entranceNum}, квартиры ${entrance.range.start}–${entrance.range.end})`;
}

function rangeViolations(range: EntranceUpdate['range']): EntranceViolation[] {
  const found: EntranceViolation[] = [];
  if (!isFlatNumber(range.start)) found.push({ path: 'range.start', message: FLAT_NUMBER_MESSAGE });
  if (!isFlatNumber(range.end)) found.push({ path: 'range.end', message: FLAT_NUMBER_MESSAGE });
  else if (isFlatNumber(range.start) && range.start > range.end) {
    found.push({ path: 'range.end', message: `конец диапазона (${range.end}) меньше начала (${range.start})` });
  }
  return found;
}

function gateViolations(update: EntranceUpdate, siblings: readonly SiblingEntrance[]): EntranceViolation[] {
  const gates = update.gates ?? [];
  if (gates.length === 0) return [];
  if (!hasGates(update.type)) {
    return [{ path: 'gates', message: 'калитки задаются только у входов типа 2 (калитка с префиксом) и 4 (калитка без префикса)' }];
  }
  const houseEntrances = new Set(siblings.map((sibling) => sibling.id));
  const found: EntranceViolation[] = [];
  gates.forEach((gate, index) => {
    const at = `gates.${index}`;
    if (!houseEntrances.has(gate.entranceUid)) found.push({ path: `${at}.entranceUid`, message: 'ожидается другой подъезд этого же дома' });
    if (!isFlatNumber(gate.from)) found.push({ path: `${at}.from`, message: FLAT_NUMBER_MESSAGE });
    if (!isFlatNumber(gate.to)) found.push({ path: `${at}.to`, message: FLAT_NUMBER_MESSAGE });
    else if (isFlatNumber(gate.from) && gate.from > gate.to) {
      found.push({ path: `${at}.to`, message: `«по» (${gate.to}) меньше «с» (${gate.from})` });
    }
    if (update.type === ENTRANCE_TYPE.gateWithPrefix) {
      if (gate.prefix === null) found.push({ path: `${at}.prefix`, message: 'у калитки с префиксом нужен префикс' });
      else if (!Number.isInteger(gate.prefix) || gate.prefix < 1 || gate.prefix > GATE_PREFIX_MAX) {
        found.push({ path: `${at}.prefix`, message: `ожидается префикс от 1 до ${GATE_PREFIX_MAX}` });
      }
    } else if (gate.prefix !== null) {
      found.push({ path: `${at}.prefix`, message: 'у калитки без префикса префикса нет' });
    }
    if (parseAdditionalFlats(gate.additionalFlats) === null) {
      found.push({ path: `${at}.additionalFlats`, message: 'ожидаются номера квартир через запятую, например «101,115»' });
    }
  });
  return found;
}

/**
 * Every rule `update` breaks, given the other entrances of its house (without the edited one):
 * fields of the struct in order, then the overlap of main entrances, then the gates.
 */
export function entranceViolations(update: EntranceUpdate, siblings: readonly SiblingEntrance[]): EntranceViolation[] {
  const found: EntranceViolation[] = [];
  const title = update.title.trim();
  if (title === '') found.push({ path: 'title', message: 'название не может быть пустым' });
  else if (title.length > ENTRANCE_TITLE_MAX) found.push({ path: 'title', message: `не длиннее ${ENTRANCE_TITLE_MAX} символов` });
  if (!Number.isInteger(update.entranceNum) || update.entranceNum < 0 || update.entranceNum > ENTRANCE_NUM_MAX) {
    found.push({ path: 'entranceNum', message: `ожидается номер от 0 до ${ENTRANCE_NUM_MAX}` });
  }
  const ranges = rangeViolations(update.range);
  found.push(...ranges);
  if (ranges.length === 0 && update.type === ENTRANCE_TYPE.main) {
    const overlapping = siblings.find(
      (sibling) => sibling.type === ENTRANCE_TYPE.main && sibling.range.start <= update.range.end && update.range.start <= sibling.range.end,
    );
    if (overlapping) {
      found.push({ path: 'range', message: `квартиры ${update.range.start}–${update.range.end} пересекаются с подъездом ${describe(overlapping)}` });
    }
  }
  found.push(...gateViolations(update, siblings));
  return found;
}

/** The server's 400 message for a violation: «Некорректное поле range.end: …». */
export function violationMessage(violation: EntranceViolation): string {
  return `Некорректное поле ${violation.path}: ${violation.message}`;
}
