import type { FeatureMessageKey as MessageKey } from '@/features/outbox/messages';
import type { DraftKind, OutboxJob } from '@/offline/db';

/*
 * The queue in words: what a job does and which step a draft is on, as the installer knows them
 * from the wizards. The stored names (a job's kind, method and URL, a step id such as 'review')
 * are for support staff and stay behind the screen's "details".
 */

/** The job kinds the wizards queue (and 'prepare-device', the call's name, which older jobs carry). */
const JOB_KIND_LABELS: Record<string, MessageKey> = {
  'serial-number': 'outbox.kind.serial-number',
  'prepare-device': 'outbox.kind.serial-number',
  'device-setup': 'outbox.kind.device-setup',
  replace: 'outbox.kind.replace',
  'adjuster-device': 'outbox.kind.adjuster-device',
  'adjuster-house': 'outbox.kind.adjuster-house',
  'adjuster-group': 'outbox.kind.adjuster-group',
  // A key added with no signal on a device's keys or on the flat card (src/components/queued-keys).
  'device-key': 'outbox.kind.key',
  commutators: 'outbox.kind.commutators',
  'flat-key': 'outbox.kind.key',
};

/**
 * The calls behind each label, for a job whose kind this version does not know (queued by a newer
 * one): the same paths as the contract's endpoints (checked by the unit tests), kept as text so
 * the queue screen does not load the wizards' contracts.
 */
export const JOB_ENDPOINT_LABELS: ReadonlyArray<{ method: string; pattern: string; label: MessageKey }> = [
  { method: 'POST', pattern: '/adjuster/api/prepare-device', label: 'outbox.kind.serial-number' },
  { method: 'POST', pattern: '/front/wizard/save', label: 'outbox.kind.device-setup' },
  { method: 'POST', pattern: '/front/wizard/replace-options', label: 'outbox.kind.replace' },
  { method: 'POST', pattern: '/adjuster/api/device/create', label: 'outbox.kind.adjuster-device' },
  { method: 'POST', pattern: '/adjuster/api/device/:id/house', label: 'outbox.kind.adjuster-house' },
  { method: 'POST', pattern: '/adjuster/api/device/:id/group', label: 'outbox.kind.adjuster-group' },
  { method: 'POST', pattern: '/front/device-keys/:mac/create-key', label: 'outbox.kind.key' },
  { method: 'POST', pattern: '/front/keys/create', label: 'outbox.kind.key' },
  { method: 'POST', pattern: '/front/devices/:mac/commutators', label: 'outbox.kind.commutators' },
];

function matchesPattern(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  return patternParts.length === pathParts.length && patternParts.every((part, index) => part.startsWith(':') ? pathParts[index] !== '' : part === pathParts[index]);
}

/** What the job does: by its kind, else by the call it makes, else a generic «Задание для сервера». */
export function jobKindLabel(job: Pick<OutboxJob, 'kind' | 'method' | 'url'>): { key: MessageKey; known: boolean } {
  if (Object.hasOwn(JOB_KIND_LABELS, job.kind)) return { key: JOB_KIND_LABELS[job.kind], known: true };
  const path = job.url.split('?')[0];
  const byCall = JOB_ENDPOINT_LABELS.find((each) => each.method === job.method && matchesPattern(each.pattern, path));
  return byCall ? { key: byCall.label, known: true } : { key: 'outbox.kind.other', known: false };
}

/** Each wizard's steps in order, named as the installer sees them. */
export const DRAFT_STEPS: Record<DraftKind, ReadonlyArray<{ id: string | number; label: MessageKey }>> = {
  'serial-number': [
    { id: 'device', label: 'drafts.step.device' },
    { id: 'address', label: 'drafts.step.address' },
    { id: 'access', label: 'drafts.step.access' },
    { id: 'review', label: 'drafts.step.reviewSend' },
  ],
  replace: [
    { id: 'old', label: 'drafts.step.oldDevice' },
    { id: 'new', label: 'drafts.step.newDevice' },
    { id: 'access', label: 'drafts.step.access' },
    { id: 'review', label: 'drafts.step.reviewReplace' },
  ],
  'device-setup': [
    { id: 1, label: 'drafts.step.device' },
    { id: 2, label: 'drafts.step.houses' },
    { id: 3, label: 'drafts.step.relays' },
    { id: 4, label: 'drafts.step.sip' },
    { id: 5, label: 'drafts.step.billing' },
    { id: 6, label: 'drafts.step.reviewSave' },
  ],
  adjuster: [
    { id: 'port', label: 'drafts.step.port' },
    { id: 'entrance', label: 'drafts.step.entrance' },
    { id: 'jobs', label: 'drafts.step.jobs' },
    { id: 'device', label: 'drafts.step.device' },
    { id: 'setup', label: 'drafts.step.setup' },
    { id: 'bind', label: 'drafts.step.bind' },
  ],
  // A matrix is one screen, not a wizard: its draft has no steps.
  commutators: [],
};

/** The `target.step` every wizard stores once its submission went through. */
const DONE_STEP = 'sent';

export type DraftStep = { kind: 'step'; label: MessageKey; number: number; total: number } | { kind: 'done' } | { kind: 'unknown' };

/**
 * The draft's step as the wizard names it, with its place («Адрес (2 из 4)»). A number where a
 * wizard names its steps is the step's place (drafts of earlier versions); a step this version
 * does not know is said to be unknown.
 */
export function draftStep(kind: string, step: string | number | null): DraftStep | null {
  if (step === null) return null;
  if (step === DONE_STEP) return { kind: 'done' };
  const steps = Object.hasOwn(DRAFT_STEPS, kind) ? DRAFT_STEPS[kind as DraftKind] : [];
  let index = steps.findIndex((each) => String(each.id) === String(step));
  if (index === -1 && /^\d+$/.test(String(step))) index = Number(step) - 1;
  const found = steps[index];
  return found ? { kind: 'step', label: found.label, number: index + 1, total: steps.length } : { kind: 'unknown' };
}
