import { matrixSize, COMMUTATOR_SIZES } from '../../contract/commutators';
import { ACCESS_LOG_EVENTS } from '../../contract/history';
import { DEVICE_TYPE_NAMES, deviceTypeId, type DeviceTypeName } from '../../contract/devices';
import { KEY_TYPES } from '../../contract/keys';
import { DEFAULT_DEVICE_LOGIN, FACTORY_PASSWORD } from '../../contract/wizard';
import { ANALOG_TYPES, CAMERA_TYPES, ISCOM_TYPES, capabilitiesOf } from '../devices/capabilities';
import { sealDeviceOptions } from '../security/device-secrets';
import { abonentUnits, commutators, deviceCommutations } from '../db/schema/commutators';
import { deviceHistoryEvents, deviceHouses, deviceRelays, devices, rs485Devices, type JsonValue } from '../db/schema/devices';
import { flatBlockHistory, flatBlockSchedules, flatDeviceSettings } from '../db/schema/flats';
import { deviceGroups } from '../db/schema/groups';
import { keys } from '../db/schema/keys';
import { sipAccounts } from '../db/schema/sip';
import { between, daysAgo, SEED_BASE_DATE, type SeedContext, type SeedCounters } from './context';
import { historyDate } from './history';
import type { EntranceSkeleton, HouseSkeleton } from './housing';
import { sipAccountRow } from './housing';
import type { OrgData } from './org';

const t = deviceTypeId;
/** The demo operator (org.ts), whose app opens the Node seed's OPEN_API events. */
const OPERATOR_USER_ID = 2;

/** How common each type is in the field. */
const TYPE_WEIGHTS: readonly (readonly [number, number])[] = DEVICE_TYPE_NAMES.map((name) => {
  const common: Partial<Record<DeviceTypeName, number>> = { ISCOM_X1: 12, BEWARD: 8, BEWARD_ISCOM: 8, ISCOM_X0: 6, HIKVISION: 5, SPUTNIK: 4 };
  return [t(name), common[name] ?? 2] as const;
});

function vendorOf(type: number): string {
  const name = DEVICE_TYPE_NAMES[type];
  if (name.startsWith('BEWARD')) return 'Beward';
  if (name.startsWith('HIKVISION')) return 'Hikvision';
  if (name.startsWith('ISCOM')) return 'ISCom';
  if (name === 'SPUTNIK') return 'Sputnik';
  if (name === 'RUBETEK_RV_3434') return 'Rubetek';
  return 'Eltis';
}

/** A first byte per vendor family, then the device index: unique and stable. */
function macOf(type: number, index: number): string {
  const prefix = ISCOM_TYPES.has(type) ? 'E4:5A:D4' : CAMERA_TYPES.has(type) ? '00:1F:54' : '70:B3:D5';
  const hex = index.toString(16).toUpperCase().padStart(6, '0');
  return `${prefix}:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** Devices assigned to one entrance of a house (the devices are spread over all entrances in turn). */
export async function writeDevicesOfEntrance(
  context: SeedContext,
  org: OrgData,
  house: HouseSkeleton,
  entrance: EntranceSkeleton,
  deviceIndexes: readonly number[],
  ids: SeedCounters,
): Promise<void> {
  const { random, profile, writer } = context;
  const houseFlats = house.entrances.flatMap((item) => item.flats);
  const reachable = entrance.flats.length > 0 ? entrance.flats : houseFlats;

  for (const [position, index] of deviceIndexes.entries()) {
    const id = index + 1;
    // The first 16 devices take the 16 types in turn, so every type is present in every size.
    const type = index < DEVICE_TYPE_NAMES.length ? index : random.weighted(TYPE_WEIGHTS);
    const mac = macOf(type, index);
    const created = daysAgo(random, 1100, 5);
    const statusCode = random.weighted([
      [1, 80],
      [0, 8],
      [2, 7],
      [3, 5],
    ] as const);
    const analog = ANALOG_TYPES.has(type);
    const extra = type === t('ISCOM_X1') || type === t('BEWARD_ISCOM');
    const purpose = entrance.type === 1 ? (position === 0 ? 1 : 5) : entrance.type === 3 ? 5 : 2;
    const options: Record<string, JsonValue> = {
      url: `http://10.${random.int(16, 31)}.${random.int(0, 255)}.${random.int(2, 254)}`,
      login: DEFAULT_DEVICE_LOGIN,
      password: random.chance(0.7) ? FACTORY_PASSWORD : random.password(10),
      SHIFT: 0,
      VENDOR: vendorOf(type),
      billing_bsName: `BS-${house.city.code}-${String(random.int(1, 60)).padStart(4, '0')}`,
      billing_bsPort: String(random.int(1, 48)),
      billing_fiasId: house.fias,
      billing_porchNum: String(entrance.num),
      billing_executorId: String(random.pick(org.executorsByBuyer.get(house.buyerId) ?? [])),
      devicePurpose: purpose,
      deviceOwner: random.chance(0.2) ? 'УК' : null,
      apiPort: 80,
      rtspPort: 554,
      sipPort: 5060,
      isMifare: extra && random.chance(0.5),
      autoCollectKeys: random.chance(0.3),
      sos: 'SOS',
      conciergeApartment: 999,
      echoCancellationType: random.int(0, 3),
    };
    if (random.chance(0.3)) {
      options.billing_ponName = `OLT-${house.city.code}-${random.int(1, 20)}`;
      options.billing_ponMac = `${random.hex(1)}:${random.hex(1)}:${random.hex(1)}:${random.hex(1)}:${random.hex(1)}:${random.hex(1)}`;
    }
    if (ISCOM_TYPES.has(type)) options['systemInfo.revision'] = random.chance(0.6) ? 5 : 2;
    if (extra) {
      options.audio = { musicVolume: random.int(20, 80), analogVolume: random.int(20, 80), uartVolume: random.int(20, 80), panelVolume: random.int(40, 100) };
      options.display = { welcomeText: 'Добро пожаловать!', infoText: house.address.split(', г. ').pop() ?? '', brightness: random.int(40, 100) };
    }
    if (analog) {
      options.voltage = { panelCall: 9, panelTalk: 7, thCall: 330, thTalk: 550, handsetUpLevel: 80, handsetDownLevel: 50, doorOpenLevel: 230 };
    }
    if (statusCode === 3) {
      for (const key of ['billing_bsName', 'billing_bsPort', 'billing_fiasId', 'billing_porchNum', 'billing_executorId']) options[key] = '';
    }

    await writer.add(devices, {
      id,
      mac,
      buyerId: house.buyerId,
      type,
      statusCode,
      serialNumber: ISCOM_TYPES.has(type) ? `ISC${String(id).padStart(9, '0')}` : null,
      options: sealDeviceOptions(options),
      capabilities: capabilitiesOf(type),
      removalReason: statusCode === 2 && random.chance(0.5) ? random.int(1, 6) : null,
      createDate: created,
      updateDate: between(random, created),
    });
    // A reset device (status 3) has no houses, relays or SIP account.
    if (statusCode === 3) continue;

    await writer.add(deviceHouses, { deviceId: id, houseUid: house.uid });
    await writer.add(deviceRelays, { deviceId: id, relayNum: 1, entranceUid: entrance.uid, statusCode: 1 });
    if (random.chance(0.15)) await writer.add(deviceRelays, { deviceId: id, relayNum: 2, entranceUid: null, statusCode: 0 });

    if (random.chance(0.8)) await writer.add(sipAccounts, sipAccountRow(context, ids, house, { deviceId: id }));
    const buyerGroups = org.groupsByBuyer.get(house.buyerId) ?? [];
    if (buyerGroups.length > 0 && random.chance(0.5)) await writer.add(deviceGroups, { deviceId: id, groupId: random.pick(buyerGroups) });

    const keyCount = random.int(profile.keysPerDevice[0], profile.keysPerDevice[1]);
    const values = new Set<string>();
    for (let n = 0; n < keyCount; n++) {
      const kind = random.weighted([
        ['Metakom', 30],
        ['Cyfral', 15],
        ['Eltis', 10],
        ['Vizit', 10],
        ['Factorial', 5],
        ['MIFARE', 20],
        ['RFID', 10],
      ] as const);
      const value = random.hex(kind === 'MIFARE' ? 7 : 6);
      if (values.has(value)) continue;
      values.add(value);
      const flat = reachable.length > 0 && random.chance(0.8) ? random.pick(reachable) : null;
      await writer.add(keys, {
        id: ids.nextKeyId++,
        deviceId: id,
        buyerId: house.buyerId,
        flatId: flat?.id ?? null,
        flatNum: flat?.num ?? null,
        value,
        keyType: kind,
        cipherId: random.chance(0.2) ? random.int(1, 4) : null,
        isSecurity: random.chance(0.1),
        authentic: random.chance(0.95),
        inner: random.chance(0.1),
        incValue: null,
        blocked: random.chance(0.03),
        userLogin: random.chance(0.5) ? 'operator' : null,
        createdAt: between(random, created),
      });
    }

    const events = random.int(profile.historyPerDevice[0], profile.historyPerDevice[1]);
    for (let n = 0; n < events; n++) {
      const eventType = random.pick(ACCESS_LOG_EVENTS);
      const flat = reachable.length > 0 && random.chance(0.6) ? random.pick(reachable) : null;
      await writer.add(deviceHistoryEvents, {
        deviceId: id,
        buyerId: house.buyerId,
        eventDate: historyDate(daysAgo(random, 30)),
        eventType,
        identity: eventType === 'OPEN_CODE' ? random.digits(5) : eventType.includes('RFID') ? random.hex(6) : null,
        params: eventType === 'RFID_FAILED' ? { reason: 'unknown key' } : {},
        image: null,
        flatNum: flat?.num ?? null,
        userId: eventType === 'OPEN_API' ? OPERATOR_USER_ID : null,
        login: eventType === 'OPEN_API' ? 'operator' : null,
        rfid: eventType === 'RFID_FAILED' ? random.hex(6) : null,
        openCode: eventType === 'OPEN_CODE' ? random.digits(5) : null,
      });
    }

    // Main panels keep the flats' CMS blocks.
    if (purpose === 1) {
      for (const flat of entrance.flats.filter((item) => item.blocked)) {
        await writer.add(flatBlockHistory, { flatId: flat.id, kind: 'cms', mac, blocked: true, date: daysAgo(random, 60), blockCms: true, login: 'operator', userId: 2 });
        if (random.chance(0.5)) {
          await writer.add(flatBlockHistory, { flatId: flat.id, kind: 'schedule', mac, date: daysAgo(random, 120, 60), blockCms: true, login: null, userId: null });
          await writer.add(flatBlockSchedules, {
            flatId: flat.id,
            deviceId: id,
            runAt: new Date(SEED_BASE_DATE.getTime() + random.int(1, 30) * 86_400_000),
            blockCms: false,
          });
        }
      }
    }

    if (profile.deviceDetails) await writeDeviceDetails(context, id, type, purpose, entrance);
  }
}

/**
 * A handset's line level from a draw of 0…99, on the device simulator's scale: never measured
 * (null) for 4 in 100, a dead line (under 20) for 5, else 40…94. access-data.ts says the same in SQL.
 */
function lineLevelOf(reading: number): number | null {
  if (reading < 4) return null;
  return reading < 9 ? reading * 2 : 40 + ((reading * 7) % 55);
}

/** Commutators, handsets on the line, RS485 sub-devices and per-flat settings. */
async function writeDeviceDetails(context: SeedContext, deviceId: number, type: number, purpose: number, entrance: EntranceSkeleton): Promise<void> {
  const { random, writer } = context;
  if (ANALOG_TYPES.has(type) && purpose === 1 && entrance.flats.length > 0) {
    const model = random.int(0, KEY_TYPES.length - 1);
    const size = COMMUTATOR_SIZES.find((candidate) => candidate >= entrance.flats.length) ?? 220;
    const dims = matrixSize(KEY_TYPES[model], size) ?? { rows: 0, columns: 0 };
    await writer.add(deviceCommutations, { deviceId, model, checkLinelevelTaskId: null, updatedAt: daysAgo(random, 200) });
    let cursor = 0;
    const matrix = Array.from({ length: dims.rows }, () =>
      Array.from({ length: dims.columns }, () => (cursor < entrance.flats.length ? entrance.flats[cursor++].num : 0)),
    );
    await writer.add(commutators, { deviceId, index: 0, matrix });
    for (const flat of entrance.flats) {
      const unitType = random.weighted([
        [0, 80],
        [1, 15],
        [2, 5],
      ] as const);
      const reading = random.int(0, 99);
      const measuredAt = daysAgo(random, 60);
      await writer.add(abonentUnits, {
        deviceId,
        flatId: flat.id,
        panelCode: flat.num,
        type: unitType,
        options: {},
        lineLevel: lineLevelOf(reading),
        lineLevelChangedAt: lineLevelOf(reading) === null ? null : measuredAt,
      });
      if (random.chance(0.1)) {
        await writer.add(flatDeviceSettings, {
          flatId: flat.id,
          deviceId,
          blockCms: flat.blocked,
          panelCode: flat.num,
          doorCode: random.digits(4),
          regCode: random.chance(0.3) ? random.digits(6) : null,
          musicVolume: null,
          analogVolume: String(random.int(3, 9)),
          uartVolume: null,
          panelVolume: String(random.int(3, 9)),
          handsetDownLevel: null,
          handsetUpLevel: null,
          panelCall: null,
          panelTalk: null,
          thTalk: null,
          thCall: null,
          uartFrom: null,
          uartTo: null,
          doorOpenLevel: null,
        });
      }
    }
  }
  if (type === t('ISCOM_X1') && random.chance(0.5)) {
    const count = random.int(1, 3);
    for (let n = 0; n < count; n++) {
      await writer.add(rs485Devices, {
        deviceId,
        busPriority: 0,
        busAddress: 1,
        index: n,
        model: random.pick(['ISCom RS-K1', 'ISCom RS-K2', 'Считыватель MF-485']),
        address: n + 1,
        version: `1.${random.int(0, 9)}`,
        enable: random.chance(0.9),
        status: 1,
      });
    }
  }
}
