import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ServerTextParams } from '../../../contract/server-texts';
import { devices } from './devices';

/**
 * A change the device must get (a key, a door code, the matrix, the SIP account, the flat range),
 * written in the transaction of the change itself and kept until the gateway confirms it
 * (docs/api.md "Device sync"). `change` is the gateway's DeviceChange, replayed as it is; rows are
 * pushed per device in id order. Confirmed rows stay a week for the record, then the runner prunes them.
 */
export const deviceSyncChanges = pgTable(
  'device_sync_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    summary: text('summary').notNull(),
    change: jsonb('change').notNull(),
    /** owed | failed | confirmed */
    status: text('status').notNull().default('owed'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The reason's code and parameters (contract/server-texts.ts), when the gateway coded it. */
    lastErrorCode: text('last_error_code'),
    lastErrorParams: jsonb('last_error_params').$type<ServerTextParams>(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A process sending the device's changes holds them until then (two processes never send one twice). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    // The card's list, the out-of-sync filter (a semi-join on the few unconfirmed rows) and the runner's pick.
    index('device_sync_changes_open_idx').on(t.deviceId, t.id).where(sql`${t.confirmedAt} is null`),
    index('device_sync_changes_due_idx').on(t.nextAttemptAt).where(sql`${t.confirmedAt} is null`),
    index('device_sync_changes_confirmed_idx').on(t.confirmedAt).where(sql`${t.confirmedAt} is not null`),
  ],
);

/** Per device: the last confirmation, the last read-back (what differed, or why it failed) and a queued full re-sync. */
export const deviceSyncStates = pgTable(
  'device_sync_states',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    lastConfirmedAt: timestamp('last_confirmed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    readError: text('read_error'),
    differenceCount: integer('difference_count').notNull().default(0),
    differences: jsonb('differences').notNull().default(sql`'[]'::jsonb`),
    /** A full re-sync asked for many devices at once waits here for the runner (docs/api.md "Device sync"). */
    resyncRequestedAt: timestamp('resync_requested_at', { withTimezone: true }),
    /** A runner doing the re-sync holds it until then (two processes never re-sync one device at once). */
    resyncLeasedUntil: timestamp('resync_leased_until', { withTimezone: true }),
  },
  (t) => [
    index('device_sync_states_differs_idx').on(t.deviceId).where(sql`${t.differenceCount} > 0`),
    index('device_sync_states_resync_idx').on(t.resyncRequestedAt).where(sql`${t.resyncRequestedAt} is not null`),
  ],
);
