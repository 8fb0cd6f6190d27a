import { RangeSet } from 'dexie';
import { DecodeError, type DecodeFailure } from '@contract/common';
import { isDraftKind, loadDraftSchema, loadDraftSchemas, loadedDraftSchemaVersion, type DraftData, type DraftSchema, type DraftSchemas } from './draft-kinds';
import { getOfflineDb, openOfflineDbEarly, type DraftKind, type DraftRow, type DraftTarget, type OfflineDb, type OutboxJob } from './db';
import { offlineT } from './offline-strings';
import { withQuotaRetry } from './quota';

/*
 * Wizard drafts: saved from the first keystroke, checked against their struct when read back.
 * A draft that no longer fits (an app update changed the form, storage was edited by hand) is
 * reported as unreadable with its raw row, so the user can still see and export what they
 * typed; it is deleted only by deleteDraft, which the UI calls after asking.
 */

export interface Draft<K extends DraftKind = DraftKind> extends Omit<DraftRow, 'kind' | 'data'> {
  kind: K;
  data: DraftData<K>;
}

export type DraftLoad<K extends DraftKind = DraftKind> =
  | { status: 'ok'; draft: Draft<K> }
  | { status: 'unreadable'; raw: DraftRow; error: string; failures: DecodeFailure[] }
  | { status: 'missing' };

export type ReadDraft<K extends DraftKind = DraftKind> = Exclude<DraftLoad<K>, { status: 'missing' }>;

export interface DraftInput<K extends DraftKind = DraftKind> {
  id: string;
  kind: K;
  userId: number;
  title: string;
  target?: DraftTarget;
  data: DraftData<K>;
}

export function newDraftId(): string {
  return crypto.randomUUID();
}

function unreadable(raw: DraftRow, error: string, failures: DecodeFailure[] = []): ReadDraft<never> {
  return { status: 'unreadable', raw, error: offlineT('offline.draft.unreadable', { error }), failures };
}

/**
 * Checks one stored row against its kind's struct (after migrating older data). Pure; `schemas`
 * comes from loadDraftSchemas, and a kind missing from it reads as unknown.
 */
export function readDraft<K extends DraftKind = DraftKind>(raw: DraftRow, schemas: DraftSchemas, expectedKind?: K): ReadDraft<K> {
  const schema: DraftSchema | undefined = isDraftKind(raw.kind) ? schemas[raw.kind] : undefined;
  if (!schema) return unreadable(raw, offlineT('offline.draft.unknownKind', { kind: String(raw.kind) }));
  if (expectedKind !== undefined && raw.kind !== expectedKind) {
    return unreadable(raw, offlineT('offline.draft.otherKind', { kind: raw.kind }));
  }
  if (raw.schemaVersion > schema.version) {
    return unreadable(raw, offlineT('offline.draft.newerVersion', { version: raw.schemaVersion }));
  }
  try {
    const lifted = raw.schemaVersion < schema.version && schema.migrate ? schema.migrate(raw.data, raw.schemaVersion) : raw.data;
    const data = schema.decode(lifted, `draft ${raw.id}`);
    return { status: 'ok', draft: { ...raw, kind: raw.kind as K, data: data as DraftData<K>, schemaVersion: schema.version } };
  } catch (error) {
    if (error instanceof DecodeError) {
      return unreadable(raw, error.failures.map((f) => `${f.path || '(root)'}: ${f.message}`).join('; '), error.failures);
    }
    return unreadable(raw, error instanceof Error ? error.message : String(error));
  }
}

/** Inserts or replaces a draft; the first save's createdAt is kept. */
export async function saveDraft<K extends DraftKind>(db: OfflineDb, input: DraftInput<K>, now: number = Date.now()): Promise<DraftRow> {
  const { version } = await loadDraftSchema(input.kind);
  return withQuotaRetry(() =>
    db.transaction('rw', db.drafts, async () => {
      const existing = await db.drafts.get(input.id);
      const row: DraftRow = {
        id: input.id,
        kind: input.kind,
        userId: input.userId,
        title: input.title,
        target: input.target ?? {},
        data: input.data,
        schemaVersion: version,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await db.drafts.put(row);
      return row;
    }),
  );
}

export interface LoadDraftOptions<K extends DraftKind> {
  kind?: K;
  /** Another user's draft reads as missing: drafts are per user. */
  userId?: number;
}

export async function loadDraft<K extends DraftKind = DraftKind>(
  db: OfflineDb,
  id: string,
  options: LoadDraftOptions<K> = {},
): Promise<DraftLoad<K>> {
  const raw = await db.drafts.get(id);
  if (!raw || (options.userId !== undefined && raw.userId !== options.userId)) return { status: 'missing' };
  return readDraft(raw, await loadDraftSchemas([raw.kind]), options.kind);
}

/** A draft read ahead of its screen: the row (or none) and the schemas it is checked against. */
interface EarlyDraft {
  db: OfflineDb;
  raw: DraftRow | undefined;
  schemas: DraftSchemas;
  readAt: number;
}

/** A draft read ahead longer ago than this is read again: the start that wanted it is over. */
const EARLY_DRAFT_TTL_MS = 10_000;

const earlyDrafts = new Map<string, EarlyDraft>();

/**
 * Reads the draft a URL names (`?draft=<id>`, as the wizards resume one) while the screen's code
 * still loads, with its schema, so the wizard's first render has it instead of a second render
 * after a read (the offline reload). A failure is left to the screen's own read.
 */
export function prefetchDraft(db: OfflineDb, id: string): Promise<void> {
  const reading = readAhead(db, id).finally(() => {
    if (readingAhead.get(id) === reading) readingAhead.delete(id);
  });
  readingAhead.set(id, reading);
  return reading;
}

/** Read-aheads still running, by draft id. */
const readingAhead = new Map<string, Promise<void>>();

/** The draft read ahead for `id` once its read is over (undefined when there is none to take). */
export async function awaitEarlyDraft<K extends DraftKind>(db: OfflineDb, id: string, options: LoadDraftOptions<K>): Promise<DraftLoad<K> | undefined> {
  await readingAhead.get(id);
  const early = takeEarlyDraft(db, id, options);
  forgetEarlyDraft(id);
  return early;
}

/** The screen that took the draft read ahead for `id` is on the page: the next opening reads anew. */
export function forgetEarlyDraft(id: string): void {
  earlyDrafts.delete(id);
}

/** The outbox jobs of a draft read ahead with it: a wizard's fields are editable once its job is known. */
const earlyJobs = new Map<string, { db: OfflineDb; jobs: OutboxJob[]; readAt: number }>();

/** The jobs read ahead for draft `id` (the wizard's live query follows them up); kept as `takeEarlyDraft` keeps the draft. */
export function takeEarlyJobs(db: OfflineDb, id: string): OutboxJob[] | undefined {
  const early = earlyJobs.get(id);
  return early && early.db === db && Date.now() - early.readAt <= EARLY_DRAFT_TTL_MS ? early.jobs : undefined;
}

export function forgetEarlyJobs(id: string): void {
  earlyJobs.delete(id);
}

async function readAhead(db: OfflineDb, id: string): Promise<void> {
  try {
    const jobs = db.outbox
      .where('draftId')
      .equals(id)
      .toArray()
      .then((rows) => void earlyJobs.set(id, { db, jobs: rows, readAt: Date.now() }))
      .catch(() => undefined);
    const [raw] = await Promise.all([db.drafts.get(id), jobs]);
    earlyDrafts.set(id, { db, raw, schemas: await loadDraftSchemas(raw ? [raw.kind] : []), readAt: Date.now() });
    performance.mark?.('intercom:draft-prefetched');
  } catch {
    // The screen reads it again and reports what fails.
  }
}

/** A logged-in start: opens the database at once and reads ahead the draft the URL names. */
export function startDraftsEarly(search: string): Promise<void> {
  openOfflineDbEarly();
  const id = new URLSearchParams(search).get('draft');
  return id ? prefetchDraft(getOfflineDb(), id) : Promise.resolve();
}

/**
 * The draft read ahead for `id`, checked as loadDraft checks it. It stays until the screen that
 * took it is on the page (`forgetEarlyDraft`): a render React throws away and starts again must
 * find it too; a later opening reads anew.
 */
export function takeEarlyDraft<K extends DraftKind>(db: OfflineDb, id: string, options: LoadDraftOptions<K>): DraftLoad<K> | undefined {
  const early = earlyDrafts.get(id);
  if (!early || early.db !== db || Date.now() - early.readAt > EARLY_DRAFT_TTL_MS) return undefined;
  const { raw, schemas } = early;
  if (!raw || (options.userId !== undefined && raw.userId !== options.userId)) return { status: 'missing' };
  if (isDraftKind(raw.kind) && schemas[raw.kind] === undefined) return undefined;
  return readDraft(raw, schemas, options.kind);
}

/** The user's drafts, most recently edited first, unreadable ones included. */
export async function listDrafts(db: OfflineDb, userId: number): Promise<ReadDraft[]> {
  const rows = await db.drafts.where('[userId+updatedAt]').between([userId, -Infinity], [userId, Infinity]).reverse().toArray();
  const schemas = await loadDraftSchemas(rows.map((row) => row.kind));
  return rows.map((row) => readDraft(row, schemas));
}

/** Deletes a draft. Only for a person's explicit, confirmed action. */
export async function deleteDraft(db: OfflineDb, id: string): Promise<void> {
  await db.drafts.delete(id);
}

export interface DraftSaver {
  /** Saves after `delayMs` without a newer call for the same draft (or after `maxWaitMs` of steady typing). */
  schedule<K extends DraftKind>(input: DraftInput<K>): void;
  /**
   * Writes everything scheduled now (pagehide, hidden, leaving the wizard, submitting). The writes
   * start before it returns whenever the saver knows the draft (`know`) and its kind's schema is loaded.
   */
  flush(): Promise<void>;
  hasPending(): boolean;
  /** What is stored for a draft: its `createdAt`, or null when it is not stored yet. Its writes then need no read first. */
  know(id: string, createdAt: number | null): void;
}

/** Savers holding unwritten input; a saver is here only while it has some, so none leak. */
const activeSavers = new Set<DraftSaver>();

/** Writes every draft still waiting in a debounce: before the app reloads for an update. */
export async function flushAllDrafts(): Promise<void> {
  await Promise.all([...activeSavers].map((saver) => saver.flush()));
}

/** Dexie's name for "these tables changed", in this tab (a DOM event) and in the others (a BroadcastChannel). */
const DEXIE_MUTATED = 'x-storagemutated-1';

/** Tells Dexie's live queries (this tab and the others) that the drafts table changed under them. */
function announceDraftsChanged(db: OfflineDb): void {
  const everything = () => new RangeSet(-Infinity, [[[]]]);
  const parts: Record<string, RangeSet> = {};
  const prefix = `idb://${db.name}/drafts/`;
  for (const index of db.drafts.schema.indexes) parts[`${prefix}${index.name}`] = everything();
  parts[prefix] = everything();
  parts[`${prefix}:dels`] = everything();
  dispatchEvent(new CustomEvent(DEXIE_MUTATED, { detail: parts }));
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(DEXIE_MUTATED);
  channel.postMessage(parts);
  channel.close();
}

/**
 * Puts a draft row in a transaction created and committed in this very task, or returns null when
 * the database is not open. A write that waited for a later task (a schema import, a read of the
 * stored row first) is lost when the page is gone by then, and Chromium commits a write only once
 * the page tells it the transaction is over: a page closing cannot, so it is committed here at once.
 */
function putDraftNow(db: OfflineDb, row: DraftRow): Promise<void> | null {
  if (!db.isOpen()) return null;
  let transaction: IDBTransaction;
  try {
    transaction = db.backendDB().transaction('drafts', 'readwrite');
    transaction.objectStore('drafts').put(row);
    transaction.commit?.();
  } catch {
    return null;
  }
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => {
      announceDraftsChanged(db);
      resolve();
    };
    transaction.onabort = () => reject(transaction.error ?? new Error('the draft write was aborted'));
  });
}

export interface DraftSaverOptions {
  db?: OfflineDb;
  maxWaitMs?: number;
  now?: () => number;
  onSaved?: (row: DraftRow) => void;
  /** A failed write (storage full even after freeing caches): the input stays pending for the next flush. */
  onError?: (error: unknown, input: DraftInput) => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * Debounced autosave of drafts. A write of a draft the saver knows starts at once (see putDraftNow);
 * IndexedDB runs transactions on one store in the order they were created, so an older value never
 * lands last. Other writes (the first of a draft not known, a retry after a full storage) go one
 * after another, and while one of them runs, later ones queue behind it for the same reason.
 */
export function createDraftSaver(delayMs = 400, options: DraftSaverOptions = {}): DraftSaver {
  const { maxWaitMs = delayMs * 5, now = Date.now, onSaved, onError } = options;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const pending = new Map<string, DraftInput>();
  /** createdAt of each draft known to be stored (null: known not to be). */
  const createdAt = new Map<string, number | null>();
  /** The latest write started for each draft: a failed older one is not retried over it. */
  const latest = new Map<string, DraftInput>();
  let timer: unknown = null;
  let firstPendingAt: number | null = null;
  let chain: Promise<void> = Promise.resolve();
  let queued = 0;

  const failed = (input: DraftInput, error: unknown) => {
    // Keep it for the next flush unless the user typed something newer meanwhile.
    if (!pending.has(input.id) && latest.get(input.id) === input) pending.set(input.id, input);
    activeSavers.add(saver);
    onError?.(error, input);
  };

  const saved = (row: DraftRow) => {
    createdAt.set(row.id, row.createdAt);
    onSaved?.(row);
  };

  /** The async way: reads the stored row and the schema first, one write after another. */
  const writeInTurn = (input: DraftInput): Promise<void> => {
    queued += 1;
    chain = chain.then(async () => {
      try {
        if (latest.get(input.id) !== input) return;
        saved(await saveDraft(options.db ?? getOfflineDb(), input, now()));
      } catch (error) {
        failed(input, error);
      } finally {
        queued -= 1;
      }
    });
    return chain;
  };

  const write = (input: DraftInput): Promise<void> => {
    latest.set(input.id, input);
    const version = loadedDraftSchemaVersion(input.kind);
    const created = createdAt.get(input.id);
    if (version !== undefined && created !== undefined && queued === 0) {
      const at = now();
      const row: DraftRow = { id: input.id, kind: input.kind, userId: input.userId, title: input.title, target: input.target ?? {}, data: input.data, schemaVersion: version, createdAt: created ?? at, updatedAt: at };
      const started = putDraftNow(options.db ?? getOfflineDb(), row);
      if (started) {
        createdAt.set(input.id, row.createdAt);
        // A full storage: the async way frees the runtime caches and tries again, unless newer input was written since.
        return started.then(
          () => onSaved?.(row),
          () => (latest.get(input.id) === input ? writeInTurn(input) : undefined),
        );
      }
    }
    return writeInTurn(input);
  };

  const flush = (): Promise<void> => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    firstPendingAt = null;
    const batch = [...pending.values()];
    pending.clear();
    const writes = batch.map(write);
    return Promise.all([...writes, chain]).then(() => {
      if (pending.size === 0) activeSavers.delete(saver);
    });
  };

  const saver: DraftSaver = {
    schedule(input) {
      pending.set(input.id, input as DraftInput);
      activeSavers.add(saver);
      firstPendingAt ??= now();
      if (timer !== null) clearTimer(timer);
      const wait = Math.max(0, Math.min(delayMs, firstPendingAt + maxWaitMs - now()));
      timer = setTimer(() => void flush(), wait);
    },
    flush,
    hasPending: () => pending.size > 0,
    know(id, stored) {
      if (!createdAt.has(id) || createdAt.get(id) === null) createdAt.set(id, stored);
    },
  };
  return saver;
}
