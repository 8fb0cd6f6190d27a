import { digest } from './snapshot';

/**
 * The simulated supply of a 12 V panel, shared by the simulator (one reading now) and the seed
 * (the same shape in SQL, server/seed/power.ts): each device has its own level, the day moves it a
 * little (load and temperature), readings are noisy, a door lock firing now and then pulls one far
 * down, and a few devices have a failing PSU that sags and dips often. Spikes are rare.
 */
export const VOLTAGE_MODEL = {
  /** A device's own level: from `baseMin` to `baseMin + baseSpread` volts. */
  baseMin: 12.05,
  baseSpread: 0.45,
  /** Half the daily swing, volts; lowest in the evening (load), highest before dawn. */
  dailyAmplitude: 0.12,
  /** Peak-to-peak noise of one reading, volts. */
  noise: 0.1,
  /** Share of devices with a failing PSU: they sit lower and dip far more often. */
  failingShare: 0.12,
  failingSag: 0.55,
  /** Odds a reading catches a dip (a lock firing), per device kind. */
  dipOdds: 0.015,
  failingDipOdds: 0.09,
  /** A dip reads from `dipMin` to `dipMin + dipSpread` volts. */
  dipMin: 10.1,
  dipSpread: 0.8,
  spikeOdds: 0.003,
  /** A spike reads from `spikeMin` to `spikeMin + spikeSpread` volts. */
  spikeMin: 13.4,
  spikeSpread: 0.5,
} as const;

/** A float in [0, 1) stable for the parts. */
function unit(...parts: readonly (string | number)[]): number {
  return digest('voltage', ...parts).readUInt32BE(0) / 2 ** 32;
}

/** Whether the device's PSU is failing (stable per MAC). */
export function hasFailingSupply(mac: string): boolean {
  return unit(mac, 'failing') < VOLTAGE_MODEL.failingShare;
}

/** The voltage a simulated device reads at `at` (to the minute: two reads in one minute agree), two decimals. */
export function simulatedVolts(mac: string, at: Date): number {
  const m = VOLTAGE_MODEL;
  const minute = Math.floor(at.getTime() / 60_000);
  const failing = hasFailingSupply(mac);
  const draw = unit(mac, minute, 'event');
  let volts: number;
  if (draw < (failing ? m.failingDipOdds : m.dipOdds)) {
    volts = m.dipMin + unit(mac, minute, 'dip') * m.dipSpread;
  } else if (draw > 1 - m.spikeOdds) {
    volts = m.spikeMin + unit(mac, minute, 'spike') * m.spikeSpread;
  } else {
    const hourOfDay = (minute % 1440) / 60;
    // Lowest at 19:00 UTC (evening load), highest at 07:00.
    const daily = m.dailyAmplitude * Math.cos((2 * Math.PI * (hourOfDay - 7)) / 24);
    const noise = (unit(mac, minute, 'noise') - 0.5) * m.noise;
    volts = m.baseMin + unit(mac, 'base') * m.baseSpread + daily + noise - (failing ? m.failingSag : 0);
  }
  return Math.round(volts * 100) / 100;
}
