import { CSRF_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@contract/common';
import { fieldEndpoints, type FieldReport, type FieldStorage } from '@contract/field';
import { getCsrfToken, refreshCsrfToken } from '@/lib/csrf';
import { listJobs } from '@/offline/outbox-queue';
import type { OfflineRuntime } from '@/offline/runtime';
import { storageStatus } from '@/offline/storage';
import { version } from '../../package.json';
import { buildFieldReport, sameSummary } from './field-report-summary';

/*
 * Tells support what this device's send queue holds (docs/api.md "Field"): on start when the server
 * is reachable, when the network comes back, after each replay run that sent something, and for
 * any other change at most once a minute. A report that fails is dropped: the next occasion sends a
 * fresh one. It never goes through the outbox and never touches the session (a 401 here is left to
 * the replay and the app's own calls to handle).
 */

export const REPORT_MIN_INTERVAL_MS = 60_000;
/** Occasions close together (the start's run, an `online` and its run) make one report. */
export const REPORT_SETTLE_MS = 400;
/** An unchanged summary is sent again only this long after the last. */
export const REPORT_UNCHANGED_MS = 10 * 60_000;

const INSTALL_ID_KEY = 'intercom.install-id';
const lastRunKey = (userId: number) => `intercom.field.last-run.${userId}`;

export type ReportReason = 'start' | 'online' | 'replay' | 'change';
/** 'refused': the server will not take reports from this user (a 403): the reporter stops for this page. */
export type ReportOutcome = 'sent' | 'failed' | 'refused';
export type ReportSender = (report: FieldReport) => Promise<ReportOutcome>;

function storedItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storeItem(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full origin: the id lives for this page only.
  }
}

let pageInstallId: string | null = null;

/** This device's install id: made once and kept, so support tells one installer's phones apart. */
export function installId(): string {
  pageInstallId ??= storedItem(INSTALL_ID_KEY);
  if (!pageInstallId) {
    pageInstallId = crypto.randomUUID();
    storeItem(INSTALL_ID_KEY, pageInstallId);
  }
  return pageInstallId;
}

/** POSTs the report. Never throws. */
export const fetchReportSender: ReportSender = async (report) => {
  try {
    const token = getCsrfToken() ?? (await refreshCsrfToken());
    const response = await fetch(fieldEndpoints.report.path({}), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE, [CSRF_HEADER]: token },
      body: JSON.stringify(report),
    });
    // Read whole in every case: an answer left unread holds its request open (the connection and, in
    // DevTools, a request that never finishes).
    const text = await response.text();
    if (response.status === 403 && !/csrf/i.test(text)) return 'refused';
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
};

async function browserStorage(): Promise<FieldStorage | null> {
  const status = await storageStatus();
  return status && { persisted: status.persisted, usage: status.usage, quota: status.quota };
}

export interface FieldReporterOptions {
  runtime: Pick<OfflineRuntime, 'db' | 'engine' | 'connectivity'>;
  userId: number;
  send?: ReportSender;
  storage?: () => Promise<FieldStorage | null>;
  now?: () => number;
  appVersion?: string;
  installId?: () => string;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface FieldReporter {
  start(): void;
  stop(): void;
  /** Asks for a report (sent after a short settle, or within the minute for a 'change'). */
  request(reason: ReportReason): void;
  /** Builds and sends a report now; true when the server took it. */
  reportNow(): Promise<boolean>;
}

export function createFieldReporter(options: FieldReporterOptions): FieldReporter {
  const { runtime, userId } = options;
  const send = options.send ?? fetchReportSender;
  const readStorage = options.storage ?? browserStorage;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const reachable = () => runtime.connectivity.getSnapshot().state !== 'offline';

  let timer: unknown = null;
  let dueAt = Infinity;
  let sending: Promise<boolean> | null = null;
  let again = false;
  let stopped = true;
  let lastSent: { at: number; report: FieldReport } | null = null;
  let lastAttemptAt = -Infinity;
  let detach: (() => void) | null = null;

  const lastRunAt = (): number | null => {
    const stored = Number(storedItem(lastRunKey(userId)));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  };

  const build = async (): Promise<FieldReport> => {
    const [jobs, drafts, storage] = await Promise.all([
      listJobs(runtime.db, userId),
      runtime.db.drafts.where('userId').equals(userId).toArray(),
      readStorage().catch(() => null),
    ]);
    return buildFieldReport({
      installId: (options.installId ?? installId)(),
      appVersion: options.appVersion ?? version,
      jobs,
      drafts,
      storage,
      lastRunAt: lastRunAt(),
      now: now(),
    });
  };

  const attempt = async (): Promise<boolean> => {
    if (!reachable()) return false;
    lastAttemptAt = now();
    let report: FieldReport;
    try {
      report = await build();
    } catch {
      return false;
    }
    if (lastSent && now() - lastSent.at < REPORT_UNCHANGED_MS && sameSummary(lastSent.report, report)) return true;
    const outcome = await send(report);
    if (outcome === 'sent') lastSent = { at: now(), report };
    if (outcome === 'refused') stop();
    return outcome === 'sent';
  };

  const reportNow = (): Promise<boolean> => {
    if (sending) {
      again = true;
      return sending;
    }
    sending = attempt().finally(() => {
      sending = null;
      if (again && !stopped) {
        again = false;
        schedule(now() + REPORT_SETTLE_MS);
      }
    });
    return sending;
  };

  function schedule(at: number): void {
    if (stopped || at >= dueAt) return;
    if (timer !== null) clearTimer(timer);
    dueAt = at;
    timer = setTimer(
      () => {
        timer = null;
        dueAt = Infinity;
        void reportNow();
      },
      Math.max(0, at - now()),
    );
  }

  function stop(): void {
    stopped = true;
    detach?.();
    detach = null;
    if (timer !== null) clearTimer(timer);
    timer = null;
    dueAt = Infinity;
  }

  const request = (reason: ReportReason) => {
    if (stopped || !reachable()) return;
    const soon = now() + REPORT_SETTLE_MS;
    schedule(reason === 'change' ? Math.max(soon, lastAttemptAt + REPORT_MIN_INTERVAL_MS) : soon);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      const onOnline = () => request('online');
      const offEngine = runtime.engine.subscribe((event) => {
        if (event.type === 'syncing' && !event.syncing) {
          // A run that reached the server just ended: the queue's latest state is worth telling.
          if (reachable()) storeItem(lastRunKey(userId), String(now()));
          request('replay');
        } else if (event.type === 'job-changed') {
          request('change');
        }
      });
      let wasOffline = !reachable();
      const offConnectivity = runtime.connectivity.subscribe(() => {
        const offline = !reachable();
        if (wasOffline && !offline) request('online');
        wasOffline = offline;
      });
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      detach = () => {
        offEngine();
        offConnectivity();
        if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      };
      request('start');
    },
    stop,
    request,
    reportNow,
  };
}
