import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { flats } from './flats';

/** One step of a call round as it happened, in order (docs/api.md "Call rounds"). */
export type CallRoundLegRecord = {
  /** handset | sip | app | forward */
  kind: string;
  /** What was called: the handset's line, a SIP login, an app user's login, a phone number. */
  target: string;
  /** Seconds after the round started that this step began. */
  offsetSeconds: number;
  ringSeconds: number;
  /** answered | no_answer | busy | rejected | unavailable | failed */
  result: string;
  reason: string | null;
};

/**
 * Calls a device placed to a flat (`/dialings/:mac`): when, which flat, each step of the route in
 * order (legs), who answered or why it failed, how long it rang and how long the talk lasted.
 */
export const callRounds = pgTable(
  'call_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    flatNum: integer('flat_num').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** answered | no_answer | busy | rejected | failed | cancelled */
    outcome: text('outcome').notNull(),
    /** The leg kind that answered (handset | sip | app | forward), null when nobody did. */
    answeredBy: text('answered_by'),
    ringSeconds: integer('ring_seconds').notNull().default(0),
    talkSeconds: integer('talk_seconds').notNull().default(0),
    /** Why the round failed, in words, when it did. */
    failureReason: text('failure_reason'),
    legs: jsonb('legs').$type<CallRoundLegRecord[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('call_rounds_device_started_idx').on(t.deviceId, t.startedAt.desc(), t.id.desc()),
    index('call_rounds_device_flat_started_idx').on(t.deviceId, t.flatNum, t.startedAt.desc(), t.id.desc()),
  ],
);

/** A flat's configured call order: whom a call to the flat tries, in `position` order. */
export const flatCallOrders = pgTable(
  'flat_call_orders',
  {
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** handset | sip | app | forward */
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    /** How long this step rings before the next one is tried. */
    ringSeconds: smallint('ring_seconds').notNull().default(30),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.flatId, t.position] })],
);
