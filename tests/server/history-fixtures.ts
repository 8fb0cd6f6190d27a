import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../server/db/client';

/** Devices of the small seed: one of buyer 1 (the demo accounts'), one of buyer 2. */
export const OWN = { id: 6, mac: 'E4:5A:D4:00:00:05' } as const;
export const FOREIGN = { id: 1, mac: '70:B3:D5:00:00:00' } as const;

/**
 * Events the tests know exactly, in March 2024, long before the seed's (the 30 days before today):
 * a filter on that month reads only these. Around the edges of 10 March in Vladivostok (UTC+10).
 */
export const FIXTURE_EVENTS = [
  { device: OWN, at: '2024-03-09T13:59:59Z', type: 'BTN_UP' },
  { device: OWN, at: '2024-03-09T14:00:00Z', type: 'OPEN_EXTERNAL', rfid: 'ABCDEF000001', flatNum: 77 },
  { device: OWN, at: '2024-03-10T08:30:00Z', type: 'OPEN_API', login: 'fixture-login', userId: 2, flatNum: 77 },
  { device: OWN, at: '2024-03-10T09:00:00Z', type: 'OPEN_CODE', openCode: '97531', flatNum: 12 },
  { device: OWN, at: '2024-03-10T13:59:59Z', type: 'RFID_FAILED', rfid: 'ABCDEF0000FF', params: { reason: 'unknown key' } },
  { device: OWN, at: '2024-03-10T14:00:00Z', type: 'SIP_CALL', login: 'fixture-login', userId: 2, flatNum: 77 },
  { device: FOREIGN, at: '2024-03-10T10:00:00Z', type: 'OPEN_EXTERNAL', rfid: 'ABCDEF000001', flatNum: 77 },
  { device: FOREIGN, at: '2024-03-10T11:00:00Z', type: 'OPEN_API', login: 'fixture-login', userId: 2, flatNum: 77 },
] as const;

/** The month of the fixture events, as ISO bounds. */
export const MARCH_2024 = { dateFrom: '2024-03-01T00:00:00.000Z', dateTo: '2024-03-31T23:59:59.000Z' } as const;

type Fixture = (typeof FIXTURE_EVENTS)[number];
const valueOf = <K extends string>(event: Fixture, key: K): unknown => (key in event ? (event as Record<string, unknown>)[key] : null);

/** Writes the fixture events (the own device's OPEN_EXTERNAL with its first snapshot); returns that snapshot's id and one of another buyer's. */
export async function insertFixtureEvents(app: FastifyInstance): Promise<{ ownImageId: number; foreignImageId: number }> {
  const db = app.database.drizzle;
  const [own] = await queryRows<{ id: number }>(db, sql`select min(id)::int as id from event_images where device_id = ${OWN.id}`);
  const [foreign] = await queryRows<{ id: number }>(db, sql`select min(i.id)::int as id from event_images i join devices d on d.id = i.device_id where d.buyer_id <> 1`);
  for (const event of FIXTURE_EVENTS) {
    const imageId = event.device === OWN && event.type === 'OPEN_EXTERNAL' ? own.id : null;
    const params = valueOf(event, 'params') ?? {};
    await db.execute(sql`
      insert into device_history_events (device_id, buyer_id, event_date, event_type, identity, params, image_id, flat_num, user_id, login, rfid, open_code)
      select ${event.device.id}, buyer_id, ${event.at}::timestamptz, ${event.type}, ${(valueOf(event, 'rfid') ?? valueOf(event, 'login') ?? valueOf(event, 'openCode')) as string | null},
             ${JSON.stringify(params)}::jsonb, ${imageId}, ${valueOf(event, 'flatNum') as number | null}, ${valueOf(event, 'userId') as number | null},
             ${valueOf(event, 'login') as string | null}, ${valueOf(event, 'rfid') as string | null}, ${valueOf(event, 'openCode') as string | null}
      from devices where id = ${event.device.id}`);
  }
  return { ownImageId: own.id, foreignImageId: foreign.id };
}

/** Takes a demo account's roles away (its session then holds none). */
export async function dropRoles(app: FastifyInstance, userId: number): Promise<void> {
  const db = app.database.drizzle;
  await db.execute(sql`delete from auth_assignments where user_id = ${userId}`);
  await db.execute(sql`update auth_version set version = version + 1 where id = 1`);
}
