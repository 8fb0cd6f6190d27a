import { ENTRANCE_TYPE, type Entrance, type EntranceUpdate } from '@contract/entrances';
import { entranceViolations, hasGates, type EntranceViolation, type SiblingEntrance } from '@contract/entrance-rules';

/** One gate row as typed: every number a string until it is checked. */
export interface GateValues {
  entranceUid: string;
  from: string;
  to: string;
  prefix: string;
  additionalFlats: string;
}

export interface EntranceFormValues {
  title: string;
  entranceNum: string;
  type: string;
  rangeStart: string;
  rangeEnd: string;
  gates: GateValues[];
}

export const EMPTY_GATE: GateValues = { entranceUid: '', from: '', to: '', prefix: '', additionalFlats: '' };

export function entranceFormValues(entrance: Entrance): EntranceFormValues {
  return {
    title: entrance.title,
    entranceNum: String(entrance.entranceNum),
    type: String(entrance.type),
    rangeStart: String(entrance.range.start),
    rangeEnd: String(entrance.range.end),
    gates: entrance.gates.map((gate) => ({
      entranceUid: gate.entranceUid,
      from: String(gate.from),
      to: String(gate.to),
      prefix: gate.prefix === null ? '' : String(gate.prefix),
      additionalFlats: gate.additionalFlats ?? '',
    })),
  };
}

/** A typed number; blank or anything but an integer is NaN, which every rule refuses. */
function integerOf(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function typeOf(text: string): EntranceUpdate['type'] {
  const type = Number(text);
  return type === 2 || type === 3 || type === 4 ? type : ENTRANCE_TYPE.main;
}

export function isGateType(typeText: string): boolean {
  return hasGates(Number(typeText));
}

export function hasPrefix(typeText: string): boolean {
  return Number(typeText) === ENTRANCE_TYPE.gateWithPrefix;
}

/**
 * The PUT body. Types 1 and 3 send no gates (the server drops theirs); a gate without prefix sends
 * null, whatever was typed while the type was 2.
 */
export function entranceUpdateBody(values: EntranceFormValues): EntranceUpdate {
  const body: EntranceUpdate = {
    title: values.title.trim(),
    entranceNum: integerOf(values.entranceNum),
    type: typeOf(values.type),
    range: { start: integerOf(values.rangeStart), end: integerOf(values.rangeEnd) },
  };
  if (!isGateType(values.type)) return body;
  const withPrefix = hasPrefix(values.type);
  return {
    ...body,
    gates: values.gates.map((gate) => {
      const flats = gate.additionalFlats.trim();
      return {
        entranceUid: gate.entranceUid,
        from: integerOf(gate.from),
        to: integerOf(gate.to),
        prefix: withPrefix && gate.prefix.trim() !== '' ? integerOf(gate.prefix) : null,
        additionalFlats: flats === '' ? null : flats,
      };
    }),
  };
}

/** The form field showing a rule's `path`: `range.end` → rangeEnd, `gates.0.prefix` as it is; null for `gates` itself. */
export type EntranceFieldPath = 'title' | 'entranceNum' | 'type' | 'rangeStart' | 'rangeEnd' | `gates.${number}.${keyof GateValues}`;

const GATE_PATH = /^gates\.(\d+)\.(entranceUid|from|to|prefix|additionalFlats)$/;

export function entranceFieldOf(path: string): EntranceFieldPath | null {
  switch (path) {
    case 'title':
    case 'entranceNum':
    case 'type':
      return path;
    case 'range':
    case 'range.start':
      return 'rangeStart';
    case 'range.end':
      return 'rangeEnd';
  }
  const gate = GATE_PATH.exec(path);
  return gate ? (`gates.${Number(gate[1])}.${gate[2] as keyof GateValues}` as const) : null;
}

export interface PlacedViolations {
  fields: { field: EntranceFieldPath; message: string }[];
  /** Rules that name no field of the form (`gates` on a type without gates). */
  rest: string[];
}

/** Every rule the typed entrance breaks (contract/entrance-rules.ts, as the server checks), placed at its field. */
export function checkEntrance(values: EntranceFormValues, siblings: readonly SiblingEntrance[]): PlacedViolations {
  return placeViolations(entranceViolations(entranceUpdateBody(values), siblings));
}

export function placeViolations(violations: readonly EntranceViolation[]): PlacedViolations {
  const placed: PlacedViolations = { fields: [], rest: [] };
  for (const violation of violations) {
    const field = entranceFieldOf(violation.path);
    // One message per field: the first the rules name, as the server would answer.
    if (field === null) placed.rest.push(violation.message);
    else if (!placed.fields.some((other) => other.field === field)) placed.fields.push({ field, message: violation.message });
  }
  return placed;
}

/** The other entrances of the house: what a gate may point at and what a main entrance may not overlap. */
export function siblingsOf(entrance: Entrance, houseEntrances: readonly Entrance[]): Entrance[] {
  return houseEntrances.filter((other) => other.id !== entrance.id);
}

export function housePath(houseUid: string): string {
  return `/houses/${encodeURIComponent(houseUid)}`;
}
