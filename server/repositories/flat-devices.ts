import { deviceTypeId as t } from '../../contract/devices';
import { FLAT_DEVICE_SETTING_KEYS, type DeviceFlatData } from '../../contract/flats';
import { queryRows, type Db } from '../db/client';
import { flatBlockHistory, flatDeviceSettings } from '../db/schema/flats';
import { DEVICES, ofFlat } from './flat-card-sql';
import { ANALOG_TYPES, CAMERA_TYPES, ISCOM_TYPES } from '../devices/capabilities';
import type { DeviceRef, SyncedChange } from '../gateways/device/device-gateway';

export type FlatSettingKey = (typeof FLAT_DEVICE_SETTING_KEYS)[number];
export type FlatSettings = Record<FlatSettingKey, string | null>;

/** The flat capability flags of DeviceFlatData. */
export interface FlatDeviceFlags {
  canFlatBlockCms: boolean;
  canFlatDoorCode: boolean;
  canFlatRegCode: boolean;
  canCallToHandset: boolean;
  canIndividualLevels: boolean;
  canSendPush: boolean;
  canSaveRealtime: boolean;
}

/** Panels that keep a door code per flat besides the ISCom ones. */
const DOOR_CODE_TYPES: ReadonlySet<number> = new Set([...ISCOM_TYPES, t('BEWARD'), t('BEWARD_SD06M'), t('BEWARD_DKS977957'), t('SPUTNIK'), t('RUBETEK_RV_3434')]);
const REG_CODE_TYPES: ReadonlySet<number> = new Set([...ISCOM_TYPES, t('SPUTNIK')]);

/**
 * What a device of this type (with these capabilities) can do for one flat: a CMS handset line
 * (analogue panels) can be blocked and called; levels per flat need the device's `levels`; push
 * needs an IP panel (camera or ISCom); realtime writes need an ISCom, which takes them at once.
 */
export function flatDeviceFlags(type: number, capabilities: readonly string[]): FlatDeviceFlags {
  const analog = ANALOG_TYPES.has(type);
  return {
    canFlatBlockCms: analog,
    canFlatDoorCode: DOOR_CODE_TYPES.has(type),
    canFlatRegCode: REG_CODE_TYPES.has(type),
    canCallToHandset: analog,
    canIndividualLevels: analog && capabilities.includes('levels'),
    canSendPush: CAMERA_TYPES.has(type) || ISCOM_TYPES.has(type),
    canSaveRealtime: ISCOM_TYPES.has(type),
  };
}

/** A device serving the flat, with the flat's stored settings on it. */
export interface FlatDevice {
  ref: DeviceRef;
  buyerId: number;
  isGate: boolean;
  blockCms: boolean;
  panelCode: number | null;
  settings: FlatSettings;
}

/** A DEVICES item of flat-card-sql.ts, as PostgreSQL builds it. */
export interface FlatDeviceJson {
  id: number;
  mac: string;
  type: number;
  statusCode: number;
  buyerId: number;
  capabilities: string[];
  options: Record<string, unknown>;
  isGate: boolean;
  /** The flat_device_settings row (column names), null when the flat has none on the device. */
  settings: Record<string, unknown> | null;
  unitCode: number | null;
}

const COLUMN_OF: Record<FlatSettingKey, string> = {
  doorCode: 'door_code',
  musicVolume: 'music_volume',
  analogVolume: 'analog_volume',
  uartVolume: 'uart_volume',
  panelVolume: 'panel_volume',
  handsetDownLevel: 'handset_down_level',
  panelCall: 'panel_call',
  panelTalk: 'panel_talk',
  thTalk: 'th_talk',
  thCall: 'th_call',
  uartFrom: 'uart_from',
  uartTo: 'uart_to',
  doorOpenLevel: 'door_open_level',
  handsetUpLevel: 'handset_up_level',
  regCode: 'reg_code',
};

export function flatDeviceOf(row: FlatDeviceJson): FlatDevice {
  const stored = row.settings ?? {};
  const settings = Object.fromEntries(
    FLAT_DEVICE_SETTING_KEYS.map((key) => {
      const value = stored[COLUMN_OF[key]];
      return [key, typeof value === 'string' ? value : null];
    }),
  ) as FlatSettings;
  const storedCode = stored.panel_code;
  return {
    ref: { id: row.id, mac: row.mac, type: row.type, statusCode: row.statusCode, capabilities: row.capabilities, hasSipAccount: false, options: row.options },
    buyerId: row.buyerId,
    isGate: row.isGate,
    blockCms: stored.block_cms === true,
    panelCode: typeof storedCode === 'number' ? storedCode : row.unitCode,
    settings,
  };
}

/** The devices serving the flat (DEVICES of flat-card-sql.ts), with the flat's settings on each. */
export async function devicesOfFlat(db: Db, flat: { id: number }): Promise<FlatDevice[]> {
  const [row] = await queryRows<{ value: FlatDeviceJson[] }>(db, ofFlat(`${DEVICES} as value`, flat.id));
  return (row?.value ?? []).map(flatDeviceOf);
}

/** DeviceFlatData of one device: its flags and the given settings. */
export function deviceFlatData(device: FlatDevice, settings: FlatSettings = device.settings, blockCms = device.blockCms): DeviceFlatData {
  return {
    mac: device.ref.mac,
    blockCMS: blockCms,
    type: device.ref.type,
    panelCode: device.panelCode,
    ...flatDeviceFlags(device.ref.type, device.ref.capabilities),
    isGate: device.isGate,
    ...settings,
  };
}

/** What a settings save changes on one device: only the keys sent. */
export interface FlatSettingsPatch {
  deviceId: number;
  panelCode?: number | null;
  blockCms?: boolean;
  settings: Partial<FlatSettings>;
}

/** Stores the settings of several devices (upserts flat_device_settings rows). */
export async function saveFlatSettings(db: Db, flatId: number, patches: readonly FlatSettingsPatch[]): Promise<void> {
  for (const patch of patches) {
    const values = {
      ...patch.settings,
      ...(patch.panelCode === undefined ? {} : { panelCode: patch.panelCode }),
      ...(patch.blockCms === undefined ? {} : { blockCms: patch.blockCms }),
    };
    const insert = db.insert(flatDeviceSettings).values({ flatId, deviceId: patch.deviceId, ...values });
    await (Object.keys(values).length === 0
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({ target: [flatDeviceSettings.flatId, flatDeviceSettings.deviceId], set: values }));
  }
}

/** What a realtime save writes to the device for the flat: the settings given, the CMS block and the panel code when given. */
export function flatSettingsChange(flatNum: number, patch: FlatSettingsPatch): SyncedChange {
  const settings = { ...patch.settings, ...(patch.blockCms === undefined ? {} : { blockCms: patch.blockCms }), ...(patch.panelCode === undefined ? {} : { panelCode: patch.panelCode }) };
  return { kind: 'flatSettings', flatNum, settings };
}

/** Blocks or unblocks the flat's CMS handset on one device and records it ('cms' history). */
export async function setCmsBlock(db: Db, flatId: number, device: { id: number; mac: string }, blocked: boolean, who: { login: string; userId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await saveFlatSettings(tx, flatId, [{ deviceId: device.id, blockCms: blocked, settings: {} }]);
    await tx.insert(flatBlockHistory).values({
      flatId,
      kind: 'cms',
      mac: device.mac,
      blocked,
      reason: null,
      date: new Date(),
      blockCms: blocked,
      login: who.login,
      userId: who.userId,
    });
  });
}
