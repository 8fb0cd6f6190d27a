import { FLAT_LEVEL_KEYS, FLAT_SETTING_RULES, flatEndpoints, type FlatDeviceSettingsInput } from '../../contract/flat-card';
import { FLAT_DEVICE_SETTING_KEYS } from '../../contract/flats';
import type { Db } from '../db/client';
import { AfterCommit } from '../http/after-commit';
import { ApiError } from '../http/errors';
import { MAX_ID } from '../http/validation';
import { noteOf, storeOweAndSend } from '../jobs/device-sync-runner';
import { owedWriteText } from '../repositories/device-sync';
import { knownCatalogueIds, replaceFlatAccess } from '../repositories/flat-access';
import {
  devicesOfFlat,
  flatDeviceFlags,
  flatSettingsChange,
  saveFlatSettings,
  setCmsBlock,
  type FlatDevice,
  type FlatSettingKey,
  type FlatSettings,
  type FlatSettingsPatch,
} from '../repositories/flat-devices';
import { optionalText, requireFlatIn } from './flats';
import type { AnswerOf, BodyOf, WriteContext } from './write-context';

/*
 * The flat card's writes to its devices (docs/api.md "Flats"): each setting is checked against
 * FLAT_SETTING_RULES and what each device takes; a realtime save is also owed to the devices in
 * the same transaction and sent after it (docs/api.md "Device sync").
 */

type Permissions = BodyOf<typeof flatEndpoints.setPermissions>;
type Done = AnswerOf<typeof flatEndpoints.setAbonentUnits>;

const MAX_PANEL_CODE = 99_999;
const MAX_PERMISSION_NAME = 64;
const MAX_COMMENT = 500;

function notOfFlat(field: string, mac: string): ApiError {
  return new ApiError(400, `Некорректное поле ${field}: устройство ${mac} не обслуживает эту квартиру`);
}

/** The flat's device with this MAC; 400 naming `field` when the device does not serve the flat. */
export function deviceOf(devices: readonly FlatDevice[], mac: string, field: string): FlatDevice {
  const device = devices.find((item) => item.ref.mac === mac);
  if (!device) throw notOfFlat(field, mac);
  return device;
}

/** One setting as stored: blank is null; the rule of FLAT_SETTING_RULES is checked. */
function settingValue(field: string, key: FlatSettingKey, value: string | null): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const rule = FLAT_SETTING_RULES[key];
  if (rule.kind === 'digits') {
    if (!/^\d+$/.test(text) || text.length < rule.minLength || text.length > rule.maxLength) {
      throw new ApiError(400, `Некорректное поле ${field}: ожидается от ${rule.minLength} до ${rule.maxLength} цифр`);
    }
    return text;
  }
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(number >= rule.min && number <= rule.max)) throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от ${rule.min} до ${rule.max}`);
  return String(number);
}

/** Checks a settings save against the flat's devices and their flags; answers what to store per device. */
function patchesOf(data: readonly FlatDeviceSettingsInput[], devices: readonly FlatDevice[], realtime: boolean): { device: FlatDevice; patch: FlatSettingsPatch }[] {
  const seen = new Set<string>();
  return data.map((entry, index) => {
    const at = `data.${index}`;
    const device = deviceOf(devices, entry.mac, `${at}.mac`);
    if (seen.has(entry.mac)) throw new ApiError(400, `Некорректное поле ${at}.mac: устройство ${entry.mac} указано дважды`);
    seen.add(entry.mac);
    const flags = flatDeviceFlags(device.ref.type, device.ref.capabilities);
    if (realtime && !flags.canSaveRealtime) throw new ApiError(400, `Некорректное поле ${at}.mac: устройство ${entry.mac} не принимает настройки сразу`);
    const unsupported = (key: string, why: string) => new ApiError(400, `Некорректное поле ${at}.${key}: устройство ${entry.mac} не поддерживает ${why}`);
    const settings: Partial<FlatSettings> = {};
    for (const key of FLAT_DEVICE_SETTING_KEYS) {
      const value = entry[key];
      if (value === undefined) continue;
      const stored = settingValue(`${at}.${key}`, key, value);
      if (stored !== null) {
        if (key === 'doorCode' && !flags.canFlatDoorCode) throw unsupported(key, 'код двери квартиры');
        if (key === 'regCode' && !flags.canFlatRegCode) throw unsupported(key, 'код регистрации');
        if ((FLAT_LEVEL_KEYS as readonly string[]).includes(key) && !flags.canIndividualLevels) throw unsupported(key, 'уровни квартиры');
      }
      settings[key] = stored;
    }
    if (entry.blockCMS === true && !flags.canFlatBlockCms) throw unsupported('blockCMS', 'блокировку трубки');
    const panelCode = entry.panelCode;
    if (panelCode !== undefined && panelCode !== null && (panelCode < 1 || panelCode > MAX_PANEL_CODE)) {
      throw new ApiError(400, `Некорректное поле ${at}.panelCode: ожидается целое число от 1 до ${MAX_PANEL_CODE}`);
    }
    return { device, patch: { deviceId: device.ref.id, panelCode, blockCms: entry.blockCMS, settings } };
  });
}

async function checkAccessIds(db: Db, body: Permissions) {
  const inRange = (id: number) => id >= 1 && id <= MAX_ID;
  const known = await knownCatalogueIds(db, {
    services: body.accessServices.map((entry) => entry.service.id).filter(inRange),
    actions: body.accessServices.map((entry) => entry.action.id).filter(inRange),
    reasons: [...body.accessServices.map((entry) => entry.reason.id), ...body.permissions.flatMap((entry) => (entry.reason == null ? [] : [entry.reason]))].filter(inRange),
  });
  body.permissions.forEach((entry, index) => {
    if (entry.reason != null && !known.reasons.has(entry.reason)) throw new ApiError(400, `Некорректное поле permissions.${index}.reason: причина ${entry.reason} не найдена`);
  });
  const services = new Set<number>();
  body.accessServices.forEach((entry, index) => {
    const at = `accessServices.${index}`;
    if (!known.services.has(entry.service.id)) throw new ApiError(400, `Некорректное поле ${at}.service.id: услуга ${entry.service.id} не найдена`);
    if (services.has(entry.service.id)) throw new ApiError(400, `Некорректное поле ${at}.service.id: услуга ${entry.service.id} указана дважды`);
    services.add(entry.service.id);
    if (!known.actions.has(entry.action.id)) throw new ApiError(400, `Некорректное поле ${at}.action.id: действие ${entry.action.id} не найдено`);
    if (!known.reasons.has(entry.reason.id)) throw new ApiError(400, `Некорректное поле ${at}.reason.id: причина ${entry.reason.id} не найдена`);
  });
}

/** Stores the flat's settings on its devices; a realtime save also owes them to the devices and sends them after the commit. */
export async function saveFlatDeviceSettings(ctx: WriteContext, param: string, data: readonly FlatDeviceSettingsInput[], realtime: boolean): Promise<AfterCommit<Done>> {
  const { db, actor, devices } = ctx;
  const flat = await requireFlatIn(db, actor.scope, param);
  const patches = patchesOf(data, await devicesOfFlat(db, flat), realtime);
  const store = async (tx: Db) => {
    await saveFlatSettings(tx, flat.id, patches.map(({ patch }) => patch));
    return true;
  };
  if (!realtime) {
    await store(db);
    return AfterCommit.done({ result: true, message: 'Настройки квартиры сохранены' });
  }
  const owed = patches.map(({ device, patch }) => ({ deviceId: device.ref.id, change: flatSettingsChange(flat.flatNum, patch) }));
  const note = noteOf(await storeOweAndSend(db, devices.gateway, devices.sync, owed, store));
  return note.map((owedNote) => ({ result: true, ...owedWriteText('flat.settingsSaved', owedNote) }));
}

/** Blocks (or unblocks) the flat's handset on one of its devices that can. */
export async function blockFlatCms(ctx: WriteContext, param: string, body: BodyOf<typeof flatEndpoints.setCms>): Promise<Done> {
  const { db, actor } = ctx;
  const flat = await requireFlatIn(db, actor.scope, param);
  const device = deviceOf(await devicesOfFlat(db, flat), body.mac, 'mac');
  if (!flatDeviceFlags(device.ref.type, device.ref.capabilities).canFlatBlockCms) {
    throw new ApiError(400, `Некорректное поле mac: устройство ${body.mac} не поддерживает блокировку трубки`);
  }
  await setCmsBlock(db, flat.id, device.ref, body.status, { login: actor.login, userId: actor.userId });
  return { result: true, message: body.status ? 'Трубка квартиры заблокирована' : 'Трубка квартиры разблокирована' };
}

/** Replaces the flat's permissions and access services, each name once and each catalogue id known. */
export async function saveFlatPermissions(ctx: WriteContext, param: string, body: Permissions): Promise<Done> {
  const { db, actor } = ctx;
  const flat = await requireFlatIn(db, actor.scope, param);
  const names = new Set<string>();
  body.permissions.forEach((entry, index) => {
    const name = entry.permissionName.trim();
    if (name.length > MAX_PERMISSION_NAME) throw new ApiError(400, `Некорректное поле permissions.${index}.permissionName: не длиннее ${MAX_PERMISSION_NAME} символов`);
    if (names.has(name)) throw new ApiError(400, `Некорректное поле permissions.${index}.permissionName: ${name} указано дважды`);
    names.add(name);
    optionalText(`permissions.${index}.comment`, entry.comment, MAX_COMMENT);
  });
  await checkAccessIds(db, body);
  await replaceFlatAccess(db, flat.id, body);
  return { result: true, message: 'Доступы квартиры сохранены' };
}
