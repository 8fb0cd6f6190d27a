import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { AUDIT_DEFAULT_RETENTION_DAYS } from '../../contract/audit';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { transactionObservers, type Db } from '../db/client';
import { deviceMacById, insertAuditChanges, insertAuditRecord, pruneAuditRecords, readSnapshotText, settleAuditRecord, type AuditRecordFields } from '../repositories/audit';
import { AuditChangeLog, auditChangeLogs } from './audit-changes';
import { requestChanges, storable, targetsOf, type AuditTargets } from './audit-targets';
import { isApiPath } from './rbac';

/*
 * The audit trail (docs/api.md "Audit"). Every API route but GET (and the three searches sent as
 * POST) is audited: one record per request, accepted or refused. The handler runs with a
 * transaction observer (db/client.ts): the first transaction the route commits on the app's
 * database carries the record, so the change and its record commit together. A route that
 * commits none (a refusal, a device-only call, a single-statement write) is recorded in onSend,
 * before its answer leaves.
 *
 * What it costs a request (≤ 10% of a device-card mutation): one statement in the
 * route's transaction, which reads the target after, diffs it in the database (audit_diff) and
 * inserts the record only if the transaction wrote anything. The target's state before is read
 * in preHandler; on PostgreSQL, for a route whose accepted requests have been recorded in their
 * transaction, that read runs beside the handler instead of before it: the record's statement
 * waits for it before the commit, and no other connection sees the transaction's changes before
 * the commit, so the read still sees the target as it was. A route that then commits without a
 * transaction of its own gets the request's fields as its diff that time (the read may have
 * come after the change) and its reads wait again.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's success status when it is not 200 (http/route.ts passes the contract's). */
    successStatus?: number;
  }
  interface FastifyInstance {
    /** Deletes the records older than the retention period now; returns how many. */
    pruneAuditRecords(now?: Date): Promise<number>;
  }
}

export interface AuditOptions {
  /** false records nothing: only the bench's baseline (tests/bench/audit.ts) sets it; server/main.ts never does. */
  enabled?: boolean;
  /** How long records are kept (default AUDIT_RETENTION_DAYS, else 400). */
  retentionDays?: number;
  /** How often the retention job runs (default hourly; it also runs at start). */
  pruneIntervalMs?: number;
}

/**
 * Routes that change nothing a person did: the searches sent as POST, the imports' dry runs, and
 * the app's own background report of an installer's queue (sent on its own every few seconds).
 * They leave no record at all.
 */
export const AUDIT_SKIPPED_ROUTES: ReadonlySet<string> = new Set([
  'POST /front/device-keys',
  'POST /front/keys/duplicate',
  'POST /front/wizard/entrances',
  'POST /front/imports/flats/:house/dry-run',
  'POST /front/imports/keys/dry-run',
  'POST /front/field/report',
]);
const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const MAX_TEXT = 300;

interface AuditState {
  targets: AuditTargets;
  /** The target's state before the handler as JSON text (null: none, or not read); see overlapped. */
  before: Promise<string | null>;
  /** The read of `before` ran beside the handler (it may have come after a change committed outside a transaction). */
  overlapped: boolean;
  /** The record is written (or being written): nothing records this request again. */
  recorded: boolean;
  /** Written in the route's transaction: its id and the status it assumed. */
  inTransaction?: { id: number; status: number };
  /** Written (in a transaction or not): its id, for change rows that come after it. */
  id?: number;
}

/** Each audited request's change rows (plugins/audit-changes.ts) until they are written. */
const changeLogs = new WeakMap<FastifyRequest, AuditChangeLog>();
const NO_CHANGES = new AuditChangeLog();

const states = new WeakMap<FastifyRequest, AuditState>();

export function retentionDaysOf(options: AuditOptions): number {
  const days = options.retentionDays ?? Number(process.env.AUDIT_RETENTION_DAYS ?? AUDIT_DEFAULT_RETENTION_DAYS);
  if (!Number.isInteger(days) || days < 1) throw new Error(`AUDIT_RETENTION_DAYS: expected a whole number of days ≥ 1, got ${String(days)}`);
  return days;
}

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

function cut(value: string | undefined | null): string | null {
  return value === undefined || value === null || value === '' ? null : storable(value.slice(0, MAX_TEXT));
}

async function targetsOfRequest(db: Db, request: FastifyRequest): Promise<AuditTargets> {
  const targets = targetsOf(request.routeOptions.url ?? '', request.params, request.body);
  const deviceId = targets.all['device-id'];
  if (deviceId !== undefined && /^[1-9]\d{0,8}$/.test(deviceId)) {
    const mac = await deviceMacById(db, Number(deviceId));
    if (mac !== null) {
      targets.all['device'] = mac;
      if (targets.kind === 'device-id') Object.assign(targets, { kind: 'device', id: mac, snapshot: { kind: 'device', mac } });
    }
  }
  return targets;
}

function messageOf(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(payload) as { message?: unknown };
    return typeof parsed.message === 'string' ? cut(parsed.message) : null;
  } catch {
    return null;
  }
}

/** The record's own fields: who, from where, what; the status and message as given. */
function fieldsOf(request: FastifyRequest, state: AuditState, status: number, message: string | null): AuditRecordFields {
  const { user } = request;
  const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  const idempotencyKey = typeof key === 'string' ? cut(key) : null;
  const body = request.body as { login?: unknown } | undefined;
  const typedLogin = typeof body?.login === 'string' && request.routeOptions.url === '/site/auth/login' ? body.login.trim().toLowerCase() : null;
  return {
    userId: user?.userId ?? null,
    userLogin: user ? user.login.toLowerCase() : cut(typedLogin),
    userRoles: user ? cut(Object.keys(user.roles).join(',')) : null,
    ip: cut(request.ip),
    userAgent: cut(request.headers['user-agent']),
    outbox: idempotencyKey !== null,
    idempotencyKey,
    method: request.method,
    route: routeKey(request),
    targetKind: state.targets.kind,
    targetId: state.targets.id,
    targets: state.targets.all,
    status,
    message,
  };
}

/**
 * Writes the record; null when `onlyIfWrote` and the transaction has written nothing. An accepted
 * request on a target with a snapshot is diffed against its state before (unless that read may
 * have come after the change: see AuditState.overlapped); any other accepted request keeps its
 * request's fields; a refusal has no diff.
 */
async function write(db: Db, request: FastifyRequest, state: AuditState, status: number, message: string | null, onlyIfWrote = false): Promise<number | null> {
  const accepted = status < 400;
  const { snapshot } = state.targets;
  const diffTarget = accepted && snapshot && !(state.overlapped && !onlyIfWrote) ? snapshot : null;
  // A refusal is recorded whether or not the state before could be read (the database may be away).
  const before = await (accepted ? state.before : state.before.catch(() => null));
  const log = changeLogs.get(request) ?? NO_CHANGES;
  const changes = log.take();
  try {
    const id = await insertAuditRecord(db, fieldsOf(request, state, status, message), {
      before,
      diffTarget,
      diff: accepted && diffTarget === null && changes.length === 0 ? requestChanges(request.body) : null,
      fallbackBuyerId: request.user?.buyerId ?? null,
      onlyIfWrote,
      changes,
    });
    if (id === null) restore(log, changes);
    else state.id = id;
    return id;
  } catch (error) {
    restore(log, changes);
    throw error;
  }
}

/** Puts rows taken for a write that did not happen back in front of the log. */
function restore(log: AuditChangeLog, changes: ReturnType<AuditChangeLog['take']>): void {
  const later = log.take();
  for (const change of [...changes, ...later]) log.add(change);
}

/** Writes change rows recorded after the request's record (a later transaction, or a write outside any). */
async function writeLaterChanges(db: Db, request: FastifyRequest, state: AuditState): Promise<void> {
  const log = changeLogs.get(request);
  if (!log || log.size === 0 || state.id === undefined) return;
  await insertAuditChanges(db, state.id, log.take());
}

/** Records the request on the transaction about to commit (the first one its route commits that wrote anything). */
async function recordInTransaction(request: FastifyRequest, tx: Db): Promise<void> {
  const state = states.get(request);
  if (!state) return;
  if (state.recorded) {
    await writeLaterChanges(tx, request, state);
    return;
  }
  state.recorded = true;
  try {
    const status = request.routeOptions.config.successStatus ?? 200;
    // A transaction that wrote nothing (a check before a refusal) leaves the record to onSend, which knows the answer.
    const id = await write(tx, request, state, status, null, true);
    if (id === null) state.recorded = false;
    else state.inTransaction = { id, status };
  } catch (error) {
    // The transaction rolls back with the record: the answer's onSend records the request instead.
    state.recorded = false;
    throw error;
  }
}

export const auditPlugin = fp(
  async (app, options: AuditOptions) => {
    const retentionDays = retentionDaysOf(options);
    if (options.enabled === false) return;
    const audited = new Set<string>();
    const db = () => app.database.drizzle;

    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) return;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'GET' && method !== 'HEAD');
      const keys = methods.map((method) => `${method} ${route.url}`).filter((key) => !AUDIT_SKIPPED_ROUTES.has(key));
      if (keys.length === 0) return;
      for (const key of keys) audited.add(key);
      const handler = route.handler;
      route.handler = function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
        const log = new AuditChangeLog();
        changeLogs.set(request, log);
        const observer = {
          beforeCommit: (tx: Db) => recordInTransaction(request, tx),
          begin: () => log.mark(),
          rolledBack: (mark: number) => log.rollBack(mark),
        };
        return transactionObservers.run(observer, () =>
          auditChangeLogs.run(log, () => (handler as (this: unknown, q: FastifyRequest, r: FastifyReply) => unknown).call(this, request, reply)),
        );
      } as RouteHandlerMethod;
    });

    /** Routes whose last accepted request was recorded in its own transaction: their state before is read beside the handler. */
    const inTransaction = new Set<string>();
    const overlapping = app.database.kind === 'postgres';

    // After the CSRF check and the body's parsing, before the handler: who and what, and the target before.
    app.addHook('preHandler', async (request) => {
      const key = routeKey(request);
      if (!audited.has(key)) return;
      const targets = await targetsOfRequest(db(), request);
      const overlapped = overlapping && targets.snapshot !== null && inTransaction.has(key);
      const before = targets.snapshot ? readSnapshotText(db(), targets.snapshot) : Promise.resolve(null);
      // Awaited where the record needs it; a failure surfaces there, never as an unhandled rejection.
      before.catch(() => undefined);
      if (!overlapped) await before;
      states.set(request, { targets, before, overlapped, recorded: false });
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!audited.has(routeKey(request))) return payload;
      let state = states.get(request);
      if (state?.inTransaction && state.inTransaction.status !== reply.statusCode) {
        await settleAuditRecord(db(), state.inTransaction.id, reply.statusCode, messageOf(payload)).catch((error: unknown) => {
          request.log.error({ err: error, status: reply.statusCode }, 'audit record not settled');
        });
      }
      const status = reply.statusCode;
      if (status < 400) {
        if (state?.inTransaction) inTransaction.add(routeKey(request));
        else inTransaction.delete(routeKey(request));
      }
      if (state?.recorded) {
        await writeLaterChanges(db(), request, state).catch((error: unknown) => {
          request.log.error({ err: error, route: request.routeOptions.url }, 'audit changes not written');
        });
        return payload;
      }
      // Refused before the handler (401, 403, CSRF, a body that is not JSON): no snapshot was read.
      state ??= { targets: targetsOf(request.routeOptions.url ?? '', request.params, request.body), before: Promise.resolve(null), overlapped: false, recorded: false };
      state.recorded = true;
      states.set(request, state);
      try {
        await write(db(), request, state, status, status < 400 ? null : messageOf(payload));
      } catch (error) {
        // The answer is already decided (a 503 while the database is away, say): it leaves as it is,
        // and the lost record is in the log.
        request.log.error({ err: error, status, route: request.routeOptions.url }, 'audit record not written');
      }
      return payload;
    });

    const prune = (now = new Date()) => pruneAuditRecords(db(), new Date(now.getTime() - retentionDays * DAY_MS));
    app.decorate('pruneAuditRecords', prune);
    let closing = false;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await prune();
      timer = setInterval(() => {
        prune().catch((error: unknown) => {
          if (!closing) app.log.warn({ err: error }, 'pruning old audit records failed');
        });
      }, options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
    });
  },
  { name: 'audit', dependencies: ['database', 'session'] },
);
