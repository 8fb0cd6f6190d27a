import { boolean, nullable, number, optional, record, string, type, type Infer } from 'superstruct';
import { normalizeMac } from './common';
import { ADJUSTER_JOB_KINDS, type AddressLookup, type AdjusterJobKind, type PrepareDeviceRequest } from './adjuster';
import { DeviceType, HardwareRevision } from './devices';
import { FACTORY_PASSWORD } from './wizard';

// ---------------------------------------------------------------------------
// Serial-number wizard draft

export const SERIAL_WIZARD_DEFAULTS = {
  deviceType: 1,
  deviceRevision: 2,
  login: 'root',
  pass: FACTORY_PASSWORD,
  model: 'ISCom',
  relayNum: 1,
  border: 0,
} as const;

/**
 * `dns`: the device's host name, sent as url; `house`: the house's FIAS id, sent as fias;
 * `entrance`: the entrance (porch) number; `commutators`: the commutator size (COMMUTATOR_SIZES).
 */
export const SerialNumberDraft = type({
  serialNumber: string(),
  mac: string(),
  deviceType: DeviceType,
  deviceRevision: HardwareRevision,
  dns: string(),
  login: string(),
  pass: string(),
  address: string(),
  house: string(),
  entrance: nullable(number()),
  leftBorder: number(),
  rightBorder: number(),
  commutators: number(),
  relayNum: number(),
  model: string(),
  deviceOwner: nullable(string()),
  /**
   * Ours: text typed into a number field (relayNum, leftBorder, rightBorder) that is not a whole
   * number, by field, so the form shows it again after a reload instead of a number it never held.
   */
  typed: optional(record(string(), string())),
});
export type SerialNumberDraft = Infer<typeof SerialNumberDraft>;

export function defaultSerialNumberDraft(): SerialNumberDraft {
  return {
    serialNumber: '',
    mac: '',
    deviceType: SERIAL_WIZARD_DEFAULTS.deviceType,
    deviceRevision: SERIAL_WIZARD_DEFAULTS.deviceRevision,
    dns: '',
    login: SERIAL_WIZARD_DEFAULTS.login,
    pass: SERIAL_WIZARD_DEFAULTS.pass,
    address: '',
    house: '',
    entrance: null,
    leftBorder: SERIAL_WIZARD_DEFAULTS.border,
    rightBorder: SERIAL_WIZARD_DEFAULTS.border,
    commutators: 0,
    relayNum: SERIAL_WIZARD_DEFAULTS.relayNum,
    model: SERIAL_WIZARD_DEFAULTS.model,
    deviceOwner: null,
  };
}

const filled = (value: string) => value.trim() !== '';

/** serialNumber, mac, dns, login, pass, address and house non-empty, an entrance, relayNum ≠ 0 (and no number field holding text). */
export function isSerialNumberDraftValid(draft: SerialNumberDraft): boolean {
  return (
    filled(draft.serialNumber) &&
    filled(draft.mac) &&
    filled(draft.dns) &&
    filled(draft.login) &&
    filled(draft.pass) &&
    filled(draft.address) &&
    filled(draft.house) &&
    draft.entrance !== null &&
    draft.relayNum !== 0 &&
    Object.keys(draft.typed ?? {}).length === 0
  );
}

/** The prepare-device body of a valid draft; an empty deviceOwner is sent as null. */
export function toPrepareDeviceBody(draft: SerialNumberDraft): PrepareDeviceRequest {
  if (draft.entrance === null) throw new Error('The entrance is not chosen');
  const owner = draft.deviceOwner?.trim() ?? '';
  return {
    mac: normalizeMac(draft.mac) ?? draft.mac,
    url: draft.dns.trim(),
    type: draft.deviceType,
    model: draft.model,
    serialNumber: draft.serialNumber.trim(),
    fias: draft.house,
    porch: draft.entrance,
    deviceOwner: owner === '' ? null : owner,
    login: draft.login,
    pass: draft.pass,
    deviceRevision: draft.deviceRevision,
    leftBorder: draft.leftBorder,
    rightBorder: draft.rightBorder,
    commutators: draft.commutators,
    relayNum: draft.relayNum,
  };
}

// ---------------------------------------------------------------------------
// Adjuster wizard address state

export const ADDRESS_NOT_FOUND = 'Адрес не найден';

/** One port job: 'unknown' with no number until the port call creates it. */
export const AdjusterJob = type({ status: string(), jobNum: nullable(number()), completed: boolean() });
export type AdjusterJob = Infer<typeof AdjusterJob>;

export const AdjusterAddressState = type({
  fiasId: nullable(string()),
  entranceNum: nullable(number()),
  address: nullable(string()),
  error: nullable(string()),
  jobs: type({ changeVlanPort: AdjusterJob, disablePort: AdjusterJob, enablePort: AdjusterJob }),
});
export type AdjusterAddressState = Infer<typeof AdjusterAddressState>;

export function defaultAdjusterState(): AdjusterAddressState {
  const jobs = Object.fromEntries(
    ADJUSTER_JOB_KINDS.map((kind) => [kind, { status: 'unknown', jobNum: null, completed: false }]),
  ) as Record<AdjusterJobKind, AdjusterJob>;
  return { fiasId: null, entranceNum: null, address: null, error: null, jobs };
}

/** A lookup without a fiasId means "not found": the address is cleared and the error set. */
export function applyAddressLookup(state: AdjusterAddressState, lookup: AddressLookup): AdjusterAddressState {
  if (!lookup.fiasId) return { ...state, fiasId: null, entranceNum: null, address: null, error: ADDRESS_NOT_FOUND };
  return { ...state, fiasId: lookup.fiasId, entranceNum: lookup.entranceNum, address: lookup.address, error: null };
}

// ---------------------------------------------------------------------------
// The adjuster wizard's port as typed

/** A port number as typed: a whole number from 1, else null. */
export function parsePortNum(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 ? value : null;
}

export interface Port {
  bsName: string;
  portNum: number;
}

/** The port the fields name, or null while one of them is not usable. */
export function portOf(fields: { bsName: string; portNum: string }): Port | null {
  const bsName = fields.bsName.trim();
  const portNum = parsePortNum(fields.portNum);
  return bsName && portNum !== null ? { bsName, portNum } : null;
}
