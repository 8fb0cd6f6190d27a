import Dexie, { type DexieOptions, type EntityTable, type Table, type Transaction } from 'dexie';
import { normalizeMac } from '@contract/common';
import { OFFLINE_DB_NAME, noteOfflineDbLoaded } from './runtime-demand';
import type { CodedText } from '@contract/server-texts';

export { OFFLINE_DB_NAME };
// Dexie is on the page: a screen that works offline opened, so the offline runtime starts too.
noteOfflineDbLoaded();

/*
 * The app's IndexedDB database. Everything an installer types (drafts) and everything waiting
 * to reach the server (outbox) lives here, so the schema only ever moves forward: a version,
 * once shipped, is never edited — a change is a new version with an upgrade, tested from a
 * fixture of the previous one (tests/unit/offline/fixtures).
 */

export const DRAFT_KINDS = ['serial-number', 'device-setup', 'adjuster', 'replace', 'commutators'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** What the draft list shows without decoding the data. */
export interface DraftTarget {
  mac?: string;
  house?: string;
  step?: number | string;
}

export interface DraftRow {
  /** A UUID made by the screen when the first field is typed. */
  id: string;
  kind: DraftKind;
  userId: number;
  title: string;
  target: DraftTarget;
  /** The form's values; validated against the kind's struct when loaded (drafts.ts). */
  data: unknown;
  /** The version of `data`'s shape for this kind, so an old draft can be migrated or recognised. */
  schemaVersion: number;
  createdAt: number;
  updatedAt: number;
}

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'needs-attention', 'paused'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** Every status but 'sent': the job still has to reach the server. */
export const UNSENT_STATUSES: readonly OutboxStatus[] = ['queued', 'sending', 'needs-attention', 'paused'];

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboxTarget {
  mac?: string;
  house?: string;
  /** A replacement's old device: the job changes it too (its keys move), so its jobs keep their order with this one. */
  replacedMac?: string;
}

export interface OutboxJob {
  /** Auto-increment: the order jobs were queued in, across tabs, so FIFO needs no clock. */
  id: number;
  /** Made once, when the job is queued; every attempt sends the same one (Idempotency-Key). */
  idempotencyKey: string;
  kind: string;
  method: OutboxMethod;
  url: string;
  body: unknown;
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms; the job is not sent before it. */
  nextAttemptAt: number;
  lastError: string | null;
  /** The last error as the server coded it, to word in the reader's language (absent: no code, or saved before codes). */
  lastErrorCoded?: CodedText;
  /** HTTP status of the last answer; null when the last attempt got no answer. */
  lastStatus: number | null;
  userId: number;
  draftId: string | null;
  /** The device's MAC (`mac:…`) or the job's own key (`job:…`): how the screens find a device's jobs. */
  deviceKey: string;
  target: OutboxTarget;
  /** The server's answer to the successful attempt. */
  response?: unknown;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

/** A house an installer took offline: what the wizard pickers, the device list, the set-up wizard and the matrix need on site. */
export interface SnapshotRow {
  userId: number;
  houseUid: string;
  savedAt: number;
  house: unknown;
  entrances: unknown[];
  flats: unknown[];
  /** Each device's MAC, and from version 3 on its list row, card settings and matrix (src/offline/snapshot-devices.ts). */
  devices: unknown[];
  /** The devices' MACs (the `*macs` index: which snapshot holds a device); filled from `devices` on every write. */
  macs: string[];
}

/** The MACs a snapshot's devices name; an entry in another shape names none. */
export function snapshotMacs(devices: readonly unknown[]): string[] {
  const macs = devices.flatMap((device) => {
    const mac = typeof device === 'object' && device !== null && 'mac' in device ? device.mac : undefined;
    return typeof mac === 'string' ? [normalizeMac(mac) ?? mac] : [];
  });
  return [...new Set(macs)];
}

export type OfflineDb = Dexie & {
  drafts: EntityTable<DraftRow, 'id'>;
  outbox: EntityTable<OutboxJob, 'id'>;
  snapshots: Table<SnapshotRow, [number, string]>;
};

/** Jobs without a MAC do not wait for each other: each gets a key of its own. */
export function deviceKeyOf(mac: string | undefined, idempotencyKey: string): string {
  const normalized = mac ? normalizeMac(mac) : null;
  return normalized ? `mac:${normalized}` : `job:${idempotencyKey}`;
}

interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

/** The shipped versions, oldest first. Never edit one; append. */
export const SCHEMA_HISTORY: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      drafts: 'id, userId, kind, updatedAt, [userId+updatedAt]',
      outbox: '++id, &idempotencyKey, status, userId, nextAttemptAt, draftId, createdAt',
    },
  },
  {
    // v2: offline house snapshots; jobs get a deviceKey (FIFO per device) and a per-user
    // status index, and v1 rows get both fields filled so they replay in order.
    version: 2,
    stores: {
      outbox: '++id, &idempotencyKey, status, userId, nextAttemptAt, draftId, createdAt, deviceKey, [userId+status]',
      snapshots: '[userId+houseUid], userId, savedAt',
    },
    upgrade: async (tx) => {
      await tx
        .table('outbox')
        .toCollection()
        .modify((job: Partial<OutboxJob> & { idempotencyKey: string }) => {
          job.deviceKey ??= deviceKeyOf(job.target?.mac, job.idempotencyKey);
          job.lastStatus ??= null;
        });
    },
  },
  {
    // v3: a snapshot also keeps its devices' list rows, card settings and matrices, so the device
    // list, the set-up wizard and the matrix open offline; `*macs` finds the snapshot of a device.
    // A v2 snapshot keeps its MAC-only devices (the screens ask to take the house again).
    version: 3,
    stores: {
      snapshots: '[userId+houseUid], userId, savedAt, *macs',
    },
    upgrade: async (tx) => {
      await tx
        .table('snapshots')
        .toCollection()
        .modify((row: Partial<SnapshotRow>) => {
          row.macs = snapshotMacs(Array.isArray(row.devices) ? row.devices : []);
        });
    },
  },
];

export const LATEST_SCHEMA_VERSION = SCHEMA_HISTORY[SCHEMA_HISTORY.length - 1].version;

export interface CreateOfflineDbOptions extends DexieOptions {
  /** Declare the schema only up to this version: tests use it to write a previous version's rows. */
  upToVersion?: number;
}

/** Opens (lazily, on first use) a database with the schema history applied. */
export function createOfflineDb(name: string = OFFLINE_DB_NAME, options: CreateOfflineDbOptions = {}): OfflineDb {
  const { upToVersion = LATEST_SCHEMA_VERSION, ...dexieOptions } = options;
  const db = new Dexie(name, dexieOptions) as OfflineDb;
  for (const step of SCHEMA_HISTORY) {
    if (step.version > upToVersion) break;
    const declared = db.version(step.version).stores(step.stores);
    if (step.upgrade) declared.upgrade(step.upgrade);
  }
  return db;
}

let shared: OfflineDb | null = null;

/** The app's database (one per page). */
export function getOfflineDb(): OfflineDb {
  shared ??= createOfflineDb();
  return shared;
}

/** Opens the app's database ahead of its first use; a failure is left to that use to report. */
export function openOfflineDbEarly(): void {
  const db = getOfflineDb();
  if (db.isOpen()) return;
  performance.mark?.('intercom:offline-db-opening');
  void db.open().then(
    () => performance.mark?.('intercom:offline-db-open'),
    () => undefined,
  );
}

/** A job's last error as it is shown: coded when the server named it, else its text. */
export function jobErrorOf(job: Pick<OutboxJob, 'lastError' | 'lastErrorCoded'>): CodedText | string | null {
  return job.lastErrorCoded ?? job.lastError;
}
