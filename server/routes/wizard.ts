import type { FastifyInstance } from 'fastify';
import { deviceCardEndpoints } from '../../contract/device-card';
import { optionFormatProblem } from '../../contract/device-fields';
import { SIP_TYPES } from '../../contract/devices';
import { ROLES } from '../../contract/users';
import { DEFAULT_SIP_PORT, FORCED_SIP_BUYER_ID, FORCED_SIP_DOMAIN, FORCED_SIP_PORT, wizardEndpoints, type WizardReplaceResponse, type WizardSave } from '../../contract/wizard';
import type { Db } from '../db/client';
import type { JsonValue } from '../db/schema/devices';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { buyerScope, currentUser } from '../plugins/session';
import { getDictionary } from '../repositories/dictionaries';
import { DEFAULT_LANGUAGE } from '../seed/dictionaries';
import { checkWizardReferences, executorExists, findDeviceRow, listExecutors, replaceDevice, saveWizardDevice, type ReplaceSummary } from '../repositories/device-wizard';
import { findDevice } from '../repositories/devices';
import { queueFullSync } from '../repositories/device-resync';
import { listEntrancesOfHouses } from '../repositories/entrances';
import { housesOutOfScope } from '../repositories/houses';
import { housesOfDevice } from '../repositories/device-card';
import { refuseHousesOutOfScope } from './houses';

/** At most this many houses per call (a device serves a handful; a snapshot takes one). */
const MAX_WIZARD_HOUSES = 100;
/** Relay ids run 1–16 (docs/api.md). */
const MAX_WIZARD_RELAYS = 16;
const MAX_TEXT = 255;

/** A MAC that already belongs to a device of another buyer. */
export function macTaken(mac: string): ApiError {
  return new ApiError(409, `Устройство с MAC-адресом ${mac} уже зарегистрировано`);
}

/** A save marked onlyIfNew for a device the server already has. */
function alreadySetUp(mac: string): ApiError {
  return new ApiError(409, `Устройство ${mac} уже есть на сервере со своими настройками, а мастер заполнен без них`);
}

function badField(field: string, reason: string): ApiError {
  return new ApiError(400, `Некорректное поле ${field}: ${reason}`);
}

/** What the contract's struct cannot say about a save body. */
async function checkSaveBody(db: Db, body: WizardSave): Promise<void> {
  const texts: [string, string | null][] = [
    ['login', body.login],
    ['password', body.password],
    ['url', body.url],
    ['sipDomain', body.sipDomain],
    ['sipType', body.sipType],
    ['bsName', body.bsName],
    ['bsPort', body.bsPort],
    ['fiasId', body.fiasId],
    ['porchNum', body.porchNum],
    ['vendor', body.vendor],
    ['deviceOwner', body.deviceOwner],
  ];
  for (const [field, value] of texts) if (value !== null && value.length > MAX_TEXT) throw badField(field, `не длиннее ${MAX_TEXT} символов`);
  if (body.houses.length > MAX_WIZARD_HOUSES) throw badField('houses', `не больше ${MAX_WIZARD_HOUSES} домов`);
  if (body.relays.length > MAX_WIZARD_RELAYS) throw badField('relays', `не больше ${MAX_WIZARD_RELAYS} реле`);
  const seen = new Set<number>();
  for (const [index, relay] of body.relays.entries()) {
    if (relay.id < 1 || relay.id > MAX_WIZARD_RELAYS) throw badField(`relays.${index}.id`, `ожидается номер реле от 1 до ${MAX_WIZARD_RELAYS}`);
    if (seen.has(relay.id)) throw badField(`relays.${index}.id`, `реле ${relay.id} указано дважды`);
    seen.add(relay.id);
  }
  if (body.sipDomain.trim() !== '') {
    if (!(SIP_TYPES as readonly string[]).includes(body.sipType)) throw badField('sipType', `ожидается ${SIP_TYPES.join(', ')}`);
  }
  if (body.sipPort !== null && (body.sipPort < 1 || body.sipPort > 65_535)) throw badField('sipPort', 'ожидается порт от 1 до 65535');
  if (body.shift < -9999 || body.shift > 9999) throw badField('shift', 'ожидается сдвиг от -9999 до 9999');
  // Only its keys are checked: any language will do.
  const purposes = await getDictionary(db, 'device_purposes', DEFAULT_LANGUAGE);
  if (!(String(body.devicePurpose) in purposes)) {
    throw badField('devicePurpose', `ожидается один из ключей справочника device_purposes (${Object.keys(purposes).join(', ')})`);
  }
  if (body.executorId !== null && (body.executorId < 1 || !(await executorExists(db, body.executorId)))) {
    throw badField('executorId', `исполнитель ${body.executorId} не найден`);
  }
  const problem = await checkWizardReferences(db, {
    houses: body.houses,
    relays: body.relays.map((relay) => ({ id: relay.id, entrance: relay.entrance === '' ? null : relay.entrance })),
  });
  if (problem?.field === 'houses') throw badField(`houses.${problem.index}`, `дом ${problem.uid} не найден`);
  if (problem?.field === 'relays') {
    throw badField(
      `relays.${problem.index}.entrance`,
      problem.reason === 'unknown' ? `подъезд ${problem.uid} не найден` : `подъезд ${problem.uid} не относится к выбранным домам (houses)`,
    );
  }
}

/** The device options the set-up wizard writes (option keys), exactly as sent. */
function wizardOptions(body: WizardSave): Record<string, JsonValue> {
  return {
    url: body.url,
    login: body.login,
    password: body.password,
    SHIFT: body.shift,
    VENDOR: body.vendor,
    billing_bsName: body.bsName,
    billing_bsPort: body.bsPort,
    billing_fiasId: body.fiasId,
    billing_porchNum: body.porchNum,
    billing_executorId: body.executorId === null ? null : String(body.executorId),
    devicePurpose: body.devicePurpose,
    deviceOwner: body.deviceOwner,
    sipPort: body.sipPort,
  };
}

const ITEM_NAMES: Record<string, string> = { keys: 'ключи', sipAccount: 'SIP-аккаунт' };

function replaceMessage(summary: ReplaceSummary): string {
  const { moved } = summary;
  const done = `Перенесено: домов ${moved.houses}, реле ${moved.relays}, ключей ${moved.keys}, групп ${moved.groups}, SIP-аккаунт ${moved.sipAccount ? 'да' : 'нет'}`;
  if (summary.notMoved.length === 0) return done;
  const left = summary.notMoved.map((item) => `${ITEM_NAMES[item.item] ?? item.item} ${item.values.join(', ')} (${item.reason})`).join('; ');
  return `${done}. Не перенесено: ${left}`;
}

export interface WizardRouteOptions {
  /**
   * Real panels (DEVICE_GATEWAY=drivers) hold nothing of the server's state when they are set up,
   * so a device saved by the set-up or replace wizard is owed a full re-sync: its flats, keys, door
   * codes, matrix and SIP account go to it. The simulator already holds what the database says.
   */
  writeWholeOnSetUp?: boolean;
}

export async function wizardRoutes(app: FastifyInstance, options: WizardRouteOptions = {}): Promise<void> {
  const installers = { roles: [ROLES.adjuster, ROLES.management] };

  // A read, although a POST: unknown uids are simply not in the answer.
  defineRoute(app, wizardEndpoints.entrances, { access: installers }, async ({ body, db, request }) => {
    if (body.houseUids.length > MAX_WIZARD_HOUSES) {
      throw new ApiError(400, `Некорректное поле houseUids: не больше ${MAX_WIZARD_HOUSES} домов за один запрос`);
    }
    // A house the caller may not pick has no entrances to offer (docs/api.md, «Which houses and devices a buyer's users see»).
    const foreign = new Set((await housesOutOfScope(db, body.houseUids, buyerScope(request))).map((house) => house.uid));
    return { result: true, data: await listEntrancesOfHouses(db, body.houseUids.filter((uid) => !foreign.has(uid))) };
  });

  // Executors of the user's buyer and the shared ones (the superuser sees every one).
  defineRoute(app, deviceCardEndpoints.executors, { access: installers }, async ({ request, db }) => {
    return { result: true, data: await listExecutors(db, buyerScope(request)) };
  });

  /*
   * The set-up wizard's last step (usually through the outbox): creates the device or updates
   * the one with that MAC, with its options, houses, relays and SIP account. A blank sipDomain
   * means "no SIP account", except for buyer 1, whose devices always get the provider's SIP
   * domain and port, whatever the client sent.
   */
  defineRoute(app, wizardEndpoints.save, { access: installers, idempotent: true }, async ({ body, db, request }) => {
    await checkSaveBody(db, body);
    const scope = buyerScope(request);
    const existing = await findDeviceRow(db, body.mac);
    if (existing && scope !== null && existing.buyerId !== scope) throw macTaken(body.mac);
    // Filled without the device's settings (offline): an existing device keeps them until a person compares.
    if (existing && body.onlyIfNew) throw alreadySetUp(body.mac);
    await refuseHousesOutOfScope(db, scope, body.houses, (index) => `houses.${index}`, existing ? (await housesOfDevice(db, existing.id)).map((house) => house.id) : []);
    const saved = await saveWizardDevice(db, {
      mac: body.mac,
      type: body.deviceType,
      houses: body.houses,
      relays: body.relays.map((relay) => ({ id: relay.id, entrance: relay.entrance === '' ? null : relay.entrance })),
      sip: (buyerId) => {
        if (buyerId === FORCED_SIP_BUYER_ID) return { domain: FORCED_SIP_DOMAIN, port: FORCED_SIP_PORT, type: body.sipType };
        const domain = body.sipDomain.trim();
        return domain === '' ? null : { domain, port: body.sipPort ?? DEFAULT_SIP_PORT, type: body.sipType };
      },
      options: wizardOptions(body),
      buyerId: scope,
      fallbackBuyerId: currentUser(request).buyerId,
    });
    if (options.writeWholeOnSetUp) await queueFullSync(db, saved.deviceId);
    const device = (await findDevice(db, { buyerId: null }, { mac: body.mac }))?.device;
    return { result: true, message: saved.created ? 'Устройство создано' : 'Устройство сохранено', data: device ?? undefined };
  });

  /*
   * Replaces macFrom by macTo: houses, relays, keys, groups and the SIP account move, the options
   * are copied (those sent over the old device's), and the old device is reset (status 3). What
   * could not move is listed in notMoved and in the message.
   */
  defineRoute(app, wizardEndpoints.replaceOptions, { access: installers, idempotent: true }, async ({ body, db, request }): Promise<WizardReplaceResponse> => {
    if (body.macFrom === body.macTo) throw badField('macTo', 'новое устройство совпадает с заменяемым (macFrom)');
    for (const [key, value] of Object.entries(body.options)) {
      const problem = optionFormatProblem(key, value);
      if (problem) throw badField(`options.${key}`, problem);
    }
    const scope = buyerScope(request);
    const old = await findDeviceRow(db, body.macFrom);
    if (!old || (scope !== null && old.buyerId !== scope)) throw new ApiError(404, `Устройство ${body.macFrom} не найдено`);
    const target = await findDeviceRow(db, body.macTo);
    if (target && target.buyerId !== old.buyerId) throw macTaken(body.macTo);
    for (const field of ['url', 'login', 'password'] as const) if (body[field].length > MAX_TEXT) throw badField(field, `не длиннее ${MAX_TEXT} символов`);
    const summary = await replaceDevice(db, {
      macFrom: body.macFrom,
      macTo: body.macTo,
      type: body.type,
      options: { ...body.options, url: body.url, login: body.login, password: body.password },
    });
    if (summary === 'not-found') throw new ApiError(404, `Устройство ${body.macFrom} не найдено`);
    const placed = options.writeWholeOnSetUp ? await findDeviceRow(db, body.macTo) : null;
    if (placed) await queueFullSync(db, placed.id);
    return { result: true, message: replaceMessage(summary), moved: summary.moved, notMoved: summary.notMoved };
  });
}
