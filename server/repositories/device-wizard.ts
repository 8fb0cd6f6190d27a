import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_CONCIERGE_APARTMENT, DEFAULT_SOS_LABEL } from '../../contract/device-card-settings';
import type { Executor } from '../../contract/device-card';
import { DEVICE_STATUS, RELAY_STATUS } from '../../contract/devices';
import { DEFAULT_DEVICE_LOGIN, DEFAULT_DEVICE_PURPOSE, DEFAULT_SIP_PORT, FACTORY_PASSWORD } from '../../contract/wizard';
import { queryRows, type Db } from '../db/client';
import { deviceHouses, deviceRelays, devices, executors, type JsonValue } from '../db/schema/devices';
import { deviceGroups, groups } from '../db/schema/groups';
import { entrances, houses } from '../db/schema/houses';
import { keys } from '../db/schema/keys';
import { sipAccounts } from '../db/schema/sip';
import { capabilitiesOf } from '../devices/capabilities';
import { mergeDeviceOptions } from './device-settings';
import type { AddressBookEntry } from '../gateways/network/simulator';

type Options = Record<string, JsonValue>;

/** The billing options a reset (status 3) empties, as the seed does. */
const BILLING_KEYS_EMPTIED = ['billing_bsName', 'billing_bsPort', 'billing_fiasId', 'billing_porchNum', 'billing_executorId'] as const;
/** Options that describe the hardware itself: a replacement keeps its own. */
const HARDWARE_OPTION_KEYS = ['systemInfo.revision', 'ddnsHost', 'presetUploaded'] as const;

/** The options every new device starts with (ports, toggles, SIP labels: the defaults). */
export function newDeviceOptions(): Options {
  return {
    url: '',
    login: DEFAULT_DEVICE_LOGIN,
    password: FACTORY_PASSWORD,
    SHIFT: 0,
    VENDOR: null,
    billing_bsName: null,
    billing_bsPort: null,
    billing_fiasId: null,
    billing_porchNum: null,
    billing_executorId: null,
    devicePurpose: DEFAULT_DEVICE_PURPOSE,
    deviceOwner: null,
    apiPort: 80,
    rtspPort: 554,
    sipPort: DEFAULT_SIP_PORT,
    isMifare: false,
    autoCollectKeys: false,
    sos: DEFAULT_SOS_LABEL,
    conciergeApartment: DEFAULT_CONCIERGE_APARTMENT,
  };
}

export interface DeviceRow {
  id: number;
  mac: string;
  buyerId: number;
  type: number;
  statusCode: number;
  options: Options;
}

export async function findDeviceRow(db: Db, mac: string): Promise<DeviceRow | null> {
  const [row] = await db
    .select({ id: devices.id, mac: devices.mac, buyerId: devices.buyerId, type: devices.type, statusCode: devices.statusCode, options: devices.options })
    .from(devices)
    .where(eq(devices.mac, mac));
  return row ?? null;
}

/** Executors a user may name: the shared ones and those of the user's buyer (every one for null). */
export async function listExecutors(db: Db, buyerId: number | null): Promise<Executor[]> {
  const rows = await db
    .select({ id: executors.id, text: executors.name })
    .from(executors)
    .where(and(eq(executors.active, true), buyerId === null ? undefined : or(isNull(executors.buyerId), eq(executors.buyerId, buyerId))))
    .orderBy(asc(executors.name), asc(executors.id));
  return rows;
}

export async function executorExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: executors.id }).from(executors).where(eq(executors.id, id));
  return row !== undefined;
}

/**
 * The entrances behind the simulated base-station ports: main entrances of the houses with a
 * FIAS id, in a stable order (uid in the C collation, the same on PGlite and PostgreSQL).
 */
export async function listPortAddresses(db: Db, limit: number): Promise<AddressBookEntry[]> {
  return queryRows<{ fiasId: string; address: string; entranceNum: number }>(
    db,
    sql`select h.fias as "fiasId", h.address, e.entrance_num as "entranceNum"
        from houses h join entrances e on e.house_uid = h.uid
        where h.fias is not null and e.type = 1
        order by h.uid collate "C", e.entrance_num
        limit ${limit}`,
  );
}

// ---------------------------------------------------------------------------
// The device set-up wizard (POST /front/wizard/save)

export interface WizardDeviceInput {
  mac: string;
  type: number;
  houses: readonly string[];
  /** `entrance` null: the relay is not bound. */
  relays: readonly { id: number; entrance: string | null }[];
  /** The device's SIP account once its buyer is known; null: none (an existing one is removed). */
  sip: (buyerId: number) => { domain: string; port: number; type: string } | null;
  /** The options the wizard sets; the device's other options stay. */
  options: Options;
  /** The buyer of a new device; null: the buyer of its entrances (the superuser's save), else `fallbackBuyerId`. */
  buyerId: number | null;
  fallbackBuyerId: number;
}

export type WizardInputProblem =
  | { field: 'houses'; index: number; uid: string }
  | { field: 'relays'; index: number; uid: string; reason: 'unknown' | 'other-house' };

/** What the wizard refers to that does not exist; null when everything does. */
export async function checkWizardReferences(db: Db, input: Pick<WizardDeviceInput, 'houses' | 'relays'>): Promise<WizardInputProblem | null> {
  const houseUids = [...new Set(input.houses)];
  const found = houseUids.length === 0 ? [] : await db.select({ uid: houses.uid }).from(houses).where(inArray(houses.uid, houseUids));
  const known = new Set(found.map((row) => row.uid));
  const missing = input.houses.findIndex((uid) => !known.has(uid));
  if (missing >= 0) return { field: 'houses', index: missing, uid: input.houses[missing] };
  const entranceUids = [...new Set(input.relays.flatMap((relay) => (relay.entrance ? [relay.entrance] : [])))];
  const rows = entranceUids.length === 0 ? [] : await db.select({ uid: entrances.uid, houseUid: entrances.houseUid }).from(entrances).where(inArray(entrances.uid, entranceUids));
  const houseOf = new Map(rows.map((row) => [row.uid, row.houseUid]));
  for (const [index, relay] of input.relays.entries()) {
    if (!relay.entrance) continue;
    const houseUid = houseOf.get(relay.entrance);
    if (houseUid === undefined) return { field: 'relays', index, uid: relay.entrance, reason: 'unknown' };
    if (!known.has(houseUid)) return { field: 'relays', index, uid: relay.entrance, reason: 'other-house' };
  }
  return null;
}

/**
 * Creates or updates the device with everything the set-up wizard collected: type, options,
 * houses, relays (replacing the old ones) and its SIP account. The device is active afterwards.
 * Run it in a transaction.
 */
export async function saveWizardDevice(db: Db, input: WizardDeviceInput): Promise<{ created: boolean; deviceId: number }> {
  const existing = await findDeviceRow(db, input.mac);
  let deviceId: number;
  let buyerId: number;
  if (existing) {
    deviceId = existing.id;
    buyerId = existing.buyerId;
    await db
      .update(devices)
      .set({
        type: input.type,
        statusCode: DEVICE_STATUS.active,
        options: { ...existing.options, ...input.options },
        ...(existing.type === input.type ? {} : { capabilities: capabilitiesOf(input.type) }),
        updateDate: sql`now()`,
      })
      .where(eq(devices.id, deviceId));
  } else {
    buyerId = input.buyerId ?? (await buyerOfPlace(db, input)) ?? input.fallbackBuyerId;
    const [row] = await db
      .insert(devices)
      .values({
        mac: input.mac,
        buyerId,
        type: input.type,
        statusCode: DEVICE_STATUS.active,
        options: { ...newDeviceOptions(), ...input.options },
        capabilities: capabilitiesOf(input.type),
      })
      .returning({ id: devices.id });
    deviceId = row.id;
  }

  await db.delete(deviceHouses).where(eq(deviceHouses.deviceId, deviceId));
  const houseUids = [...new Set(input.houses)];
  if (houseUids.length > 0) await db.insert(deviceHouses).values(houseUids.map((houseUid) => ({ deviceId, houseUid })));
  await db.delete(deviceRelays).where(eq(deviceRelays.deviceId, deviceId));
  if (input.relays.length > 0) {
    await db.insert(deviceRelays).values(
      input.relays.map((relay) => ({
        deviceId,
        relayNum: relay.id,
        entranceUid: relay.entrance,
        statusCode: relay.entrance ? RELAY_STATUS.active : RELAY_STATUS.inactive,
      })),
    );
  }

  const sip = input.sip(buyerId);
  if (sip === null) {
    await db.delete(sipAccounts).where(eq(sipAccounts.deviceId, deviceId));
  } else {
    const houseUid = houseUids[0] ?? null;
    const [account] = await db.select({ id: sipAccounts.id }).from(sipAccounts).where(eq(sipAccounts.deviceId, deviceId));
    if (account) {
      await db.update(sipAccounts).set({ ...sip, houseUid }).where(eq(sipAccounts.id, account.id));
    } else {
      await insertDeviceSipAccount(db, deviceId, buyerId, houseUid, sip);
    }
  }
  return { created: !existing, deviceId };
}

/** The buyer of the first bound entrance, else of the first house's entrances. */
async function buyerOfPlace(db: Db, input: Pick<WizardDeviceInput, 'houses' | 'relays'>): Promise<number | null> {
  const entranceUid = input.relays.find((relay) => relay.entrance)?.entrance;
  if (entranceUid) {
    const [row] = await db.select({ buyerId: entrances.buyerId }).from(entrances).where(eq(entrances.uid, entranceUid));
    if (row) return row.buyerId;
  }
  const houseUid = input.houses[0];
  if (!houseUid) return null;
  const [row] = await db.select({ buyerId: entrances.buyerId }).from(entrances).where(eq(entrances.houseUid, houseUid)).orderBy(asc(entrances.entranceNum)).limit(1);
  return row?.buyerId ?? null;
}

/** A device account gets the seed's login scheme (1000000 + id) and a random password. */
async function insertDeviceSipAccount(db: Db, deviceId: number, buyerId: number, houseUid: string | null, sip: { domain: string; port: number; type: string }): Promise<void> {
  const [next] = await queryRows<{ id: string | number }>(db, sql`select nextval(pg_get_serial_sequence('sip_accounts', 'id')) as "id"`);
  const id = Number(next.id);
  await db.insert(sipAccounts).values({
    id,
    login: String(1_000_000 + id),
    password: randomBytes(9).toString('base64url'),
    domain: sip.domain,
    port: sip.port,
    type: sip.type,
    houseUid,
    buyerId,
    deviceId,
    sos: DEFAULT_SOS_LABEL,
    conciergeApartment: DEFAULT_CONCIERGE_APARTMENT,
  });
}

// ---------------------------------------------------------------------------
// The replace wizard (POST /front/wizard/replace-options)

export interface ReplaceInput {
  macFrom: string;
  macTo: string;
  type: number;
  /** Set on the new device over the old device's options. */
  options: Options;
}

export interface ReplaceSummary {
  moved: { houses: number; relays: number; keys: number; groups: number; sipAccount: boolean };
  notMoved: { item: 'keys' | 'sipAccount'; reason: string; values: string[] }[];
}

/**
 * Moves the old device's houses, relays, keys, groups and SIP account to the new one (created
 * when its MAC is not registered yet), copies the options, and resets the old device (status 3,
 * billing options emptied). A key the new device already holds, or a SIP account when the new
 * device has its own, stays where it is and is listed in `notMoved`. Run it in a transaction.
 */
export async function replaceDevice(db: Db, input: ReplaceInput): Promise<ReplaceSummary | 'not-found'> {
  const old = await findDeviceRow(db, input.macFrom);
  if (!old) return 'not-found';
  const kept = Object.fromEntries(Object.entries(old.options).filter(([key]) => !(HARDWARE_OPTION_KEYS as readonly string[]).includes(key)));
  const target = await findDeviceRow(db, input.macTo);
  const statusCode = old.statusCode === DEVICE_STATUS.reset ? DEVICE_STATUS.new : old.statusCode;
  let newId: number;
  if (target) {
    newId = target.id;
    await db
      .update(devices)
      .set({ type: input.type, statusCode, options: { ...target.options, ...kept, ...input.options }, capabilities: capabilitiesOf(input.type), updateDate: sql`now()` })
      .where(eq(devices.id, newId));
  } else {
    const [row] = await db
      .insert(devices)
      .values({ mac: input.macTo, buyerId: old.buyerId, type: input.type, statusCode, options: { ...newDeviceOptions(), ...kept, ...input.options }, capabilities: capabilitiesOf(input.type) })
      .returning({ id: devices.id });
    newId = row.id;
  }

  const oldHouses = await db.select({ houseUid: deviceHouses.houseUid }).from(deviceHouses).where(eq(deviceHouses.deviceId, old.id));
  if (oldHouses.length > 0) {
    await db.insert(deviceHouses).values(oldHouses.map((row) => ({ deviceId: newId, houseUid: row.houseUid }))).onConflictDoNothing();
    await db.delete(deviceHouses).where(eq(deviceHouses.deviceId, old.id));
  }

  // The old device's relays take the place of whatever the new one had.
  const oldRelays = await db.select({ relayNum: deviceRelays.relayNum }).from(deviceRelays).where(eq(deviceRelays.deviceId, old.id));
  if (oldRelays.length > 0) {
    await db.delete(deviceRelays).where(eq(deviceRelays.deviceId, newId));
    await db.update(deviceRelays).set({ deviceId: newId }).where(eq(deviceRelays.deviceId, old.id));
  }

  const oldGroups = await db.select({ groupId: deviceGroups.groupId }).from(deviceGroups).where(eq(deviceGroups.deviceId, old.id));
  if (oldGroups.length > 0) {
    await db.insert(deviceGroups).values(oldGroups.map((row) => ({ deviceId: newId, groupId: row.groupId }))).onConflictDoNothing();
    await db.delete(deviceGroups).where(eq(deviceGroups.deviceId, old.id));
  }

  const notMoved: ReplaceSummary['notMoved'] = [];
  const movedKeys = await queryRows<{ id: number }>(
    db,
    sql`update keys k set device_id = ${newId}
        where k.device_id = ${old.id}
          and not exists (select 1 from keys n where n.device_id = ${newId} and n.value = k.value and n.inner = k.inner)
        returning k.id`,
  );
  const leftKeys = await db.select({ value: keys.value }).from(keys).where(eq(keys.deviceId, old.id)).orderBy(asc(keys.value));
  if (leftKeys.length > 0) {
    notMoved.push({ item: 'keys', reason: 'новое устройство уже хранит ключи с этими значениями', values: leftKeys.map((row) => row.value) });
  }

  let sipMoved = false;
  const [oldSip] = await db.select({ id: sipAccounts.id, login: sipAccounts.login }).from(sipAccounts).where(eq(sipAccounts.deviceId, old.id));
  if (oldSip) {
    const [newSip] = await db.select({ login: sipAccounts.login }).from(sipAccounts).where(eq(sipAccounts.deviceId, newId));
    if (newSip) {
      notMoved.push({ item: 'sipAccount', reason: `у нового устройства уже есть SIP-аккаунт ${newSip.login}`, values: [oldSip.login] });
    } else {
      await db.update(sipAccounts).set({ deviceId: newId }).where(eq(sipAccounts.id, oldSip.id));
      sipMoved = true;
    }
  }

  const emptied = Object.fromEntries(BILLING_KEYS_EMPTIED.map((key) => [key, '']));
  await db
    .update(devices)
    .set({ statusCode: DEVICE_STATUS.reset, options: { ...old.options, ...emptied }, updateDate: sql`now()` })
    .where(eq(devices.id, old.id));

  return {
    moved: { houses: oldHouses.length, relays: oldRelays.length, keys: movedKeys.length, groups: oldGroups.length, sipAccount: sipMoved },
    notMoved,
  };
}

// ---------------------------------------------------------------------------
// The adjuster wizard

/** Creates the device, or updates the one with that MAC; `options` are set over its own. */
export async function upsertAdjusterDevice(
  db: Db,
  device: { mac: string; type: number; buyerId: number; options: Options },
): Promise<{ created: boolean; row: DeviceRow }> {
  const existing = await findDeviceRow(db, device.mac);
  if (existing) {
    const options = { ...existing.options, ...device.options };
    await db
      .update(devices)
      .set({ type: device.type, options, ...(existing.type === device.type ? {} : { capabilities: capabilitiesOf(device.type) }), updateDate: sql`now()` })
      .where(eq(devices.id, existing.id));
    return { created: false, row: { ...existing, type: device.type, options } };
  }
  const options = { ...newDeviceOptions(), ...device.options };
  const [row] = await db
    .insert(devices)
    .values({ mac: device.mac, buyerId: device.buyerId, type: device.type, statusCode: DEVICE_STATUS.new, options, capabilities: capabilitiesOf(device.type) })
    .returning({ id: devices.id });
  return { created: true, row: { id: row.id, mac: device.mac, buyerId: device.buyerId, type: device.type, statusCode: DEVICE_STATUS.new, options } };
}

/** The buyer of the house with this FIAS id (through its entrances); null when unknown. */
export async function buyerOfFias(db: Db, fiasId: string): Promise<number | null> {
  const [row] = await db
    .select({ buyerId: entrances.buyerId })
    .from(houses)
    .innerJoin(entrances, eq(entrances.houseUid, houses.uid))
    .where(eq(houses.fias, fiasId.toLowerCase()))
    .orderBy(asc(houses.createdAt), asc(houses.uid), asc(entrances.entranceNum))
    .limit(1);
  return row?.buyerId ?? null;
}

/**
 * Binds the device to the house with that FIAS id (the oldest if several share it) and, when a
 * porch is given or the device knows its porch (billing_porchNum), relay 1 to that entrance of
 * the house. 'no-entrance': the porch given is not in the house (nothing is written).
 */
export async function bindDeviceHouse(
  db: Db,
  device: DeviceRow,
  fiasId: string,
  porchNum: number | undefined,
): Promise<{ uid: string; address: string; entranceUid: string | null } | 'no-entrance' | null> {
  const fias = fiasId.trim().toLowerCase();
  const [house] = await db
    .select({ uid: houses.uid, address: houses.address })
    .from(houses)
    .where(eq(houses.fias, fias))
    .orderBy(asc(houses.createdAt), asc(houses.uid))
    .limit(1);
  if (!house) return null;
  const porch = porchNum ?? Number(device.options.billing_porchNum);
  let entranceUid: string | null = null;
  if (Number.isInteger(porch) && porch > 0) {
    const [entrance] = await db
      .select({ uid: entrances.uid })
      .from(entrances)
      .where(and(eq(entrances.houseUid, house.uid), eq(entrances.entranceNum, porch)))
      .orderBy(asc(entrances.type), asc(entrances.uid))
      .limit(1);
    if (!entrance && porchNum !== undefined) return 'no-entrance';
    entranceUid = entrance?.uid ?? null;
  }
  await db.insert(deviceHouses).values({ deviceId: device.id, houseUid: house.uid }).onConflictDoNothing();
  if (entranceUid) {
    await db
      .insert(deviceRelays)
      .values({ deviceId: device.id, relayNum: 1, entranceUid, statusCode: RELAY_STATUS.active })
      .onConflictDoUpdate({ target: [deviceRelays.deviceId, deviceRelays.relayNum], set: { entranceUid, statusCode: RELAY_STATUS.active } });
  }
  await mergeDeviceOptions(db, device.id, { billing_fiasId: fias, ...(porchNum !== undefined ? { billing_porchNum: String(porchNum) } : {}) });
  return { uid: house.uid, address: house.address, entranceUid };
}

/** Adds the device to a group of its own buyer (with `anyBuyer`, a group of whichever buyer); null when there is no such group. */
export async function bindDeviceGroup(db: Db, device: DeviceRow, groupId: number, anyBuyer: boolean): Promise<{ name: string } | null> {
  const [group] = await db
    .select({ name: groups.name })
    .from(groups)
    .where(and(eq(groups.id, groupId), anyBuyer ? undefined : eq(groups.buyerId, device.buyerId)));
  if (!group) return null;
  await db.insert(deviceGroups).values({ deviceId: device.id, groupId }).onConflictDoNothing();
  await db.update(devices).set({ updateDate: sql`now()` }).where(eq(devices.id, device.id));
  return group;
}
