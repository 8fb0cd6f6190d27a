import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { DEFAULT_CONCIERGE_APARTMENT, DEFAULT_SOS_LABEL, type DeviceSipAccountInput } from '../../contract/device-card-settings';
import { BILLING_OPTION_KEYS, DEVICE_STATUS, RELAY_STATUS, type SipAccount } from '../../contract/devices';
import { DEFAULT_SIP_TYPE } from '../../contract/wizard';
import type { Db } from '../db/client';
import { deviceHouses, deviceRelays, devices, type JsonValue } from '../db/schema/devices';
import { deviceGroups } from '../db/schema/groups';
import { entrances } from '../db/schema/houses';
import { sipAccounts } from '../db/schema/sip';
import { capabilitiesOf } from '../devices/capabilities';
import { sealDeviceOptions } from '../security/device-secrets';

const now = sql`now()`;

/** Merges keys into the device's options (a JSON map, the password sealed) and marks the device changed. */
export async function mergeDeviceOptions(db: Db, deviceId: number, patch: Record<string, JsonValue>): Promise<void> {
  await db
    .update(devices)
    .set({ options: sql`${devices.options} || ${JSON.stringify(sealDeviceOptions(patch))}::jsonb`, updateDate: now })
    .where(eq(devices.id, deviceId));
}

export async function touchDevices(db: Db, deviceIds: readonly number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await db
    .update(devices)
    .set({ updateDate: now })
    .where(inArray(devices.id, [...deviceIds]));
}

/**
 * Sets the status. Code 3 (brought / reset) also drops the relays, the houses and the SIP
 * account, and empties the billing options.
 */
export async function setDeviceStatus(db: Db, deviceId: number, statusCode: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (statusCode === DEVICE_STATUS.reset) {
      await tx.delete(deviceRelays).where(eq(deviceRelays.deviceId, deviceId));
      await tx.delete(deviceHouses).where(eq(deviceHouses.deviceId, deviceId));
      await tx.delete(sipAccounts).where(eq(sipAccounts.deviceId, deviceId));
      const emptied = Object.fromEntries(BILLING_OPTION_KEYS.map((key) => [key, '']));
      await tx
        .update(devices)
        .set({ statusCode, options: sql`${devices.options} || ${JSON.stringify(emptied)}::jsonb`, updateDate: now })
        .where(eq(devices.id, deviceId));
      return;
    }
    await tx.update(devices).set({ statusCode, updateDate: now }).where(eq(devices.id, deviceId));
  });
}

export async function replaceDeviceGroups(db: Db, deviceId: number, groupIds: readonly number[]): Promise<void> {
  await setGroupsOfDevices(db, [deviceId], groupIds, true);
}

/** Adds the groups to each device, or (clearOld) makes them the devices' only groups. Answers how many devices. */
export async function setGroupsOfDevices(db: Db, deviceIds: readonly number[], groupIds: readonly number[], clearOld: boolean): Promise<number> {
  if (deviceIds.length === 0) return 0;
  await db.transaction(async (tx) => {
    if (clearOld) await tx.delete(deviceGroups).where(inArray(deviceGroups.deviceId, [...deviceIds]));
    const rows = deviceIds.flatMap((deviceId) => [...new Set(groupIds)].map((groupId) => ({ deviceId, groupId })));
    if (rows.length > 0) await tx.insert(deviceGroups).values(rows).onConflictDoNothing();
    await touchDevices(tx, deviceIds);
  });
  return deviceIds.length;
}

/** The device serves these houses now; a relay bound to an entrance of a house it left is unbound. */
export async function replaceDeviceHouses(db: Db, deviceId: number, houseUids: readonly string[]): Promise<void> {
  const uids = [...new Set(houseUids)];
  await db.transaction(async (tx) => {
    await tx.delete(deviceHouses).where(eq(deviceHouses.deviceId, deviceId));
    if (uids.length > 0) await tx.insert(deviceHouses).values(uids.map((houseUid) => ({ deviceId, houseUid })));
    const outside = tx
      .select({ uid: entrances.uid })
      .from(entrances)
      .where(uids.length > 0 ? notInArray(entrances.houseUid, uids) : sql`true`);
    await tx
      .update(deviceRelays)
      .set({ entranceUid: null, statusCode: RELAY_STATUS.inactive })
      .where(and(eq(deviceRelays.deviceId, deviceId), inArray(deviceRelays.entranceUid, outside)));
    await touchDevices(tx, [deviceId]);
  });
}

/** The device's relays become exactly these; a relay with an entrance is in service. */
export async function replaceDeviceRelays(db: Db, deviceId: number, relays: readonly { id: number; entranceUid: string | null }[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(deviceRelays).where(eq(deviceRelays.deviceId, deviceId));
    if (relays.length > 0) {
      await tx.insert(deviceRelays).values(
        relays.map((relay) => ({
          deviceId,
          relayNum: relay.id,
          entranceUid: relay.entranceUid,
          statusCode: relay.entranceUid ? RELAY_STATUS.active : RELAY_STATUS.inactive,
        })),
      );
    }
    await touchDevices(tx, [deviceId]);
  });
}

export type SaveSipOutcome = { status: 'saved'; account: SipAccount } | { status: 'login-taken' };

/**
 * Creates or replaces the device's SIP account; sos and conciergeApartment (defaults
 * 'SOS' and 999) are kept on the account and mirrored into the device options the card shows.
 */
export async function saveDeviceSip(db: Db, device: { id: number; buyerId: number; houseUid: string | null }, input: DeviceSipAccountInput): Promise<SaveSipOutcome> {
  const sos = input.sos ?? DEFAULT_SOS_LABEL;
  const conciergeApartment = input.conciergeApartment ?? DEFAULT_CONCIERGE_APARTMENT;
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: sipAccounts.id })
      .from(sipAccounts)
      .where(and(eq(sipAccounts.login, input.login), sql`${sipAccounts.deviceId} is distinct from ${device.id}`))
      .limit(1);
    if (taken) return { status: 'login-taken' } as const;
    const values = { login: input.login, password: input.password, domain: input.domain, port: input.port, sos, conciergeApartment };
    const [existing] = await tx.select({ id: sipAccounts.id }).from(sipAccounts).where(eq(sipAccounts.deviceId, device.id));
    const [row] = existing
      ? await tx.update(sipAccounts).set(values).where(eq(sipAccounts.id, existing.id)).returning()
      : await tx
          .insert(sipAccounts)
          .values({ ...values, type: DEFAULT_SIP_TYPE, buyerId: device.buyerId, deviceId: device.id, houseUid: device.houseUid, flatNum: null, userId: null })
          .returning();
    await mergeDeviceOptions(tx, device.id, { sos, conciergeApartment });
    return {
      status: 'saved',
      account: {
        id: row.id,
        login: row.login,
        password: row.password,
        domain: row.domain,
        port: row.port,
        type: row.type ?? DEFAULT_SIP_TYPE,
        flat_num: row.flatNum,
        house_uid: row.houseUid,
        userId: row.userId,
        buyer_id: row.buyerId,
      },
    } as const;
  });
}

/** Answers whether there was an account. */
export async function deleteDeviceSip(db: Db, deviceId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(sipAccounts).where(eq(sipAccounts.deviceId, deviceId)).returning({ id: sipAccounts.id });
    await touchDevices(tx, [deviceId]);
    return deleted.length > 0;
  });
}

export async function setRemovalReason(db: Db, deviceId: number, reason: number, comment: string | null): Promise<void> {
  await db
    .update(devices)
    .set({ removalReason: reason, options: sql`${devices.options} || ${JSON.stringify({ removalComment: comment })}::jsonb`, updateDate: now })
    .where(eq(devices.id, deviceId));
}

export interface NewDevice {
  mac: string;
  type: number;
  buyerId: number;
  options: Record<string, JsonValue>;
  houses: readonly string[];
}

/** A new device (status 0, relay 1 unbound); null when the MAC is taken. */
export async function createDevice(db: Db, input: NewDevice): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(devices)
      .values({
        mac: input.mac,
        buyerId: input.buyerId,
        type: input.type,
        statusCode: DEVICE_STATUS.new,
        options: input.options,
        capabilities: capabilitiesOf(input.type),
      })
      .onConflictDoNothing()
      .returning({ id: devices.id });
    if (!row) return null;
    const houses = [...new Set(input.houses)];
    if (houses.length > 0) await tx.insert(deviceHouses).values(houses.map((houseUid) => ({ deviceId: row.id, houseUid })));
    await tx.insert(deviceRelays).values({ deviceId: row.id, relayNum: 1, entranceUid: null, statusCode: RELAY_STATUS.inactive });
    return row.id;
  });
}

/** Ids of the devices with these MACs that the buyer owns (null: every buyer). */
export async function deviceIdsByMac(db: Db, buyerId: number | null, macs: readonly string[]): Promise<Map<string, { id: number; buyerId: number }>> {
  if (macs.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, mac: devices.mac, buyerId: devices.buyerId })
    .from(devices)
    .where(and(inArray(devices.mac, [...macs]), buyerId === null ? sql`true` : eq(devices.buyerId, buyerId)));
  return new Map(rows.map((row) => [row.mac, { id: row.id, buyerId: row.buyerId }]));
}
