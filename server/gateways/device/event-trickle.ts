import { sql } from 'drizzle-orm';
import type { AccessLogEvent } from '../../../contract/history';
import { queryRows, type Db } from '../../db/client';

/** What the simulated panels report while the server runs, and how often each. */
const TRICKLE_KINDS: readonly (readonly [AccessLogEvent, number])[] = [
  ['OPEN_EXTERNAL', 40],
  ['OPEN_API', 20],
  ['OPEN_CODE', 15],
  ['OPEN_HANDSET', 15],
  ['RFID_FAILED', 10],
];

export interface EventTrickleOptions {
  /** Events a minute over all devices (0: none). */
  perMinute: number;
  /** Random numbers in [0, 1) (tests give a fixed sequence). */
  random?: () => number;
}

export interface EventTrickle {
  /** Writes one event now (the timer's work): the event's id, or null when no active device was found. */
  tick(): Promise<number | null>;
  stop(): Promise<void>;
}

interface Logger {
  warn(object: object, message: string): void;
}

function pickKind(draw: number): AccessLogEvent {
  const total = TRICKLE_KINDS.reduce((sum, [, weight]) => sum + weight, 0);
  let upTo = 0;
  for (const [kind, weight] of TRICKLE_KINDS) {
    upTo += weight;
    if (draw * total < upTo) return kind;
  }
  return TRICKLE_KINDS[0][0];
}

/**
 * One event of an active device with an address, as its panel would report it now: a key of the
 * device (its flat), a resident of its house opening from the app, one of its door codes, a flat's
 * handset, or a key it does not know; a third of them with one of the device's stored snapshots.
 */
async function writeEvent(db: Db, random: () => number): Promise<number | null> {
  const kind = pickKind(random());
  const [bounds] = await queryRows<{ low: number | null; high: number | null }>(db, sql`select min(id) as low, max(id) as high from devices`);
  if (bounds?.low == null || bounds.high == null) return null;
  const start = Math.floor(Number(bounds.low) + random() * (Number(bounds.high) - Number(bounds.low) + 1));
  const unknownKey = Math.floor(random() * 0xffffffffffff).toString(16).toUpperCase().padStart(12, '0');
  const withImage = random() < 1 / 3;
  const [row] = await queryRows<{ id: number | string }>(
    db,
    sql`with candidate as (
          (select d.id, d.buyer_id from devices d
           where d.id >= ${start} and d.status_code = 1 and exists (select 1 from device_houses dh where dh.device_id = d.id) order by d.id limit 1)
          union all
          (select d.id, d.buyer_id from devices d
           where d.status_code = 1 and exists (select 1 from device_houses dh where dh.device_id = d.id) order by d.id limit 1)
          limit 1
        ),
        device as (select c.id, c.buyer_id, (select min(dh.house_uid) from device_houses dh where dh.device_id = c.id) as house_uid from candidate c),
        key as (select k.value, k.flat_num from keys k where k.device_id = (select id from device) and not k.rs order by random() limit 1),
        code as (select c.code, c.flat_num from device_door_codes c where c.device_id = (select id from device) order by random() limit 1),
        resident as (
          select u.id, u.login, f.flat_num from flats f join flat_users fu on fu.flat_id = f.id join users u on u.id = fu.user_id
          where f.house_uid = (select house_uid from device) order by random() limit 1
        ),
        flat as (select f.flat_num from flats f where f.house_uid = (select house_uid from device) order by random() limit 1),
        image as (select i.id from event_images i where i.device_id = (select id from device) order by random() limit 1),
        event as (
          select d.id as device_id, d.buyer_id,
                 case ${kind} when 'OPEN_EXTERNAL' then key.value when 'RFID_FAILED' then ${unknownKey} end as rfid,
                 case ${kind} when 'OPEN_CODE' then code.code end as open_code,
                 case ${kind} when 'OPEN_API' then resident.id end as user_id,
                 case ${kind} when 'OPEN_API' then resident.login end as login,
                 case ${kind} when 'OPEN_EXTERNAL' then key.flat_num when 'OPEN_CODE' then code.flat_num when 'OPEN_API' then resident.flat_num
                              when 'OPEN_HANDSET' then flat.flat_num end as flat_num,
                 case when ${withImage} then image.id end as image_id
          from device d left join key on true left join code on true left join resident on true left join flat on true left join image on true
        )
        insert into device_history_events (device_id, buyer_id, event_date, event_type, identity, params, image_id, flat_num, user_id, login, rfid, open_code)
        select device_id, buyer_id, date_trunc('milliseconds', now()), ${kind}, coalesce(rfid, open_code, login),
               case ${kind} when 'RFID_FAILED' then '{"reason":"unknown key"}'::jsonb else '{}'::jsonb end,
               image_id, flat_num, user_id, login, rfid, open_code
        from event
        returning id`,
  );
  return row ? Number(row.id) : null;
}

/**
 * The simulator's live history: while the server runs, a few events a minute from random active
 * devices (server/main.ts starts it, EVENT_TRICKLE_PER_MINUTE). Each is written as it happens; a
 * failed write is logged and the next one tried at its time.
 */
export function startEventTrickle(db: Db, options: EventTrickleOptions, log: Logger): EventTrickle {
  const random = options.random ?? Math.random;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const tick = () => writeEvent(db, random);

  function schedule(): void {
    if (stopped || options.perMinute <= 0) return;
    // Spread like real arrivals: the gap is random around the mean.
    const gap = (60_000 / options.perMinute) * (0.5 + random());
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => log.warn({ err: error }, 'event trickle: the event was not written'))
        .finally(schedule);
    }, gap);
    timer.unref();
  }

  schedule();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
