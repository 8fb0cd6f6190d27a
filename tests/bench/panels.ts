// Real panels (DEVICE_GATEWAY=drivers) against the loopback emulators, on PostgreSQL:
//   1. a key added to a flat (the flat card's way: GET the card, then one POST /front/keys/create per
//      device of the flat, at once) is on every panel of the flat, p95 ≤ 2 s after the API answered
//      (arrival read on the emulators' state; p50 / p95 over BENCH_PANEL_KEYS keys);
//   2. a full re-sync (POST /front/devices/:mac/sync/full) of a Beward panel holding 2,000 keys,
//      300 flats and a full COM-220U matrix: ≤ 10 s onto an empty panel, ≤ 1 s when nothing differs
//      (the same call again), each until the device owes nothing;
//   3. a company upload (tests/bench/mc-upload.ts, two server processes) to 1,000 emulated Beward
//      panels: ≥ 50 panels/s, 0 panels done twice, and how many failed, with the panels' reasons;
//   4. syslog: 2,000 lines/s for 30 s from 500 panels (UDP from 127.0.1.1, 127.0.1.2 …, each the host
//      of one device's URL), 0 lines lost that map to a device, and the history page's p99 under the
//      flood within 20 % of its p99 without it (10 connections, as the operator).
//
// Nothing leaves 127.0.0.0/8: every device driven has its URL on a loopback emulator, the seed's
// other devices lose their (10.x) URLs, DEVICE_NETWORKS is 127.0.0.0/8, and the server processes
// load tests/bench/loopback-only.mjs, which refuses any other TCP connection or UDP datagram.
// The seed of the panels' devices is set-based SQL on a fresh database beside BENCH_DATABASE_URL /
// TEST_DATABASE_URL (dropped afterwards); the emulators run in this process.
//
// Knobs (defaults = the budgets' sizes): BENCH_PANELS_PARTS (keys,resync,upload,syslog),
// BENCH_PANEL_KEYS (100), BENCH_PANELS_PER_FLAT (3), BENCH_RESYNC_KEYS (2000), BENCH_RESYNC_FLATS
// (300), BENCH_UPLOAD_PANELS (1000), BENCH_SYSLOG_PANELS (500), BENCH_SYSLOG_RATE (2000 lines/s),
// BENCH_SYSLOG_SECONDS (30), BENCH_SYSLOG_HISTORY_SECONDS (10: each history load, with and without
// the flood).
//
// Standalone: node --import tsx tests/bench/panels.ts (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { deviceTypeId, type DeviceTypeName } from '../../contract/devices';
import { deviceSyncEndpoints, type DeviceSyncState } from '../../contract/device-sync';
import { flatEndpoints } from '../../contract/flat-card';
import { flatParams } from '../../contract/flats';
import { KEY_TYPES, keyEndpoints } from '../../contract/keys';
import { capabilitiesOf } from '../../server/devices/capabilities';
import { startBewardEmulator, type BewardEmulator } from '../../server/gateways/device/panels/beward/emulator';
import { startIsSokolEmulator, type IsSokolEmulator } from '../../server/gateways/device/panels/iscom/emulator';
import { repoRoot, startServer, type ServerProcess } from '../e2e/server-process';
import { adminQuery, databaseUrl } from '../server/postgres';
import { withClient } from './housing';
import { loadPaths, logInCookie, statusSummary, type LoadFigures } from './load';
import { call, mcUploadReport, operatorSession, type McUploadFigures } from './mc-upload';

export const PANELS_BUDGET = {
  keyArrivalP95Ms: 2_000,
  resyncMs: 10_000,
  resyncUnchangedMs: 1_000,
  uploadPanelsPerSecond: 50,
  uploadDuplicates: 0,
  syslogLost: 0,
  /** The history page's p99 under the flood over its p99 without it. */
  historyP99Ratio: 1.2,
};

const env = process.env;
const count = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0, not «${env[name]}»`);
  return Math.floor(value);
};
export const PANELS_SCALE = {
  keys: count('BENCH_PANEL_KEYS', 100),
  panelsPerFlat: Math.max(1, count('BENCH_PANELS_PER_FLAT', 3)),
  resyncKeys: count('BENCH_RESYNC_KEYS', 2_000),
  resyncFlats: Math.max(1, count('BENCH_RESYNC_FLATS', 300)),
  uploadPanels: count('BENCH_UPLOAD_PANELS', 1_000),
  syslogPanels: Math.min(250 * 254, count('BENCH_SYSLOG_PANELS', 500)),
  syslogRate: count('BENCH_SYSLOG_RATE', 2_000),
  syslogSeconds: Math.max(1, count('BENCH_SYSLOG_SECONDS', 30)),
  historySeconds: Math.max(1, count('BENCH_SYSLOG_HISTORY_SECONDS', 10)),
};
const PARTS = new Set((env.BENCH_PANELS_PARTS ?? 'keys,resync,upload,syslog').split(',').map((part) => part.trim()));

/** No key arrives later than this: it is counted as not arrived. */
const ARRIVAL_TIMEOUT_MS = 15_000;
/** A full re-sync that has not settled by then is reported as such. */
const RESYNC_TIMEOUT_MS = 300_000;
const GUARD = pathToFileURL(join(repoRoot, 'tests/bench/loopback-only.mjs')).href;
/** What every server of this section runs with: the drivers, loopback only, the guard loaded. */
export const DRIVERS_ENV: Readonly<Record<string, string>> = {
  DEVICE_GATEWAY: 'drivers',
  DEVICE_NETWORKS: '127.0.0.0/8',
  DEVICE_FAILURE_SHARE: '0',
  DEVICE_TIMEOUT_MS: '5000',
  NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${GUARD}`.trim(),
  // The database is the one host the guard lets through besides loopback.
  LOOPBACK_ONLY_ALLOW: [env.LOOPBACK_ONLY_ALLOW, databaseHost()].filter(Boolean).join(','),
};
function databaseHost(): string {
  const url = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
  return url ? new URL(url).hostname.replace(/^\[(.*)\]$/, '$1') : '';
}
/** COM-xxU are Metakom's commutators (docs/panels-beward.md). */
const METAKOM = KEY_TYPES.indexOf('Metakom');
/** COM-220U: 3 commutators of 10 units × 22 dozens. */
const COM_220U = { commutators: 3, units: 10, dozens: 22 };
const HOUSE = { keys: 'bench-panels-keys', resync: 'bench-panels-resync' };

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface KeyArrivalFigures {
  keys: number;
  panelsPerFlat: number;
  /** From the last create's answer to the key on every panel of the flat (0 when it was there at the answer). */
  afterAnswerMs: number[];
  /** From the first request (the flat card's GET) to the last create's answer. */
  apiMs: number[];
  /** Keys not on every panel ARRIVAL_TIMEOUT_MS after the answer. */
  notArrived: number;
  /** Create answers saying the key is still owed to the device. */
  owedAnswers: number;
}

export interface ResyncFigures {
  keys: number;
  flats: number;
  cells: number;
  /** Onto an empty panel, until nothing is owed. */
  firstMs: number;
  /** The same call again, the panel already holding it all. */
  unchangedMs: number;
  /** What the device's sync state said after each (in-sync, or why not). */
  firstState: string;
  unchangedState: string;
  /** The emulator after the first: keys, flats and matrix cells as expected. */
  panelMatches: string | null;
  /** The read-back after both (info). */
  readBack: string;
  panelRequests: { first: number; unchanged: number };
}

export interface SyslogFigures {
  panels: number;
  seconds: number;
  sent: number;
  sendErrors: number;
  linesPerSecond: number;
  stored: number;
  lost: number;
  /** UDP datagrams the kernel dropped for a full receive buffer meanwhile (machine-wide, /proc/net/snmp RcvbufErrors; null: unknown). */
  kernelDrops: number | null;
  quiet: LoadFigures;
  flood: LoadFigures;
}

export interface PanelsFigures {
  keys: KeyArrivalFigures | null;
  resync: ResyncFigures | null;
  upload: McUploadFigures | null;
  uploadRequests: number | null;
  syslog: SyslogFigures | null;
  /** Scenarios that could not run, with why: the only failures of the section. */
  failures: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a');
const macOf = (prefix: number, n: number) => [0x02, prefix, 0, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
const keyValue = (prefix: string, n: number) => `${prefix}${n.toString(16).toUpperCase().padStart(14 - prefix.length, '0')}`;
/** The n-th (0-based) syslog panel's address: 127.0.1.1 … 127.0.1.254, 127.0.2.1 … */
const syslogAddress = (n: number) => `127.0.${1 + Math.floor(n / 254)}.${1 + (n % 254)}`;

/** The machine's count of UDP datagrams dropped for a full socket receive buffer (Linux), null elsewhere. */
async function udpReceiveBufferErrors(): Promise<number | null> {
  const text = await readFile('/proc/net/snmp', 'utf8').catch(() => '');
  const [names, values] = text.split('\n').filter((line) => line.startsWith('Udp: '));
  const at = names?.split(' ').indexOf('RcvbufErrors') ?? -1;
  return at < 0 || !values ? null : Number(values.split(' ')[at]);
}

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

interface PanelDevice {
  mac: string;
  type: DeviceTypeName;
  url: string;
  login: string;
  password: string;
}

/** Devices of buyer 1 in one statement each: the devices, their house, relay 1 on the entrance. */
async function insertDevices(client: pg.Client, devices: readonly PanelDevice[], houseUid: string, entranceUid: string | null): Promise<void> {
  if (devices.length === 0) return;
  const types = devices.map((device) => deviceTypeId(device.type));
  await client.query(
    `with given as (select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) as g(mac, type, url, login, password, capabilities))
     insert into devices (mac, buyer_id, type, status_code, options, capabilities)
     select mac, 1, type, 1, jsonb_build_object('url', url, 'login', login, 'password', password), string_to_array(capabilities, ',') from given`,
    [devices.map((d) => d.mac), types, devices.map((d) => d.url), devices.map((d) => d.login), devices.map((d) => d.password), types.map((type) => capabilitiesOf(type).join(','))],
  );
  await client.query(`insert into device_houses (device_id, house_uid) select id, $2 from devices where mac = any($1::text[])`, [devices.map((d) => d.mac), houseUid]);
  if (entranceUid) {
    await client.query(`insert into device_relays (device_id, relay_num, entrance_uid, status_code) select id, 1, $2, 1 from devices where mac = any($1::text[])`, [devices.map((d) => d.mac), entranceUid]);
  }
}

/** A house of buyer 1 with one entrance serving flats 1..flats, the flats and their entrance. */
async function insertHouse(client: pg.Client, uid: string, flats: number): Promise<string> {
  const entrance = `${uid}-1`;
  await client.query(`insert into houses (uid, address, region) values ($1, $2, 77)`, [uid, `г. Стенд, ул. Панельная, д. ${uid}`]);
  await client.query(`insert into entrances (uid, buyer_id, house_uid, entrance_num, title, type) values ($1, 1, $2, 1, 'Подъезд 1', 1)`, [entrance, uid]);
  await client.query(`insert into entrance_ranges (entrance_uid, range_start, range_end) values ($1, 1, $2)`, [entrance, flats]);
  await client.query(`insert into flats (buyer_id, house_uid, flat_num) select 1, $1, g from generate_series(1, $2::int) g`, [uid, flats]);
  await client.query(`insert into flat_entrances (flat_id, entrance_uid) select id, $2 from flats where house_uid = $1`, [uid, entrance]);
  return entrance;
}

/** A full COM-220U grid: every cell a flat of the panel (1..flats, in turn). */
function com220uMatrix(flats: number): number[][][] {
  let cell = 0;
  return Array.from({ length: COM_220U.commutators }, () =>
    Array.from({ length: COM_220U.units }, () => Array.from({ length: COM_220U.dozens }, () => 1 + (cell++ % flats))),
  );
}

interface Fleet {
  keyPanels: { mac: string; holds: (value: string) => boolean; requests: () => number }[];
  resync: { mac: string; emulator: BewardEmulator } | null;
  syslogIds: number[];
  close(): Promise<void>;
}

/** The emulators of parts 1 and 2, and the devices of parts 1, 2 and 4, seeded set-based. */
async function seedFleet(url: string): Promise<Fleet> {
  const emulators: (BewardEmulator | IsSokolEmulator)[] = [];
  const fleet: Fleet = { keyPanels: [], resync: null, syslogIds: [], close: () => Promise.all(emulators.map((emulator) => emulator.close())).then(() => undefined) };
  try {
    await withClient(url, async (client) => {
      await client.query('begin');
      // The seed's devices point at 10.x addresses: nothing here may reach them, so they lose their URL.
      await client.query(`update devices set options = options - 'url' where options ? 'url'`);
      if (PARTS.has('keys') && PANELS_SCALE.keys > 0) {
        const entrance = await insertHouse(client, HOUSE.keys, PANELS_SCALE.keys);
        const devices: PanelDevice[] = [];
        for (let n = 0; n < PANELS_SCALE.panelsPerFlat; n++) {
          const mac = macOf(0xb1, n + 1);
          // Every third panel an IS Sokol (rev.5), the others Beward DKS.
          if (n % 3 === 2) {
            const emulator = await startIsSokolEmulator({ revision: 5 });
            emulators.push(emulator);
            devices.push({ mac, type: 'ISCOM_X1', url: emulator.url, login: 'root', password: '123456' });
            fleet.keyPanels.push({ mac, holds: (value) => emulator.state.keys.some((key) => key.uuid === value), requests: () => emulator.requests.length });
          } else {
            const emulator = await startBewardEmulator();
            emulators.push(emulator);
            devices.push({ mac, type: 'BEWARD_DKS977957', url: emulator.url, login: 'admin', password: 'admin' });
            fleet.keyPanels.push({ mac, holds: (value) => Object.values(emulator.state.keys).some((table) => table.includes(value)), requests: () => emulator.requests.length });
          }
        }
        await insertDevices(client, devices, HOUSE.keys, entrance);
      }
      if (PARTS.has('resync')) {
        const entrance = await insertHouse(client, HOUSE.resync, PANELS_SCALE.resyncFlats);
        const emulator = await startBewardEmulator();
        emulators.push(emulator);
        const mac = macOf(0xb2, 1);
        await insertDevices(client, [{ mac, type: 'BEWARD_DKS977957', url: emulator.url, login: 'admin', password: 'admin' }], HOUSE.resync, entrance);
        await client.query(
          `insert into keys (device_id, buyer_id, flat_id, flat_num, value, key_type)
           select d.id, 1, f.id, f.flat_num, 'B2' || lpad(upper(to_hex(g)), 12, '0'), 'MIFARE'
           from generate_series(1, $2::int) g
           join devices d on d.mac = $1
           join flats f on f.house_uid = $3 and f.flat_num = 1 + (g - 1) % $4::int`,
          [mac, PANELS_SCALE.resyncKeys, HOUSE.resync, PANELS_SCALE.resyncFlats],
        );
        await client.query(`insert into device_commutations (device_id, model) select id, $2 from devices where mac = $1`, [mac, METAKOM]);
        await client.query(
          `insert into commutators (device_id, idx, matrix) select d.id, m.i - 1, m.matrix from devices d, jsonb_array_elements($2::jsonb) with ordinality as m(matrix, i) where d.mac = $1`,
          [mac, JSON.stringify(com220uMatrix(PANELS_SCALE.resyncFlats))],
        );
        fleet.resync = { mac, emulator };
      }
      if (PARTS.has('syslog') && PANELS_SCALE.syslogPanels > 0) {
        // No emulator behind them: the receiver knows a panel by its URL's host, and nothing calls them.
        const rows = await client.query<{ id: number }>(
          `insert into devices (mac, buyer_id, type, status_code, options, capabilities)
           select '02:B3:00:' || lpad(upper(to_hex(g / 65536)), 2, '0') || ':' || lpad(upper(to_hex((g / 256) % 256)), 2, '0') || ':' || lpad(upper(to_hex(g % 256)), 2, '0'),
                  1, $2::int, 1,
                  jsonb_build_object('url', 'http://127.0.' || (1 + (g - 1) / 254) || '.' || (1 + (g - 1) % 254), 'login', 'admin', 'password', 'admin'),
                  string_to_array($3, ',')
           from generate_series(1, $1::int) g returning id`,
          [PANELS_SCALE.syslogPanels, deviceTypeId('BEWARD_DKS977957'), capabilitiesOf(deviceTypeId('BEWARD_DKS977957')).join(',')],
        );
        fleet.syslogIds = rows.rows.map((row) => Number(row.id));
        const [house] = (await client.query<{ uid: string }>(`select uid from houses h where exists (select 1 from entrances e where e.house_uid = h.uid and e.buyer_id = 1) order by uid limit 1`)).rows;
        if (house) await client.query(`insert into device_houses (device_id, house_uid) select unnest($1::int[]), $2`, [fleet.syslogIds, house.uid]);
      }
      await client.query('commit');
      await client.query('analyze');
    });
  } catch (error) {
    await fleet.close();
    throw error;
  }
  return fleet;
}

const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/** Part 1: keys added to flats through the API, timed until they are on every panel of the flat. */
async function keyArrival(server: ServerProcess, fleet: Fleet): Promise<KeyArrivalFigures> {
  const { cookie, token } = await operatorSession(server.url);
  const afterAnswerMs: number[] = [];
  const apiMs: number[] = [];
  let notArrived = 0;
  let owedAnswers = 0;
  const panels = new Map(fleet.keyPanels.map((panel) => [panel.mac, panel]));
  const prefix = randomBytes(1).toString('hex').toUpperCase();
  for (let n = 0; n < PANELS_SCALE.keys; n++) {
    const flatNum = 1 + n;
    const value = keyValue(`B1${prefix}`, n + 1);
    const started = performance.now();
    const card = await call<{ deviceData: { mac: string; panelCode: number | null }[] }>(`${server.url}${flatEndpoints.get.path(flatParams(HOUSE.keys, flatNum))}`, cookie);
    const targets = card.deviceData.map((device) => panels.get(device.mac));
    if (targets.length !== panels.size || targets.some((panel) => panel === undefined)) {
      throw new Error(`the flat card of flat ${flatNum} lists ${card.deviceData.map((d) => d.mac).join(', ')}, not the ${panels.size} emulated panels`);
    }
    const answers = await Promise.all(
      card.deviceData.map((device) =>
        call<{ message?: string }>(`${server.url}${keyEndpoints.create.path({})}`, cookie, {
          method: 'POST',
          token,
          body: { mac: device.mac, value, keyType: 'MIFARE', flatNum, ...(device.panelCode === null ? {} : { panelCode: device.panelCode }) },
        }),
      ),
    );
    const answered = performance.now();
    owedAnswers += answers.filter((answer) => /ждёт отправки/.test(answer.message ?? '')).length;
    apiMs.push(answered - started);
    const holdsAll = () => targets.every((panel) => panel!.holds(value));
    while (!holdsAll() && performance.now() - answered < ARRIVAL_TIMEOUT_MS) await sleep(2);
    if (holdsAll()) afterAnswerMs.push(Math.max(0, performance.now() - answered));
    else notArrived += 1;
  }
  return { keys: PANELS_SCALE.keys, panelsPerFlat: panels.size, afterAnswerMs, apiMs, notArrived, owedAnswers };
}

function stateText(state: DeviceSyncState): string {
  if (state.state === 'in-sync') return 'in-sync';
  return `${state.state}, ${state.owedCount} owed, ${state.failedCount} failed${state.lastFailure ? `: ${state.lastFailure.message}` : ''}`;
}

/** POST sync/full, then (if the background runner took the changes first) the state until nothing is owed. */
async function timedFullSync(server: ServerProcess, cookie: string, token: string, mac: string): Promise<{ ms: number; state: DeviceSyncState }> {
  const started = performance.now();
  let { data: state } = await call<{ data: DeviceSyncState }>(`${server.url}${deviceSyncEndpoints.full.path({ mac })}`, cookie, { method: 'POST', token, body: {} });
  while (state.owedCount > 0 && state.failedCount === 0 && performance.now() - started < RESYNC_TIMEOUT_MS) {
    await sleep(50);
    ({ data: state } = await call<{ data: DeviceSyncState }>(`${server.url}${deviceSyncEndpoints.state.path({ mac })}`, cookie));
  }
  return { ms: performance.now() - started, state };
}

/** Part 2: the full re-sync onto an empty panel, then again with nothing to change. */
async function fullResync(server: ServerProcess, fleet: Fleet): Promise<ResyncFigures> {
  const resync = fleet.resync;
  if (!resync) throw new Error('no re-sync panel seeded');
  const { cookie, token } = await operatorSession(server.url);
  const { emulator, mac } = resync;
  const before = emulator.requests.length;
  const first = await timedFullSync(server, cookie, token, mac);
  const afterFirst = emulator.requests.length;
  const state = emulator.state;
  const expected = com220uMatrix(PANELS_SCALE.resyncFlats);
  const held = state.keys.mifare.length + state.keys.external.length + state.keys.rfid.length;
  const mismatches = [
    held === PANELS_SCALE.resyncKeys ? null : `${held} keys on the panel`,
    state.flats.length === PANELS_SCALE.resyncFlats ? null : `${state.flats.length} flats on the panel`,
    state.commutator.type === 'COM-220U' ? null : `commutator ${state.commutator.type || '(none)'}`,
    JSON.stringify(state.commutator.matrix) === JSON.stringify(expected) ? null : 'the matrix differs',
  ].filter((item): item is string => item !== null);
  const unchanged = await timedFullSync(server, cookie, token, mac);
  const afterUnchanged = emulator.requests.length;
  const { data: read } = await call<{ data: DeviceSyncState }>(`${server.url}${deviceSyncEndpoints.readBack.path({ mac })}`, cookie, { method: 'POST', token, body: {} });
  const readBack = read.readBack ? (read.readBack.error ? `error: ${read.readBack.error}` : `${read.readBack.differenceCount} differences`) : 'none';
  return {
    keys: PANELS_SCALE.resyncKeys,
    flats: PANELS_SCALE.resyncFlats,
    cells: COM_220U.commutators * COM_220U.units * COM_220U.dozens,
    firstMs: first.ms,
    unchangedMs: unchanged.ms,
    firstState: stateText(first.state),
    unchangedState: stateText(unchanged.state),
    panelMatches: mismatches.length === 0 ? null : mismatches.join('; '),
    readBack,
    panelRequests: { first: afterFirst - before, unchanged: afterUnchanged - afterFirst },
  };
}

/** Part 3: mc-upload.ts's company upload, the two servers on the drivers, the company's devices on emulated Beward panels. */
async function companyUpload(heading: Heading, table: Table, logFile: string): Promise<{ figures: McUploadFigures | null; requests: number }> {
  const emulators: BewardEmulator[] = [];
  try {
    for (let n = 0; n < PANELS_SCALE.uploadPanels; n++) emulators.push(await startBewardEmulator());
    const figures = await mcUploadReport(heading, table, {
      logFile,
      devices: PANELS_SCALE.uploadPanels,
      target: 'emulated Beward panels (DEVICE_GATEWAY=drivers)',
      env: { ...DRIVERS_ENV },
      prepare: async (url, company) => {
        await withClient(url, async (client) => {
          await client.query(`update devices set options = options - 'url' where options ? 'url'`);
          await client.query(
            `update devices d set type = $3::int, capabilities = string_to_array($4, ','),
                    options = d.options || jsonb_build_object('url', u.url, 'login', 'admin', 'password', 'admin')
             from unnest($1::text[], $2::text[]) as u(mac, url) where d.mac = u.mac`,
            [company.macs, emulators.map((emulator) => emulator.url), deviceTypeId('BEWARD_DKS977957'), capabilitiesOf(deviceTypeId('BEWARD_DKS977957')).join(',')],
          );
        });
      },
    });
    return { figures, requests: emulators.reduce((sum, emulator) => sum + emulator.requests.length, 0) };
  } finally {
    await Promise.all(emulators.map((emulator) => emulator.close()));
  }
}

/** A Beward-style BSD line: a key opening the door, its value unique (B3 + the line's number). */
function syslogLine(n: number, flat: number): string {
  const now = new Date();
  // BSD syslog's «Mmm dd hh:mm:ss».
  const stamp = `${now.toUTCString().slice(8, 11)} ${String(now.getUTCDate()).padStart(2, ' ')} ${now.toISOString().slice(11, 19)}`;
  return `<134>${stamp} dks intercom: Opening door by RFID ${keyValue('B3', n)}, apartment ${flat}`;
}

/** Sends `rate` lines a second for `seconds` from the sockets in turn; answers what was sent. */
async function flood(sockets: readonly Socket[], port: number, rate: number, seconds: number): Promise<{ sent: number; errors: number; ms: number }> {
  let sent = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  while (performance.now() < end) {
    const due = Math.min(Math.floor(((performance.now() - started) / 1000) * rate), Math.floor(rate * seconds)) - sent;
    for (let i = 0; i < due; i++) {
      sent += 1;
      sockets[sent % sockets.length].send(syslogLine(sent, 1 + (sent % 100)), port, '127.0.0.1', (error) => {
        if (error) errors += 1;
      });
    }
    await sleep(5);
  }
  const last = Math.floor(rate * seconds) - sent;
  for (let i = 0; i < last; i++) {
    sent += 1;
    sockets[sent % sockets.length].send(syslogLine(sent, 1 + (sent % 100)), port, '127.0.0.1', (error) => {
      if (error) errors += 1;
    });
  }
  return { sent, errors, ms: performance.now() - started };
}

/** Part 4: the history page without, then under, a syslog flood from every syslog panel's address. */
async function syslogFlood(server: ServerProcess, fleet: Fleet, syslogPort: number, url: string, readyAt: number): Promise<SyslogFigures> {
  const sockets: Socket[] = [];
  try {
    for (let n = 0; n < fleet.syslogIds.length; n++) {
      const socket = createSocket('udp4');
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(0, syslogAddress(n), () => resolve());
      });
      sockets.push(socket);
    }
    // The receiver reads the devices' addresses at start and again on an unknown source (at most every
    // 5 s): a line that means nothing from each panel, once that is due, makes it know them all.
    await sleep(Math.max(0, readyAt + 5_500 - performance.now()));
    for (const socket of sockets) socket.send('bench: warm-up', syslogPort, '127.0.0.1');
    await sleep(1_500);

    const cookie = await logInCookie(server.url, 'operator', 'operator');
    const paths = ['/front/devices/history?page=0', '/front/devices/history?page=0&eventType=OPEN_INTERNAL'];
    for (const path of paths) {
      const answer = await fetch(`${server.url}${path}`, { headers: { ...JSON_HEADERS, Cookie: cookie } });
      if (!answer.ok) throw new Error(`GET ${path}: HTTP ${answer.status} ${(await answer.text()).slice(0, 200)}`);
      await answer.arrayBuffer();
    }
    const history = { connections: 10, durationSeconds: Math.min(PANELS_SCALE.historySeconds, Math.max(1, PANELS_SCALE.syslogSeconds - 2)), warmupSeconds: 1 };
    const quiet = await loadPaths('history page, no flood', server.url, paths, cookie, history);
    const { syslogRate: rate, syslogSeconds: seconds } = PANELS_SCALE;
    const dropsBefore = await udpReceiveBufferErrors();
    const flooding = flood(sockets, syslogPort, rate, seconds);
    // The history is loaded once the flood runs (its warm-up second included), and within it.
    const flooded = await loadPaths(`history page, ${rate} syslog lines/s`, server.url, paths, cookie, history);
    const sent = await flooding;

    // The receiver writes every 200 ms: wait until the count reaches what was sent, or stops growing.
    let stored = 0;
    let steadySince = performance.now();
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      const [row] = (
        await withClient(url, (client) =>
          client.query<{ n: number }>(`select count(*)::int as n from device_history_events where device_id = any($1::int[]) and rfid like 'B3%' and event_type = 'OPEN_INTERNAL'`, [fleet.syslogIds]),
        )
      ).rows;
      const now = Number(row?.n ?? 0);
      if (now !== stored) steadySince = performance.now();
      stored = now;
      if (stored >= sent.sent || performance.now() - steadySince > 3_000) break;
      await sleep(250);
    }
    const dropsAfter = await udpReceiveBufferErrors();
    return {
      panels: sockets.length,
      seconds: sent.ms / 1000,
      sent: sent.sent,
      sendErrors: sent.errors,
      linesPerSecond: sent.sent / (sent.ms / 1000),
      stored,
      lost: sent.sent - stored,
      kernelDrops: dropsBefore === null || dropsAfter === null ? null : dropsAfter - dropsBefore,
      quiet,
      flood: flooded,
    };
  } finally {
    await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.close(() => resolve()))));
  }
}

/** Runs the chosen parts on a fresh PostgreSQL database; a part that cannot run is a failure, not a figure. */
export async function panelsReport(heading: Heading, table: Table, options: { logFile: string }): Promise<PanelsFigures> {
  const figures: PanelsFigures = { keys: null, resync: null, upload: null, uploadRequests: null, syslog: null, failures: [] };
  const base = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
  heading(`Real panels: the drivers against loopback emulators (PostgreSQL, DEVICE_NETWORKS=127.0.0.0/8)`);
  if (!base) {
    console.log('  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it');
    return figures;
  }
  const attempt = async (part: string, work: () => Promise<void>) => {
    if (!PARTS.has(part)) return;
    try {
      await work();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.log(`  ${part}: FAILED: ${message}`);
      figures.failures.push(`panels ${part}: ${message}`);
    }
  };

  if (['keys', 'resync', 'syslog'].some((part) => PARTS.has(part))) {
    const name = `intercom_bench_panels_${randomBytes(4).toString('hex')}`;
    const url = databaseUrl(base, name);
    await adminQuery(base, `create database ${name}`);
    let server: ServerProcess | null = null;
    let fleet: Fleet | null = null;
    try {
      const syslogPort = await freeUdpPort();
      server = await startServer({
        env: { LOG_LEVEL: 'warn', DATABASE_URL: url, SEED: 'small', MC_SCHEDULE_MS: '0', SYSLOG_PORT: String(syslogPort), SYSLOG_HOST: '127.0.0.1', ...DRIVERS_ENV },
        logFile: options.logFile,
        timeoutMs: 180_000,
      });
      const readyAt = performance.now();
      fleet = await seedFleet(url);
      const seeded = fleet;
      const running = server;
      const seededParts = [
        seeded.keyPanels.length > 0 ? `${seeded.keyPanels.length} panels on each of ${PANELS_SCALE.keys} flats` : null,
        seeded.resync ? `a panel of ${PANELS_SCALE.resyncKeys} keys, ${PANELS_SCALE.resyncFlats} flats and a COM-220U matrix` : null,
        seeded.syslogIds.length > 0 ? `${seeded.syslogIds.length} syslog panels (syslog on udp 127.0.0.1:${syslogPort})` : null,
      ];
      console.log(`  seeded: ${seededParts.filter(Boolean).join('; ')}`);
      await attempt('keys', async () => {
        if (PANELS_SCALE.keys === 0) return;
        const keys = await keyArrival(running, seeded);
        figures.keys = keys;
        table(
          [
            ['measure', 'p50', 'p95', 'max', 'keys'],
            [`key on all ${keys.panelsPerFlat} panels of the flat, after the API answered`, ms(percentile(keys.afterAnswerMs, 0.5)), ms(percentile(keys.afterAnswerMs, 0.95)), ms(Math.max(...keys.afterAnswerMs)), String(keys.afterAnswerMs.length)],
            ['flat card GET + the creates, until the last answer (info)', ms(percentile(keys.apiMs, 0.5)), ms(percentile(keys.apiMs, 0.95)), ms(Math.max(...keys.apiMs)), String(keys.apiMs.length)],
          ],
          [false, true, true, true, true],
        );
        console.log(`  not on every panel ${ARRIVAL_TIMEOUT_MS / 1000} s after the answer: ${keys.notArrived}; create answers saying the key is still owed: ${keys.owedAnswers}`);
      });
      await attempt('resync', async () => {
        const resync = await fullResync(running, seeded);
        figures.resync = resync;
        table(
          [
            ['full re-sync', 'time', 'panel requests', 'state after'],
            [`onto an empty panel (${resync.keys} keys, ${resync.flats} flats, ${resync.cells} matrix cells)`, ms(resync.firstMs), String(resync.panelRequests.first), resync.firstState],
            ['again, nothing differing', ms(resync.unchangedMs), String(resync.panelRequests.unchanged), resync.unchangedState],
          ],
          [false, true, true, false],
        );
        console.log(`  the panel after the first: ${resync.panelMatches ?? 'holds every key, flat and matrix cell'}; read-back after both: ${resync.readBack}`);
      });
      await attempt('syslog', async () => {
        if (seeded.syslogIds.length === 0) return;
        const syslog = await syslogFlood(running, seeded, syslogPort, url, readyAt);
        figures.syslog = syslog;
        table(
          [
            ['measure', 'p50', 'p99', 'req/s', 'answers'],
            ...[syslog.quiet, syslog.flood].map((l) => [l.name, `${l.p50} ms`, `${l.p99} ms`, l.rps.toFixed(0), statusSummary(l)]),
          ],
          [false, true, true, true, false],
        );
        console.log(
          `  ${syslog.sent} lines from ${syslog.panels} addresses in ${syslog.seconds.toFixed(1)} s (${syslog.linesPerSecond.toFixed(0)} lines/s, ${syslog.sendErrors} send errors); ${syslog.stored} events stored, ${syslog.lost} lost; the kernel dropped ${syslog.kernelDrops ?? 'n/a'} UDP datagrams meanwhile for a full receive buffer`,
        );
      });
    } finally {
      await server?.stop();
      await fleet?.close();
      await adminQuery(base, `drop database if exists ${name} with (force)`);
    }
  }
  await attempt('upload', async () => {
    if (PANELS_SCALE.uploadPanels === 0) return;
    const upload = await companyUpload(heading, table, options.logFile);
    figures.upload = upload.figures;
    figures.uploadRequests = upload.requests;
    console.log(`  requests the ${PANELS_SCALE.uploadPanels} emulated panels received: ${upload.requests}`);
  });
  return figures;
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER');
const pct = (ratio: number) => (Number.isFinite(ratio) ? `${(ratio * 100).toFixed(0)}%` : '-');

/** Budget rows for run.ts: [budget, limit, measured, ratio, verdict]. */
export function panelsBudgetRows(figures: PanelsFigures): string[][] {
  const rows: string[][] = [];
  // A part that ran and threw is FAILED (its reason is in `failures`); one not asked for, or with no database, is SKIPPED.
  const skipped = (label: string, limit: string) =>
    rows.push([label, limit, 'not measured', '-', figures.failures.some((failure) => failure.startsWith(`panels ${label.split(':')[0]}:`)) ? 'FAILED' : 'SKIPPED']);
  const { keys, resync, upload, syslog } = figures;
  const B = PANELS_BUDGET;
  if (keys) {
    const p95 = percentile(keys.afterAnswerMs, 0.95);
    const all = keys.notArrived === 0 && keys.afterAnswerMs.length > 0;
    rows.push([
      `keys: a key added to a flat on all its ${keys.panelsPerFlat} panels after the API answered, p95 (p50 ${ms(percentile(keys.afterAnswerMs, 0.5))}, ${keys.keys} keys)`,
      ms(B.keyArrivalP95Ms),
      all ? ms(p95) : `${ms(p95)}, ${keys.notArrived} of ${keys.keys} never arrived`,
      pct(p95 / B.keyArrivalP95Ms),
      all ? verdict(p95 <= B.keyArrivalP95Ms) : 'BROKEN',
    ]);
  } else skipped('keys: a key added to a flat on all its panels, p95', ms(B.keyArrivalP95Ms));
  if (resync) {
    const good = resync.panelMatches === null && resync.firstState === 'in-sync';
    rows.push([
      `resync: full re-sync, ${resync.keys} keys, ${resync.flats} flats, COM-220U (${resync.cells} cells), onto an empty panel`,
      ms(B.resyncMs),
      good ? ms(resync.firstMs) : `${ms(resync.firstMs)}: ${resync.panelMatches ?? resync.firstState}`,
      pct(resync.firstMs / B.resyncMs),
      good ? verdict(resync.firstMs <= B.resyncMs) : 'BROKEN',
    ]);
    const same = resync.unchangedState === 'in-sync';
    rows.push([
      `  the same re-sync with nothing differing (${resync.panelRequests.unchanged} panel requests)`,
      ms(B.resyncUnchangedMs),
      same ? ms(resync.unchangedMs) : `${ms(resync.unchangedMs)}: ${resync.unchangedState}`,
      pct(resync.unchangedMs / B.resyncUnchangedMs),
      same ? verdict(resync.unchangedMs <= B.resyncUnchangedMs) : 'BROKEN',
    ]);
  } else {
    skipped('resync: full re-sync of 2,000 keys, 300 flats, COM-220U', ms(B.resyncMs));
    skipped('resync: nothing differing', ms(B.resyncUnchangedMs));
  }
  if (upload) {
    const ended = upload.done + upload.failed;
    const rate = (upload.done / Math.max(upload.serverMs, 1)) * 1000;
    const reason = upload.failureReasons[0] ? ` (${upload.failureReasons[0].devices} of them: ${upload.failureReasons[0].reason.slice(0, 90)})` : '';
    rows.push([
      `upload: company upload to ${upload.devices} emulated panels, two processes, panels done / s`,
      `≥ ${B.uploadPanelsPerSecond} panels/s`,
      `${rate.toFixed(1)} panels/s (${upload.done} done, ${upload.failed} failed of ${upload.devices}${ended === upload.devices ? '' : `, only ${ended} ended`})`,
      pct(rate / B.uploadPanelsPerSecond),
      upload.failed > 0 || ended !== upload.devices ? 'BROKEN' : verdict(rate >= B.uploadPanelsPerSecond),
    ]);
    rows.push([`  panels failed${reason}`, '0', String(upload.failed), '-', upload.failed === 0 ? 'PASS' : 'BROKEN']);
    rows.push(['  panels done twice', String(B.uploadDuplicates), String(upload.duplicates), '-', upload.duplicates <= B.uploadDuplicates ? 'PASS' : 'OVER']);
  } else {
    skipped('upload: company upload to 1,000 emulated panels', `≥ ${B.uploadPanelsPerSecond} panels/s`);
  }
  if (syslog) {
    const rateOk = syslog.linesPerSecond >= PANELS_SCALE.syslogRate * 0.95;
    rows.push([
      `syslog: ${syslog.sent} lines from ${syslog.panels} panels in ${syslog.seconds.toFixed(0)} s (${syslog.linesPerSecond.toFixed(0)} lines/s sent), lost`,
      String(B.syslogLost),
      `${syslog.lost} of ${syslog.sent}`,
      '-',
      rateOk ? (syslog.lost <= B.syslogLost ? 'PASS' : 'OVER') : 'BROKEN',
    ]);
    const broken = [syslog.quiet, syslog.flood].some((l) => l.non2xx > 0 || l.errors > 0);
    const ratio = syslog.flood.p99 / Math.max(1, syslog.quiet.p99);
    rows.push([
      `  history page p99 under the flood / without it (10 connections)`,
      `≤ ${pct(B.historyP99Ratio)}`,
      `${syslog.flood.p99} / ${syslog.quiet.p99} ms`,
      pct(ratio),
      broken ? 'BROKEN' : verdict(ratio <= B.historyP99Ratio),
    ]);
  } else {
    skipped('syslog: 2,000 lines/s from 500 panels, lost', '0');
    skipped('syslog: history p99 under the flood / without it', `≤ ${pct(B.historyP99Ratio)}`);
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((row) => console.log(`  ${row.join(' | ')}`));
  // This process talks only to loopback too (its servers, emulators and syslog), and to the database.
  process.env.LOOPBACK_ONLY_ALLOW = DRIVERS_ENV.LOOPBACK_ONLY_ALLOW;
  await import(GUARD);
  const started = performance.now();
  const figures = await panelsReport(heading, table, { logFile: join(repoRoot, 'test-results', 'bench-panels.log') });
  heading('Budgets (real panels)');
  for (const row of panelsBudgetRows(figures)) console.log(`  ${row.join(' | ')}`);
  if (figures.failures.length > 0) {
    console.log(`\n  FAILED: ${figures.failures.join('; ')}`);
    process.exitCode = 1;
  }
  console.log(`\npanels done in ${((performance.now() - started) / 1000).toFixed(0)} s; server logs in test-results/bench-panels.log`);
}
