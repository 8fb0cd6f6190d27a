import { array, type Infer } from 'superstruct';
import { decode, MAC_PATTERN, normalizeMac } from '@contract/common';
import type { DeviceCardResponse } from '@contract/device-card';
import { SIP_TYPES } from '@contract/devices';
import { Entrance, ENTRANCE_TYPE } from '@contract/entrances';
import { isPort } from '@contract/device-fields';
import { House } from '@contract/houses';
import {
  applyBuyerSipRule,
  DEFAULT_DEVICE_PURPOSE,
  DEFAULT_SIP_PORT,
  DEFAULT_SIP_TYPE,
  defaultWizardDraft,
  FORCED_SIP_BUYER_ID,
  WIZARD_MAX_RELAYS,
  WIZARD_MAX_TEXT,
  WIZARD_SHIFT_LIMIT,
  type WizardBase,
  type WizardDraft,
  type WizardSettings,
} from '@contract/wizard';
import type { MessageKey } from '@/features/device-wizard/messages';
import { deviceFieldError, type DeviceFieldKind } from '@/lib/device-fields';
import type { DraftTarget, SnapshotRow } from '@/offline/db';

/*
 * The device set-up wizard's pure logic: its steps,
 * the state with the spec's flags (isLoaded, isThirdStepLoaded, isHouseListChanged, isSaved),
 * the buyer-1 SIP rule, field errors, and how the draft and its outbox job are labelled.
 * use-device-wizard.ts only wires these up.
 */

export const DRAFT_KIND = 'device-setup' as const;
export const JOB_KIND = 'device-setup' as const;

// ---------------------------------------------------------------------------
// Steps (numbered from 1)

export const STEPS = [1, 2, 3, 4, 5, 6] as const;
export type Step = (typeof STEPS)[number];
export const FIRST_STEP: Step = 1;
export const LAST_STEP: Step = 6;
/** The step that loads the entrances of the chosen houses. */
export const ENTRANCES_STEP: Step = 3;
/** `target.step` of a draft whose job the server accepted: the drafts list shows it as done. */
export const DONE_STEP = 'sent';

export type StepName = 'device' | 'houses' | 'relays' | 'sip' | 'billing' | 'review';
export const STEP_NAMES: Record<Step, StepName> = { 1: 'device', 2: 'houses', 3: 'relays', 4: 'sip', 5: 'billing', 6: 'review' };

export function isStep(value: unknown): value is Step {
  return typeof value === 'number' && (STEPS as readonly number[]).includes(value);
}

/** The step a stored draft reopens at; a done draft opens at the review with its job's state. */
export function parseStep(value: unknown): Step {
  if (value === DONE_STEP) return LAST_STEP;
  const number = typeof value === 'string' ? Number(value) : value;
  return isStep(number) ? number : FIRST_STEP;
}

// ---------------------------------------------------------------------------
// State and its transitions

export type EntranceSource = 'server' | 'snapshot';

export interface WizardState {
  draft: WizardDraft;
  step: Step;
  /** The draft is read (or a new one made): the form can be shown. */
  isLoaded: boolean;
  /** The entrances of the chosen houses are loaded for step 3. */
  isThirdStepLoaded: boolean;
  /** True at start and whenever the houses change; false once their entrances are loaded. */
  isHouseListChanged: boolean;
  /** The server accepted the save (the outbox job is sent). */
  isSaved: boolean;
  /** The buyer whose rule applies (the user's buyer); buyer 1 forces the SIP domain and port. */
  buyerId: number | null;
  entrances: Entrance[];
  entranceSource: EntranceSource | null;
}

export type WizardAction =
  | { type: 'load'; draft: WizardDraft; step?: Step; buyerId: number | null }
  | { type: 'buyer'; buyerId: number | null }
  | { type: 'step'; step: Step }
  | { type: 'device'; patch: Partial<Pick<WizardDraft, 'type' | 'login' | 'password' | 'url' | 'shift' | 'vendor'>> }
  | { type: 'houses'; houses: readonly string[] }
  | { type: 'entrances'; entrances: readonly Entrance[]; source: EntranceSource }
  | { type: 'relay'; index: number; patch: Partial<WizardDraft['relays'][number]> }
  | { type: 'add-relay' }
  | { type: 'remove-relay'; index: number }
  | { type: 'sip'; patch: Partial<WizardDraft['sipAccount']> }
  | { type: 'billing'; patch: Partial<WizardDraft['billing']> }
  | { type: 'saved' };

export function initialState(mac = ''): WizardState {
  return {
    draft: defaultWizardDraft(mac),
    step: FIRST_STEP,
    isLoaded: false,
    isThirdStepLoaded: false,
    isHouseListChanged: true,
    isSaved: false,
    buyerId: null,
    entrances: [],
    entranceSource: null,
  };
}

/** The buyer-1 rule holds whatever was typed or stored: the SIP domain and port are the provider's. */
export function isSipForced(buyerId: number | null): boolean {
  return buyerId === FORCED_SIP_BUYER_ID;
}

function withDraft(state: WizardState, draft: WizardDraft): WizardState {
  return { ...state, draft: applyBuyerSipRule(draft, state.buyerId) };
}

/** Relays bound to an entrance that is not among `entrances` lose the binding (the server would refuse it). */
function keepKnownEntrances(relays: WizardDraft['relays'], entrances: readonly Entrance[]): WizardDraft['relays'] {
  const known = new Set(entrances.map((entrance) => entrance.id));
  return relays.map((relay) => (relay.entrance === '' || known.has(relay.entrance) ? relay : { ...relay, entrance: '' }));
}

/** The next free relay number (1, 2, …). */
export function nextRelayId(relays: WizardDraft['relays']): number {
  const used = new Set(relays.map((relay) => relay.id));
  let id = 1;
  while (used.has(id)) id++;
  return id;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const { draft } = state;
  switch (action.type) {
    case 'load': {
      // The step is reset to 1 on load; a resumed draft reopens at the step it was left on.
      const loaded = { ...initialState(action.draft.mac), buyerId: action.buyerId, step: action.step ?? FIRST_STEP, isLoaded: true };
      return withDraft(loaded, action.draft);
    }
    case 'buyer':
      return action.buyerId === state.buyerId ? state : withDraft({ ...state, buyerId: action.buyerId }, draft);
    case 'step':
      return action.step === state.step ? state : { ...state, step: action.step };
    case 'device':
      return withDraft(state, { ...draft, ...action.patch });
    case 'houses': {
      const houses = [...new Set(action.houses.filter((uid) => uid !== ''))];
      if (houses.length === draft.houses.length && houses.every((uid, index) => uid === draft.houses[index])) return state;
      // Entrances of houses no longer chosen cannot stay on a relay.
      const stillChosen = state.entrances.filter((entrance) => houses.includes(entrance.houseUid));
      const dropped = new Set(state.entrances.filter((entrance) => !houses.includes(entrance.houseUid)).map((entrance) => entrance.id));
      const relays = draft.relays.map((relay) => (dropped.has(relay.entrance) ? { ...relay, entrance: '' } : relay));
      return {
        ...withDraft(state, { ...draft, houses, relays }),
        entrances: stillChosen,
        isHouseListChanged: true,
        isThirdStepLoaded: false,
      };
    }
    case 'entrances': {
      const entrances = action.entrances.filter((entrance) => draft.houses.includes(entrance.houseUid));
      return {
        ...withDraft(state, { ...draft, relays: keepKnownEntrances(draft.relays, entrances) }),
        entrances,
        entranceSource: action.source,
        isThirdStepLoaded: true,
        isHouseListChanged: false,
      };
    }
    case 'relay':
      return withDraft(state, { ...draft, relays: draft.relays.map((relay, index) => (index === action.index ? { ...relay, ...action.patch } : relay)) });
    case 'add-relay':
      if (draft.relays.length >= MAX_RELAYS) return state;
      return withDraft(state, { ...draft, relays: [...draft.relays, { id: nextRelayId(draft.relays), entrance: '' }] });
    case 'remove-relay':
      return withDraft(state, { ...draft, relays: draft.relays.filter((_relay, index) => index !== action.index) });
    case 'sip':
      return withDraft(state, { ...draft, sipAccount: { ...draft.sipAccount, ...action.patch } });
    case 'billing':
      return withDraft(state, { ...draft, billing: { ...draft.billing, ...action.patch } });
    case 'saved':
      return state.isSaved ? state : { ...state, isSaved: true };
  }
}

// ---------------------------------------------------------------------------
// Field errors (keys of the feature's catalog; the server's limits, docs/api.md)

export const MAX_RELAYS = WIZARD_MAX_RELAYS;

export type FieldName =
  | 'type'
  | 'mac'
  | 'login'
  | 'password'
  | 'url'
  | 'shift'
  | 'vendor'
  | 'houses'
  | `relays.${number}.id`
  | 'relays'
  | 'sipDomain'
  | 'sipPort'
  | 'sipType'
  | 'bsName'
  | 'bsPort'
  | 'fiasId'
  | 'porchNum'
  | 'devicePurpose'
  | 'deviceOwner';

export type FieldErrors = Partial<Record<FieldName, MessageKey>>;

const STEP_OF_FIELD: Record<string, Step> = {
  type: 1,
  mac: 1,
  login: 1,
  password: 1,
  url: 1,
  shift: 1,
  vendor: 1,
  houses: 2,
  relays: 3,
  sipDomain: 4,
  sipPort: 4,
  sipType: 4,
  bsName: 5,
  bsPort: 5,
  fiasId: 5,
  porchNum: 5,
  devicePurpose: 5,
  deviceOwner: 5,
};

export function stepOfField(field: FieldName): Step {
  return STEP_OF_FIELD[field.startsWith('relays') ? 'relays' : field] ?? FIRST_STEP;
}

const tooLong = (value: string) => value.length > WIZARD_MAX_TEXT;

/**
 * Why the draft cannot be saved yet, field by field; empty when it can. `unreadable` names the
 * number fields whose typed text is not a number (the draft still holds the last number read).
 */
export function fieldErrors(draft: WizardDraft, unreadable: Iterable<FieldName> = []): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.type === null) errors.type = 'deviceWizard.error.type';
  if (!MAC_PATTERN.test(normalizeMac(draft.mac) ?? '')) errors.mac = 'deviceWizard.error.mac';
  if (draft.login.trim() === '') errors.login = 'deviceWizard.error.login';
  for (const field of ['login', 'password', 'url', 'vendor'] as const) if (!errors[field] && tooLong(draft[field])) errors[field] = 'deviceWizard.error.tooLong';
  const format = (field: FieldName, kind: DeviceFieldKind, text: string) => {
    const key = deviceFieldError(kind, text);
    if (key && !errors[field]) errors[field] = key;
  };
  format('url', 'address', draft.url);
  if (!Number.isInteger(draft.shift) || Math.abs(draft.shift) > WIZARD_SHIFT_LIMIT) errors.shift = 'deviceWizard.error.shift';
  if (draft.relays.length > MAX_RELAYS) errors.relays = 'deviceWizard.error.relayCount';
  const seen = new Set<number>();
  draft.relays.forEach((relay, index) => {
    if (!Number.isInteger(relay.id) || relay.id < 1 || relay.id > MAX_RELAYS) errors[`relays.${index}.id`] = 'deviceWizard.error.relayId';
    else if (seen.has(relay.id)) errors[`relays.${index}.id`] = 'deviceWizard.error.relayTwice';
    seen.add(relay.id);
  });
  const { sipAccount, billing } = draft;
  if (tooLong(sipAccount.domain)) errors.sipDomain = 'deviceWizard.error.tooLong';
  if (sipAccount.port !== null && !isPort(sipAccount.port)) errors.sipPort = 'deviceWizard.error.sipPort';
  if (sipAccount.domain.trim() !== '' && !(SIP_TYPES as readonly string[]).includes(sipAccount.type)) errors.sipType = 'deviceWizard.error.sipType';
  for (const field of ['bsName', 'bsPort', 'fiasId', 'porchNum', 'deviceOwner'] as const) if (tooLong(billing[field])) errors[field] = 'deviceWizard.error.tooLong';
  format('bsPort', 'port', billing.bsPort);
  format('fiasId', 'fiasId', billing.fiasId);
  format('porchNum', 'porchNum', billing.porchNum);
  if (!Number.isInteger(billing.devicePurpose)) errors.devicePurpose = 'deviceWizard.error.devicePurpose';
  for (const field of unreadable) errors[field] = 'deviceWizard.error.number';
  return errors;
}

export function stepHasError(errors: FieldErrors, step: Step): boolean {
  return (Object.keys(errors) as FieldName[]).some((field) => stepOfField(field) === step);
}

/** The first step holding an error, to take the installer there. */
export function firstStepWithError(errors: FieldErrors): Step | null {
  return STEPS.find((step) => stepHasError(errors, step)) ?? null;
}

// ---------------------------------------------------------------------------
// Houses and entrances

/** Houses taken offline (src/offline/snapshots.ts rows), read back with the contract's structs. */
export interface SnapshotHouse {
  house: House;
  entrances: Entrance[];
  savedAt: number;
}

const Entrances = array(Entrance);
export type Entrances = Infer<typeof Entrances>;

/** null when the row does not read (it stays for the snapshot screen to report). */
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

/**
 * The entrances of `houses` from snapshots, when every one of them was taken offline: then step 3
 * needs no network at all. null when a house is missing (its uids are in `missing`).
 */
export function snapshotEntrances(houses: readonly string[], snapshots: ReadonlyMap<string, SnapshotHouse>): { entrances: Entrance[] | null; missing: string[] } {
  const missing = houses.filter((uid) => !snapshots.has(uid));
  if (missing.length > 0) return { entrances: null, missing };
  return { entrances: houses.flatMap((uid) => snapshots.get(uid)?.entrances ?? []), missing };
}

export interface EntranceChoice {
  id: string;
  label: string;
  houseUid: string;
}

const ENTRANCE_TYPE_ORDER: Record<number, number> = { [ENTRANCE_TYPE.main]: 0, [ENTRANCE_TYPE.additional]: 1, [ENTRANCE_TYPE.gateWithPrefix]: 2, [ENTRANCE_TYPE.gateWithoutPrefix]: 2 };

/** The entrances a relay can open, by house (in the order chosen), then number, main entrances first. */
export function entranceChoices(entrances: readonly Entrance[], houses: readonly string[], addressOf: (uid: string) => string): EntranceChoice[] {
  const order = new Map(houses.map((uid, index) => [uid, index]));
  return [...entrances]
    .sort(
      (a, b) =>
        (order.get(a.houseUid) ?? 0) - (order.get(b.houseUid) ?? 0) ||
        a.entranceNum - b.entranceNum ||
        (ENTRANCE_TYPE_ORDER[a.type] ?? 3) - (ENTRANCE_TYPE_ORDER[b.type] ?? 3) ||
        a.title.localeCompare(b.title),
    )
    .map((entrance) => ({
      id: entrance.id,
      houseUid: entrance.houseUid,
      label: houses.length > 1 ? `${entrance.title} — ${addressOf(entrance.houseUid)}` : entrance.title,
    }));
}

/** Typed text is matched in the address, the FIAS id and the uid (pasted from elsewhere). */
export function matchHouses<T extends { address: string; fias?: string | null; id: string }>(houses: readonly T[], query: string): T[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...houses];
  return houses.filter((house) => {
    const text = `${house.address} ${house.fias ?? ''} ${house.id}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The first house chosen gives the billing FIAS id when none was typed (it stays editable). */
export function withHouseFias(draft: WizardDraft, house: Pick<House, 'fias'> | undefined): Partial<WizardDraft['billing']> | null {
  const fias = house?.fias?.trim();
  if (!fias || draft.billing.fiasId.trim() !== '') return null;
  return { fiasId: fias };
}

// ---------------------------------------------------------------------------
// The device's current settings: the draft starts from them, and the review compares with them

/** The draft's settings without its MAC and origin. */
export function settingsOf(draft: WizardSettings): WizardSettings {
  const { type, login, password, url, shift, vendor, houses, relays, sipAccount, billing } = draft;
  return { type, login, password, url, shift, vendor, houses, relays, sipAccount, billing };
}

const text = (value: string | null | undefined): string => value ?? '';

function executorIdOf(value: string | null | undefined): number | null {
  const id = value === null || value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(id) ? id : null;
}

/**
 * The wizard's fields from a device as the card gives it (option keys): what a save that
 * changes nothing would send. A missing option reads as empty, so the review shows it as such.
 */
export function settingsFromDevice(device: DeviceCardResponse['device']): WizardSettings {
  const { options, sipAccount } = device;
  return {
    type: device.type,
    login: text(options.login),
    password: text(options.password),
    url: text(options.url),
    shift: options.SHIFT ?? 0,
    vendor: text(options.VENDOR),
    houses: [...device.houses],
    relays: [...device.relays].sort((a, b) => a.id - b.id).map(({ id, entrance }) => ({ id, entrance })),
    sipAccount: sipAccount
      ? { domain: sipAccount.domain, port: sipAccount.port, type: sipAccount.type }
      : { domain: '', port: options.sipPort ?? DEFAULT_SIP_PORT, type: DEFAULT_SIP_TYPE },
    billing: {
      bsName: text(options.billing_bsName),
      bsPort: text(options.billing_bsPort),
      fiasId: text(options.billing_fiasId),
      porchNum: text(options.billing_porchNum),
      devicePurpose: options.devicePurpose ?? DEFAULT_DEVICE_PURPOSE,
      executorId: executorIdOf(options.billing_executorId),
      deviceOwner: text(options.deviceOwner),
    },
  };
}

/** What the card says of a device, kept with a draft started from it. */
export function baseFromCard(card: Pick<DeviceCardResponse, 'device' | 'houses' | 'entrances'>, readAt: number): WizardBase {
  const houseAddresses: Record<string, string> = {};
  for (const house of card.houses) houseAddresses[house.id] = house.address;
  const entranceTitles: Record<string, string> = {};
  for (const row of card.entrances) {
    if (row.entrance === '') continue;
    entranceTitles[row.entrance] = row.entranceTitle;
    if (row.house && row.houseAddress && !houseAddresses[row.house]) houseAddresses[row.house] = row.houseAddress;
  }
  return { readAt, settings: settingsFromDevice(card.device), houseAddresses, entranceTitles };
}

/** The device as the wizard read it: its settings, or absent from the server (a new device). */
export type DeviceReading = { kind: 'found'; base: WizardBase } | { kind: 'absent' };

/** A new draft from what was read: the device's settings; the spec's defaults for a new device, or when nothing could be read (`base` absent). */
export function draftFromReading(mac: string, reading: DeviceReading | null): WizardDraft {
  const normal = normalizeMac(mac) ?? mac;
  if (reading === null) return defaultWizardDraft(normal);
  if (reading.kind === 'absent') return { ...defaultWizardDraft(normal), base: null };
  return { ...structuredClone(reading.base.settings), mac: normal, base: reading.base };
}

/**
 * What the review compares the draft with: the device as read now (online), else as read when the
 * draft was started; `new` when the server has no such device; `unknown` when it was never read.
 */
export type Comparison = { kind: 'device'; base: WizardBase; live: boolean } | { kind: 'new' } | { kind: 'unknown' };

export function comparisonOf(live: DeviceReading | null, draftBase: WizardDraft['base']): Comparison {
  if (live?.kind === 'found') return { kind: 'device', base: live.base, live: true };
  if (live?.kind === 'absent') return { kind: 'new' };
  if (draftBase) return { kind: 'device', base: draftBase, live: false };
  return draftBase === null ? { kind: 'new' } : { kind: 'unknown' };
}

/**
 * The save may replace settings nobody saw: it asks the server to create the device only
 * (onlyIfNew), so a device that turns out to exist keeps them until a person compares.
 */
export function saveOnlyIfNew(comparison: Comparison): boolean {
  return comparison.kind === 'unknown';
}

// ---------------------------------------------------------------------------
// Draft list entry and outbox job

export function draftTarget(draft: WizardDraft, step: Step | typeof DONE_STEP, firstAddress: string | null): DraftTarget {
  const mac = normalizeMac(draft.mac) ?? (draft.mac.trim() || null);
  return { ...(mac ? { mac } : {}), ...(firstAddress ? { house: firstAddress } : {}), step };
}

/** A new wizard: the URL's MAC with the spec's defaults. */
export function newDraft(mac: string): WizardDraft {
  return defaultWizardDraft(normalizeMac(mac) ?? mac);
}

export { isEditable, jobView, latestJob, type JobView } from '@/components/wizard/job-view';
