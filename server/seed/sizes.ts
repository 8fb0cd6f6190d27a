export const SEED_SIZES = ['small', 'demo', 'large'] as const;
export type SeedSize = (typeof SEED_SIZES)[number];

export function isSeedSize(value: string): value is SeedSize {
  return (SEED_SIZES as readonly string[]).includes(value);
}

/** Keys, door codes, keyless codes and matrices made in SQL over the panels (access-data.ts). */
export interface AccessProfile {
  /** Keys per panel with an entrance (the large size's only keys; more on top of Node's on the small ones). */
  keysPerPanel: readonly [number, number];
  /** RS keys per panel with the rsKeys capability (a quarter of them both inner and outer). */
  rsKeysPerPanel: readonly [number, number];
  /** Share of a main panel's flat keys also written on the house's other panels that open the flat. */
  copiedKeyShare: number;
  /** Share of the panels with a common door code. */
  commonCodeShare: number;
  /** Share of the panels taking per-flat door codes that have some (besides the first of each buyer). */
  flatCodePanelShare: number;
  /** Share of such a panel's flats with a code. */
  flatCodeShare: number;
  keylessCodesPerBuyer: number;
  keylessDevicesPerCode: readonly [number, number];
}

/** Events per device with an address, over how many days, and which devices' cameras keep snapshots. */
export interface HistoryProfile {
  eventsPerDevice: readonly [number, number];
  days: number;
  /** Share of the devices with a camera that keep four snapshots each. */
  imageDeviceShare: number;
  /** Share of such a device's events that point at one of its snapshots. */
  imageEventShare: number;
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
  /** Keys Node writes per device (the small sizes; the SQL generator's are in `access`). */
  keysPerDevice: readonly [number, number];
  access: AccessProfile;
  historyPerDevice: readonly [number, number];
  /** The event history made in SQL (history.ts), dated over the `days` before today. */
  history: HistoryProfile;
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
    access: {
      keysPerPanel: [2, 4],
      rsKeysPerPanel: [2, 4],
      copiedKeyShare: 0.5,
      commonCodeShare: 0.85,
      flatCodePanelShare: 0.3,
      flatCodeShare: 0.5,
      keylessCodesPerBuyer: 6,
      keylessDevicesPerCode: [2, 5],
    },
    historyPerDevice: [2, 4],
    history: { eventsPerDevice: [25, 35], days: 30, imageDeviceShare: 1, imageEventShare: 0.3 },
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
    access: {
      keysPerPanel: [3, 6],
      rsKeysPerPanel: [3, 8],
      copiedKeyShare: 0.3,
      commonCodeShare: 0.85,
      flatCodePanelShare: 0.15,
      flatCodeShare: 0.3,
      keylessCodesPerBuyer: 12,
      keylessDevicesPerCode: [3, 15],
    },
    historyPerDevice: [5, 15],
    history: { eventsPerDevice: [6, 10], days: 30, imageDeviceShare: 0.5, imageEventShare: 0.3 },
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
    keysPerDevice: [0, 0],
    // About 21 keys on each of 95,000 working panels, RS keys and copies: over 2.2 million.
    access: {
      keysPerPanel: [12, 30],
      rsKeysPerPanel: [3, 8],
      copiedKeyShare: 0.1,
      commonCodeShare: 0.85,
      flatCodePanelShare: 0.1,
      flatCodeShare: 0.2,
      keylessCodesPerBuyer: 60,
      keylessDevicesPerCode: [20, 300],
    },
    historyPerDevice: [2, 6],
    // About 110 events on each of 95,000 devices with an address: over 10 million.
    history: { eventsPerDevice: [90, 130], days: 90, imageDeviceShare: 0.02, imageEventShare: 0.3 },
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
