import { ADJUSTER_JOB_KINDS, FINAL_JOB_STATUSES, type AddressLookup, type AdjusterDevice, type AdjusterJobKind } from '@contract/adjuster';
import { applyAddressLookup, defaultAdjusterState, parsePortNum, portOf, type Port } from '@contract/adjuster-wizard';
import { normalizeMac } from '@contract/common';
import { deviceTypeId } from '@contract/devices';
import { deviceFieldError } from '@/lib/device-fields';
import { codedMessageOf } from '@contract/server-texts';
import type { MessageKey } from '@/features/adjuster-wizard/messages';
import type { DraftTarget, OutboxJob } from '@/offline/db';
import type { AdjusterWizardDraft } from '@/offline/draft-schemas/adjuster';

/*
 * The adjuster wizard's pure logic: the state the draft keeps, the step
 * moves, the address look-up, the three port jobs and their progress, and what each step needs
 * before the next can be done. The hook (use-adjuster-wizard.ts) only wires these to the calls.
 */

export const DRAFT_KIND = 'adjuster' as const;
export const JOB_KINDS = { device: 'adjuster-device', house: 'adjuster-house', group: 'adjuster-group' } as const;

export type { AdjusterWizardDraft };
export type WizardJob = AdjusterWizardDraft['jobs'][AdjusterJobKind];

// ---------------------------------------------------------------------------
// Steps

export const WIZARD_STEPS = ['port', 'entrance', 'jobs', 'device', 'setup', 'bind'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function stepIndex(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step);
}

export function parseStep(value: unknown): WizardStep {
  return WIZARD_STEPS.find((step) => step === value) ?? 'port';
}

/** The step moves up and down, and stays within the steps. */
export function moveStep(step: WizardStep, by: 1 | -1): WizardStep {
  const index = Math.min(WIZARD_STEPS.length - 1, Math.max(0, stepIndex(step) + by));
  return WIZARD_STEPS[index];
}

/** The device type the preset is for until the installer picks another: the most common one. */
export const DEFAULT_DEVICE_TYPE = deviceTypeId('ISCOM_X1');

/** Reset restores defaults: every field empty, jobs 'unknown', back on the first step. */
export function defaultWizardDraft(): AdjusterWizardDraft {
  const state = defaultAdjusterState();
  const jobs = Object.fromEntries(ADJUSTER_JOB_KINDS.map((kind) => [kind, { ...state.jobs[kind], message: null }])) as AdjusterWizardDraft['jobs'];
  return {
    ...state,
    jobs,
    step: 'port',
    bsName: '',
    portNum: '',
    lookedUp: null,
    jobsPort: null,
    device: null,
    deviceType: DEFAULT_DEVICE_TYPE,
    ip: '',
    presetUrl: '',
    ddnsDone: false,
    ddnsMessage: null,
    presetDone: false,
    presetMessage: null,
    groupId: null,
    groupName: null,
  };
}

// ---------------------------------------------------------------------------
// The port

export { parsePortNum, portOf, type Port };

export function portKey(port: Port): string {
  return `${port.bsName}/${port.portNum}`;
}

export type PortErrors = Partial<Record<'bsName' | 'portNum', MessageKey>>;

export function portErrors(draft: Pick<AdjusterWizardDraft, 'bsName' | 'portNum'>): PortErrors {
  const errors: PortErrors = {};
  if (!draft.bsName.trim()) errors.bsName = 'adjusterWizard.error.bsName';
  if (!draft.portNum.trim()) errors.portNum = 'adjusterWizard.error.portNum';
  else if (parsePortNum(draft.portNum) === null) errors.portNum = 'adjusterWizard.error.portNumFormat';
  return errors;
}

/**
 * Editing the port makes what was learnt about the old one stale: the address and the jobs go
 * back to their defaults (the device, once created, stays: it is on the server already).
 */
export function withPortField(draft: AdjusterWizardDraft, field: 'bsName' | 'portNum', value: string): AdjusterWizardDraft {
  const next = { ...draft, [field]: value };
  const port = portOf(next);
  const key = port ? portKey(port) : null;
  const defaults = defaultAdjusterState();
  return {
    ...next,
    ...(draft.lookedUp !== null && draft.lookedUp !== key
      ? { lookedUp: null, fiasId: defaults.fiasId, entranceNum: defaults.entranceNum, address: defaults.address, error: defaults.error }
      : {}),
    ...(draft.jobsPort !== null && draft.jobsPort !== key ? { jobsPort: null, jobs: defaultWizardDraft().jobs } : {}),
  };
}

/** Found sets fiasId, entranceNum and address; not found clears them and sets 'Адрес не найден'. */
export function withAddressLookup(draft: AdjusterWizardDraft, port: Port, lookup: AddressLookup): AdjusterWizardDraft {
  const applied = applyAddressLookup(draft, lookup);
  return { ...draft, ...applied, jobs: draft.jobs, lookedUp: portKey(port) };
}

export function addressFound(draft: AdjusterWizardDraft): boolean {
  return draft.fiasId !== null && draft.error === null && draft.lookedUp !== null;
}

export function withEntrance(draft: AdjusterWizardDraft, entranceNum: number | null): AdjusterWizardDraft {
  return { ...draft, entranceNum };
}

// ---------------------------------------------------------------------------
// The three port jobs

/** The jobs start at 'unknown' with their numbers and completed false. */
export function withStartedJobs(draft: AdjusterWizardDraft, port: Port, numbers: Record<AdjusterJobKind, number>): AdjusterWizardDraft {
  const jobs = Object.fromEntries(
    ADJUSTER_JOB_KINDS.map((kind) => {
      const known = draft.jobs[kind];
      // The server answers a still-running job's number again: keep what is known of it.
      if (known.jobNum === numbers[kind]) return [kind, known];
      return [kind, { status: 'unknown', jobNum: numbers[kind], completed: false, message: null }];
    }),
  ) as AdjusterWizardDraft['jobs'];
  return { ...draft, jobs, jobsPort: portKey(port) };
}

export function withJobStatus(
  draft: AdjusterWizardDraft,
  jobNum: number,
  answer: { status: string; completed: boolean; message?: string | null },
): AdjusterWizardDraft {
  const kind = ADJUSTER_JOB_KINDS.find((each) => draft.jobs[each].jobNum === jobNum);
  if (!kind) return draft;
  const completed = answer.completed || FINAL_JOB_STATUSES.includes(answer.status);
  const job: WizardJob = { status: answer.status, jobNum, completed, message: answer.status === 'error' ? (codedMessageOf(answer) ?? answer.message ?? null) : null };
  return { ...draft, jobs: { ...draft.jobs, [kind]: job } };
}

/** The job numbers still to poll. */
export function jobsToPoll(draft: AdjusterWizardDraft): number[] {
  return ADJUSTER_JOB_KINDS.map((kind) => draft.jobs[kind]).flatMap((job) => (job.jobNum !== null && !job.completed ? [job.jobNum] : []));
}

export type JobPhase = 'idle' | 'waiting' | 'queued' | 'running' | 'success' | 'error';

export function jobPhase(job: WizardJob): JobPhase {
  if (job.jobNum === null) return 'idle';
  if (job.status === 'success') return 'success';
  if (job.status === 'error') return 'error';
  if (job.completed) return 'success';
  if (job.status === 'queued') return 'queued';
  if (job.status === 'running') return 'running';
  return 'waiting';
}

/** Progress in per cent for the bar; null shows the bar moving without a value (running). */
export function jobProgress(phase: JobPhase): number | null {
  switch (phase) {
    case 'idle':
      return 0;
    case 'waiting':
      return 10;
    case 'queued':
      return 35;
    case 'running':
      return null;
    case 'success':
    case 'error':
      return 100;
  }
}

export type JobsSummary = 'not-started' | 'running' | 'failed' | 'done';

export function jobsSummary(draft: AdjusterWizardDraft): JobsSummary {
  const phases = ADJUSTER_JOB_KINDS.map((kind) => jobPhase(draft.jobs[kind]));
  if (phases.every((phase) => phase === 'idle')) return 'not-started';
  if (phases.some((phase) => phase === 'error') && phases.every((phase) => phase === 'error' || phase === 'success')) return 'failed';
  if (phases.every((phase) => phase === 'success')) return 'done';
  return 'running';
}

// ---------------------------------------------------------------------------
// The device, DDNS and preset

/** The device the switch reported, with the IP and preset URL filled from it when still empty. */
export function withCreatedDevice(draft: AdjusterWizardDraft, device: Pick<AdjusterDevice, 'mac' | 'ip'>): AdjusterWizardDraft {
  const mac = normalizeMac(device.mac) ?? device.mac;
  const ip = device.ip ?? '';
  return {
    ...draft,
    device: { mac, ip: device.ip },
    ip: draft.ip.trim() ? draft.ip : ip,
    presetUrl: draft.presetUrl.trim() ? draft.presetUrl : ip ? `http://${ip}` : '',
  };
}

export const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

export type SetupErrors = Partial<Record<'ip' | 'presetUrl', MessageKey>>;

export function setupErrors(draft: Pick<AdjusterWizardDraft, 'ip' | 'presetUrl'>): SetupErrors {
  const errors: SetupErrors = {};
  if (!IPV4.test(draft.ip.trim())) errors.ip = 'adjusterWizard.error.ip';
  const presetUrl = draft.presetUrl.trim() ? deviceFieldError('address', draft.presetUrl) : 'adjusterWizard.error.presetUrl';
  if (presetUrl) errors.presetUrl = presetUrl;
  return errors;
}

// ---------------------------------------------------------------------------
// What each step still needs (the screen says it and keeps "Далее" from skipping it)

export type StepNeed = MessageKey | null;

export function stepNeed(step: WizardStep, draft: AdjusterWizardDraft, deviceJob: 'none' | 'pending' | 'sent'): StepNeed {
  switch (step) {
    case 'port':
      return addressFound(draft) ? null : 'adjusterWizard.need.address';
    case 'entrance':
      return draft.entranceNum === null ? 'adjusterWizard.need.entrance' : null;
    case 'jobs':
      return jobsSummary(draft) === 'done' ? null : 'adjusterWizard.need.jobs';
    case 'device':
      return draft.device ? null : deviceJob === 'pending' ? 'adjusterWizard.need.deviceSending' : 'adjusterWizard.need.device';
    case 'setup':
      return draft.ddnsDone && draft.presetDone ? null : 'adjusterWizard.need.setup';
    case 'bind':
      return null;
  }
}

// ---------------------------------------------------------------------------
// Draft list entry and the outbox jobs

export function draftTarget(draft: AdjusterWizardDraft, step: WizardStep | typeof DONE_STEP): DraftTarget {
  return {
    ...(draft.device ? { mac: draft.device.mac } : {}),
    ...(draft.address ? { house: draft.address } : {}),
    step,
  };
}

/** `target.step` once the bindings are on the server: the drafts list shows the draft as done. */
export const DONE_STEP = 'sent';

export type OutboxState = 'none' | OutboxJob['status'];

/** The latest job of a kind among the draft's jobs. */
export function latestOfKind(jobs: readonly OutboxJob[], kind: string): OutboxJob | null {
  return jobs.reduce<OutboxJob | null>((latest, job) => (job.kind === kind && (latest === null || job.id > latest.id) ? job : latest), null);
}

export function outboxState(job: OutboxJob | null): OutboxState {
  return job ? job.status : 'none';
}
