import { validate } from 'superstruct';
import { MAC_PATTERN, normalizeMac } from '@contract/common';
import { deviceFieldError } from '@/lib/device-fields';
import type { DeviceCardResponse } from '@contract/device-card';
import { DEVICE_TYPE_IDS, HARDWARE_REVISIONS } from '@contract/devices';
import {
  DEFAULT_DEVICE_LOGIN,
  FACTORY_PASSWORD,
  WizardReplaceResponse,
  type ReplaceNotMoved,
  type WizardReplaceOptions,
} from '@contract/wizard';
import type { LabelData } from '@/components/label-scanner/label-text';
import type { MessageKey } from '@/features/replace-wizard/messages';
import type { DraftTarget } from '@/offline/db';
import type { ReplaceCheckedDevice, ReplaceDraft } from '@/offline/draft-schemas/replace';

/*
 * The replace wizard's pure logic: steps, defaults, field errors, the replace-options body
 * (macFrom, macTo, type, options, url, login, password), the drafts-list entry, and how
 * the server's answer reads (what moved, what did not).
 */

export const DRAFT_KIND = 'replace' as const;
export const JOB_KIND = 'replace' as const;

export const REPLACE_STEPS = ['old', 'new', 'access', 'review'] as const;
export type ReplaceStep = (typeof REPLACE_STEPS)[number];

export const STEP_FIELDS: Record<ReplaceStep, readonly (keyof ReplaceDraft)[]> = {
  old: ['oldSerialNumber', 'oldMac'],
  new: ['newSerialNumber', 'newMac', 'type', 'revision'],
  access: ['url', 'login', 'password'],
  review: [],
};

/** `target.step` of a draft whose job the server accepted. */
export const DONE_STEP = 'sent';

export function stepIndex(step: ReplaceStep): number {
  return REPLACE_STEPS.indexOf(step);
}

export function parseStep(value: unknown): ReplaceStep {
  if (value === DONE_STEP) return 'review';
  return REPLACE_STEPS.find((step) => step === value) ?? 'old';
}

export function defaultReplaceDraft(): ReplaceDraft {
  return {
    oldSerialNumber: '',
    oldMac: '',
    newSerialNumber: '',
    newMac: '',
    type: null,
    revision: null,
    url: '',
    login: DEFAULT_DEVICE_LOGIN,
    password: FACTORY_PASSWORD,
    oldDevice: null,
  };
}

// ---------------------------------------------------------------------------
// Editing

/** A MAC as typed, shown the normal way (`AA:BB:CC:DD:EE:FF`) once it is one. */
export function normalizeMacInput(text: string): string {
  return normalizeMac(text.trim()) ?? text;
}

/** A new old-device MAC makes the earlier check stale. */
export function withOldMac(draft: ReplaceDraft, oldMac: string): ReplaceDraft {
  const stale = draft.oldDevice !== null && normalizeMac(oldMac) !== draft.oldDevice.mac;
  return { ...draft, oldMac, oldDevice: stale ? null : draft.oldDevice };
}

/** What a label scan fills: the old device's or the new one's serial number and MAC. */
export function withLabel(draft: ReplaceDraft, which: 'old' | 'new', label: LabelData): ReplaceDraft {
  if (which === 'old') {
    const next = label.mac !== null ? withOldMac(draft, label.mac) : draft;
    return { ...next, oldSerialNumber: label.serialNumber ?? next.oldSerialNumber };
  }
  return { ...draft, newSerialNumber: label.serialNumber ?? draft.newSerialNumber, newMac: label.mac ?? draft.newMac };
}

/** The card of the old device, as the review needs it; the new device takes its type unless one was chosen. */
export function checkedDevice(card: DeviceCardResponse, now: number): ReplaceCheckedDevice {
  const addresses = new Map(card.houses.map((house) => [house.id, house.address]));
  const titles = new Map(card.entrances.map((row) => [row.relay, row.entranceTitle]));
  return {
    mac: card.device.mac,
    type: card.device.type,
    statusCode: card.device.statusCode,
    houses: card.device.houses.map((uid) => ({ uid, address: addresses.get(uid) ?? uid })),
    relays: card.device.relays.map((relay) => ({ id: relay.id, entranceTitle: titles.get(relay.id) ?? '' })),
    groups: card.groups.length,
    sipLogin: card.device.sipAccount?.login ?? null,
    checkedAt: now,
  };
}

export function withChecked(draft: ReplaceDraft, device: ReplaceCheckedDevice): ReplaceDraft {
  return { ...draft, oldDevice: device, type: draft.type ?? device.type };
}

// ---------------------------------------------------------------------------
// Checks

export type FieldErrors = Partial<Record<keyof ReplaceDraft, MessageKey>>;

const filled = (value: string) => value.trim() !== '';
/** Server limit for url, login and password (docs/api.md). */
export const TEXT_LIMIT = 255;

function macError(text: string, missing: MessageKey): MessageKey | undefined {
  if (!filled(text)) return missing;
  return MAC_PATTERN.test(normalizeMacInput(text)) ? undefined : 'replaceWizard.error.macFormat';
}

export function fieldErrors(draft: ReplaceDraft): FieldErrors {
  const errors: FieldErrors = {};
  const oldMac = macError(draft.oldMac, 'replaceWizard.error.oldMac');
  if (oldMac) errors.oldMac = oldMac;
  const newMac = macError(draft.newMac, 'replaceWizard.error.newMac');
  if (newMac) errors.newMac = newMac;
  else if (!oldMac && normalizeMac(draft.oldMac) === normalizeMac(draft.newMac)) errors.newMac = 'replaceWizard.error.sameMac';
  if (draft.type === null || !DEVICE_TYPE_IDS.includes(draft.type)) errors.type = 'replaceWizard.error.type';
  if (draft.revision !== null && !(HARDWARE_REVISIONS as readonly number[]).includes(draft.revision)) errors.revision = 'replaceWizard.error.revision';
  if (!filled(draft.login)) errors.login = 'replaceWizard.error.login';
  for (const field of ['url', 'login', 'password'] as const) {
    if (draft[field].length > TEXT_LIMIT && !errors[field]) errors[field] = 'replaceWizard.error.tooLong';
  }
  const url = errors.url ? undefined : deviceFieldError('address', draft.url);
  if (url) errors.url = url;
  return errors;
}

/** The field errors with the check's answer: a MAC the server said it does not know is wrong until changed. */
export function withCheck(errors: FieldErrors, draft: Pick<ReplaceDraft, 'oldMac'>, check: { state: string; mac?: string }): FieldErrors {
  if (check.state !== 'missing' || errors.oldMac || normalizeMac(draft.oldMac) !== check.mac) return errors;
  return { ...errors, oldMac: 'replaceWizard.error.oldMissing' };
}

export function stepHasErrors(errors: FieldErrors, step: ReplaceStep): boolean {
  return STEP_FIELDS[step].some((field) => errors[field] !== undefined);
}

/** The steps holding an error, in order: the first is where the installer is taken. */
export function stepsWithErrors(errors: FieldErrors): ReplaceStep[] {
  return REPLACE_STEPS.filter((step) => stepHasErrors(errors, step));
}

/** The step that holds a field. */
export function fieldStep(field: keyof ReplaceDraft): ReplaceStep {
  return REPLACE_STEPS.find((step) => STEP_FIELDS[step].includes(field)) ?? 'review';
}

export function isReady(draft: ReplaceDraft): boolean {
  return Object.keys(fieldErrors(draft)).length === 0;
}

/**
 * POST /front/wizard/replace-options. `options` carries what the wizard sets for the new device
 * (its hardware revision when chosen); the server copies the old device's options under it.
 * Throws when the draft is not ready.
 */
export function toReplaceBody(draft: ReplaceDraft): WizardReplaceOptions {
  const macFrom = normalizeMac(draft.oldMac);
  const macTo = normalizeMac(draft.newMac);
  if (!macFrom || !macTo || draft.type === null) throw new Error('The replace draft is not ready');
  return {
    macFrom,
    macTo,
    type: draft.type,
    options: draft.revision === null ? {} : { 'systemInfo.revision': draft.revision },
    url: draft.url.trim(),
    login: draft.login.trim(),
    password: draft.password,
  };
}

// ---------------------------------------------------------------------------
// Drafts list and outbox

function shownMac(text: string): string {
  return normalizeMac(text) ?? text.trim();
}

/**
 * The drafts list shows the new device (where everything ends up; its later jobs, such as a
 * set-up wizard save, queue behind the replacement) and the old device's first house.
 */
export function draftTarget(draft: ReplaceDraft, step: ReplaceStep | typeof DONE_STEP): DraftTarget {
  const mac = shownMac(draft.newMac) || shownMac(draft.oldMac);
  const house = draft.oldDevice?.houses[0]?.address;
  return { ...(mac ? { mac } : {}), ...(house ? { house } : {}), step };
}

export { isEditable, jobView, latestJob, type JobView } from '@/components/wizard/job-view';

export interface ReplaceOutcome {
  message: string | null;
  moved: WizardReplaceResponse['moved'] | null;
  /** null: the server did not say (a back end that answers only result and message). */
  notMoved: ReplaceNotMoved[] | null;
}

/** The server's answer to the accepted replacement, as stored with the job. */
export function replaceOutcome(response: unknown): ReplaceOutcome {
  const [failure, answer] = validate(response, WizardReplaceResponse);
  if (failure) return { message: null, moved: null, notMoved: null };
  return { message: answer.message ?? null, moved: answer.moved ?? null, notMoved: answer.notMoved ?? null };
}
