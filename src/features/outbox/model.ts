import type { MessageKey } from '@/features/outbox/messages';
import type { UiLanguage } from '@/lib/preferences';
import { isDraftKind } from '@/offline/draft-kinds';
import type { DraftKind, DraftRow, DraftTarget, OutboxJob, OutboxStatus } from '@/offline/db';
import { draftName, type DraftName } from '@/offline/draft-names';
import type { ReadDraft } from '@/offline/drafts';
import { jobActions, type JobActions } from '@/offline/outbox';
import { waitingBehind } from '@/offline/outbox-queue';
import { draftStep, jobKindLabel, type DraftStep } from './job-names';

/*
 * What the queue screen shows, computed from the stored jobs and drafts. Pure, so the labels,
 * the offered actions and "waits for job #N" are tested without rendering.
 */

/** The wizard that edits each kind of draft; `?draft=` resumes it. Null when the kind needs what the draft lacks. */
export function draftResumePath(kind: DraftKind, id: string, target: DraftTarget = {}): string | null {
  const draft = `?draft=${encodeURIComponent(id)}`;
  switch (kind) {
    case 'serial-number':
      return `/devices/serial-number-wizard${draft}`;
    case 'adjuster':
      return `/devices/wizard${draft}`;
    case 'replace':
      return `/devices/replace-wizard${draft}`;
    case 'device-setup':
      return target.mac ? `/devices/${encodeURIComponent(target.mac)}/wizard${draft}` : null;
    case 'commutators':
      // One matrix draft per device: its screen finds it by the MAC and offers it back.
      return target.mac ? `/devices/${encodeURIComponent(target.mac)}/commutators` : null;
  }
}

/**
 * The kind of draft behind each kind of job (the wizards name their jobs: the serial-number wizard's
 * is 'serial-number'; 'prepare-device', the call's name, is read too).
 */
const JOB_DRAFT_KINDS: Record<string, DraftKind> = {
  'serial-number': 'serial-number',
  'prepare-device': 'serial-number',
  'device-setup': 'device-setup',
  replace: 'replace',
  'adjuster-device': 'adjuster',
  'adjuster-house': 'adjuster',
  'adjuster-group': 'adjuster',
  commutators: 'commutators',
};

export const DRAFT_KIND_LABELS: Record<DraftKind, MessageKey> = {
  'serial-number': 'drafts.kind.serial-number',
  'device-setup': 'drafts.kind.device-setup',
  adjuster: 'drafts.kind.adjuster',
  replace: 'drafts.kind.replace',
  commutators: 'drafts.kind.commutators',
};

export interface JobView {
  job: OutboxJob;
  id: number;
  /** What the job does, in words; a kind this version does not know reads «Задание для сервера». */
  kindLabel: MessageKey;
  /** False for that generic label: the details then say what the job is. */
  kindKnown: boolean;
  mac: string | null;
  house: string | null;
  status: OutboxStatus;
  /** The earlier unsent job of the same device this one waits for. */
  waitingFor: number | null;
  /** When the job will be tried (epoch ms); null when it is not waiting for a time (sent, paused, needs attention, behind another job). */
  nextAttemptAt: number | null;
  actions: JobActions;
  /** The wizard with the job's draft, when "open draft" applies and the draft is on this device. */
  draftPath: string | null;
}

function draftPathForJob(job: OutboxJob, drafts: ReadonlyMap<string, DraftRow>): string | null {
  if (job.draftId === null) return null;
  const row = drafts.get(job.draftId);
  if (!row) return null;
  const kind = isDraftKind(row.kind) ? row.kind : JOB_DRAFT_KINDS[job.kind];
  return kind ? draftResumePath(kind, row.id, row.target) : null;
}

function rawRow(draft: ReadDraft): DraftRow {
  return draft.status === 'ok' ? { ...draft.draft, kind: draft.draft.kind, data: draft.draft.data } : draft.raw;
}

/**
 * Each job as the screen shows it, in the order given (newest first from listJobs). `behind` says
 * whom each job waits for when `jobs` is only a page (readJobPage); otherwise it is found among `jobs`.
 */
export function jobViews(jobs: readonly OutboxJob[], drafts: readonly ReadDraft[] = [], behind: ReadonlyMap<number, number> = waitingBehind(jobs.filter((job) => job.status !== 'sent'))): JobView[] {
  const draftRows = new Map(drafts.map((draft) => [rawRow(draft).id, rawRow(draft)]));
  return jobs.map((job) => {
    const waitingFor = behind.get(job.id) ?? null;
    const actions = jobActions(job);
    const draftPath = actions.openDraft ? draftPathForJob(job, draftRows) : null;
    const kind = jobKindLabel(job);
    return {
      job,
      id: job.id,
      kindLabel: kind.key,
      kindKnown: kind.known,
      mac: job.target.mac ?? null,
      house: job.target.house ?? null,
      status: job.status,
      waitingFor,
      nextAttemptAt: job.status === 'queued' && waitingFor === null ? job.nextAttemptAt : null,
      actions: { ...actions, openDraft: draftPath !== null },
      draftPath,
    };
  });
}

export interface DraftView {
  id: string;
  readable: boolean;
  /** The wizard's name; a kind this version does not know reads «Черновик неизвестного вида». */
  kindLabel: MessageKey;
  /** The stored kind, for the details. */
  kind: string;
  /** The stored title: what an unreadable draft is called (it was worded in the language of its save). */
  title: string;
  /** What a readable draft is called, worded when shown (in the language of the moment). */
  name: DraftName | null;
  mac: string | null;
  house: string | null;
  /** The step in words; null when the draft stores none. */
  step: DraftStep | null;
  /** The stored step id, for the details. */
  stepId: string | null;
  updatedAt: number;
  resumePath: string | null;
  /** Why an unreadable draft cannot be opened. */
  error: string | null;
  /** What "export" writes: the stored row, as it is. */
  row: DraftRow;
}

function text(value: string | number | undefined): string | null {
  return value === undefined || value === '' ? null : String(value);
}

export function draftView(draft: ReadDraft): DraftView {
  const row = rawRow(draft);
  const target: DraftTarget = row.target && typeof row.target === 'object' ? row.target : {};
  const known = isDraftKind(row.kind);
  return {
    id: row.id,
    readable: draft.status === 'ok',
    kindLabel: known ? DRAFT_KIND_LABELS[row.kind] : 'drafts.kind.other',
    kind: String(row.kind),
    title: typeof row.title === 'string' ? row.title : '',
    name: draft.status === 'ok' ? draftName(draft.draft.kind, draft.draft.data) : null,
    mac: text(target.mac),
    house: text(target.house),
    step: draftStep(String(row.kind), text(target.step)),
    stepId: text(target.step),
    updatedAt: row.updatedAt,
    resumePath: draft.status === 'ok' ? draftResumePath(draft.draft.kind, row.id, target) : null,
    error: draft.status === 'unreadable' ? draft.error : null,
    row,
  };
}

/**
 * The queue screen's filter (`?status=`): what is not sent yet (the default: jobs that will go by
 * themselves and jobs the server refused, which a person must fix), each of the two apart, and the
 * sent jobs, which the default folds away.
 */
export const JOB_FILTERS = {
  unsent: ['queued', 'sending', 'paused', 'needs-attention'],
  waiting: ['queued', 'sending', 'paused'],
  attention: ['needs-attention'],
  sent: ['sent'],
} as const satisfies Record<string, readonly OutboxStatus[]>;

export type JobFilter = keyof typeof JOB_FILTERS;

export const DEFAULT_JOB_FILTER: JobFilter = 'unsent';

export function isJobFilter(value: unknown): value is JobFilter {
  return typeof value === 'string' && Object.hasOwn(JOB_FILTERS, value);
}

/** How many of the user's jobs each filter holds. */
export function filterCounts(counts: Readonly<Record<OutboxStatus, number>>): Record<JobFilter, number> {
  const sum = (statuses: readonly OutboxStatus[]) => statuses.reduce((total, status) => total + counts[status], 0);
  return { unsent: sum(JOB_FILTERS.unsent), waiting: sum(JOB_FILTERS.waiting), attention: sum(JOB_FILTERS.attention), sent: sum(JOB_FILTERS.sent) };
}

/** When the job goes next, for the screen to word. */
export type NextAttempt =
  | { kind: 'waiting-for'; id: number }
  | { kind: 'sent'; at: number }
  | { kind: 'when-online' }
  | { kind: 'now' }
  | { kind: 'at'; at: number }
  | { kind: 'none' };

/**
 * When the job is tried next. Without a network a queued job goes when the network is back, so
 * the screen promises neither «сейчас» nor a time it cannot keep.
 */
export function nextAttempt(view: JobView, offline: boolean, now: number): NextAttempt {
  // A sent job has no next attempt: it says when it was sent.
  if (view.status === 'sent') return view.job.sentAt === null ? { kind: 'none' } : { kind: 'sent', at: view.job.sentAt };
  if (view.waitingFor !== null) return { kind: 'waiting-for', id: view.waitingFor };
  if (view.nextAttemptAt === null) return { kind: 'none' };
  if (offline) return { kind: 'when-online' };
  return view.nextAttemptAt <= now ? { kind: 'now' } : { kind: 'at', at: view.nextAttemptAt };
}

function stamp(now: number): string {
  return new Date(now).toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

export function jobsFileName(now: number): string {
  return `outbox-${stamp(now)}.json`;
}

export function jobFileName(id: number, now: number): string {
  return `outbox-job-${id}-${stamp(now)}.json`;
}

export function draftFileName(id: string): string {
  return `draft-${id.replace(/[^\w-]/g, '_')}.json`;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const LOCALES: Record<UiLanguage, string> = { ru: 'ru-RU', en: 'en-GB' };

/** 1 234 567 → "1,2 МБ" (ru) / "1.2 MB" (en). */
export function formatBytes(bytes: number, language: UiLanguage = 'ru'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}
