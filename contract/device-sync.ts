import { array, enums, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { endpoint, MacLike, withResult } from './common';
import { CODED_MESSAGE_FIELDS, ServerTextParams, nestedText, type CodedText } from './server-texts';

// ---------------------------------------------------------------------------
// What a panel has against what it should have (docs/api.md "Device sync")

/** What an owed change writes: a key, a door code, the commutation matrix, the SIP account, the flat range. */
export const SYNC_CHANGE_KINDS = ['key', 'doorCode', 'commutators', 'sip', 'flats'] as const;
export type SyncChangeKind = (typeof SYNC_CHANGE_KINDS)[number];

/** owed: not sent yet (or being sent); failed: the last attempt was refused and it will be tried again. */
export const SYNC_CHANGE_STATUSES = ['owed', 'failed'] as const;

/**
 * The words a write's answer carries in its message when the write is stored but its device has not
 * taken it yet (refused, or not answering): «… ждёт отправки на устройство: <the device's reason>».
 */
export const OWED_NOTE = 'ждёт отправки на устройство';

/**
 * The device's reason when an answer's message says the write is stored but owed ('' when none
 * was given yet); undefined when the write reached its device.
 */
export function owedReason(message: string | null | undefined): string | undefined {
  const at = message?.indexOf(OWED_NOTE) ?? -1;
  if (!message || at < 0) return undefined;
  return message.slice(at + OWED_NOTE.length).replace(/^:\s*/, '').trim();
}

/**
 * As `owedReason`, from a whole answer: a coded note (`….owed`, `….owedBecause`, contract/server-texts.ts)
 * gives the device's reason as a coded sentence, to word in the reader's language; another back
 * end's answer is read from its message.
 */
export function owedReasonText(answer: { message?: string | null; messageCode?: string; messageParams?: ServerTextParams }): CodedText | undefined {
  if (answer.messageCode?.endsWith('.owed')) return { message: '' };
  const coded = answer.messageCode?.endsWith('.owedBecause') ? nestedText(answer.messageParams ?? {}, 'reason') : undefined;
  if (coded !== undefined) return coded;
  const reason = owedReason(answer.message);
  return reason === undefined ? undefined : { message: reason };
}

/** One change the device has not confirmed yet, oldest first. */
export const SyncChange = type({
  id: number(),
  kind: enums(SYNC_CHANGE_KINDS),
  /** What it is about: a key value, «кв. 12» / «общий», «матрица», «аккаунт», «1–48» (Russian, as the server's other texts). */
  target: string(),
  /** A short summary of what is written («добавить, кв. 12, внешний»). */
  summary: string(),
  status: enums(SYNC_CHANGE_STATUSES),
  attempts: number(),
  /** The device's last refusal in Russian; `lastErrorCode` and `lastErrorParams` name it for other languages (contract/server-texts.ts). */
  lastError: nullable(string()),
  lastErrorCode: optional(string()),
  lastErrorParams: optional(ServerTextParams),
  lastAttemptAt: nullable(string()),
  nextAttemptAt: nullable(string()),
  createdAt: string(),
});
export type SyncChange = Infer<typeof SyncChange>;

export const SYNC_DIFFERENCE_KINDS = ['key', 'doorCode', 'matrix', 'sip', 'flats'] as const;

/** One thing the database and the device disagree on after a read-back; null: that side has none. */
export const SyncDifference = type({
  kind: enums(SYNC_DIFFERENCE_KINDS),
  target: string(),
  database: nullable(string()),
  device: nullable(string()),
});
export type SyncDifference = Infer<typeof SyncDifference>;

/** The last read-back: when, what differed (at most SYNC_DIFFERENCES_SHOWN), or why it failed. */
export const SyncReadBack = type({
  readAt: string(),
  error: nullable(string()),
  differenceCount: number(),
  differences: array(SyncDifference),
});
export type SyncReadBack = Infer<typeof SyncReadBack>;

/** How many differences a read-back keeps to show (the count is exact). */
export const SYNC_DIFFERENCES_SHOWN = 200;
/** How many owed changes the state lists (the count is exact). */
export const SYNC_CHANGES_SHOWN = 100;

/**
 * in-sync: nothing owed and the last read-back (if any) found no difference; pending: changes wait
 * to be sent; failed: the last attempt was refused; differs: nothing owed, but the read-back differs.
 */
export const SYNC_STATES = ['in-sync', 'pending', 'failed', 'differs'] as const;
export type SyncStateName = (typeof SYNC_STATES)[number];

/** A device's refusal: its reason in Russian, with what names it for other languages, and when. */
export const SyncFailure = type({ message: string(), ...CODED_MESSAGE_FIELDS, at: string() });
export type SyncFailure = Infer<typeof SyncFailure>;

export const DeviceSyncState = type({
  mac: string(),
  state: enums(SYNC_STATES),
  owedCount: number(),
  failedCount: number(),
  changes: array(SyncChange),
  /** The newest refusal: its reason (a coded text, contract/server-texts.ts) and when. */
  lastFailure: nullable(SyncFailure),
  lastConfirmedAt: nullable(string()),
  readBack: nullable(SyncReadBack),
  /** A full re-sync asked for with others (the device list) waits for its turn since then; null when none waits. */
  resyncQueuedAt: nullable(string()),
});
export type DeviceSyncState = Infer<typeof DeviceSyncState>;

export const DeviceSyncStateResponse = withResult({ data: DeviceSyncState });
export type DeviceSyncStateResponse = Infer<typeof DeviceSyncStateResponse>;

/** How many devices one request may queue for a full re-sync. */
export const MAX_RESYNC_MACS = 1000;

/** Devices to re-sync in full, in the background (the device list's selection). */
export const DeviceResyncRequest = object({ macs: array(MacLike) });
export type DeviceResyncRequest = Infer<typeof DeviceResyncRequest>;
export const DeviceResyncResponse = withResult({ queued: number() });
export type DeviceResyncResponse = Infer<typeof DeviceResyncResponse>;

export const deviceSyncEndpoints = {
  state: endpoint({ method: 'GET', pattern: '/front/devices/:mac/sync', response: DeviceSyncStateResponse }),
  /** Sends the owed and failed changes now, in order; answers the state after. */
  retry: endpoint({ method: 'POST', pattern: '/front/devices/:mac/sync/retry', response: DeviceSyncStateResponse }),
  /** Queues everything the device should have (keys, codes, matrix, SIP, flats) and sends it. */
  full: endpoint({ method: 'POST', pattern: '/front/devices/:mac/sync/full', response: DeviceSyncStateResponse }),
  /**
   * Queues a full re-sync of each device (as `full` does for one), done in the background a few
   * devices at a time; each card's state shows it queued, then its outcome.
   */
  fullMany: endpoint({ method: 'POST', pattern: '/front/devices/sync/full', body: DeviceResyncRequest, response: DeviceResyncResponse }),
  /** Reads the device's state through the gateway and keeps what differs from the database. */
  readBack: endpoint({ method: 'POST', pattern: '/front/devices/:mac/sync/read-back', response: DeviceSyncStateResponse }),
} as const;
