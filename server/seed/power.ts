import { VOLTAGE_MODEL } from '../gateways/device/voltage';
import { TODAY_SQL, sqlRandom } from './sql-random';

/**
 * How the voltage readings of the devices with the `power` capability are laid out: a `fullShare`
 * of the devices polled every `stepMinutes` over `days` before today, the rest every
 * `shortStepMinutes` over `shortDays`.
 */
export interface VoltageSeedPlan {
  stepMinutes: number;
  days: number;
  fullShare: number;
  shortStepMinutes: number;
  shortDays: number;
}

/** The small and demo sizes: every power device polled each half hour for 30 days. */
export const VOLTAGE_SEED_NODE: VoltageSeedPlan = { stepMinutes: 30, days: 30, fullShare: 1, shortStepMinutes: 30, shortDays: 30 };
/**
 * The large size (100,000 devices, half of them analogue panels with the capability): hourly over
 * 30 days for 2 % of the power devices, every 3 hours over 7 days for the rest; about 4 million rows
 * (hourly for everyone over 30 days would be 38 million, hourly over 7 days for the rest 15 million
 * and ten minutes of loading).
 */
export const VOLTAGE_SEED_LARGE: VoltageSeedPlan = { stepMinutes: 60, days: 30, fullShare: 0.02, shortStepMinutes: 180, shortDays: 7 };

/**
 * The polls of every power device, in one `insert … select` (the simulator's model, server/gateways/
 * device/voltage.ts, in SQL: a level per device, a daily swing, noise, dips when a lock fires, a
 * failing PSU on some, rare spikes). The readings run up to the end of today (UTC), so a demo opened
 * at any hour has one from the last poll; the server never answers a reading after its now. The
 * same seed gives the same rows on the same day.
 */
export function voltageStatements(seed: number, plan: VoltageSeedPlan): string[] {
  const { r } = sqlRandom(seed);
  const m = VOLTAGE_MODEL;
  // A device and a minute: the key of each reading's draws.
  const key = `d.id::bigint * 100000000 + extract(epoch from ts)::bigint / 60`;
  const hourOfDay = `((extract(epoch from ts)::bigint % 86400) / 3600.0)`;
  const steady = `${m.baseMin} + d.base * ${m.baseSpread} + ${m.dailyAmplitude} * cos(2 * pi() * (${hourOfDay} - 7) / 24)
                  + (${r(key, 903)} - 0.5) * ${m.noise} - case when d.failing then ${m.failingSag} else 0 end`;
  return [
    `set local jit = off`,
    // One sort after the load instead of a random insert into the time index for every row.
    `drop index if exists device_voltage_readings_measured_idx`,
    `insert into device_voltage_readings (device_id, measured_at, volts, source)
     select d.id, ts,
            round((case when x.e < case when d.failing then ${m.failingDipOdds} else ${m.dipOdds} end then ${m.dipMin} + ${r(key, 904)} * ${m.dipSpread}
                        when x.e > ${1 - m.spikeOdds} then ${m.spikeMin} + ${r(key, 905)} * ${m.spikeSpread}
                        else ${steady} end)::numeric, 2)::real,
            'poll'
     from (select id, ${r('id', 901)} as base, ${r('id', 902)} < ${m.failingShare} as failing,
                  ${r('id', 900)} < ${plan.fullShare} as full_plan
           from devices where 'power' = any(capabilities) order by id) d
     cross join lateral (select case when d.full_plan then ${plan.days} else ${plan.shortDays} end as days,
                                case when d.full_plan then ${plan.stepMinutes} else ${plan.shortStepMinutes} end as step) as p
     cross join lateral generate_series(${TODAY_SQL} - make_interval(days => p.days), ${TODAY_SQL} + interval '1 day' - make_interval(mins => p.step), make_interval(mins => p.step)) as ts
     cross join lateral (select ${r(key, 906)} as e) as x`,
    `create index device_voltage_readings_measured_idx on device_voltage_readings using btree (measured_at)`,
  ];
}
