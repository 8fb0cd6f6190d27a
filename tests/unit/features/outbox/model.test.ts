import { describe, expect, it } from 'vitest';
import { defaultSerialNumberDraft } from '@contract/adjuster-wizard';
import { canOpenOutbox } from '@/features/outbox/access';
import { draftFileName, draftResumePath, draftView, formatBytes, jobFileName, jobViews, jobsFileName, nextAttempt } from '@/features/outbox/model';
import type { DraftRow, OutboxStatus } from '@/offline/db';
import { loadDraftSchemas } from '@/offline/draft-kinds';
import { readDraft, type ReadDraft } from '@/offline/drafts';
import { authItems } from '../../helpers/render';
import { makeJob } from '../../offline/helpers';

const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);

function draftRow(overrides: Partial<DraftRow> = {}): DraftRow {
  return {
    id: 'draft-1',
    kind: 'serial-number',
    userId: 7,
    title: 'ул. Ленина, 1',
    target: { mac: 'AA:BB:CC:DD:EE:01', house: 'house-1', step: 2 },
    data: { ...defaultSerialNumberDraft(), serialNumber: 'SN-1' },
    schemaVersion: 1,
    createdAt: T0,
    updatedAt: T0 + 1_000,
    ...overrides,
  };
}

const schemas = await loadDraftSchemas();
const read = (row: DraftRow): ReadDraft => readDraft(row, schemas);

describe('jobViews', () => {
  it('names a job by what it does and shows its target; an unknown one gets a generic name', () => {
    const [known, unknown] = jobViews([
      makeJob({ id: 2 }),
      makeJob({ id: 1, kind: 'something-new', method: 'PUT', url: '/front/something', idempotencyKey: 'k2', deviceKey: 'job:k2', target: {} }),
    ]);
    expect(known).toMatchObject({ id: 2, kindLabel: 'outbox.kind.serial-number', kindKnown: true, mac: 'AA:BB:CC:DD:EE:01', house: 'house-1' });
    expect(jobViews([makeJob({ kind: 'serial-number' })])[0].kindLabel).toBe('outbox.kind.serial-number');
    expect(unknown).toMatchObject({ id: 1, kindLabel: 'outbox.kind.other', kindKnown: false, mac: null, house: null });
  });

  it('a later job of the same device waits for the earlier unsent one: "ждёт задание #N", no next attempt of its own', () => {
    const jobs = [
      makeJob({ id: 3, idempotencyKey: 'k3', status: 'queued' }),
      makeJob({ id: 2, idempotencyKey: 'k2', status: 'needs-attention', lastError: 'Некорректное поле porch' }),
      makeJob({ id: 1, idempotencyKey: 'k1', status: 'sent', sentAt: T0 }),
    ];
    const views = jobViews(jobs);
    expect(views.map((view) => [view.id, view.waitingFor])).toEqual([
      [3, 2],
      [2, null],
      [1, null],
    ]);
    expect(views[0].nextAttemptAt).toBeNull();
  });

  it('one queue: a later job of another device waits behind the first in line, which shows when it is tried next', () => {
    const views = jobViews([
      makeJob({ id: 2, idempotencyKey: 'k2', target: { mac: 'AA:BB:CC:DD:EE:02' }, nextAttemptAt: T0 + 5_000 }),
      makeJob({ id: 1, idempotencyKey: 'k1', nextAttemptAt: T0 + 9_000 }),
    ]);
    expect(views.map((view) => [view.waitingFor, view.nextAttemptAt])).toEqual([
      [1, null],
      [null, T0 + 9_000],
    ]);
  });

  it('a job of another device is not held by one that needs attention', () => {
    const views = jobViews([
      makeJob({ id: 2, idempotencyKey: 'k2', target: { mac: 'AA:BB:CC:DD:EE:02' }, nextAttemptAt: T0 + 5_000 }),
      makeJob({ id: 1, idempotencyKey: 'k1', status: 'needs-attention' }),
    ]);
    expect(views.map((view) => [view.waitingFor, view.nextAttemptAt])).toEqual([
      [null, T0 + 5_000],
      [null, null],
    ]);
  });

  it('offers the actions of jobActions: send now when queued, retry when paused or needing attention, never discard while sending', () => {
    const actions = (status: OutboxStatus) => jobViews([makeJob({ status })], [read(draftRow())])[0].actions;
    expect(actions('queued')).toEqual({ sendNow: true, retry: false, openDraft: true, discard: true });
    expect(actions('sending')).toEqual({ sendNow: false, retry: false, openDraft: false, discard: false });
    expect(actions('needs-attention')).toEqual({ sendNow: false, retry: true, openDraft: true, discard: true });
    expect(actions('paused')).toEqual({ sendNow: false, retry: true, openDraft: true, discard: true });
    expect(actions('sent')).toEqual({ sendNow: false, retry: false, openDraft: true, discard: true });
  });

  it('"open draft" leads to the wizard with ?draft=id, and only when the draft is on this device', () => {
    const job = makeJob({ status: 'needs-attention', draftId: 'draft-1' });
    expect(jobViews([job], [read(draftRow())])[0].draftPath).toBe('/devices/serial-number-wizard?draft=draft-1');
    const [orphan] = jobViews([job], []);
    expect(orphan.draftPath).toBeNull();
    expect(orphan.actions.openDraft).toBe(false);
    expect(jobViews([makeJob({ draftId: null })], [read(draftRow())])[0].draftPath).toBeNull();
  });

  it('an unreadable draft can still be opened from its job (the wizard says what is wrong)', () => {
    const broken = read(draftRow({ data: { serialNumber: 42 } }));
    expect(broken.status).toBe('unreadable');
    expect(jobViews([makeJob()], [broken])[0].draftPath).toBe('/devices/serial-number-wizard?draft=draft-1');
  });
});

describe('draftView', () => {
  it('a readable draft: kind label, device, house, step, resume link', () => {
    expect(draftView(read(draftRow()))).toMatchObject({
      readable: true,
      kindLabel: 'drafts.kind.serial-number',
      title: 'ул. Ленина, 1',
      mac: 'AA:BB:CC:DD:EE:01',
      house: 'house-1',
      step: { kind: 'step', label: 'drafts.step.address', number: 2, total: 4 },
      stepId: '2',
      updatedAt: T0 + 1_000,
      resumePath: '/devices/serial-number-wizard?draft=draft-1',
      error: null,
    });
  });

  it('an unreadable draft is shown as such, with its stored row for export and no resume link', () => {
    const row = draftRow({ schemaVersion: 99 });
    const view = draftView(read(row));
    expect(view.readable).toBe(false);
    expect(view.resumePath).toBeNull();
    expect(view.error).toMatch(/более новой версией/);
    expect(view.row).toEqual(row);
  });

  it('a draft of an unknown kind gets a generic name, keeps its stored kind for the details, and is still listed', () => {
    const view = draftView(read(draftRow({ kind: 'future-wizard' as DraftRow['kind'], target: {} })));
    expect(view).toMatchObject({ readable: false, kindLabel: 'drafts.kind.other', kind: 'future-wizard', mac: null, house: null, step: null, stepId: null });
  });
});

describe('nextAttempt', () => {
  const NOW = T0 + 60_000;
  const at = (overrides: Parameters<typeof makeJob>[0], offline: boolean) => nextAttempt(jobViews([makeJob(overrides)])[0], offline, NOW);

  it('online: «сейчас» when due, else the time', () => {
    expect(at({ nextAttemptAt: NOW - 1 }, false)).toEqual({ kind: 'now' });
    expect(at({ nextAttemptAt: NOW + 5_000 }, false)).toEqual({ kind: 'at', at: NOW + 5_000 });
  });

  it('offline: a queued job goes when the network is back, whether it was due or not', () => {
    expect(at({ nextAttemptAt: NOW - 1 }, true)).toEqual({ kind: 'when-online' });
    expect(at({ nextAttemptAt: NOW + 5_000 }, true)).toEqual({ kind: 'when-online' });
  });

  it('a job behind another, a sent one, and one that waits for a person say so, online or not', () => {
    const behind = jobViews([makeJob({ id: 2, idempotencyKey: 'k2' }), makeJob({ id: 1, idempotencyKey: 'k1', status: 'needs-attention' })])[0];
    expect(nextAttempt(behind, true, NOW)).toEqual({ kind: 'waiting-for', id: 1 });
    expect(at({ status: 'sent', sentAt: T0 }, true)).toEqual({ kind: 'sent', at: T0 });
    // Even if an earlier job is still unsent, a sent job says when it was sent.
    const sentLater = jobViews([makeJob({ id: 2, idempotencyKey: 'k2', status: 'sent', sentAt: T0 }), makeJob({ id: 1, idempotencyKey: 'k1' })])[0];
    expect(nextAttempt(sentLater, false, NOW)).toEqual({ kind: 'sent', at: T0 });
    for (const status of ['needs-attention', 'paused', 'sending'] as const) expect(at({ status }, true), status).toEqual({ kind: 'none' });
  });
});

describe('draftResumePath', () => {
  it('points each kind at its wizard', () => {
    expect(draftResumePath('serial-number', 'a b')).toBe('/devices/serial-number-wizard?draft=a%20b');
    expect(draftResumePath('adjuster', 'x')).toBe('/devices/wizard?draft=x');
    expect(draftResumePath('replace', 'x')).toBe('/devices/replace-wizard?draft=x');
    expect(draftResumePath('device-setup', 'x', { mac: 'AA:BB:CC:DD:EE:01' })).toBe('/devices/AA%3ABB%3ACC%3ADD%3AEE%3A01/wizard?draft=x');
    expect(draftResumePath('device-setup', 'x', {})).toBeNull();
  });
});

describe('formatting', () => {
  it('formats bytes in the UI language', () => {
    expect(formatBytes(512)).toBe('512 Б');
    expect(formatBytes(1_258_291)).toBe('1,2 МБ');
    expect(formatBytes(1_258_291, 'en')).toBe('1.2 MB');
    expect(formatBytes(300 * 1024 ** 3)).toBe('300 ГБ');
  });

  it('names export files by job and time, safe for every file system', () => {
    expect(jobsFileName(T0)).toBe('outbox-2025-01-15T09-00-00Z.json');
    expect(jobFileName(12, T0)).toBe('outbox-job-12-2025-01-15T09-00-00Z.json');
    expect(draftFileName('a/b:c')).toBe('draft-a_b_c.json');
  });
});

describe('canOpenOutbox', () => {
  it('lets installers, operators and the superuser open the queue; not support, which queues nothing', () => {
    for (const role of ['adjuster', 'management', 'superuser']) expect(canOpenOutbox(authItems(role)), role).toBe(true);
    expect(canOpenOutbox(authItems('support'))).toBe(false);
    expect(canOpenOutbox(authItems())).toBe(false);
    expect(canOpenOutbox(authItems('someone-else'))).toBe(false);
  });
});
