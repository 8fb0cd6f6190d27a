import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { openDeviceOptions, sealDeviceOptions } from '../../security/device-secrets';
import { buyers } from './buyers';
import { entrances, houses } from './houses';

/** Device option values: scalars, and objects for audio, display and voltage (contract/devices.ts). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A device's options as a JSON map (jsonb). Written through Drizzle, the password is sealed with
 * DEVICE_SECRET_KEY when set; read through Drizzle, it is opened (security/device-secrets.ts).
 * SQL that writes or reads the column as text seals or opens it itself.
 */
const deviceOptions = customType<{ data: Record<string, JsonValue>; driverData: string | Record<string, JsonValue> }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(sealDeviceOptions(value)),
  fromDriver: (value) => openDeviceOptions(typeof value === 'string' ? (JSON.parse(value) as Record<string, JsonValue>) : value),
});

/**
 * Device. `type` is 0..15 (IMD1_B … RUBETEK_RV_3434); `mac` is normalised
 * (`AA:BB:CC:DD:EE:FF`). Options (including `systemInfo.revision`, the hardware revision) are one
 * JSON map: the card reads them as a whole, some values are objects, and the list never needs them.
 */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mac: text('mac').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    type: smallint('type').notNull(),
    statusCode: smallint('status_code').notNull().default(0),
    serialNumber: text('serial_number'),
    options: deviceOptions('options').notNull().default({}),
    capabilities: text('capabilities').array().notNull().default(sql`'{}'::text[]`),
    removalReason: smallint('removal_reason'),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    updateDate: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_mac_idx').on(t.mac),
    // Prefix search on a partly typed MAC.
    index('devices_mac_pattern_idx').using('btree', t.mac.op('text_pattern_ops')),
    // The device list of a buyer (every user but the superuser): one index per sort order, walked
    // in order with the status and type filters read from the index itself (an index-only scan: the
    // trailing status and type columns never change the order, since the id is unique),
    // and two for the totals by status and type.
    index('devices_buyer_id_idx').on(t.buyerId, t.id, t.statusCode, t.type),
    index('devices_buyer_change_idx').on(t.buyerId, t.updateDate, t.id, t.statusCode, t.type),
    index('devices_buyer_create_idx').on(t.buyerId, t.createDate, t.id, t.statusCode, t.type),
    index('devices_buyer_mac_idx').on(t.buyerId, t.mac, t.statusCode, t.type),
    index('devices_buyer_status_type_idx').on(t.buyerId, t.statusCode, t.type, t.id),
    index('devices_buyer_type_idx').on(t.buyerId, t.type, t.statusCode, t.id),
    index('devices_type_idx').on(t.type),
    index('devices_status_idx').on(t.statusCode),
    index('devices_create_date_idx').on(t.createDate),
    index('devices_update_date_idx').on(t.updateDate),
    uniqueIndex('devices_serial_number_idx').on(t.serialNumber),
    // The adjuster finds a device by its base station and port.
    index('devices_billing_bs_idx').on(sql`(${t.options}->>'billing_bsName')`, sql`(${t.options}->>'billing_bsPort')`),
  ],
);

export const deviceHouses = pgTable(
  'device_houses',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    houseUid: text('house_uid')
      .notNull()
      .references(() => houses.uid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.houseUid] }), index('device_houses_house_idx').on(t.houseUid, t.deviceId)],
);

/** Device.relays: id (the relay number on the device), statusCode, entrance. */
export const deviceRelays = pgTable(
  'device_relays',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    relayNum: smallint('relay_num').notNull(),
    entranceUid: text('entrance_uid').references(() => entrances.uid, { onDelete: 'set null' }),
    statusCode: smallint('status_code').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.relayNum] }), index('device_relays_entrance_idx').on(t.entranceUid)],
);

/** RS485 scan: sub-devices on a device's RS485 bus. */
export const rs485Devices = pgTable(
  'rs485_devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    busPriority: smallint('bus_priority').notNull().default(0),
    busAddress: smallint('bus_address').notNull().default(0),
    index: smallint('idx').notNull(),
    model: text('model').notNull(),
    address: smallint('address').notNull(),
    version: text('version'),
    enable: boolean('enable').notNull().default(true),
    status: smallint('status').notNull().default(0),
  },
  (t) => [uniqueIndex('rs485_devices_device_idx').on(t.deviceId, t.index)],
);

/**
 * The device list's `houses` of each device (the device list row's: house uid → address and
 * the entrances its relays open), kept as the list sends it. Triggers of migration 0002 rebuild a
 * device's row whenever its houses, relays, a house address or an entrance title change; a device
 * without a row (written with the triggers off, as the large seed does) gets one on its first
 * listing. One index lookup per row instead of five joins is what lets the list keep up.
 */
export const deviceListHouses = pgTable('device_list_houses', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  houses: jsonb('houses').$type<Record<string, JsonValue>>().notNull(),
});

/**
 * Each device's device-list row as the list sends it (the JSON text of the device list row,
 * houses and buyer name included), kept by the triggers of migration 0012 whenever the device, its
 * houses (device_list_houses) or its buyer's name change. A page is then one id walk and one
 * primary-key lookup per row, with no formatting in PostgreSQL or Node. A device
 * without a row (written with the triggers off) is formatted on its listing by
 * `device_list_row_of(id)`.
 */
export const deviceListRows = pgTable('device_list_rows', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  rowJson: text('row_json').notNull(),
});

/**
 * The last RS485 scan of a device and its progress (0..100), so any server process can answer
 * GET …/rs485 while another one runs the scan.
 */
export const rs485Scans = pgTable('rs485_scans', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** running | done | failed */
  status: text('status').notNull(),
  progress: smallint('progress').notNull().default(0),
  message: text('message'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Firmware a device type can be flashed with. */
export const firmwareVersions = pgTable(
  'firmware_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceType: smallint('device_type').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('firmware_versions_type_version_idx').on(t.deviceType, t.version)],
);

/** Installers a wizard can name. */
export const executors = pgTable(
  'executors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    buyerId: integer('buyer_id').references(() => buyers.id),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('executors_buyer_idx').on(t.buyerId)],
);

/** Raw bytes (bytea): pg answers a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A camera snapshot an event points at (the history's image modal), served by the server. */
export const eventImages = pgTable(
  'event_images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull().default('image/jpeg'),
    body: bytea('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_images_device_idx').on(t.deviceId)],
);

/**
 * Device history: access-log events (OPEN_SIP, RFID_FAILED …) of a device. `buyer_id` is
 * the device's buyer copied onto each event, so that a buyer's newest events are one index range
 * (docs/operations.md "Event history"). Every list reads newest first, `event_date desc, id desc`.
 */
export const deviceHistoryEvents = pgTable(
  'device_history_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    eventType: text('event_type').notNull(),
    identity: text('identity'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    image: text('image'),
    /** The snapshot stored here (event_images); `image` is a URL kept as a device reported it. */
    imageId: integer('image_id').references(() => eventImages.id, { onDelete: 'set null' }),
    flatNum: integer('flat_num'),
    userId: integer('user_id'),
    login: text('login'),
    rfid: text('rfid'),
    openCode: text('open_code'),
  },
  (t) => [
    index('device_history_device_date_idx').on(t.deviceId, t.eventDate.desc(), t.id.desc()),
    index('device_history_buyer_date_idx').on(t.buyerId, t.eventDate.desc(), t.id.desc()),
    index('device_history_buyer_type_idx').on(t.buyerId, t.eventType, t.eventDate.desc(), t.id.desc()),
    // The superuser's lists, over every buyer.
    index('device_history_date_idx').on(t.eventDate.desc(), t.id.desc()),
    // The identity filters: a key, a login, a user or a code is rare, so these find its few events at once.
    index('device_history_rfid_idx').on(t.rfid, t.eventDate.desc()).where(sql`${t.rfid} is not null`),
    index('device_history_login_idx').on(t.login, t.eventDate.desc()).where(sql`${t.login} is not null`),
    index('device_history_user_idx').on(t.userId, t.eventDate.desc()).where(sql`${t.userId} is not null`),
    index('device_history_code_idx').on(t.openCode, t.eventDate.desc()).where(sql`${t.openCode} is not null`),
    // An image's deletion sets its events' image_id to null.
    index('device_history_image_idx').on(t.imageId).where(sql`${t.imageId} is not null`),
  ],
);
