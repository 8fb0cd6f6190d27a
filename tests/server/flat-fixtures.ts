import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { FlatCreateResponse, flatEndpoints } from '../../contract/flat-card';
import { deviceTypeId, type DeviceTypeName } from '../../contract/devices';
import { flatParams } from '../../contract/flats';
import { deviceHouses, deviceRelays, devices } from '../../server/db/schema/devices';
import { flats } from '../../server/db/schema/flats';
import { entranceGates, entranceRanges, entrances, houses } from '../../server/db/schema/houses';
import { users } from '../../server/db/schema/users';
import { capabilitiesOf } from '../../server/devices/capabilities';
import type { AppOptions } from '../../server/app';
import { expectShape, loginAs, useApp, type Backend, type TestClient } from './helpers';

/** A house of buyer 1 made for one test file, with its devices: independent of the seed's details. */
export interface FlatFixture {
  houseUid: string;
  entranceUid: string;
  /** ISCOM_X1: realtime, CMS block, door and registration codes, levels. */
  iscomMac: string;
  /** BEWARD: a camera panel, no CMS line, no realtime. */
  bewardMac: string;
  /** A gate (entrance type 4) in front of the house. */
  gateMac: string;
  /** A house of buyer 2 with a flat 1 (a management user of buyer 1 must not see it). */
  foreignHouseUid: string;
  /** A resident of buyer 1 and one of buyer 2. */
  residentId: number;
  foreignResidentId: number;
}

let counter = 0;

function mac(prefix: number, n: number): string {
  return [0x02, prefix, 0, 0, (n >> 8) & 0xff, n & 0xff].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/** Builds a house (entrance 1: flats 1–50, a gate) with three devices; `tag` keeps files apart. */
export async function createFlatFixture(app: FastifyInstance, tag: number): Promise<FlatFixture> {
  const db = app.database.drizzle;
  counter += 1;
  const id = `${tag}-${counter}`;
  const houseUid = `test-flat-house-${id}`;
  const foreignHouseUid = `test-flat-foreign-${id}`;
  const entranceUid = `test-flat-entrance-${id}`;
  const gateUid = `test-flat-gate-${id}`;
  const foreignEntrance = `test-flat-foreign-entrance-${id}`;
  await db.insert(houses).values([
    { uid: houseUid, address: `г. Тестов, ул. Квартирная, д. ${id}`, region: 77 },
    { uid: foreignHouseUid, address: `г. Чужой, ул. Другая, д. ${id}`, region: 78 },
  ]);
  await db.insert(entrances).values([
    { uid: entranceUid, buyerId: 1, houseUid, entranceNum: 1, title: 'Подъезд 1', type: 1 },
    { uid: gateUid, buyerId: 1, houseUid, entranceNum: 2, title: 'Калитка', type: 4 },
    { uid: foreignEntrance, buyerId: 2, houseUid: foreignHouseUid, entranceNum: 1, title: 'Подъезд 1', type: 1 },
  ]);
  await db.insert(entranceRanges).values([
    { entranceUid, rangeStart: 1, rangeEnd: 50 },
    { entranceUid: gateUid, rangeStart: 1, rangeEnd: 50 },
    { entranceUid: foreignEntrance, rangeStart: 1, rangeEnd: 20 },
  ]);
  await db.insert(entranceGates).values({ gateEntranceUid: gateUid, entranceUid, flatFrom: 1, flatTo: 50, prefix: null, additionalFlats: null });
  const made = [
    { mac: mac(tag, counter * 3), type: 'ISCOM_X1', entrance: entranceUid },
    { mac: mac(tag, counter * 3 + 1), type: 'BEWARD', entrance: entranceUid },
    { mac: mac(tag, counter * 3 + 2), type: 'BEWARD', entrance: gateUid },
  ] as const;
  for (const device of made) {
    const id = await insertDevice(app, { mac: device.mac, buyerId: 1, type: device.type, houseUid });
    await db.insert(deviceRelays).values({ deviceId: id, relayNum: 1, entranceUid: device.entrance, statusCode: 1 });
  }
  const [resident] = await db.insert(users).values({ login: `flat-resident-${id}`, buyerId: 1 }).returning({ id: users.id });
  const [foreign] = await db.insert(users).values({ login: `flat-foreign-${id}`, buyerId: 2 }).returning({ id: users.id });
  await db.insert(flats).values({ buyerId: 2, houseUid: foreignHouseUid, flatNum: 1 });
  return {
    houseUid,
    entranceUid,
    iscomMac: made[0].mac,
    bewardMac: made[1].mac,
    gateMac: made[2].mac,
    foreignHouseUid,
    residentId: resident.id,
    foreignResidentId: foreign.id,
  };
}

/** An active device of `buyerId` of the type with the type's capabilities, in the house; answers its id. */
export async function insertDevice(app: FastifyInstance, device: { mac: string; buyerId: number; type: DeviceTypeName; houseUid: string }): Promise<number> {
  const db = app.database.drizzle;
  const type = deviceTypeId(device.type);
  const [row] = await db.insert(devices).values({ mac: device.mac, buyerId: device.buyerId, type, statusCode: 1, capabilities: capabilitiesOf(type), options: {} }).returning({ id: devices.id });
  await db.insert(deviceHouses).values({ deviceId: row.id, houseUid: device.houseUid });
  return row.id;
}

/** `/front/flats/{house}:{flat}` plus a tail. */
export function flatUrl(houseUid: string, flatNum: number | string, tail = ''): string {
  return `${flatEndpoints.get.path(flatParams(houseUid, flatNum))}${tail}`;
}

/** Creates the flat through the API and answers its id. */
export async function createFlat(client: TestClient, houseUid: string, flatNum: number): Promise<number> {
  const response = await client.request('POST', flatEndpoints.create.path({ house: houseUid }), { payload: { flatNum } });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(FlatCreateResponse, response.json()).data!.id;
}

/** Asserts a 200 `{result: true}`. */
export function expectOk(response: { statusCode: number; body: string; json(): unknown }): void {
  expect(response.statusCode, response.body).toBe(200);
  expect(expectShape(ResultResponse, response.json()).result).toBe(true);
}

/** A flat test file's app (built before its tests), its fixture house and the operator's client. */
export function useFlatSetup(backend: Backend, tag: number, overrides: Partial<AppOptions> = {}) {
  const app = useApp(backend, overrides);
  const made = new Map<'fixture', { fixture: FlatFixture; client: TestClient }>();
  beforeAll(async () => {
    made.set('fixture', { fixture: await createFlatFixture(app(), tag), client: await loginAs(app(), 'operator') });
  });
  const setup = () => {
    const value = made.get('fixture');
    if (!value) throw new Error('the flat fixture is not built yet');
    return value;
  };
  return { app, fx: () => setup().fixture, operator: () => setup().client };
}
