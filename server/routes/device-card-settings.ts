import type { FastifyInstance } from 'fastify';
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
import type { DisplaySettings } from '../../contract/devices';
import type { DictionaryId } from '../../contract/dictionaries';
import { serverText } from '../../contract/server-texts';
import type { DeviceChange, FirmwareUpdateRecord } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { pushDevice } from '../jobs/device-sync-runner';
import { storeAndOwe } from '../repositories/device-sync';
import {
  finishRs485Scan,
  firmwareForType,
  reportRs485Scan,
  rs485BusOfDevice,
  rs485ScanState,
  saveRs485Bus,
  startRs485Scan,
} from '../repositories/device-card';
import { deleteDeviceSip, mergeDeviceOptions, saveDeviceSip, setRemovalReason } from '../repositories/device-settings';
import { deviceRefOf } from '../repositories/devices';
import { DICTIONARIES } from '../seed/dictionaries';
import { checkOptionsUpdate } from './device-card-options';
import { DEVICE_EDITORS, DEVICE_READERS, MacParams, requireDevice, type DeviceRouteOptions } from './device-card-shared';
import { onDevice, requireCapability } from '../services/device-lookup';

/** A scan that has not finished this long after it started is taken to be dead (its process stopped). */
const SCAN_STALE_SECONDS = 120;
const DEFAULT_DISPLAY: DisplaySettings = { welcomeText: '', infoText: '', brightness: 50 };

type IntegerRule = Extract<FieldRule, { kind: 'integer' }>;
type TextRule = Extract<FieldRule, { kind: 'text' }>;

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

export async function deviceSettingsRoutes(app: FastifyInstance, options: DeviceRouteOptions): Promise<void> {
  const { gateway } = options;
  const readers = { access: DEVICE_READERS, params: MacParams };
  const editors = { access: DEVICE_EDITORS, params: MacParams };

  defineRoute(app, deviceSettingsEndpoints.setSip, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
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
    await pushDevice(db, gateway, record.id, app.deviceSync);
    return { result: true, message: 'SIP-аккаунт сохранён', data: saved };
  });

  defineRoute(app, deviceSettingsEndpoints.removeSip, editors, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    const existed = (await storeAndOwe(db, record.id, { kind: 'sip', account: null }, async (tx) => ((await deleteDeviceSip(tx, record.id)) ? true : null))) !== null;
    if (existed) await pushDevice(db, gateway, record.id, app.deviceSync);
    return { result: true, message: existed ? 'SIP-аккаунт удалён' : 'У устройства нет SIP-аккаунта' };
  });

  defineRoute(app, deviceSettingsEndpoints.setOptions, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    const patch = checkOptionsUpdate(body.options);
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'options', options: patch }));
    await mergeDeviceOptions(db, record.id, patch);
    return { result: true, message: 'Параметры устройства сохранены' };
  });

  defineRoute(app, deviceSettingsEndpoints.setAudio, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'audio', 'настройки звука');
    for (const [name, value] of Object.entries(body.audio)) requireInteger(`audio.${name}`, value, AUDIO_RULE);
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'audio', value: body.audio }));
    await mergeDeviceOptions(db, record.id, { audio: body.audio });
    return { result: true, message: 'Настройки звука сохранены' };
  });

  defineRoute(app, deviceSettingsEndpoints.setLevels, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'levels', 'уровни напряжения');
    for (const [name, value] of Object.entries(body.levels)) requireInteger(`levels.${name}`, value, LEVEL_RULE);
    requireDictionaryKey('streamType', 'stream_type', body.streamType);
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'levels', value: { ...body.levels, streamType: body.streamType } }));
    await mergeDeviceOptions(db, record.id, { voltage: body.levels, streamType: body.streamType });
    return { result: true, message: 'Уровни сохранены' };
  });

  defineRoute(app, deviceSettingsEndpoints.setDisplay, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'display', 'настройки дисплея');
    checkDisplay(body.display);
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'display', value: body.display }));
    await mergeDeviceOptions(db, record.id, { display: body.display });
    return { result: true, message: 'Настройки дисплея сохранены' };
  });

  defineRoute(app, deviceSettingsEndpoints.displayOption, readers, async ({ params, query, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'display', 'настройки дисплея');
    const display = record.device.options.display;
    return { result: true, data: display ? display[query.optionName] : null };
  });

  defineRoute(app, deviceSettingsEndpoints.setDisplayOption, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'display', 'настройки дисплея');
    const display = displayOf(record.device.options as Record<string, unknown>);
    if (body.option === 'brightness') {
      if (typeof body.data !== 'number') throw new ApiError(400, 'Некорректное поле data: ожидается число');
      display.brightness = body.data;
    } else {
      if (typeof body.data !== 'string') throw new ApiError(400, 'Некорректное поле data: ожидается строка');
      display[body.option] = body.data;
    }
    checkDisplay(display, '');
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'display', value: display }));
    await mergeDeviceOptions(db, record.id, { display: { ...display } });
    return { result: true, message: 'Настройка дисплея сохранена' };
  });

  defineRoute(app, deviceSettingsEndpoints.setEchoCancellation, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'echoCancellation', 'эхоподавление');
    requireDictionaryKey('echoCancellationType', 'echo_cancellation_type', body.echoCancellationType);
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'echoCancellation', echoCancellationType: body.echoCancellationType }));
    await mergeDeviceOptions(db, record.id, { echoCancellationType: body.echoCancellationType });
    return { result: true, message: 'Тип эхоподавления сохранён' };
  });

  defineRoute(app, deviceSettingsEndpoints.setRemovalReason, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireDictionaryKey('reason', 'reasons_removing_device', body.reason);
    const comment = body.comment?.trim() || null;
    if (comment !== null) requireText('comment', comment, REMOVAL_COMMENT_RULE);
    await setRemovalReason(db, record.id, body.reason, comment);
    return { result: true, message: 'Причина демонтажа сохранена' };
  });

  defineRoute(app, deviceSettingsEndpoints.rs485, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'rs485', 'RS485');
    const model = (record.device.options as Record<string, unknown>).rs485Model;
    const [data, scan] = await Promise.all([rs485BusOfDevice(db, record.id), rs485ScanState(db, record.id)]);
    return { result: true, model: typeof model === 'string' ? model : null, data, scan };
  });

  defineRoute(app, deviceSettingsEndpoints.setRs485Model, editors, async ({ params, body, request, reply, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'rs485', 'RS485');
    const model = body.model.trim();
    requireText('model', model, RS485_MODEL_RULE);
    // Only a model the device reported on its bus (its last scan) can be set.
    const reported = [...new Set((await rs485BusOfDevice(db, record.id)).flatMap((scan) => scan.devices.map((item) => item.model)))];
    if (!reported.includes(model)) {
      throw new ApiError(
        400,
        reported.length === 0
          ? 'Некорректное поле model: устройство не сообщило ни одной модели RS485, сначала просканируйте шину'
          : `Некорректное поле model: устройство сообщило модели ${reported.join(', ')}, получено: ${JSON.stringify(model.slice(0, 60))}`,
      );
    }
    await onDevice(() => gateway.apply(deviceRefOf(record), { kind: 'rs485Model', model }));
    await mergeDeviceOptions(db, record.id, { rs485Model: model });
    // Success is a 204 without a body.
    reply.removeHeader('content-type');
    return '' as const;
  });

  defineRoute(app, deviceSettingsEndpoints.scanRs485, editors, async ({ params, request }) => {
    // Progress rows are written outside any request transaction, so other requests see them at once.
    const db = app.database.drizzle;
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'rs485', 'RS485');
    if (!(await startRs485Scan(db, record.id, SCAN_STALE_SECONDS))) throw new ApiError(409, 'Сканирование RS485 этого устройства уже идёт');
    let scans: Rs485Scan[];
    try {
      scans = await onDevice(() => gateway.scanRs485(deviceRefOf(record), (percent) => reportRs485Scan(db, record.id, percent)));
      await saveRs485Bus(db, record.id, scans);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Сканирование RS485 не удалось';
      await finishRs485Scan(db, record.id, { status: 'failed', message });
      throw error;
    }
    await finishRs485Scan(db, record.id, { status: 'done', message: null });
    return { result: true, ...serverText('device.rs485Found', { count: scans.reduce((sum, scan) => sum + scan.devices.length, 0) }), data: scans };
  });

  defineRoute(app, deviceSettingsEndpoints.firmwareVersions, readers, async ({ params, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'firmware', 'обновление прошивки');
    const versions = await firmwareForType(db, record.device.type);
    const { current, update } = await onDevice(() =>
      gateway.firmware(
        deviceRefOf(record),
        versions.map((item) => item.version),
      ),
    );
    // The device has reported the new version: the card's options say so from now on.
    if (update?.status === 'done' && current !== null && (record.device.options as Record<string, unknown>)['systemInfo.firmware'] !== current) {
      await mergeDeviceOptions(db, record.id, { 'systemInfo.firmware': current });
    }
    return {
      result: true,
      data: Object.fromEntries(versions.map((item) => [item.version, item.title])),
      current,
      list: versions.map((item) => ({ ...item, installed: item.version === current })),
      update,
    };
  });

  defineRoute(app, deviceSettingsEndpoints.updateFirmware, editors, async ({ params, body, request, db }) => {
    const record = await requireDevice(db, request, { mac: params.mac });
    requireCapability(record, 'firmware', 'обновление прошивки');
    const versions = await firmwareForType(db, record.device.type);
    const version = versions.find((item) => item.version === body.version.trim());
    if (!version) {
      throw new ApiError(400, `Некорректное поле version: для этого типа устройства есть версии ${versions.map((item) => item.version).join(', ') || '—'}`);
    }
    const ref = deviceRefOf(record);
    const before = await onDevice(() =>
      gateway.firmware(
        ref,
        versions.map((item) => item.version),
      ),
    );
    if (before.update?.status === 'running') {
      throw new ApiError(409, `Обновление прошивки до ${before.update.target} уже идёт (${before.update.progress}%)`);
    }
    await onDevice(() => gateway.updateFirmware(ref, version.version));
    const started: FirmwareUpdateRecord = { from: before.current, target: version.version, startedAt: new Date().toISOString() };
    await mergeDeviceOptions(db, record.id, { firmwareUpdate: { ...started } });
    return {
      result: true,
      message: `Обновление прошивки до ${version.version} запущено`,
      data: { ...version, installed: false },
      update: { ...started, status: 'running' as const, progress: 0, message: null },
    };
  });
}
