import { describe, expect, it, vi } from 'vitest';
import { FIELD_REPORT_MAX_BYTES, FieldReport, type FieldReport as FieldReportValue } from '@contract/field';
import { decode } from '@contract/common';
import type { DraftRow, OfflineDb } from '@/offline/db';
import type { ReplayEngine, ReplayEvent } from '@/offline/replay';
import type { ConnectivityStore } from '@/offline/connectivity';
import { createFieldReporter, REPORT_MIN_INTERVAL_MS, REPORT_SETTLE_MS, type ReportOutcome } from '@/platform/field-report';
import { MASK, buildFieldReport, lastSyncOf, maskSecretText, maskSecrets, reportBytes } from '@/platform/field-report-summary';
import { createClock, createManualTimers, makeJob, openTestDb } from './offline/helpers';

const NOW = Date.UTC(2025, 0, 15, 9, 0, 0);
const DAY = 86_400_000;

function draft(overrides: Partial<DraftRow> = {}): DraftRow {
  return {
    id: 'draft-1',
    kind: 'device-setup',
    userId: 7,
    title: 'Панель 0E:00:00:00:00:01',
    target: { mac: '0E:00:00:00:00:01', house: 'ул. Ленина, 1', step: 2 },
    data: { sipPassword: 'hunter2', password: 'admin123', login: 'panel' },
    schemaVersion: 1,
    createdAt: NOW - 10 * DAY,
    updatedAt: NOW - 5 * DAY,
    ...overrides,
  };
}

const base = { installId: 'install-0001', appVersion: '0.1.0', storage: { persisted: false, usage: 1234, quota: 10_000 }, lastRunAt: null, now: NOW };

describe('the field summary', () => {
  it('counts waiting, needing attention, paused, drafts and drafts untouched for 3 days', () => {
    const jobs = [
      makeJob({ id: 1, status: 'queued' }),
      makeJob({ id: 2, status: 'sending' }),
      makeJob({ id: 3, status: 'needs-attention', lastStatus: 409, lastError: 'Устройство с MAC-адресом 0E:00:00:00:00:01 уже зарегистрировано', attempts: 1 }),
      makeJob({ id: 4, status: 'paused', lastStatus: 401 }),
      makeJob({ id: 5, status: 'sent', sentAt: NOW - 1000 }),
    ];
    const drafts = [draft(), draft({ id: 'fresh', updatedAt: NOW - DAY })];
    const report = buildFieldReport({ ...base, jobs, drafts });
    expect(report.counts).toEqual({ waiting: 2, needsAttention: 1, paused: 1, drafts: 2, idleDrafts: 1 });
    expect(report.jobs.map((job) => [job.id, job.status, job.httpStatus])).toEqual([
      [4, 'paused', 401],
      [3, 'needs-attention', 409],
    ]);
    expect(report.jobs[1]).toMatchObject({ mac: 'AA:BB:CC:DD:EE:01', house: 'house-1', attempts: 1, error: expect.stringMatching(/уже зарегистрировано$/) });
    expect(report.idleDrafts).toEqual([{ kind: 'device-setup', title: 'Панель 0E:00:00:00:00:01', mac: '0E:00:00:00:00:01', house: 'ул. Ленина, 1', updatedAt: new Date(NOW - 5 * DAY).toISOString() }]);
    expect(report.lastSyncAt).toBe(new Date(NOW - 1000).toISOString());
    // What the server checks it against.
    expect(decode(FieldReport, report)).toEqual(report);
  });

  it("never carries a draft's data or a job's body, and masks secrets in the server's words and in titles", () => {
    const jobs = [makeJob({ id: 9, status: 'needs-attention', lastStatus: 400, body: { password: 'admin123' }, lastError: 'Некорректное поле: {"sipPassword":"hunter2", "login":"x"} password=admin123' })];
    const report = buildFieldReport({ ...base, jobs, drafts: [draft({ title: 'SIP pin: 4321' })] });
    const text = JSON.stringify(report);
    expect(text).not.toMatch(/hunter2|admin123|4321/);
    expect(report.jobs[0].error).toBe(`Некорректное поле: {"sipPassword":${MASK}, "login":"x"} password=${MASK}`);
    expect(report.idleDrafts[0].title).toBe(`SIP pin: ${MASK}`);
  });

  it('masks values under secret names at any depth', () => {
    expect(maskSecrets({ login: 'a', sip: { sipPassword: 'x', nested: [{ token: 't' }] }, pin: '' })).toEqual({ login: 'a', sip: { sipPassword: MASK, nested: [{ token: MASK }] }, pin: '' });
    expect(maskSecretText('no secrets here: mac=0E:00')).toBe('no secrets here: mac=0E:00');
  });

  it('stays within 5 KB for 100 jobs, however long their errors, and keeps the counts whole', () => {
    const jobs = Array.from({ length: 100 }, (_, index) =>
      makeJob({ id: index + 1, status: index % 2 ? 'needs-attention' : 'queued', lastStatus: 409, lastError: 'Ошибка сервера '.repeat(40), target: { mac: '0E:00:00:00:00:01', house: 'г. Москва, ул. Длинная, д. 1, корп. 2, стр. 3' } }),
    );
    const drafts = Array.from({ length: 30 }, (_, index) => draft({ id: `d${index}`, title: 'Черновик '.repeat(20) }));
    const report = buildFieldReport({ ...base, jobs, drafts });
    expect(reportBytes(report)).toBeLessThanOrEqual(FIELD_REPORT_MAX_BYTES);
    expect(report.counts).toMatchObject({ waiting: 50, needsAttention: 50, idleDrafts: 30 });
    expect(report.jobs.length).toBeGreaterThanOrEqual(5);
    // The newest jobs needing attention are the ones kept.
    expect(report.jobs[0].id).toBe(100);
  });

  it('takes the later of the last run and the last job sent as the last sync', () => {
    expect(lastSyncOf([], null)).toBeNull();
    expect(lastSyncOf([makeJob({ sentAt: 50 })], 20)).toBe(50);
    expect(lastSyncOf([makeJob({ sentAt: 50 })], 80)).toBe(80);
  });
});

function fakeRuntime(db: OfflineDb) {
  const engineListeners = new Set<(event: ReplayEvent) => void>();
  const connectivityListeners = new Set<() => void>();
  let state: 'online' | 'offline' = 'online';
  const engine = { subscribe: (listener: (event: ReplayEvent) => void) => (engineListeners.add(listener), () => engineListeners.delete(listener)) } as unknown as ReplayEngine;
  const connectivity = {
    getSnapshot: () => ({ state, probed: null }),
    subscribe: (listener: () => void) => (connectivityListeners.add(listener), () => connectivityListeners.delete(listener)),
  } as unknown as ConnectivityStore;
  return {
    runtime: { db, engine, connectivity },
    emit: (event: ReplayEvent) => engineListeners.forEach((listener) => listener(event)),
    setState: (next: 'online' | 'offline') => {
      state = next;
      connectivityListeners.forEach((listener) => listener());
    },
  };
}

async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the field reporter', () => {
  function setup(outcome: () => ReportOutcome = () => 'sent') {
    const db = openTestDb();
    const clock = createClock(NOW);
    const timers = createManualTimers(clock);
    const fake = fakeRuntime(db);
    const sent: FieldReportValue[] = [];
    const send = vi.fn(async (report: FieldReportValue) => {
      sent.push(report);
      return outcome();
    });
    const reporter = createFieldReporter({
      runtime: fake.runtime,
      userId: 7,
      send,
      storage: async () => ({ persisted: true, usage: 1, quota: 2 }),
      now: clock.now,
      appVersion: 'test',
      installId: () => 'install-0001',
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    return { db, clock, timers, fake, sent, send, reporter };
  }

  it('reports on start, after a replay run and on the way back online; other changes at most once a minute', async () => {
    const { db, timers, fake, sent, reporter } = setup();
    await db.outbox.add({ ...makeJob({ status: 'needs-attention', lastStatus: 409, lastError: 'уже зарегистрировано' }), id: undefined as unknown as number });
    reporter.start();
    timers.advance(REPORT_SETTLE_MS);
    await flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ installId: 'install-0001', appVersion: 'test', counts: { needsAttention: 1 } });

    await db.outbox.add({ ...makeJob({ idempotencyKey: 'key-2', status: 'queued' }), id: undefined as unknown as number });
    fake.emit({ type: 'job-changed', job: makeJob() });
    timers.advance(REPORT_SETTLE_MS);
    await flush();
    expect(sent).toHaveLength(1);
    timers.advance(REPORT_MIN_INTERVAL_MS);
    await flush();
    expect(sent).toHaveLength(2);
    expect(sent[1].counts.waiting).toBe(1);

    await db.outbox.where('idempotencyKey').equals('key-2').modify({ status: 'sent', sentAt: NOW });
    fake.emit({ type: 'syncing', syncing: false });
    timers.advance(REPORT_SETTLE_MS);
    await flush();
    expect(sent).toHaveLength(3);
    expect(sent[2].counts.waiting).toBe(0);

    fake.setState('offline');
    fake.emit({ type: 'syncing', syncing: false });
    timers.advance(REPORT_SETTLE_MS);
    await flush();
    expect(sent).toHaveLength(3);
    await db.outbox.add({ ...makeJob({ idempotencyKey: 'key-3', status: 'queued' }), id: undefined as unknown as number });
    fake.setState('online');
    timers.advance(REPORT_SETTLE_MS);
    await flush();
    expect(sent).toHaveLength(4);
    reporter.stop();
  });

  it('drops a failed report and sends a fresh one at the next occasion; a 403 stops it for the page', async () => {
    let outcome: ReportOutcome = 'failed';
    const { timers, fake, send, reporter } = setup(() => outcome);
    reporter.start();
    timers.advance(REPORT_SETTLE_MS);
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(timers.delays()).toEqual([]);
    outcome = 'refused';
    fake.emit({ type: 'syncing', syncing: false });
    timers.advance(REPORT_SETTLE_MS);
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    fake.emit({ type: 'syncing', syncing: false });
    timers.advance(REPORT_MIN_INTERVAL_MS);
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
