import { array, type Infer } from 'superstruct';
import { decode, MAC_PATTERN, normalizeMac } from '@contract/common';
import { COMMUTATOR_SIZES } from '@contract/commutators';
import type { AddressLookup } from '@contract/adjuster';
import { defaultSerialNumberDraft, type SerialNumberDraft } from '@contract/adjuster-wizard';
import { Entrance, ENTRANCE_TYPE } from '@contract/entrances';
import { House } from '@contract/houses';
import type { MessageKey } from '@/features/serial-number-wizard/messages';
import { deviceFieldError } from '@/lib/device-fields';
import type { DraftTarget, SnapshotRow } from '@/offline/db';

/*
 * The serial-number wizard's pure logic: the form's
 * values and the draft they make, field errors, the address result, the outbox body, and how a
 * queued job reads on screen. The screen (use-serial-number-wizard.ts) only wires these up.
 */

export const DRAFT_KIND = 'serial-number' as const;
export const JOB_KIND = 'serial-number' as const;

// ---------------------------------------------------------------------------
// Steps

export const WIZARD_STEPS = ['device', 'address', 'access', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The draft's fields each step holds, so a step can show where an error is. */
export const STEP_FIELDS: Record<WizardStep, readonly (keyof SerialNumberDraft)[]> = {
  device: ['serialNumber', 'mac', 'deviceType', 'deviceRevision', 'model'],
  address: ['house', 'address', 'entrance', 'leftBorder', 'rightBorder', 'relayNum', 'commutators'],
  access: ['dns', 'login', 'pass', 'deviceOwner'],
  review: [],
};

/** `target.step` of a draft whose job the server accepted: the drafts list shows it as done. */
export const DONE_STEP = 'sent';

export function stepIndex(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step);
}

/** The step a stored draft reopens at; a done draft opens at the review with its job's state. */
export function parseStep(value: unknown): WizardStep {
  if (value === DONE_STEP) return 'review';
  return WIZARD_STEPS.find((step) => step === value) ?? 'device';
}

// ---------------------------------------------------------------------------
// Form values: what the inputs hold (numbers as typed text), and the draft they make

export interface WizardFormValues {
  serialNumber: string;
  mac: string;
  deviceType: string;
  deviceRevision: string;
  model: string;
  dns: string;
  login: string;
  pass: string;
  deviceOwner: string;
  leftBorder: string;
  rightBorder: string;
  relayNum: string;
  commutators: string;
}

export function formValuesOf(draft: SerialNumberDraft): WizardFormValues {
  return {
    serialNumber: draft.serialNumber,
    mac: draft.mac,
    deviceType: String(draft.deviceType),
    deviceRevision: String(draft.deviceRevision),
    model: draft.model,
    dns: draft.dns,
    login: draft.login,
    pass: draft.pass,
    deviceOwner: draft.deviceOwner ?? '',
    leftBorder: draft.typed?.leftBorder ?? String(draft.leftBorder),
    rightBorder: draft.typed?.rightBorder ?? String(draft.rightBorder),
    relayNum: draft.typed?.relayNum ?? String(draft.relayNum),
    commutators: String(draft.commutators),
  };
}

/** A whole number typed into a field; empty or anything else counts as 0 (text that is not a number is kept apart, see `typed`). */
function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return WHOLE_NUMBER.test(trimmed) ? Number(trimmed) : 0;
}

const WHOLE_NUMBER = /^\d{1,9}$/;
/** The number fields typed as text. */
export const NUMBER_FIELDS = ['relayNum', 'leftBorder', 'rightBorder'] as const;

/** The number fields whose text is not a whole number, with that text (absent when there is none). */
function typedText(values: WizardFormValues): Pick<SerialNumberDraft, 'typed'> {
  const typed = Object.fromEntries(NUMBER_FIELDS.filter((field) => values[field].trim() !== '' && !WHOLE_NUMBER.test(values[field].trim())).map((field) => [field, values[field]]));
  return Object.keys(typed).length > 0 ? { typed } : {};
}

/**
 * The draft the inputs describe, on top of the picked house and entrance. An empty owner is
 * kept as null; the type and revision fall back to their defaults if a select was
 * somehow left empty.
 */
export function draftFromForm(values: WizardFormValues, place: Pick<SerialNumberDraft, 'house' | 'address' | 'entrance'>): SerialNumberDraft {
  const defaults = defaultSerialNumberDraft();
  const type = Number(values.deviceType);
  const revision = Number(values.deviceRevision);
  return {
    serialNumber: values.serialNumber,
    mac: values.mac,
    deviceType: Number.isInteger(type) && values.deviceType !== '' ? type : defaults.deviceType,
    deviceRevision: revision === 2 || revision === 5 ? revision : defaults.deviceRevision,
    dns: values.dns,
    login: values.login,
    pass: values.pass,
    address: place.address,
    house: place.house,
    entrance: place.entrance,
    leftBorder: wholeNumber(values.leftBorder),
    rightBorder: wholeNumber(values.rightBorder),
    commutators: wholeNumber(values.commutators),
    relayNum: wholeNumber(values.relayNum),
    model: values.model,
    deviceOwner: values.deviceOwner.trim() === '' ? null : values.deviceOwner,
    ...typedText(values),
  };
}

/** A MAC as typed, shown the normal way (`AA:BB:CC:DD:EE:FF`) once it is one; otherwise left as typed. */
export function normalizeMacInput(text: string): string {
  return normalizeMac(text) ?? text;
}

// ---------------------------------------------------------------------------
// Field errors (Russian text comes from i18n; these are keys)

export type FieldErrors = Partial<Record<keyof SerialNumberDraft, MessageKey>>;

const filled = (value: string) => value.trim() !== '';

/** Server limits (docs/api.md, prepare-device) checked before the job is queued, so it is not refused days later. */
export const RELAY_LIMIT = 16;
export const FLAT_LIMIT = 99_999;

/**
 * Why each field is not ready. The spec's rule (isSerialNumberDraftValid) decides whether the
 * submit button is enabled; the format checks below stop a submission the server would refuse.
 */
export function fieldErrors(draft: SerialNumberDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (!filled(draft.serialNumber)) errors.serialNumber = 'serialWizard.error.serialNumber';
  if (!filled(draft.mac)) errors.mac = 'serialWizard.error.mac';
  else if (!MAC_PATTERN.test(normalizeMacInput(draft.mac.trim()))) errors.mac = 'serialWizard.error.macFormat';
  if (!filled(draft.model)) errors.model = 'serialWizard.error.model';
  if (!filled(draft.house)) errors.house = 'serialWizard.error.house';
  else if (!filled(draft.address)) errors.address = 'serialWizard.error.address';
  if (draft.entrance === null) errors.entrance = 'serialWizard.error.entrance';
  if (draft.relayNum === 0) errors.relayNum = 'serialWizard.error.relayNum';
  else if (draft.relayNum > RELAY_LIMIT) errors.relayNum = 'serialWizard.error.relayLimit';
  if (draft.leftBorder > FLAT_LIMIT) errors.leftBorder = 'serialWizard.error.flatLimit';
  if (draft.rightBorder > FLAT_LIMIT) errors.rightBorder = 'serialWizard.error.flatLimit';
  else if (draft.leftBorder > draft.rightBorder) errors.rightBorder = 'serialWizard.error.borders';
  if (!(COMMUTATOR_SIZES as readonly number[]).includes(draft.commutators)) errors.commutators = 'serialWizard.error.commutators';
  if (!filled(draft.dns)) errors.dns = 'serialWizard.error.dns';
  else {
    const wrong = deviceFieldError('address', draft.dns);
    if (wrong) errors.dns = wrong;
  }
  for (const field of NUMBER_FIELDS) if (draft.typed?.[field] !== undefined) errors[field] = 'serialWizard.error.number';
  if (!filled(draft.login)) errors.login = 'serialWizard.error.login';
  if (!filled(draft.pass)) errors.pass = 'serialWizard.error.pass';
  return errors;
}

export function stepHasErrors(errors: FieldErrors, step: WizardStep): boolean {
  return STEP_FIELDS[step].some((field) => errors[field] !== undefined);
}

/** The steps holding an error, in order: the first is where the installer is taken. */
export function stepsWithErrors(errors: FieldErrors): WizardStep[] {
  return WIZARD_STEPS.filter((step) => stepHasErrors(errors, step));
}

/** The step that holds a field. */
export function fieldStep(field: keyof SerialNumberDraft): WizardStep {
  return WIZARD_STEPS.find((step) => STEP_FIELDS[step].includes(field)) ?? 'review';
}

// ---------------------------------------------------------------------------
// House and entrance

export interface PickedHouse {
  uid: string;
  address: string;
  /** The FIAS id: the draft's `house`, sent as `fias`. Null for a house without one (it cannot be picked). */
  fias: string | null;
}

export function pickedHouse(house: House): PickedHouse {
  const fias = house.fias?.trim() ? house.fias.trim() : null;
  return { uid: house.id, address: house.address, fias };
}

/** Choosing a house sets house and address; the entrance belongs to the old house, so it goes. */
export function withHouse(draft: SerialNumberDraft, house: PickedHouse | null): SerialNumberDraft {
  if (!house || !house.fias) return { ...draft, house: '', address: '', entrance: null };
  if (draft.house === house.fias && draft.address === house.address) return draft;
  return { ...draft, house: house.fias, address: house.address, entrance: null };
}

export function withEntrance(draft: SerialNumberDraft, entranceNum: number | null): SerialNumberDraft {
  return { ...draft, entrance: entranceNum };
}

/** Wizard address result: address, entranceNum, fiasId, all nullable. */
export function wizardAddressResult(draft: Pick<SerialNumberDraft, 'address' | 'house' | 'entrance'>): AddressLookup {
  return {
    address: filled(draft.address) ? draft.address : null,
    entranceNum: draft.entrance,
    fiasId: filled(draft.house) ? draft.house : null,
  };
}

export interface EntranceOption {
  entranceNum: number;
  title: string;
  /** The flats of the main entrance with this number, when known. */
  range: { start: number; end: number } | null;
}

/**
 * One option per entrance number (the draft keeps the number in `entrance`): titled
 * after the main entrance, or the first one with that number, ordered by number.
 */
export function entranceOptions(entrances: readonly Entrance[]): EntranceOption[] {
  const byNum = new Map<number, Entrance>();
  for (const entrance of entrances) {
    const known = byNum.get(entrance.entranceNum);
    if (!known || (known.type !== ENTRANCE_TYPE.main && entrance.type === ENTRANCE_TYPE.main)) byNum.set(entrance.entranceNum, entrance);
  }
  return [...byNum.values()]
    .sort((a, b) => a.entranceNum - b.entranceNum)
    .map((entrance) => ({
      entranceNum: entrance.entranceNum,
      title: entrance.title,
      range: entrance.range.end >= entrance.range.start && entrance.range.start > 0 ? { start: entrance.range.start, end: entrance.range.end } : null,
    }));
}

// ---------------------------------------------------------------------------
// Offline snapshots (src/offline/snapshots.ts rows, read with the contract's structs)

export interface SnapshotHouse {
  house: House;
  entrances: Entrance[];
  savedAt: number;
}

const Entrances = array(Entrance);
export type Entrances = Infer<typeof Entrances>;

/** The house and entrances of a saved snapshot; null when the row does not read (it stays for the snapshot screen). */
export function readSnapshotHouse(row: SnapshotRow): SnapshotHouse | null {
  try {
    return {
      house: decode(House, row.house, `snapshot ${row.houseUid} house`),
      entrances: decode(Entrances, row.entrances, `snapshot ${row.houseUid} entrances`),
      savedAt: row.savedAt,
    };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Draft list entry and outbox job

export function draftTarget(draft: SerialNumberDraft, step: WizardStep | typeof DONE_STEP): DraftTarget {
  const mac = normalizeMac(draft.mac);
  return {
    ...(mac ? { mac } : draft.mac.trim() ? { mac: draft.mac.trim() } : {}),
    ...(filled(draft.address) ? { house: draft.address } : {}),
    step,
  };
}

export { isEditable, jobView, latestJob, type JobView } from '@/components/wizard/job-view';
