import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { buyers } from './buyers';
import { devices } from './devices';
import { houses } from './houses';
import { users } from './users';

/**
 * SIP account: of a resident (user, flat) or of a device (`device_id`; the device SIP
 * update also carries sos and conciergeApartment).
 */
export const sipAccounts = pgTable(
  'sip_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    login: text('login').notNull(),
    password: text('password').notNull(),
    domain: text('domain').notNull(),
    port: integer('port').notNull(),
    type: text('type'),
    flatNum: integer('flat_num'),
    houseUid: text('house_uid').references(() => houses.uid, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    sos: text('sos'),
    conciergeApartment: integer('concierge_apartment'),
  },
  (t) => [
    uniqueIndex('sip_accounts_login_idx').on(t.login),
    uniqueIndex('sip_accounts_device_idx').on(t.deviceId),
    index('sip_accounts_user_idx').on(t.userId),
    index('sip_accounts_house_flat_idx').on(t.houseUid, t.flatNum),
  ],
);
