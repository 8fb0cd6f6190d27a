import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, refine } from 'superstruct';
import { ADJUSTER_JOB_KINDS, ADJUSTER_RESULT, FINAL_JOB_STATUSES, adjusterEndpoints, type AdjusterDevice, type PrepareDeviceRequest } from '../../contract/adjuster';
import { SERIAL_WIZARD_DEFAULTS } from '../../contract/adjuster-wizard';
import { COMMUTATOR_SIZES } from '../../contract/commutators';
import { isPort } from '../../contract/device-fields';
import { IntegerLike, MacLike, NonEmptyString } from '../../contract/common';
import { DEFAULT_DEVICE_LOGIN, FACTORY_PASSWORD } from '../../contract/wizard';
import { serverText, type CodedText } from '../../contract/server-texts';
import { ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import type { JsonValue } from '../db/schema/devices';
import { PortNotFoundError, type GatewayOutcome } from '../gateways/network/network-gateway';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { IdParams } from '../http/structs';
import { buyerScope, currentUser } from '../plugins/session';
import { findJob, startPortJobs } from '../repositories/adjuster-jobs';
import {
  bindDeviceGroup,
  bindDeviceHouse,
  buyerOfFias,
  findDeviceRow,
  newDeviceOptions,
  upsertAdjusterDevice,
  type DeviceRow,
} from '../repositories/device-wizard';
import { mergeDeviceOptions } from '../repositories/device-settings';
import { createPreparedDevice } from '../repositories/devices';
import { houseUidOfFias } from '../repositories/houses';
import { refuseHousesOutOfScope } from './houses';
import { macTaken } from './wizard';

/** Field limits of prepare-device (ours, docs/api.md). */
const LIMITS = { url: 255, text: 64, owner: 255, porch: 999, relays: 16, flat: 99_999 } as const;

function tooLong(field: string, max: number): ApiError {
  return new ApiError(400, `Некорректное поле ${field}: не длиннее ${max} символов`);
}

/** Checks what the contract's struct cannot say; returns the body with its strings trimmed. */
function checkPrepareBody(body: PrepareDeviceRequest) {
  const url = body.url.trim();
  const serialNumber = body.serialNumber.trim();
  const model = body.model.trim();
  const fias = body.fias.trim();
  const owner = body.deviceOwner?.trim() ?? '';
  if (url.length > LIMITS.url) throw tooLong('url', LIMITS.url);
  if (serialNumber.length > LIMITS.text) throw tooLong('serialNumber', LIMITS.text);
  if (model.length > LIMITS.text) throw tooLong('model', LIMITS.text);
  if (fias.length > LIMITS.text) throw tooLong('fias', LIMITS.text);
  if (owner.length > LIMITS.owner) throw tooLong('deviceOwner', LIMITS.owner);
  if ((body.login?.length ?? 0) > LIMITS.text) throw tooLong('login', LIMITS.text);
  if ((body.pass?.length ?? 0) > LIMITS.text) throw tooLong('pass', LIMITS.text);
  if (body.porch < 1 || body.porch > LIMITS.porch) throw new ApiError(400, `Некорректное поле porch: ожидается номер подъезда от 1 до ${LIMITS.porch}`);
  const relayNum = body.relayNum ?? SERIAL_WIZARD_DEFAULTS.relayNum;
  if (relayNum < 1 || relayNum > LIMITS.relays) throw new ApiError(400, `Некорректное поле relayNum: ожидается число реле от 1 до ${LIMITS.relays}`);
  const leftBorder = body.leftBorder ?? SERIAL_WIZARD_DEFAULTS.border;
  const rightBorder = body.rightBorder ?? SERIAL_WIZARD_DEFAULTS.border;
  for (const [field, value] of [
    ['leftBorder', leftBorder],
    ['rightBorder', rightBorder],
  ] as const) {
    if (value < 0 || value > LIMITS.flat) throw new ApiError(400, `Некорректное поле ${field}: ожидается номер квартиры от 0 до ${LIMITS.flat}`);
  }
  if (leftBorder > rightBorder) throw new ApiError(400, 'Некорректное поле leftBorder: первая квартира больше последней (rightBorder)');
  const commutatorSize = body.commutators ?? 0;
  if (!(COMMUTATOR_SIZES as readonly number[]).includes(commutatorSize)) {
    throw new ApiError(400, `Некорректное поле commutators: допустимые значения: ${COMMUTATOR_SIZES.join(', ')}`);
  }
  return { url, serialNumber, model, fias, owner: owner === '' ? null : owner, relayNum, leftBorder, rightBorder, commutatorSize };
}

export async function adjusterRoutes(app: FastifyInstance): Promise<void> {
  const installers = { roles: [ROLES.adjuster, ROLES.management] };

  /*
   * Registers a device by its serial number (the serial-number wizard, usually through the
   * outbox). The device starts "new" (status 0): the adjuster wizard or the device wizard sets it
   * up later. A MAC or serial number already registered is a 409 (the same request again with
   * the same Idempotency-Key gets the stored answer instead).
   */
  defineRoute(app, adjusterEndpoints.prepareDevice, { access: installers, idempotent: true }, async ({ body, db, request }) => {
    const checked = checkPrepareBody(body);
    const scope = buyerScope(request);
    await refuseFiasOutOfScope(db, scope, 'fias', checked.fias);
    const options: Record<string, JsonValue> = {
      ...newDeviceOptions(),
      url: checked.url,
      login: body.login ?? SERIAL_WIZARD_DEFAULTS.login,
      password: body.pass ?? SERIAL_WIZARD_DEFAULTS.pass,
      VENDOR: checked.model,
      model: checked.model,
      billing_fiasId: checked.fias.toLowerCase(),
      billing_porchNum: String(body.porch),
      deviceOwner: checked.owner,
      'systemInfo.revision': body.deviceRevision ?? SERIAL_WIZARD_DEFAULTS.deviceRevision,
      leftBorder: checked.leftBorder,
      rightBorder: checked.rightBorder,
      commutatorSize: checked.commutatorSize,
    };
    const outcome = await createPreparedDevice(db, {
      mac: body.mac,
      type: body.type,
      serialNumber: checked.serialNumber,
      fias: checked.fias,
      porch: body.porch,
      relayNum: checked.relayNum,
      options,
      // The caller's buyer owns what it registers, so its device list shows it.
      buyerId: scope,
    });
    switch (outcome.status) {
      case 'house-not-found':
        throw new ApiError(400, `Некорректное поле fias: дом с ФИАС ${checked.fias} не найден`);
      case 'entrance-not-found':
        throw new ApiError(400, `Некорректное поле porch: в доме нет подъезда № ${body.porch}`);
      case 'mac-taken':
        throw new ApiError(409, `Устройство с MAC-адресом ${body.mac} уже зарегистрировано`);
      case 'serial-taken':
        throw new ApiError(409, `Устройство с серийным номером ${checked.serialNumber} уже зарегистрировано`);
      case 'created':
        return {
          result: ADJUSTER_RESULT.success,
          ...serverText('adjuster.deviceRegistered'),
          data: { deviceId: outcome.deviceId, mac: body.mac, serialNumber: checked.serialNumber },
        };
    }
  });

  const { network } = app;

  // A read although a POST: an unknown base station or port is a 404, a port without a
  // known address answers nulls (the wizard shows 'Адрес не найден').
  defineRoute(app, adjusterEndpoints.portDevice, { access: installers }, async ({ body }) => {
    const address = await onPort(() => network.address(body.name.trim(), body.portNum));
    return { result: ADJUSTER_RESULT.success, ...address };
  });

  /*
   * Starts the three port jobs (change VLAN, disable, enable). Per kind it answers the port's
   * unfinished job if there is one, else a new job: a second call while they run gives the same
   * numbers, and a call after a failure restarts them.
   */
  defineRoute(app, adjusterEndpoints.port, { access: installers, idempotent: true }, async ({ body, db, request }) => {
    const bsName = body.bsName.trim();
    await onPort(() => network.linkStatus(bsName, body.portNum));
    const { jobs, created } = await startPortJobs(db, bsName, body.portNum, currentUser(request).userId);
    // The jobs are visible once this transaction commits: wake the runner right after.
    if (created > 0) setImmediate(() => app.portJobs?.wake());
    return { result: ADJUSTER_RESULT.success, ...serverText(created > 0 ? 'portJob.started' : 'portJob.running'), jobs };
  });

  defineRoute(app, adjusterEndpoints.jobStatus, { access: installers, params: IdParams }, async ({ params }) => {
    const job = await findJob(app.database.drizzle, params.id);
    if (!job || !(ADJUSTER_JOB_KINDS as readonly string[]).includes(job.kind)) throw new ApiError(404, `Задание ${params.id} не найдено`);
    const completed = job.completed || FINAL_JOB_STATUSES.includes(job.status);
    return { result: ADJUSTER_RESULT.success, ...(job.lastError ?? { message: null }), status: job.status, completed };
  });

  /*
   * Creates the device answering behind the port (its MAC, address and type come from the
   * switch), or moves an already registered one to this port. Its billing options name the port,
   * the house's FIAS id and the entrance when the port's address is known.
   */
  defineRoute(app, adjusterEndpoints.create, { access: installers, idempotent: true }, async ({ body, db, request }) => {
    const bsName = body.name.trim();
    const found = await onPort(() => network.device(bsName, body.portNum));
    if (!found) throw new ApiError(404, serverText('port.noDevice', { port: body.portNum, station: bsName }));
    const address = await onPort(() => network.address(bsName, body.portNum));
    const scope = buyerScope(request);
    await refuseOtherBuyersMac(db, found.mac, scope);
    const buyerId = scope ?? (address.fiasId ? await buyerOfFias(db, address.fiasId) : null) ?? currentUser(request).buyerId;
    const options: Record<string, JsonValue> = {
      url: `http://${found.ip}`,
      billing_bsName: bsName,
      billing_bsPort: String(body.portNum),
      ...(address.fiasId ? { billing_fiasId: address.fiasId.toLowerCase() } : {}),
      ...(address.entranceNum !== null ? { billing_porchNum: String(address.entranceNum) } : {}),
    };
    const { created, row } = await upsertAdjusterDevice(db, { mac: found.mac, type: found.type, buyerId, options });
    const text = serverText(created ? 'adjuster.deviceCreated' : 'adjuster.deviceMoved');
    return { result: ADJUSTER_RESULT.success, ...text, data: adjusterDevice(row, text.message) };
  });

  // Adds a device by MAC and uploads its type's preset: nothing is saved when the upload fails.
  defineRoute(app, adjusterEndpoints.addDevice, { access: installers, idempotent: true }, async ({ body, db, request }) => {
    const url = body.url.trim();
    if (url.length > LIMITS.url) throw tooLong('url', LIMITS.url);
    await refuseOtherBuyersMac(db, body.mac, buyerScope(request));
    const { row } = await upsertAdjusterDevice(db, {
      mac: body.mac,
      type: body.type,
      buyerId: currentUser(request).buyerId,
      options: { url, login: DEFAULT_DEVICE_LOGIN, password: FACTORY_PASSWORD },
    });
    const preset = succeeded(await network.uploadPreset(body.mac, body.type, url));
    await mergeDeviceOptions(db, row.id, { presetUploaded: true });
    const device = { ...row, options: { ...row.options, presetUploaded: true } };
    return { result: ADJUSTER_RESULT.success, ...codedTextOf(preset), data: adjusterDevice(device, preset.message) };
  });

  defineRoute(app, adjusterEndpoints.setupDdns, { access: installers, idempotent: true }, async ({ body, db, request }) => {
    const device = await deviceOrNotFound(db, request, body.mac);
    const outcome = succeeded(await network.setupDdns(body.mac, body.ip));
    await mergeDeviceOptions(db, device.id, { ddnsHost: outcome.host ?? null, ip: body.ip });
    return { result: ADJUSTER_RESULT.success, ...codedTextOf(outcome) };
  });

  defineRoute(app, adjusterEndpoints.device, { access: installers, params: MacParams }, async ({ params, request }) => {
    const device = await deviceOrNotFound(app.database.drizzle, request, params.id);
    return { result: ADJUSTER_RESULT.success, data: adjusterDevice(device, setupState(device)) };
  });

  defineRoute(app, adjusterEndpoints.cableLength, { access: installers, params: PortParams }, async ({ params }) => {
    const pairs = await onPort(() => network.cableLength(params.bsName, params.portNum));
    return { result: ADJUSTER_RESULT.success, pairs };
  });

  defineRoute(app, adjusterEndpoints.linkStatus, { access: installers, params: PortParams }, async ({ params }) => {
    const status = await onPort(() => network.linkStatus(params.bsName, params.portNum));
    return { result: ADJUSTER_RESULT.success, ...status };
  });

  defineRoute(app, adjusterEndpoints.errorsOnPort, { access: installers, params: PortParams }, async ({ params }) => {
    const errors = await onPort(() => network.errorsOnPort(params.bsName, params.portNum));
    return { result: ADJUSTER_RESULT.success, ...errors };
  });

  defineRoute(app, adjusterEndpoints.setHouse, { access: installers, params: MacParams, idempotent: true }, async ({ params, body, db, request }) => {
    const device = await deviceOrNotFound(db, request, params.id);
    const fias = body.fiasId.trim();
    if (fias.length > LIMITS.text) throw tooLong('fiasId', LIMITS.text);
    if (body.porchNum !== undefined && (body.porchNum < 1 || body.porchNum > LIMITS.porch)) {
      throw new ApiError(400, `Некорректное поле porchNum: ожидается номер подъезда от 1 до ${LIMITS.porch}`);
    }
    await refuseFiasOutOfScope(db, buyerScope(request), 'fiasId', fias);
    const house = await bindDeviceHouse(db, device, fias, body.porchNum);
    if (!house) throw new ApiError(404, `Дом с ФИАС ${fias} не найден`);
    if (house === 'no-entrance') throw new ApiError(400, `Некорректное поле porchNum: в доме нет подъезда № ${body.porchNum}`);
    return { result: ADJUSTER_RESULT.success, ...serverText('adjuster.houseBound', { address: house.address }) };
  });

  defineRoute(app, adjusterEndpoints.setGroup, { access: installers, params: MacParams, idempotent: true }, async ({ params, body, db, request }) => {
    const device = await deviceOrNotFound(db, request, params.id);
    const group = body.groupId >= 1 && body.groupId <= MAX_INT ? await bindDeviceGroup(db, device, body.groupId, buyerScope(request) === null) : null;
    if (!group) throw new ApiError(404, `Группа ${body.groupId} не найдена`);
    return { result: ADJUSTER_RESULT.success, ...serverText('adjuster.groupBound', { group: group.name }) };
  });
}

const MAX_INT = 2_147_483_647;
/** `/adjuster/api/device/{id}/…`: the id is the device MAC. */
const MacParams = object({ id: MacLike });
const PortNumberParam = refine(IntegerLike, 'DevicePort', isPort);
/** `/adjuster/api/device/{x}/{y}/…`: base station and port number. */
const PortParams = object({ bsName: NonEmptyString, portNum: PortNumberParam });

/** A port call; an unknown base station or port is a 404 naming it. */
async function onPort<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PortNotFoundError) throw new ApiError(404, error.text);
    throw error;
  }
}

/** The equipment refused or did not answer: 502 with its reason, and the transaction rolls back. */
function succeeded<T extends GatewayOutcome>(outcome: T): T {
  if (!outcome.ok) throw new ApiError(502, codedTextOf(outcome));
  return outcome;
}

/** An outcome's text alone (its `ok` and extra fields are not the answer's). */
function codedTextOf({ message, messageCode, messageParams }: GatewayOutcome): CodedText {
  return { message, ...(messageCode === undefined ? {} : { messageCode, messageParams }) };
}

/** The device, if the user's buyer owns it (another buyer's device is "not found"). */
async function deviceOrNotFound(db: Db, request: FastifyRequest, mac: string): Promise<DeviceRow> {
  const device = await findDeviceRow(db, mac);
  const scope = buyerScope(request);
  if (!device || (scope !== null && device.buyerId !== scope)) throw new ApiError(404, `Устройство ${mac} не найдено`);
  return device;
}

/** The house a FIAS id names must be one the caller may pick (refuseHousesOutOfScope). */
async function refuseFiasOutOfScope(db: Db, scope: number | null, field: string, fias: string): Promise<void> {
  if (scope === null || fias === '') return;
  const uid = await houseUidOfFias(db, fias);
  if (uid !== null) await refuseHousesOutOfScope(db, scope, [uid], () => field);
}

async function refuseOtherBuyersMac(db: Db, mac: string, scope: number | null): Promise<void> {
  if (scope === null) return;
  const device = await findDeviceRow(db, mac);
  if (device && device.buyerId !== scope) throw macTaken(mac);
}

function optionText(value: JsonValue | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The device's IPv4 address: set by the DDNS call, or the host of its url. */
function ipOf(device: DeviceRow): string | null {
  const ip = optionText(device.options.ip);
  if (ip) return ip;
  const url = optionText(device.options.url) ?? '';
  const host = /^(?:[a-z]+:\/\/)?([^/:]+)/i.exec(url)?.[1] ?? '';
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ? host : null;
}

/** The completion flags of the adjuster's last steps, in words. */
function setupState(device: DeviceRow): string {
  const ddns = optionText(device.options.ddnsHost);
  const preset = device.options.presetUploaded === true;
  return `DDNS: ${ddns ? `настроен (${ddns})` : 'не настроен'}; пресет: ${preset ? 'загружен' : 'не загружен'}`;
}

function adjusterDevice(device: DeviceRow, message: string | null): AdjusterDevice {
  return {
    mac: device.mac,
    ip: ipOf(device),
    message,
    options: {
      billing_bsName: optionText(device.options.billing_bsName),
      billing_bsPort: optionText(device.options.billing_bsPort),
      billing_porchNum: optionText(device.options.billing_porchNum),
    },
  };
}

