import { deviceCardEndpoints } from '../../contract/device-card';
import {
  AUDIO_RULE,
  DISPLAY_RULES,
  LEVEL_RULE,
  REMOVAL_COMMENT_RULE,
  RS485_MODEL_RULE,
  SIP_ACCOUNT_RULES,
  deviceSettingsEndpoints,
  type FieldRule,
  type Rs485Scan,
} from '../../contract/device-card-settings';
import { DEVICE_STATUS, type DisplaySettings } from '../../contract/devices';
import type { DictionaryId } from '../../contract/dictionaries';
import { serverText } from '../../contract/server-texts';
import type { JsonValue } from '../db/schema/devices';
import type { DeviceChange, FirmwareUpdateRecord } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { pushDevice } from '../jobs/device-sync-runner';
import { entranceHouses, finishRs485Scan, firmwareForType, reportRs485Scan, rs485BusOfDevice, saveRs485Bus, startRs485Scan } from '../repositories/device-card';
import { deleteDeviceSip, mergeDeviceOptions, replaceDeviceRelays, saveDeviceSip, setDeviceStatus, setRemovalReason } from '../repositories/device-settings';
import { storeAndOwe } from '../repositories/device-sync';
import { deviceRefOf, findDevice, type DeviceRecord } from '../repositories/devices';
import { DICTIONARIES } from '../seed/dictionaries';
import { checkOptionsUpdate } from '../routes/device-card-options';
import { onDevice, requireCapability, requireDeviceIn } from './device-lookup';
import type { AnswerOf, BodyOf, WriteContext } from './write-context';

/*
 * A device's settings (docs/api.md "Device card"): each write checks the value against the rules
 * of contract/device-card-settings.ts and the device's capabilities, sets it on the device, then
 * stores it; the SIP account is stored and owed instead (docs/api.md "Device sync"). The audit
 * trail diffs the device row these writes change.
 */

/** A scan that has not finished this long after it started is taken to be dead (its process stopped). */
const SCAN_STALE_SECONDS = 120;
const DEFAULT_DISPLAY: DisplaySettings = { welcomeText: '', infoText: '', brightness: 50 };

type IntegerRule = Extract<FieldRule, { kind: 'integer' }>;
type TextRule = Extract<FieldRule, { kind: 'text' }>;
type Done = AnswerOf<typeof deviceSettingsEndpoints.setOptions>;

function requireDictionaryKey(field: string, dictionaryId: DictionaryId, key: number): void {
  if (!(key in DICTIONARIES[dictionaryId])) {
    throw new ApiError(400, `Некорректное поле ${field}: допустимые значения: ${Object.keys(DICTIONARIES[dictionaryId]).join(', ')}`);
  }
}

function requireInteger(field: string, value: number, { min, max }: IntegerRule): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от ${min} до ${max}`);
}

/** The struct has refused a non-string already; a required field that is blank is named as such. */
function requireText(field: string, value: string, { max, required }: TextRule): void {
  if (required && value.trim() === '') throw new ApiError(400, `Некорректное поле ${field}: ожидается непустая строка`);
  if (value.length > max) throw new ApiError(400, `Некорректное поле ${field}: не длиннее ${max} символов`);
}

function checkDisplay(display: DisplaySettings, prefix = 'display.'): void {
  requireText(`${prefix}welcomeText`, display.welcomeText, DISPLAY_RULES.welcomeText);
  requireText(`${prefix}infoText`, display.infoText, DISPLAY_RULES.infoText);
  requireInteger(`${prefix}brightness`, display.brightness, DISPLAY_RULES.brightness);
}

function displayOf(options: Readonly<Record<string, unknown>>): DisplaySettings {
  const value = options.display;
  return typeof value === 'object' && value !== null ? { ...DEFAULT_DISPLAY, ...(value as Partial<DisplaySettings>) } : { ...DEFAULT_DISPLAY };
}

/** Sets the change on the device (its refusal a 502/504), then stores what the card shows of it. */
async function applyAndStore(ctx: WriteContext, record: DeviceRecord, change: DeviceChange, stored: Record<string, JsonValue>): Promise<void> {
  await onDevice(() => ctx.devices.gateway.apply(deviceRefOf(record), change));
  await mergeDeviceOptions(ctx.db, record.id, stored);
}

/** The device with the capability, if the actor's buyer may see it (404, else 409). */
async function requireCapableDevice(ctx: WriteContext, mac: string, capability: string, feature: string): Promise<DeviceRecord> {
  const record = await requireDeviceIn(ctx.db, ctx.actor.scope, { mac });
  requireCapability(record, capability, feature);
  return record;
}

export async function setSip(ctx: WriteContext, mac: string, body: BodyOf<typeof deviceSettingsEndpoints.setSip>): Promise<AnswerOf<typeof deviceSettingsEndpoints.setSip>> {
  const { db, devices } = ctx;
  const record = await requireDeviceIn(db, ctx.actor.scope, { mac });
  const { account } = body;
  requireText('account.login', account.login, SIP_ACCOUNT_RULES.login);
  requireText('account.password', account.password, SIP_ACCOUNT_RULES.password);
  requireText('account.domain', account.domain, SIP_ACCOUNT_RULES.domain);
  requireInteger('account.port', account.port, SIP_ACCOUNT_RULES.port);
  if (account.sos !== undefined) requireText('account.sos', account.sos, SIP_ACCOUNT_RULES.sos);
  if (account.conciergeApartment !== undefined) requireInteger('account.conciergeApartment', account.conciergeApartment, SIP_ACCOUNT_RULES.conciergeApartment);
  const input = { ...account, login: account.login.trim(), domain: account.domain.trim() };
  // Stored and owed to the device in one transaction, then sent (docs/api.md "Device sync").
  const change: DeviceChange = { kind: 'sip', account: { login: input.login, domain: input.domain, port: input.port } };
  const saved = await storeAndOwe(db, record.id, change, async (tx) => {
    const outcome = await saveDeviceSip(tx, { id: record.id, buyerId: record.device.buyerId, houseUid: record.device.houses[0] ?? null }, input);
    return outcome.status === 'saved' ? outcome.account : null;
  });
  if (!saved) throw new ApiError(409, `SIP-логин ${input.login} уже занят другим аккаунтом`);
  await pushDevice(db, devices.gateway, record.id, devices.sync);
  return { result: true, message: 'SIP-аккаунт сохранён', data: saved };
}

export async function removeSip(ctx: WriteContext, mac: string): Promise<Done> {
  const { db, devices } = ctx;
  const record = await requireDeviceIn(db, ctx.actor.scope, { mac });
  const existed = (await storeAndOwe(db, record.id, { kind: 'sip', account: null }, async (tx) => ((await deleteDeviceSip(tx, record.id)) ? true : null))) !== null;
  if (existed) await pushDevice(db, devices.gateway, record.id, devices.sync);
  return { result: true, message: existed ? 'SIP-аккаунт удалён' : 'У устройства нет SIP-аккаунта' };
}

export async function setOptions(ctx: WriteContext, mac: string, options: BodyOf<typeof deviceSettingsEndpoints.setOptions>['options']): Promise<Done> {
  const record = await requireDeviceIn(ctx.db, ctx.actor.scope, { mac });
  const patch = checkOptionsUpdate(options);
  await applyAndStore(ctx, record, { kind: 'options', options: patch }, patch);
  return { result: true, message: 'Параметры устройства сохранены' };
}

export async function setAudio(ctx: WriteContext, mac: string, audio: BodyOf<typeof deviceSettingsEndpoints.setAudio>['audio']): Promise<Done> {
  const record = await requireCapableDevice(ctx, mac, 'audio', 'настройки звука');
  for (const [name, value] of Object.entries(audio)) requireInteger(`audio.${name}`, value, AUDIO_RULE);
  await applyAndStore(ctx, record, { kind: 'audio', value: audio }, { audio });
  return { result: true, message: 'Настройки звука сохранены' };
}

export async function setLevels(ctx: WriteContext, mac: string, levels: BodyOf<typeof deviceSettingsEndpoints.setLevels>['levels'], streamType: number): Promise<Done> {
  const record = await requireCapableDevice(ctx, mac, 'levels', 'уровни напряжения');
  for (const [name, value] of Object.entries(levels)) requireInteger(`levels.${name}`, value, LEVEL_RULE);
  requireDictionaryKey('streamType', 'stream_type', streamType);
  await applyAndStore(ctx, record, { kind: 'levels', value: { ...levels, streamType } }, { voltage: levels, streamType });
  return { result: true, message: 'Уровни сохранены' };
}

export async function setDisplay(ctx: WriteContext, mac: string, display: DisplaySettings): Promise<Done> {
  const record = await requireCapableDevice(ctx, mac, 'display', 'настройки дисплея');
  checkDisplay(display);
  await applyAndStore(ctx, record, { kind: 'display', value: display }, { display });
  return { result: true, message: 'Настройки дисплея сохранены' };
}

/** One field of the display; the others stay as the device's options hold them. */
export async function setDisplayOption(ctx: WriteContext, mac: string, body: BodyOf<typeof deviceSettingsEndpoints.setDisplayOption>): Promise<Done> {
  const record = await requireCapableDevice(ctx, mac, 'display', 'настройки дисплея');
  const display = displayOf(record.device.options as Record<string, unknown>);
  if (body.option === 'brightness') {
    if (typeof body.data !== 'number') throw new ApiError(400, 'Некорректное поле data: ожидается число');
    display.brightness = body.data;
  } else {
    if (typeof body.data !== 'string') throw new ApiError(400, 'Некорректное поле data: ожидается строка');
    display[body.option] = body.data;
  }
  checkDisplay(display, '');
  await applyAndStore(ctx, record, { kind: 'display', value: display }, { display: { ...display } });
  return { result: true, message: 'Настройка дисплея сохранена' };
}

export async function setEchoCancellation(ctx: WriteContext, mac: string, echoCancellationType: number): Promise<Done> {
  const record = await requireCapableDevice(ctx, mac, 'echoCancellation', 'эхоподавление');
  requireDictionaryKey('echoCancellationType', 'echo_cancellation_type', echoCancellationType);
  await applyAndStore(ctx, record, { kind: 'echoCancellation', echoCancellationType }, { echoCancellationType });
  return { result: true, message: 'Тип эхоподавления сохранён' };
}

export async function setDeviceRemovalReason(ctx: WriteContext, mac: string, body: BodyOf<typeof deviceSettingsEndpoints.setRemovalReason>): Promise<Done> {
  const record = await requireDeviceIn(ctx.db, ctx.actor.scope, { mac });
  requireDictionaryKey('reason', 'reasons_removing_device', body.reason);
  const comment = body.comment?.trim() || null;
  if (comment !== null) requireText('comment', comment, REMOVAL_COMMENT_RULE);
  await setRemovalReason(ctx.db, record.id, body.reason, comment);
  return { result: true, message: 'Причина демонтажа сохранена' };
}

/** Only a model the device reported on its bus (its last scan) can be set. */
export async function setRs485Model(ctx: WriteContext, mac: string, given: string): Promise<void> {
  const record = await requireCapableDevice(ctx, mac, 'rs485', 'RS485');
  const model = given.trim();
  requireText('model', model, RS485_MODEL_RULE);
  const reported = [...new Set((await rs485BusOfDevice(ctx.db, record.id)).flatMap((scan) => scan.devices.map((item) => item.model)))];
  if (!reported.includes(model)) {
    throw new ApiError(
      400,
      reported.length === 0
        ? 'Некорректное поле model: устройство не сообщило ни одной модели RS485, сначала просканируйте шину'
        : `Некорректное поле model: устройство сообщило модели ${reported.join(', ')}, получено: ${JSON.stringify(model.slice(0, 60))}`,
    );
  }
  await applyAndStore(ctx, record, { kind: 'rs485Model', model }, { rs485Model: model });
}

/** Scans the device's RS485 bus, its progress and outcome stored as it goes (give it the app's database, not a transaction, so others see them at once). */
export async function scanRs485(ctx: WriteContext, mac: string): Promise<AnswerOf<typeof deviceSettingsEndpoints.scanRs485>> {
  const { db, devices } = ctx;
  const record = await requireCapableDevice(ctx, mac, 'rs485', 'RS485');
  if (!(await startRs485Scan(db, record.id, SCAN_STALE_SECONDS))) throw new ApiError(409, 'Сканирование RS485 этого устройства уже идёт');
  let scans: Rs485Scan[];
  try {
    scans = await onDevice(() => devices.gateway.scanRs485(deviceRefOf(record), (percent) => reportRs485Scan(db, record.id, percent)));
    await saveRs485Bus(db, record.id, scans);
  } catch (error) {
    const message = error instanceof ApiError ? error.message : 'Сканирование RS485 не удалось';
    await finishRs485Scan(db, record.id, { status: 'failed', message });
    throw error;
  }
  await finishRs485Scan(db, record.id, { status: 'done', message: null });
  return { result: true, ...serverText('device.rs485Found', { count: scans.reduce((sum, scan) => sum + scan.devices.length, 0) }), data: scans };
}

/** Starts updating the device to one of its type's versions, unless an update is running already. */
export async function updateFirmware(ctx: WriteContext, mac: string, given: string): Promise<AnswerOf<typeof deviceSettingsEndpoints.updateFirmware>> {
  const { db, devices } = ctx;
  const record = await requireCapableDevice(ctx, mac, 'firmware', 'обновление прошивки');
  const versions = await firmwareForType(db, record.device.type);
  const version = versions.find((item) => item.version === given.trim());
  if (!version) {
    throw new ApiError(400, `Некорректное поле version: для этого типа устройства есть версии ${versions.map((item) => item.version).join(', ') || '—'}`);
  }
  const ref = deviceRefOf(record);
  const before = await onDevice(() => devices.gateway.firmware(ref, versions.map((item) => item.version)));
  if (before.update?.status === 'running') {
    throw new ApiError(409, `Обновление прошивки до ${before.update.target} уже идёт (${before.update.progress}%)`);
  }
  await onDevice(() => devices.gateway.updateFirmware(ref, version.version));
  const started: FirmwareUpdateRecord = { from: before.current, target: version.version, startedAt: new Date().toISOString() };
  await mergeDeviceOptions(db, record.id, { firmwareUpdate: { ...started } });
  return {
    result: true,
    message: `Обновление прошивки до ${version.version} запущено`,
    data: { ...version, installed: false },
    update: { ...started, status: 'running' as const, progress: 0, message: null },
  };
}

/** The MIFARE security mode of the device's reader. */
export async function setSecurityMode(ctx: WriteContext, mac: string, isMifare: boolean): Promise<AnswerOf<typeof deviceCardEndpoints.setSecurity>> {
  const record = await requireCapableDevice(ctx, mac, 'mifare', 'режим безопасности (MIFARE)');
  await applyAndStore(ctx, record, { kind: 'security', isMifare }, { isMifare });
  return { result: true, message: isMifare ? 'Режим безопасности включён' : 'Режим безопасности выключен' };
}

export async function setAutoCollect(ctx: WriteContext, mac: string, autoCollectKeys: boolean): Promise<Done> {
  const record = await requireCapableDevice(ctx, mac, 'autoCollectKeys', 'автосбор ключей');
  await applyAndStore(ctx, record, { kind: 'autoCollect', autoCollectKeys }, { autoCollectKeys });
  return { result: true, message: autoCollectKeys ? 'Автосбор ключей включён' : 'Автосбор ключей выключен' };
}

/** A reset also takes the device's relays, houses and SIP account away. */
export async function setStatus(ctx: WriteContext, mac: string, statusCode: number): Promise<Done> {
  const record = await requireDeviceIn(ctx.db, ctx.actor.scope, { mac });
  await onDevice(() => ctx.devices.gateway.apply(deviceRefOf(record), { kind: 'status', statusCode }));
  await setDeviceStatus(ctx.db, record.id, statusCode);
  return { result: true, message: statusCode === DEVICE_STATUS.reset ? 'Устройство сброшено: реле, дома и SIP-аккаунт удалены' : 'Статус устройства изменён' };
}

export const MAX_RELAYS = 16;

/** The relays' entrances: each relay once, each entrance one of the device's houses'; set on the device, then stored. */
export async function setRelays(ctx: WriteContext, mac: string, relays: BodyOf<typeof deviceCardEndpoints.setRelays>['relays']): Promise<AnswerOf<typeof deviceCardEndpoints.setRelays>> {
  const { db } = ctx;
  const record = await requireDeviceIn(db, ctx.actor.scope, { mac });
  if (relays.length > MAX_RELAYS) throw new ApiError(400, `Некорректное поле relays: не больше ${MAX_RELAYS} реле`);
  const seen = new Set<number>();
  for (const [index, relay] of relays.entries()) {
    if (relay.id < 1 || relay.id > MAX_RELAYS) throw new ApiError(400, `Некорректное поле relays.${index}.id: ожидается номер реле от 1 до ${MAX_RELAYS}`);
    if (seen.has(relay.id)) throw new ApiError(400, `Некорректное поле relays.${index}.id: реле ${relay.id} указано дважды`);
    seen.add(relay.id);
  }
  const wanted = relays.map((relay) => relay.entrance.trim()).filter((uid) => uid !== '');
  const houseOf = await entranceHouses(db, wanted);
  for (const [index, relay] of relays.entries()) {
    const uid = relay.entrance.trim();
    if (uid === '') continue;
    const house = houseOf.get(uid);
    if (house === undefined) throw new ApiError(400, `Некорректное поле relays.${index}.entrance: подъезд ${uid} не найден`);
    if (!record.device.houses.includes(house)) {
      throw new ApiError(400, `Некорректное поле relays.${index}.entrance: подъезд ${uid} не относится к домам устройства`);
    }
  }
  await onDevice(() => ctx.devices.gateway.apply(deviceRefOf(record), { kind: 'relays', relays }));
  await replaceDeviceRelays(db, record.id, relays.map((relay) => ({ id: relay.id, entranceUid: relay.entrance.trim() || null })));
  const saved = await findDevice(db, { buyerId: null }, { id: record.id });
  return { result: true, message: 'Реле сохранены', data: saved?.device.relays ?? [] };
}
