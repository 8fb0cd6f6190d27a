export const SEED_SIZES = ['small', 'demo', 'large'] as const;
export type SeedSize = (typeof SEED_SIZES)[number];

export function isSeedSize(value: string): value is SeedSize {
  return (SEED_SIZES as readonly string[]).includes(value);
}

export interface SeedProfile {
  buyers: number;
  houses: number;
  devices: number;
  /** Main entrances per house, inclusive range. */
  entrancesPerHouse: readonly [number, number];
  flatsPerEntrance: readonly [number, number];
  /** Share of flats with residents (each gets one or two users). */
  residentShare: number;
  keysPerDevice: readonly [number, number];
  historyPerDevice: readonly [number, number];
  /** Staff users per role and buyer, besides the demo accounts. */
  staffPerRole: number;
  managementCompaniesPerBuyer: number;
  groupsPerBuyer: number;
  /** Commutators, abonent units, RS485 and per-flat device settings (skipped for the benchmark size). */
  deviceDetails: boolean;
  /**
   * Skip foreign-key triggers while loading (needs a superuser; PGlite always is). The generator
   * keeps every reference valid, and the smaller sizes, loaded with the checks on, prove it.
   */
  deferChecks: boolean;
  /**
   * Residents' groups, more access entries and phones, external ids and operators, companies dealt
   * evenly over the houses (people.ts). Off for the small size, whose exact rows the tests rely on.
   */
  peopleExtras: boolean;
  /** Rows per INSERT statement. */
  batchSize: number;
  /**
   * Who makes the housing stock, devices, residents and keys: Node (one seeded random stream,
   * small sizes) or PostgreSQL itself (`generate_series`, `insert … select`: the large size).
   */
  generator: 'node' | 'sql';
}

export const SEED_PROFILES: Record<SeedSize, SeedProfile> = {
  small: {
    buyers: 2,
    houses: 5,
    devices: 30,
    entrancesPerHouse: [1, 3],
    flatsPerEntrance: [4, 8],
    residentShare: 0.5,
    keysPerDevice: [1, 3],
    historyPerDevice: [2, 4],
    staffPerRole: 1,
    managementCompaniesPerBuyer: 2,
    groupsPerBuyer: 3,
    deviceDetails: true,
    deferChecks: false,
    peopleExtras: false,
    batchSize: 5_000,
    generator: 'node',
  },
  demo: {
    buyers: 3,
    houses: 50,
    devices: 400,
    entrancesPerHouse: [1, 6],
    flatsPerEntrance: [12, 36],
    residentShare: 0.35,
    keysPerDevice: [3, 12],
    historyPerDevice: [5, 15],
    staffPerRole: 3,
    managementCompaniesPerBuyer: 3,
    groupsPerBuyer: 16,
    deviceDetails: true,
    deferChecks: false,
    peopleExtras: true,
    batchSize: 5_000,
    generator: 'node',
  },
  large: {
    buyers: 12,
    houses: 25_000,
    devices: 100_000,
    entrancesPerHouse: [1, 3],
    // About 26 flats per entrance, two entrances per house: 1.3 million flats.
    flatsPerEntrance: [12, 40],
    residentShare: 0.25,
    keysPerDevice: [2, 6],
    historyPerDevice: [2, 6],
    staffPerRole: 3,
    managementCompaniesPerBuyer: 8,
    groupsPerBuyer: 16,
    deviceDetails: false,
    deferChecks: true,
    peopleExtras: true,
    batchSize: 10_000,
    generator: 'sql',
  },
};

/** The seed every start uses unless told otherwise. */
export const DEFAULT_SEED = 20_250_601;
