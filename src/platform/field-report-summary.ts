import {
  FIELD_DRAFT_IDLE_DAYS,
  FIELD_MAX_DRAFTS,
  FIELD_MAX_JOBS,
  FIELD_REPORT_MAX_BYTES,
  type FieldDraft,
  type FieldJob,
  type FieldReport,
  type FieldStorage,
} from '@contract/field';
import type { DraftRow, OutboxJob } from '@/offline/db';

/*
 * The queue summary an installer's app sends to support (docs/api.md "Field"). Pure: the reporter
 * (field-report.ts) reads the jobs, drafts and storage and sends what this makes. Only what support
 * needs goes: a job's kind, device, house, the server's reason and attempts, never its body; a
 * draft's kind, title and target, never its data. Anything that looks like a secret is masked.
 */

const DAY_MS = 86_400_000;
export const MASK = '••••';

/** Names whose values are secrets (passwords, SIP passwords, tokens, PINs …). */
const SECRET_NAME = /(pass(word)?|pwd|secret|token|pin|api[-_]?key)/i;
/** `password: x`, `"sipPassword":"x"`, `pwd=x` … in free text such as a server message. */
const SECRET_IN_TEXT = /(["']?[\w-]*(?:pass(?:word)?|pwd|secret|token|pin|api[-_]?key)[\w-]*["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;}&]+)/gi;

/** Masks the secrets in a text: what follows a secret's name and `:` or `=`. */
export function maskSecretText(text: string): string {
  return text.replace(SECRET_IN_TEXT, (_match, name: string) => `${name}${MASK}`);
}

/** A copy with every value under a secret's name masked, at any depth, and secrets in strings masked. */
export function maskSecrets(value: unknown): unknown {
  if (typeof value === 'string') return maskSecretText(value);
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_NAME.test(key) && inner !== null && inner !== '' ? MASK : maskSecrets(inner)]));
  }
  return value;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function orNull(text: string | number | undefined, max: number): string | null {
  return text === undefined || text === '' ? null : cut(String(text), max);
}

function iso(ms: number): string {
  return new Date(Number.isFinite(ms) ? ms : 0).toISOString();
}

export function jobSummary(job: OutboxJob): FieldJob {
  return {
    id: job.id,
    kind: cut(job.kind, 60),
    status: job.status === 'paused' ? 'paused' : 'needs-attention',
    mac: orNull(job.target?.mac, 40),
    house: orNull(job.target?.house, 300),
    httpStatus: job.lastStatus,
    error: job.lastError === null ? null : cut(maskSecretText(job.lastError), 200),
    attempts: job.attempts,
    createdAt: iso(job.createdAt),
    updatedAt: iso(job.updatedAt),
  };
}

export function draftSummary(draft: DraftRow): FieldDraft {
  const target = draft.target && typeof draft.target === 'object' ? draft.target : {};
  return {
    kind: cut(String(draft.kind), 40),
    title: cut(maskSecretText(typeof draft.title === 'string' ? draft.title : ''), 200),
    mac: orNull(target.mac, 40),
    house: orNull(target.house, 300),
    updatedAt: iso(draft.updatedAt),
  };
}

export interface SummaryInput {
  installId: string;
  appVersion: string;
  /** This user's jobs and drafts. */
  jobs: readonly OutboxJob[];
  drafts: readonly DraftRow[];
  storage: FieldStorage | null;
  /** The last replay run that reached the server (epoch ms), if the reporter saw one. */
  lastRunAt: number | null;
  now: number;
}

/** The latest time the queue reached the server: the last run seen, or the last job sent. */
export function lastSyncOf(jobs: readonly OutboxJob[], lastRunAt: number | null): number | null {
  const sent = jobs.reduce<number | null>((latest, job) => (job.sentAt !== null && (latest === null || job.sentAt > latest) ? job.sentAt : latest), null);
  if (sent === null) return lastRunAt;
  return lastRunAt === null ? sent : Math.max(sent, lastRunAt);
}

/** The report's size in bytes as sent (UTF-8 JSON). */
export function reportBytes(report: FieldReport): number {
  return new TextEncoder().encode(JSON.stringify(report)).length;
}

/**
 * The summary. Counts cover every job and draft; the lists name the jobs needing attention (newest
 * first) and the drafts untouched for FIELD_DRAFT_IDLE_DAYS days (oldest first), shortened until the
 * report fits FIELD_REPORT_MAX_BYTES.
 */
export function buildFieldReport(input: SummaryInput): FieldReport {
  const { jobs, drafts, now } = input;
  const attention = jobs.filter((job) => job.status === 'needs-attention' || job.status === 'paused').sort((a, b) => b.id - a.id);
  const idle = drafts.filter((draft) => now - draft.updatedAt >= FIELD_DRAFT_IDLE_DAYS * DAY_MS).sort((a, b) => a.updatedAt - b.updatedAt);
  const lastSync = lastSyncOf(jobs, input.lastRunAt);
  const report: FieldReport = {
    installId: input.installId,
    appVersion: cut(input.appVersion, 40),
    generatedAt: iso(now),
    lastSyncAt: lastSync === null ? null : iso(lastSync),
    counts: {
      waiting: jobs.filter((job) => job.status === 'queued' || job.status === 'sending').length,
      needsAttention: jobs.filter((job) => job.status === 'needs-attention').length,
      paused: jobs.filter((job) => job.status === 'paused').length,
      drafts: drafts.length,
      idleDrafts: idle.length,
    },
    jobs: attention.slice(0, FIELD_MAX_JOBS).map(jobSummary),
    idleDrafts: idle.slice(0, FIELD_MAX_DRAFTS).map(draftSummary),
    storage: input.storage,
  };
  while (reportBytes(report) > FIELD_REPORT_MAX_BYTES && (report.jobs.length > 0 || report.idleDrafts.length > 0)) {
    if (report.idleDrafts.length > report.jobs.length / 4) report.idleDrafts = report.idleDrafts.slice(0, -1);
    else report.jobs = report.jobs.slice(0, -1);
  }
  return report;
}

/** Two reports say the same thing when they differ only in when they were made. */
export function sameSummary(a: FieldReport, b: FieldReport): boolean {
  return JSON.stringify({ ...a, generatedAt: '' }) === JSON.stringify({ ...b, generatedAt: '' });
}
