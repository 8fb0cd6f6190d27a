import type { FastifyInstance } from 'fastify';
import { ADJUSTER_RESULT, adjusterEndpoints, type PrepareDeviceRequest } from '../../contract/adjuster';
import { SERIAL_WIZARD_DEFAULTS } from '../../contract/adjuster-wizard';
import { COMMUTATOR_SIZES } from '../../contract/commutators';
import { DEFAULT_CONCIERGE_APARTMENT, DEFAULT_SOS_LABEL } from '../../contract/device-card-settings';
import { DEFAULT_DEVICE_PURPOSE, DEFAULT_SIP_PORT } from '../../contract/wizard';
import { ROLES } from '../../contract/users';
import type { JsonValue } from '../db/schema/devices';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { createPreparedDevice } from '../repositories/devices';

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
  defineRoute(app, adjusterEndpoints.prepareDevice, { access: installers, idempotent: true }, async ({ body, db }) => {
    const checked = checkPrepareBody(body);
    const options: Record<string, JsonValue> = {
      url: checked.url,
      login: body.login ?? SERIAL_WIZARD_DEFAULTS.login,
      password: body.pass ?? SERIAL_WIZARD_DEFAULTS.pass,
      SHIFT: 0,
      VENDOR: checked.model,
      model: checked.model,
      billing_bsName: null,
      billing_bsPort: null,
      billing_fiasId: checked.fias.toLowerCase(),
      billing_porchNum: String(body.porch),
      billing_executorId: null,
      devicePurpose: DEFAULT_DEVICE_PURPOSE,
      deviceOwner: checked.owner,
      apiPort: 80,
      rtspPort: 554,
      sipPort: DEFAULT_SIP_PORT,
      isMifare: false,
      autoCollectKeys: false,
      sos: DEFAULT_SOS_LABEL,
      conciergeApartment: DEFAULT_CONCIERGE_APARTMENT,
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
          message: 'Устройство зарегистрировано',
          data: { deviceId: outcome.deviceId, mac: body.mac, serialNumber: checked.serialNumber },
        };
    }
  });
}
