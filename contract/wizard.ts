import { array, assign, boolean, integer, nullable, number, object, optional, record, string, type, type Infer } from 'superstruct';
import { MacLike, NonEmptyString, endpoint, normalizeMac, withResult } from './common';
import { Device, DeviceType, OptionsUpdate } from './devices';
import { EntrancesResponse } from './entrances';
import { DevicePortText, OptionalDeviceAddress, OptionalFiasId, PorchNumText } from './device-fields';

// ---------------------------------------------------------------------------
// Defaults

export const WIZARD_FIRST_STEP = 1;
export const DEFAULT_DEVICE_LOGIN = 'admin';
/** The devices' factory password (the spec hides it as {key}; ours, docs/api.md). */
export const FACTORY_PASSWORD = '123456';
export const DEFAULT_DEVICE_PURPOSE = 1;
export const DEFAULT_SIP_PORT = 5060;
export const DEFAULT_SIP_TYPE = 'udp';
/** Buyer 1 (the operator) always uses its own SIP provider. */
export const FORCED_SIP_BUYER_ID = 1;
export const FORCED_SIP_DOMAIN = 'sip.intercom.local';
export const FORCED_SIP_PORT = 7777;

// ---------------------------------------------------------------------------
// Limits of the wizard's fields (the form checks them before the server does; the formats of
// url, bsPort, fiasId and porchNum are in device-fields.ts)

export const WIZARD_MAX_TEXT = 255;
export const WIZARD_MAX_RELAYS = 16;
export const WIZARD_SHIFT_LIMIT = 9_999;

// ---------------------------------------------------------------------------
// Draft (kept in IndexedDB from the first keystroke)

export const WizardRelay = type({ id: number(), entrance: string() });
export const WizardSipAccount = type({ domain: string(), port: nullable(number()), type: string() });
export const WizardBilling = type({
  bsName: string(),
  bsPort: string(),
  fiasId: string(),
  porchNum: string(),
  devicePurpose: number(),
  executorId: nullable(number()),
  deviceOwner: string(),
});
/** What the set-up wizard writes to a device. `type` is null until chosen; `houses` are house uids; `shift`: flat-number shift of the panel. */
export const WizardSettings = type({
  type: nullable(number()),
  login: string(),
  password: string(),
  url: string(),
  shift: number(),
  vendor: string(),
  houses: array(string()),
  relays: array(WizardRelay),
  sipAccount: WizardSipAccount,
  billing: WizardBilling,
});
export type WizardSettings = Infer<typeof WizardSettings>;

/**
 * The device's settings as the wizard read them when the draft was started (the review's "now"
 * when the device cannot be read again), with the names it showed for its houses and entrances.
 * `readAt` is epoch milliseconds.
 */
export const WizardBase = type({
  readAt: number(),
  settings: WizardSettings,
  houseAddresses: record(string(), string()),
  entranceTitles: record(string(), string()),
});
export type WizardBase = Infer<typeof WizardBase>;

/**
 * The draft: the settings for the device `mac`. `base` says where it started: the device's settings
 * as read, null when the server had no such device, absent when they could not be read (offline),
 * and in drafts saved before it existed.
 */
export const WizardDraft = assign(WizardSettings, type({ mac: string(), base: optional(nullable(WizardBase)) }));
export type WizardDraft = Infer<typeof WizardDraft>;

export function defaultWizardDraft(mac = ''): WizardDraft {
  return {
    mac,
    type: null,
    login: DEFAULT_DEVICE_LOGIN,
    password: FACTORY_PASSWORD,
    url: '',
    shift: 0,
    vendor: '',
    houses: [],
    relays: [{ id: 1, entrance: '' }],
    sipAccount: { domain: '', port: DEFAULT_SIP_PORT, type: DEFAULT_SIP_TYPE },
    billing: { bsName: '', bsPort: '', fiasId: '', porchNum: '', devicePurpose: DEFAULT_DEVICE_PURPOSE, executorId: null, deviceOwner: '' },
  };
}

/** Buyer 1 gets the fixed SIP provider domain and port 7777; other buyers keep what was typed. */
export function applyBuyerSipRule(draft: WizardDraft, buyerId: number | null | undefined): WizardDraft {
  if (buyerId !== FORCED_SIP_BUYER_ID) return draft;
  return { ...draft, sipAccount: { ...draft.sipAccount, domain: FORCED_SIP_DOMAIN, port: FORCED_SIP_PORT } };
}

// ---------------------------------------------------------------------------
// Calls

/** POST /front/wizard/save: exactly the spec's fields. */
export const WizardSave = object({
  mac: MacLike,
  deviceType: DeviceType,
  login: NonEmptyString,
  password: string(),
  url: OptionalDeviceAddress,
  houses: array(NonEmptyString),
  relays: array(object({ id: integer(), entrance: string() })),
  sipPort: nullable(integer()),
  sipDomain: string(),
  sipType: string(),
  bsName: string(),
  bsPort: DevicePortText,
  devicePurpose: integer(),
  fiasId: OptionalFiasId,
  porchNum: PorchNumText,
  shift: integer(),
  vendor: string(),
  executorId: nullable(integer()),
  deviceOwner: nullable(string()),
  /** Ours: create the device only; a device already on the server answers 409 and keeps its settings. */
  onlyIfNew: optional(boolean()),
});
export type WizardSave = Infer<typeof WizardSave>;

/**
 * The save body of a draft; throws when the device type was not chosen. An empty owner is sent as
 * null. `onlyIfNew` is added only when asked, so the usual body holds exactly the spec's fields.
 */
export function toWizardSaveBody(draft: WizardDraft, options: { onlyIfNew?: boolean } = {}): WizardSave {
  if (draft.type === null) throw new Error('The device type is not chosen');
  return {
    mac: normalizeMac(draft.mac) ?? draft.mac,
    deviceType: draft.type,
    login: draft.login,
    password: draft.password,
    url: draft.url,
    houses: draft.houses,
    relays: draft.relays.map(({ id, entrance }) => ({ id, entrance })),
    sipPort: draft.sipAccount.port,
    sipDomain: draft.sipAccount.domain,
    sipType: draft.sipAccount.type,
    bsName: draft.billing.bsName,
    bsPort: draft.billing.bsPort,
    devicePurpose: draft.billing.devicePurpose,
    fiasId: draft.billing.fiasId,
    porchNum: draft.billing.porchNum,
    shift: draft.shift,
    vendor: draft.vendor,
    executorId: draft.billing.executorId,
    deviceOwner: draft.billing.deviceOwner.trim() === '' ? null : draft.billing.deviceOwner,
    ...(options.onlyIfNew ? { onlyIfNew: true } : {}),
  };
}

export const WizardEntrancesRequest = object({ houseUids: array(NonEmptyString) });
/** Copies the settings of the replaced device (macFrom) to its replacement (macTo). */
export const WizardReplaceOptions = object({
  macFrom: MacLike,
  macTo: MacLike,
  type: DeviceType,
  options: OptionsUpdate,
  url: OptionalDeviceAddress,
  login: string(),
  password: string(),
});
export type WizardReplaceOptions = Infer<typeof WizardReplaceOptions>;
export const WizardSaveResponse = withResult({ data: optional(Device) });

/** What a replacement could not move (ours): `values` are the key values or the SIP login left on the old device. */
export const ReplaceNotMoved = type({ item: string(), reason: string(), values: array(string()) });
export type ReplaceNotMoved = Infer<typeof ReplaceNotMoved>;
/**
 * `moved` counts what went to the new device; `notMoved` lists what stayed on the old one ([] when
 * everything moved). Both optional, so a back end that answers only {result, message} decodes.
 */
export const WizardReplaceResponse = withResult({
  moved: optional(type({ houses: number(), relays: number(), keys: number(), groups: number(), sipAccount: boolean() })),
  notMoved: optional(array(ReplaceNotMoved)),
});
export type WizardReplaceResponse = Infer<typeof WizardReplaceResponse>;

export const wizardEndpoints = {
  entrances: endpoint({ method: 'POST', pattern: '/front/wizard/entrances', body: WizardEntrancesRequest, response: EntrancesResponse }),
  replaceOptions: endpoint({ method: 'POST', pattern: '/front/wizard/replace-options', body: WizardReplaceOptions, response: WizardReplaceResponse }),
  save: endpoint({ method: 'POST', pattern: '/front/wizard/save', body: WizardSave, response: WizardSaveResponse }),
} as const;
