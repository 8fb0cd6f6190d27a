import type { FlatSettingValue } from '../../device-gateway';
import { PanelError } from '../panel-driver';
import { field, isRecord, optionalBoolean, optionalNumber, optionalString, requireInteger, requireRecord, type JsonRecord } from './json-answer';

/** Per-flat volumes the panel keeps (PANELS.md `volumes:{…}`; rev.5 adds `thGate`, kept as read; others are not read). */
export const FLAT_VOLUME_KEYS = ['panelTalk', 'thTalk', 'thCall', 'uartFrom', 'uartTo'] as const;

/** A flat (panel code) as the panel lists it under `/panelCode`: null levels inherit the panel's general ones. */
export interface IsFlatEntry {
  panelCode: number;
  callsEnabled: { handset: boolean; sip: boolean };
  resistances: { answer: number | null; quiescent: number | null };
  volumes: Record<string, number | null>;
  sipAccounts: string[];
  /** Fields this driver does not know (`soundOpenTh`, `inform`, …): written back as they were read. */
  rest: JsonRecord;
}

/**
 * The flat settings (FLAT_DEVICE_SETTING_KEYS, `blockCms`, `panelCode`) the panel keeps, and where:
 * a blocked CMS is `callsEnabled.handset` false, the handset levels are the flat's resistances.
 * A per-flat `doorCode` is the flat's open code (written by the driver, read back as a door code).
 */
export const ISCOM_FLAT_SETTING_KEYS = ['blockCms', 'panelCode', 'doorCode', 'handsetUpLevel', 'handsetDownLevel', ...FLAT_VOLUME_KEYS] as const;

const RESISTANCE_OF_SETTING = { handsetUpLevel: 'answer', handsetDownLevel: 'quiescent' } as const;
const OWN_FIELDS = ['panelcode', 'callsenabled', 'resistances', 'volumes', 'sipaccounts'];

export function newFlatEntry(panelCode: number): IsFlatEntry {
  return {
    panelCode,
    callsEnabled: { handset: true, sip: true },
    resistances: { answer: null, quiescent: null },
    volumes: Object.fromEntries(FLAT_VOLUME_KEYS.map((key) => [key, null])),
    sipAccounts: [String(panelCode)],
    rest: {},
  };
}

/** One item of `GET /panelCode`; anything malformed is 'garbled'. */
export function parseFlatEntry(value: unknown, what: string): IsFlatEntry {
  const record = requireRecord(value, what);
  const panelCode = requireInteger(field(record, 'panelCode'), `${what}: panelCode`);
  const calls = field(record, 'callsEnabled');
  const resistances = field(record, 'resistances');
  const volumesField = field(record, 'volumes');
  const volumes: Record<string, number | null> = {};
  if (isRecord(volumesField)) {
    for (const name of [...FLAT_VOLUME_KEYS, 'thGate']) {
      const level = field(volumesField, name);
      if (level !== undefined) volumes[name] = optionalNumber(level, `${what}: volumes.${name}`);
    }
  }
  const accounts = field(record, 'sipAccounts');
  return {
    panelCode,
    callsEnabled: {
      handset: optionalBoolean(field(calls, 'handset'), `${what}: callsEnabled.handset`) ?? true,
      sip: optionalBoolean(field(calls, 'sip'), `${what}: callsEnabled.sip`) ?? true,
    },
    resistances: {
      answer: optionalNumber(field(resistances, 'answer'), `${what}: resistances.answer`),
      quiescent: optionalNumber(field(resistances, 'quiescent'), `${what}: resistances.quiescent`),
    },
    volumes,
    sipAccounts: Array.isArray(accounts) ? accounts.map((account, index) => optionalString(account, `${what}: sipAccounts[${index}]`) ?? '') : [],
    rest: Object.fromEntries(Object.entries(record).filter(([name]) => !OWN_FIELDS.includes(name.toLowerCase()))),
  };
}

/** The body the panel takes for a flat (POST / PUT / rooms_update item). */
export function flatEntryBody(entry: IsFlatEntry): JsonRecord {
  return { ...entry.rest, panelCode: entry.panelCode, callsEnabled: entry.callsEnabled, resistances: entry.resistances, volumes: entry.volumes, sipAccounts: entry.sipAccounts };
}

/** The settings a flat holds, as the product names them: only what differs from «inherit» (a CMS block only when blocked). */
export function flatSettingsOf(entry: IsFlatEntry): Record<string, FlatSettingValue> {
  const settings: Record<string, FlatSettingValue> = {};
  if (!entry.callsEnabled.handset) settings.blockCms = true;
  for (const [setting, resistance] of Object.entries(RESISTANCE_OF_SETTING)) {
    const level = entry.resistances[resistance];
    if (level !== null) settings[setting] = String(level);
  }
  for (const key of FLAT_VOLUME_KEYS) {
    const level = entry.volumes[key];
    if (level !== null && level !== undefined) settings[key] = String(level);
  }
  return settings;
}

/**
 * The entry with the settings written over it. A setting the panel has no place for, given a
 * value, is 'unsupported' before anything is sent (`doorCode` is the caller's: an open code).
 */
export function withFlatSettings(entry: IsFlatEntry, flatNum: number, settings: Readonly<Record<string, FlatSettingValue>>): IsFlatEntry {
  const unknown = Object.entries(settings).filter(([name, value]) => !(ISCOM_FLAT_SETTING_KEYS as readonly string[]).includes(name) && value !== null && value !== false);
  if (unknown.length > 0) throw new PanelError('unsupported', `настройки квартиры, которых у панели нет: ${unknown.map(([name]) => name).join(', ')}`);
  const panelCode = settings.panelCode;
  if (panelCode !== undefined && panelCode !== null && Number(panelCode) !== flatNum) {
    throw new PanelError('unsupported', `код панели ${String(panelCode)} ≠ номеру квартиры ${flatNum}: панель вызывает квартиру по её номеру`);
  }
  const next: IsFlatEntry = { ...entry, callsEnabled: { ...entry.callsEnabled }, resistances: { ...entry.resistances }, volumes: { ...entry.volumes } };
  if ('blockCms' in settings) next.callsEnabled.handset = !settings.blockCms;
  for (const [setting, resistance] of Object.entries(RESISTANCE_OF_SETTING)) {
    if (setting in settings) next.resistances[resistance] = levelOf(settings[setting], setting);
  }
  for (const key of FLAT_VOLUME_KEYS) if (key in settings) next.volumes[key] = levelOf(settings[key], key);
  return next;
}

function levelOf(value: FlatSettingValue | undefined, name: string): number | null {
  if (value === null || value === undefined || value === '') return null;
  const level = Number(value);
  if (!Number.isFinite(level)) throw new PanelError('unsupported', `${name}: «${String(value)}» не число`);
  return level;
}
