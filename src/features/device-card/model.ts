import type { Scalar } from '@contract/common';
import type { DeviceCardResponse, EntranceRelayRow, OptionRow } from '@contract/device-card';
import {
  DEFAULT_CONCIERGE_APARTMENT,
  DEFAULT_SOS_LABEL,
  OPTION_RULES,
  type DeviceSipAccountInput,
  type FieldRule,
  type FirmwareUpdateState,
  type Rs485Scan,
} from '@contract/device-card-settings';
import { DEVICE_STATUS, RELAY_STATUS, hasExtraSettings, type Device, type SipAccount } from '@contract/devices';
import type { Group } from '@contract/groups';
import type { House } from '@contract/houses';
import type { FieldReason } from '@/lib/field-errors';

export type DeviceCard = DeviceCardResponse;

// ---------------------------------------------------------------------------
// Feature gating

/** Features of the card, each gated by one device capability. */
export type CardFeature = 'mifare' | 'autoCollectKeys' | 'audio' | 'display' | 'levels' | 'echoCancellation' | 'rs485' | 'camera' | 'firmware';

/** These are the "extra settings": shown only for ISCOM_X1 and BEWARD_ISCOM, and only with the capability. */
const EXTRA_FEATURES: ReadonlySet<CardFeature> = new Set(['audio', 'display', 'echoCancellation', 'rs485']);

export function canUse(device: Pick<Device, 'type' | 'capabilities'>, feature: CardFeature): boolean {
  if (!device.capabilities.includes(feature)) return false;
  return !EXTRA_FEATURES.has(feature) || hasExtraSettings(device.type);
}

export const CARD_TABS = ['overview', 'sip', 'options', 'media', 'rs485', 'camera', 'service'] as const;
export type CardTab = (typeof CARD_TABS)[number];

export function visibleTabs(device: Pick<Device, 'type' | 'capabilities'>): CardTab[] {
  return CARD_TABS.filter((tab) => {
    if (tab === 'media') return (['audio', 'display', 'levels', 'echoCancellation'] as const).some((feature) => canUse(device, feature));
    if (tab === 'rs485') return canUse(device, 'rs485');
    if (tab === 'camera') return canUse(device, 'camera');
    return true;
  });
}

/** The tab named in the URL when the device has it, else the first one. */
export function pickTab(wanted: string | null, tabs: readonly CardTab[]): CardTab {
  return tabs.find((tab) => tab === wanted) ?? tabs[0] ?? 'overview';
}

// ---------------------------------------------------------------------------
// Local updates, applied only after the server answered result: true

function optionValue(value: unknown): Scalar {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

function withOptionRows(rows: readonly OptionRow[], patch: Readonly<Record<string, unknown>>): OptionRow[] {
  return rows.map((row) => (Object.hasOwn(patch, row.name) ? { name: row.name, value: optionValue(patch[row.name]) } : row));
}

/** Merges option changes into the device and into the main/billing rows the card lists. */
export function applyOptions(card: DeviceCard, patch: Readonly<Record<string, unknown>>): DeviceCard {
  return {
    ...card,
    device: { ...card.device, options: { ...card.device.options, ...patch } as Device['options'] },
    mainOptions: withOptionRows(card.mainOptions, patch),
    billingOptions: withOptionRows(card.billingOptions, patch),
  };
}

/** Code 3 clears relays, houses and the SIP account and empties the billing option values. */
export function applyStatus(card: DeviceCard, status: number): DeviceCard {
  const device = { ...card.device, statusCode: status };
  if (status !== DEVICE_STATUS.reset) return { ...card, device };
  const emptied = Object.fromEntries(card.billingOptions.map((row) => [row.name, '']));
  const cleared = applyOptions({ ...card, device }, emptied);
  return {
    ...cleared,
    device: { ...cleared.device, relays: [], houses: [], sipAccount: null },
    sipStatus: false,
    entrances: [],
    houses: [],
  };
}

export function applyGroups(card: DeviceCard, groupIds: readonly number[], choices: readonly Group[]): DeviceCard {
  const known = new Map([...card.groups, ...choices].map((group) => [group.groupId, group]));
  return { ...card, groups: groupIds.flatMap((id) => known.get(id) ?? []) };
}

export function applyHouses(card: DeviceCard, houseUids: readonly string[], choices: readonly House[]): DeviceCard {
  const known = new Map([...card.houses, ...choices].map((house) => [house.id, house]));
  const houses = houseUids.flatMap((uid) => known.get(uid) ?? []);
  // A relay keeps its entrance only while the entrance's house stays with the device.
  const entrances = card.entrances.filter((row) => houseUids.includes(row.house));
  return { ...card, device: { ...card.device, houses: [...houseUids] }, houses, entrances };
}

export function applyRelays(card: DeviceCard, relays: Device['relays'], rows: readonly EntranceRelayRow[]): DeviceCard {
  return { ...card, device: { ...card.device, relays }, entrances: [...rows] };
}

export function applySip(card: DeviceCard, account: SipAccount, input: DeviceSipAccountInput): DeviceCard {
  const withAccount = { ...card, device: { ...card.device, sipAccount: account } };
  return applyOptions(withAccount, {
    sos: input.sos ?? DEFAULT_SOS_LABEL,
    conciergeApartment: input.conciergeApartment ?? DEFAULT_CONCIERGE_APARTMENT,
  });
}

export function applySipRemoved(card: DeviceCard): DeviceCard {
  return { ...card, device: { ...card.device, sipAccount: null }, sipStatus: false };
}

// ---------------------------------------------------------------------------
// Forms: what the inputs show (text) and what is sent (typed)

/** Text of an option value in an input; null and missing are empty. */
export function optionText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}

const INTEGER_PATTERN = /^-?\d+$/;

/** A whole number typed as text, or null when it is not one. */
export function parseInteger(text: string): number | null {
  const trimmed = text.trim();
  return INTEGER_PATTERN.test(trimmed) ? Number(trimmed) : null;
}

/**
 * What the server would refuse in a field, checked before sending with the contract's rule: a
 * blank required text, text that is too long, or a number that is not whole or out of range (a
 * number field is always required: the server has no empty number).
 */
export function checkField(rule: FieldRule, text: string): FieldReason | null {
  if (rule.kind === 'text') {
    if (rule.required && text.trim() === '') return { kind: 'required' };
    return text.trim().length > rule.max ? { kind: 'maxLength', max: rule.max } : null;
  }
  if (text.trim() === '') return { kind: 'required' };
  const number = parseInteger(text);
  return number === null || number < rule.min || number > rule.max ? { kind: 'range', min: rule.min, max: rule.max } : null;
}

/** A form field of the keys named by a request path `<prefix><key>`, e.g. `audio.musicVolume` → `musicVolume`. */
export function fieldUnder<K extends string>(prefix: string, keys: readonly K[]): (path: string) => K | null {
  return (path) => keys.find((key) => path === `${prefix}${key}`) ?? null;
}

export const SIP_FIELDS = ['login', 'password', 'domain', 'port', 'sos', 'conciergeApartment'] as const;

export interface SipFormValues {
  login: string;
  password: string;
  domain: string;
  port: string;
  sos: string;
  conciergeApartment: string;
}

/** The account's fields, and sos / conciergeApartment from the options with their defaults ('SOS', 999). */
export function sipFormValues(card: DeviceCard): SipFormValues {
  const account = card.device.sipAccount;
  const options = card.device.options;
  return {
    login: account?.login ?? '',
    password: account?.password ?? '',
    domain: account?.domain ?? '',
    port: account ? String(account.port) : '',
    sos: options.sos ?? DEFAULT_SOS_LABEL,
    conciergeApartment: String(options.conciergeApartment ?? DEFAULT_CONCIERGE_APARTMENT),
  };
}

/**
 * The PUT …/sip account, from a form that passed its checks; an empty sos or concierge apartment
 * is left out so the server stores the defaults.
 */
export function sipAccountInput(values: SipFormValues): DeviceSipAccountInput {
  const port = parseInteger(values.port);
  const concierge = parseInteger(values.conciergeApartment);
  const input: DeviceSipAccountInput = {
    login: values.login.trim(),
    password: values.password,
    domain: values.domain.trim(),
    port: port ?? Number.NaN,
  };
  if (values.sos.trim() !== '') input.sos = values.sos.trim();
  if (concierge !== null) input.conciergeApartment = concierge;
  return input;
}

/** Option keys PUT …/options changes, sent as whole numbers. */
export const INTEGER_OPTION_KEYS: ReadonlySet<string> = new Set(Object.entries(OPTION_RULES).filter(([, rule]) => rule.kind !== 'text').map(([key]) => key));

/** The contract's rule of an option key typed as text (selects need none); null when it has none. */
export function optionRule(key: string): FieldRule | null {
  const rule = OPTION_RULES[key];
  return rule && (rule.kind === 'text' || rule.kind === 'integer') ? rule : null;
}

/** An option whose empty text the server keeps as null (the others keep ''). */
function nullableOption(key: string): boolean {
  const rule = OPTION_RULES[key];
  return rule?.kind !== 'text' || rule.nullable === true;
}

/** The main options the card edits through PUT …/options (others have calls of their own). */
export const EDITABLE_MAIN_OPTIONS = [
  'url',
  'login',
  'password',
  'SHIFT',
  'VENDOR',
  'devicePurpose',
  'deviceOwner',
  'apiPort',
  'rtspPort',
  'sipPort',
  'systemInfo.revision',
] as const;
export type EditableMainOption = (typeof EDITABLE_MAIN_OPTIONS)[number];

/** Form values by field name (see optionField). */
export type OptionFormValues = Record<string, string>;

/** react-hook-form reads a dot as nesting, so `systemInfo.revision` is a field named `systemInfo~revision`. */
export function optionField(key: string): string {
  return key.replaceAll('.', '~');
}

export function optionKeyOf(field: string): string {
  return field.replaceAll('~', '.');
}

export function optionFormValues(rows: readonly OptionRow[], keys: readonly string[]): OptionFormValues {
  const byName = new Map(rows.map((row) => [row.name, row.value]));
  return Object.fromEntries(keys.map((key) => [optionField(key), optionText(byName.get(key))]));
}

/**
 * The changed keys only, typed for the server: whole numbers for numeric keys (the form has
 * checked them), an empty text as null where the server keeps null, else as ''.
 */
export function changedOptions(initial: OptionFormValues, values: OptionFormValues): Record<string, Scalar> {
  const patch: Record<string, Scalar> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === initial[field]) continue;
    const key = optionKeyOf(field);
    if (INTEGER_OPTION_KEYS.has(key)) patch[key] = parseInteger(value) ?? value;
    else patch[key] = value.trim() === '' && nullableOption(key) ? null : value.trim();
  }
  return patch;
}

/** What the device keeps after the server normalised a patch (text trimmed, an empty nullable text as null). */
export function normalisedPatch(patch: Readonly<Record<string, Scalar>>): Record<string, Scalar> {
  return Object.fromEntries(
    Object.entries(patch).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || (nullableOption(key) ? null : '') : value]),
  );
}

/** Numbers of a settings object as input text; what is missing is empty. */
export function numberFormValues<K extends string>(keys: readonly K[], source: Partial<Record<K, number>> | null | undefined): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, source?.[key] === undefined ? '' : String(source[key])])) as Record<K, string>;
}

/** The fields as whole numbers, from a form whose checks passed (a field that is not one is NaN). */
export function numbersOf<K extends string>(keys: readonly K[], values: Record<K, string>): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, parseInteger(values[key]) ?? Number.NaN])) as Record<K, number>;
}

export const AUDIO_KEYS = ['musicVolume', 'analogVolume', 'uartVolume', 'panelVolume'] as const;
export const LEVEL_KEYS = ['panelCall', 'panelTalk', 'thCall', 'thTalk', 'handsetUpLevel', 'handsetDownLevel', 'doorOpenLevel'] as const;

// ---------------------------------------------------------------------------
// Relays

export interface RelayFormRow {
  id: number;
  entrance: string;
}

export function relayFormRows(device: Pick<Device, 'relays'>): RelayFormRow[] {
  return [...device.relays].sort((a, b) => a.id - b.id).map((relay) => ({ id: relay.id, entrance: relay.entrance }));
}

/** The relays whose doors the card offers to open: those in service, by number; a panel with none listed still has its main door (relay 1). */
export function doorRelays(device: Pick<DeviceCard['device'], 'relays'>): number[] {
  const active = device.relays.filter((relay) => relay.statusCode === RELAY_STATUS.active).map((relay) => relay.id);
  return active.length > 0 ? [...new Set(active)].sort((a, b) => a - b) : [1];
}

/** The next free relay number (relays are numbered from 1). */
export function nextRelayId(rows: readonly { id: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
}

// ---------------------------------------------------------------------------
// RS485, firmware

/** Models found on the bus, each once, for the model picker. */
export function rs485Models(scans: readonly Rs485Scan[], current: string | null): string[] {
  const models = new Set<string>();
  if (current) models.add(current);
  for (const scan of scans) for (const device of scan.devices) models.add(device.model);
  return [...models];
}

export function rs485DeviceCount(scans: readonly Rs485Scan[]): number {
  return scans.reduce((sum, scan) => sum + scan.devices.length, 0);
}

/** The label key of a bus device's state; an unknown state is shown as the device sent it. */
export function rs485StatusKey(status: string): 'card.rs485.status.online' | 'card.rs485.status.offline' | 'card.rs485.status.error' | null {
  return status === 'online' || status === 'offline' || status === 'error' ? `card.rs485.status.${status}` : null;
}

/**
 * Where a firmware update the card follows stands: `running` until the device reports the target
 * (or says it failed); an update the device reports for another target is not this one.
 */
export function firmwarePhase(
  answer: { current: string | null; update?: FirmwareUpdateState | null },
  target: string,
): { phase: 'running'; progress: number } | { phase: 'done' } | { phase: 'failed'; message: string | null } {
  const update = answer.update ?? null;
  if (answer.current === target && update?.status !== 'running') return { phase: 'done' };
  if (update?.target === target && update.status === 'failed') return { phase: 'failed', message: update.message };
  return { phase: 'running', progress: update?.target === target ? clampPercent(update.progress) : 0 };
}

/** A progress value for the bar, 0..100 whatever the server sends. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** The status label key of a device status code (only 3, reset, is given; the others are ours). */
export function statusKey(code: number): `card.deviceStatus.${0 | 1 | 2 | 3}` | null {
  return code === 0 || code === 1 || code === 2 || code === 3 ? `card.deviceStatus.${code}` : null;
}
