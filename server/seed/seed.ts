import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client';
import { publicTables, setSequences, tableChecksum } from '../db/tables';
import { accessActions, accessReasons, accessServices, userAccess } from '../db/schema/access';
import { adjusterJobs } from '../db/schema/adjuster';
import { authAssignments, authItemChildren, authItems } from '../db/schema/auth';
import { buyers, managementCompanies } from '../db/schema/buyers';
import { abonentUnits, commutators, deviceCommutations, lineLevelChecks } from '../db/schema/commutators';
import { deviceDoorCodes, keylessCodeDevices, keylessCodes } from '../db/schema/door-codes';
import { deviceHistoryEvents, deviceHouses, deviceRelays, devices, executors, firmwareVersions, rs485Devices } from '../db/schema/devices';
import {
  flatAccessServices,
  flatBlockHistory,
  flatBlockSchedules,
  flatDeviceSettings,
  flatEntrances,
  flatPermissions,
  flatUsers,
  flats,
  temporaryCodes,
} from '../db/schema/flats';
import { deviceGroups, groups, userGroups } from '../db/schema/groups';
import { entranceGates, entranceRanges, entrances, houses } from '../db/schema/houses';
import { keys } from '../db/schema/keys';
import { sipAccounts } from '../db/schema/sip';
import { externalUsers, userDevices, userOptions, users } from '../db/schema/users';
import { accessStatements, panelsFromTables } from './access-data';
import type { SeedContext, SeedCounters } from './context';
import { buildHouseBuyers } from './house-buyers';
import { buildDeviceListHouses, buildDeviceListRows } from './device-list-houses';
import { writeDevicesOfEntrance } from './devices';
import { seedDialings } from './dialings';
import { flatExtrasStatements } from './flat-extras';
import { planHousing, writeHouse } from './housing';
import { historyStatements } from './history';
import { seedLargeHousing, type SeedStep } from './large';
import { generateOrganisation, type OrgData } from './org';
import { groupsThreeLevelsDeep, peopleStatements } from './people';
import { VOLTAGE_SEED_NODE, voltageStatements } from './power';
import { Random } from './random';
import { DEFAULT_SEED, SEED_PROFILES, type SeedProfile, type SeedSize } from './sizes';
import { BulkWriter } from './writer';

/** Parents before children: the writer flushes in this order. */
const TABLE_ORDER: readonly PgTable[] = [
  buyers,
  authItems,
  authItemChildren,
  managementCompanies,
  users,
  externalUsers,
  authAssignments,
  userOptions,
  accessReasons,
  accessActions,
  accessServices,
  groups,
  userGroups,
  executors,
  firmwareVersions,
  adjusterJobs,
  houses,
  entrances,
  entranceRanges,
  entranceGates,
  flats,
  flatEntrances,
  temporaryCodes,
  flatAccessServices,
  flatUsers,
  userDevices,
  userAccess,
  devices,
  sipAccounts,
  deviceHouses,
  deviceRelays,
  deviceGroups,
  keys,
  deviceHistoryEvents,
  flatBlockHistory,
  flatBlockSchedules,
  flatPermissions,
  deviceCommutations,
  commutators,
  abonentUnits,
  lineLevelChecks,
  deviceDoorCodes,
  keylessCodes,
  keylessCodeDevices,
  flatDeviceSettings,
  rs485Devices,
];

export interface SeedReport {
  size: SeedSize;
  seed: number;
  /** table → rows written */
  rows: Record<string, number>;
  /** Each step of the load in order, with its time (the large size: one or a few tables each). */
  steps: SeedStep[];
}

export interface SeedOptions {
  /** Told each step as it ends (the seed CLI prints them). */
  log?: (line: string) => void;
  /** Changes to the size's profile: a scaled-down `large` for tests (same generator, fewer rows). */
  profile?: Partial<SeedProfile>;
}

/** True when nothing but reference data is stored (no user at all). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ empty: boolean }>(db, sql`select not exists (select 1 from users) as "empty"`);
  return rows[0]?.empty ?? true;
}

/**
 * Fills an empty database with the generated data of `size`, in one transaction. The same seed
 * gives the same rows on every run.
 */
export async function seedDatabase(db: Db, size: SeedSize, seed: number = DEFAULT_SEED, options: SeedOptions = {}): Promise<SeedReport> {
  const profile: SeedProfile = { ...SEED_PROFILES[size], ...options.profile };
  const log = options.log ?? (() => undefined);
  const steps: SeedStep[] = [];
  async function timed(name: string, work: () => Promise<void>): Promise<void> {
    const started = performance.now();
    await work();
    const ms = performance.now() - started;
    steps.push({ name, ms, rows: 0 });
    log(`  ${name.padEnd(28)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
  }
  const report = await db.transaction(async (tx): Promise<SeedReport> => {
    if (profile.deferChecks && (await isSuperuser(tx))) await tx.execute(sql`set local session_replication_role = replica`);
    const writer = new BulkWriter(tx, TABLE_ORDER, profile.batchSize);
    const context: SeedContext = { random: new Random(seed), profile, writer };
    let org: OrgData | null = null;
    await timed('organisation and staff', async () => {
      org = await generateOrganisation(context);
      await writer.flush();
    });
    if (!org) throw new Error('no organisation generated');
    if (profile.generator === 'sql') {
      steps.push(...(await seedLargeHousing(tx, profile, org, seed, log)));
    } else {
      const generated: OrgData = org;
      await timed('housing, devices, residents', () => writeHousingInNode(context, generated));
      const firstResidentId = generated.nextUserId;
      if (profile.peopleExtras) {
        await timed('people and companies', async () => {
          for (const statement of peopleStatements(seed, firstResidentId)) await tx.execute(sql.raw(statement));
        });
      }
    }
    await setSequences(tx);
    await tx.execute(sql.raw(groupsThreeLevelsDeep(seed)));
    if (profile.generator === 'node') {
      await timed('flat card extras', async () => {
        for (const statement of flatExtrasStatements(seed)) await tx.execute(sql.raw(statement));
      });
      await timed('keys, codes, commutators', async () => {
        // PostgreSQL would compile these long expressions (JIT) for a few thousand rows: seconds lost, nothing gained.
        await tx.execute(sql`set local jit = off`);
        for (const statement of [...panelsFromTables(), ...accessStatements({ seed, profile: profile.access, source: 'tables' })]) await tx.execute(sql.raw(statement));
      });
      await timed('call rounds', () => seedDialings(tx, seed, size));
      await timed('device history events', async () => {
        for (const statement of historyStatements(seed, profile.history)) await tx.execute(sql.raw(statement));
      });
      await timed('voltage readings', async () => {
        for (const statement of voltageStatements(seed, VOLTAGE_SEED_NODE)) await tx.execute(sql.raw(statement));
      });
    }
    // The device list's houses projection and each house's buyers are kept by triggers; rows loaded with them off are built here in one statement.
    await timed('house buyers', () => buildHouseBuyers(tx));
    await timed('device list houses', () => buildDeviceListHouses(tx));
    await timed('device list rows', () => buildDeviceListRows(tx));
    // The large size loads with triggers off: tell every process that the grants changed.
    await tx.execute(sql`update auth_version set version = version + 1 where id = 1`);
    return { size, seed, rows: await tableCounts(tx), steps };
  });
  // Fresh statistics, so the first queries on the new data get good plans; after a bulk load also
  // the visibility map (index-only scans) and hint bits, which the first readers would set otherwise.
  await timed(profile.generator === 'sql' ? 'vacuum and analyze' : 'analyze', async () => {
    await db.execute(profile.generator === 'sql' ? sql`vacuum (analyze)` : sql`analyze`);
  });
  return { ...report, steps };
}

/** The small and demo sizes: rows made in Node from one seeded random stream, written in batches. */
async function writeHousingInNode(context: SeedContext, org: OrgData): Promise<void> {
  const { profile, writer } = context;
  const plan = planHousing(context, org);

  // Devices are dealt over every entrance in turn: a main panel per entrance first, then second
  // panels, until the size's count is reached.
  const slots = plan.flatMap((house) => house.entrances.map((entrance) => ({ house, entrance })));
  const perSlot: number[][] = slots.map(() => []);
  for (let index = 0; index < profile.devices; index++) perSlot[index % slots.length].push(index);

  const counters: SeedCounters = { nextUserId: org.nextUserId, nextSipId: 1, nextKeyId: 1 };
  let slot = 0;
  for (const house of plan) {
    await writeHouse(context, house, counters);
    for (const entrance of house.entrances) {
      await writeDevicesOfEntrance(context, org, house, entrance, perSlot[slot], counters);
      slot += 1;
    }
  }
  await writer.flush();
}

/** Rows of every table the seed writes. */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const names = TABLE_ORDER.map((table) => getTableName(table));
  const rows = await queryRows<{ name: string; n: number }>(
    db,
    sql.join(
      names.map((name) => sql`select ${name} as "name", count(*)::int as "n" from ${sql.identifier(name)}`),
      sql` union all `,
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

async function isSuperuser(db: Db): Promise<boolean> {
  const rows = await queryRows<{ superuser: boolean }>(db, sql`select current_setting('is_superuser') = 'on' as "superuser"`);
  return rows[0]?.superuser ?? false;
}


/** Tables whose rows are not seed data (sessions, secrets …): kept out of resets and checksums. */
export const RUNTIME_TABLES = [
  'sessions',
  'login_attempts',
  'server_secrets',
  'idempotency_keys',
  'dictionary_options',
  'dictionary_option_labels',
  'auth_version',
  // Append-only (a trigger refuses TRUNCATE): a reset of the seed leaves the trail of what was done.
  'audit_records',
  'audit_changes',
  'audit_subjects',
] as const;

async function dataTables(db: Db): Promise<string[]> {
  return (await publicTables(db)).filter((name) => !(RUNTIME_TABLES as readonly string[]).includes(name));
}

/** Deletes every seeded row (keeps the schema, the dictionaries and the server secrets). */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = await dataTables(db);
  await db.execute(
    sql`truncate ${sql.join(
      [...tables, 'sessions', 'login_attempts', 'idempotency_keys'].map((name) => sql.identifier(name)),
      sql`, `,
    )} restart identity cascade`,
  );
}

/** md5 of every data table's rows (in a stable order): equal checksums mean equal data. */
export async function databaseChecksum(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await dataTables(db)) result[table] = await tableChecksum(db, table);
  return result;
}
