import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { SeedSize } from './sizes';
import { TODAY_SQL, sqlRandom } from './sql-random';

/** Call rounds per dialing device over the last 30 days, inclusive range, by seed size. */
export const CALL_ROUNDS_PER_DEVICE: Record<SeedSize, readonly [number, number]> = {
  small: [40, 90],
  demo: [30, 80],
  large: [30, 60],
};

/** Why a step did not ring, by the kind of step (docs/api.md "Call rounds"). */
const UNAVAILABLE_REASON = `case s.kind when 'handset' then 'Обрыв линии трубки' when 'sip' then 'SIP-аккаунт не зарегистрирован'
  when 'app' then 'У приложения нет push-токена' else 'Номер недоступен' end`;

/**
 * The flats' call orders and the devices' call rounds, made by PostgreSQL from the tables already
 * loaded (the same statements for every size). Every device with the `dialings` capability calls the
 * flats of the entrance its first relay opens. A flat's order: its handset, the app of each resident
 * with a push-enabled phone, each resident's SIP account, and for some a forwarding number; a third
 * of the flats ring the app first. A round walks the enabled steps in order until one answers (most),
 * or ends unanswered, busy, rejected, failed (every step unavailable, with why) or cancelled.
 */
export function dialingStatements(seed: number, size: SeedSize): string[] {
  const { r, int } = sqlRandom(seed);
  const [roundsMin, roundsMax] = CALL_ROUNDS_PER_DEVICE[size];
  const rk = '(d.id::bigint * 1000 + n)';
  return [
    `create temp table seed_dialing_devices on commit drop as
     select distinct on (d.id) d.id, e.house_uid, er.range_start, er.range_end
     from devices d
     join device_relays dr on dr.device_id = d.id
     join entrances e on e.uid = dr.entrance_uid
     join entrance_ranges er on er.entrance_uid = e.uid and er.range_start >= 1 and er.range_end >= er.range_start
     where 'dialings' = any(d.capabilities) and d.status_code <> 3
     order by d.id, dr.relay_num`,
    `create temp table seed_call_flats on commit drop as
     select distinct f.id, f.flat_num
     from seed_dialing_devices d join flats f on f.house_uid = d.house_uid and f.flat_num between d.range_start and d.range_end`,
    `insert into flat_call_orders (flat_id, position, kind, target, ring_seconds, enabled)
     select flat_id, row_number() over (partition by flat_id order by rank, kind, target), kind, target, ring, enabled
     from (
       select f.id as flat_id, 'handset' as kind, f.flat_num::text as target, case when ${r('f.id', 901)} < 0.33 then 2 else 1 end as rank, 30 as ring, true as enabled
       from seed_call_flats f
       union all
       select f.id, 'app', u.login, case when ${r('f.id', 901)} < 0.33 then 1 else 2 end, 20, ${r('u.id', 902)} >= 0.05
       from seed_call_flats f join flat_users fu on fu.flat_id = f.id join users u on u.id = fu.user_id
       where exists (select 1 from user_devices ud where ud.user_id = u.id and ud.push_enabled)
       union all
       select f.id, 'sip', s.login, 3, 25, ${r('s.id', 903)} >= 0.05
       from seed_call_flats f join flat_users fu on fu.flat_id = f.id join sip_accounts s on s.user_id = fu.user_id
       union all
       select f.id, 'forward', '+79' || lpad((${int('f.id', 905, 0, 999_999_999)})::text, 9, '0'), 4, 30, true
       from seed_call_flats f where ${r('f.id', 904)} < 0.12
     ) steps
     order by flat_id`,
    // Rounds by day over the last 30 days, most between 07:00 and 23:00 Moscow time.
    `create temp table seed_call_rounds on commit drop as
     select ${rk} as rk, d.id as device_id, f.id as flat_id, f.flat_num,
            ${TODAY_SQL} - make_interval(days => ${int(rk, 910, 1, 30)})
              + make_interval(secs => case when ${r(rk, 911)} < 0.93 then 14400 + floor(${r(rk, 912)} * 57600) else floor(${r(rk, 912)} * 86400) end) as started_at,
            case when ${r(rk, 913)} < 0.70 then 'answered' when ${r(rk, 913)} < 0.82 then 'no_answer' when ${r(rk, 913)} < 0.87 then 'busy'
                 when ${r(rk, 913)} < 0.90 then 'rejected' when ${r(rk, 913)} < 0.96 then 'failed' else 'cancelled' end as outcome,
            case when ${r(rk, 914)} < 0.6 then 1 when ${r(rk, 914)} < 0.85 then 2 when ${r(rk, 914)} < 0.95 then 3 else 4 end as answer_at,
            ${int(rk, 915, 8, 180)} as talk
     from seed_dialing_devices d
     cross join lateral generate_series(1, ${int('d.id', 916, roundsMin, roundsMax)}) as n
     join flats f on f.house_uid = d.house_uid and f.flat_num = d.range_start + floor(${r(rk, 917)} * (d.range_end - d.range_start + 1))::int`,
    `insert into call_rounds (device_id, flat_num, started_at, outcome, answered_by, ring_seconds, talk_seconds, failure_reason, legs)
     with steps as (
       select flat_id, kind, target, ring_seconds, row_number() over (partition by flat_id order by position) as i, count(*) over (partition by flat_id) as k
       from flat_call_orders where enabled
     ), tried as (
       select c.rk, s.i, s.kind, s.target,
              case
                when c.outcome = 'answered' and s.i = least(c.answer_at, s.k) then 'answered'
                when c.outcome in ('busy', 'rejected', 'cancelled') then c.outcome
                when c.outcome = 'failed' or ${r('c.flat_id * 16 + s.i', 920)} < 0.06 or ${r('c.rk * 16 + s.i', 921)} < 0.12 then 'unavailable'
                else 'no_answer'
              end as result,
              s.ring_seconds, ${r('c.rk * 16 + s.i', 922)} as u
       from seed_call_rounds c join steps s on s.flat_id = c.flat_id
       where s.i = 1 or c.outcome in ('no_answer', 'failed') or (c.outcome = 'answered' and s.i <= least(c.answer_at, s.k))
     ), rung as (
       select t.*,
              case t.result
                when 'answered' then 3 + floor(t.u * least(t.ring_seconds - 3, 20))::int
                when 'no_answer' then t.ring_seconds
                when 'busy' then 1
                when 'rejected' then 2 + floor(t.u * 10)::int
                when 'cancelled' then 2 + floor(t.u * 12)::int
                else 0
              end as ring,
              case t.result
                when 'unavailable' then ${UNAVAILABLE_REASON.replaceAll('s.kind', 't.kind')}
                when 'busy' then 'Линия занята'
                when 'rejected' then 'Абонент отклонил вызов'
                when 'cancelled' then 'Посетитель положил трубку'
              end as reason
       from tried t
     ), legs as (
       select g.*, coalesce(sum(g.ring + 2) over (partition by g.rk order by g.i rows between unbounded preceding and 1 preceding), 0)::int as offset_seconds
       from rung g
     )
     select c.device_id, c.flat_num, c.started_at, c.outcome,
            min(l.kind) filter (where l.result = 'answered'),
            sum(l.ring)::int,
            case when c.outcome = 'answered' then c.talk else 0 end,
            case c.outcome
              when 'answered' then null
              when 'no_answer' then 'Никто не ответил'
              when 'busy' then 'Абонент занят'
              when 'rejected' then 'Вызов отклонён'
              when 'cancelled' then 'Посетитель отменил вызов'
              else (array_agg(l.reason order by l.i))[1]
            end,
            jsonb_agg(jsonb_build_object('kind', l.kind, 'target', l.target, 'offsetSeconds', l.offset_seconds, 'ringSeconds', l.ring, 'result', l.result, 'reason', l.reason) order by l.i)
     from seed_call_rounds c join legs l on l.rk = c.rk
     group by c.rk, c.device_id, c.flat_num, c.started_at, c.outcome, c.talk
     order by c.rk`,
  ];
}

/** The small and demo sizes: the same statements, run in the seed's transaction. */
export async function seedDialings(db: Db, seed: number, size: SeedSize): Promise<void> {
  for (const statement of dialingStatements(seed, size)) await db.execute(sql.raw(statement));
}
