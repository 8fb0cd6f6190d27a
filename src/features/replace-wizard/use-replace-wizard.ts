import { useState } from 'react';
import { normalizeMac } from '@contract/common';
import { wizardEndpoints } from '@contract/wizard';
import type { LabelData } from '@/components/label-scanner/label-text';
import { useT } from '@/features/replace-wizard/messages';
import { errorMessage, HttpError, NetworkError } from '@/lib/http';
import { useConnectivity } from '@/offline/connectivity';
import type { ReplaceDraft } from '@/offline/draft-schemas/replace';
import { outboxRequest } from '@/offline/outbox-queue';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { stepOnTheWay, useStepChecks } from '@/components/wizard/step-checks';
import { useDraftAutosave, useDraftJob, type WizardDraftSession } from '@/components/wizard/use-wizard-draft';
import { getDeviceCard } from './api';
import {
  checkedDevice,
  DONE_STEP,
  draftTarget,
  draftTitle,
  fieldErrors,
  fieldStep,
  isReady,
  JOB_KIND,
  normalizeMacInput,
  REPLACE_STEPS,
  stepHasErrors,
  stepsWithErrors,
  toReplaceBody,
  withChecked,
  withLabel,
  withOldMac,
  type ReplaceStep,
} from './model';

export interface ReplaceStart extends WizardDraftSession<'replace'> {
  draft: ReplaceDraft;
  step: ReplaceStep;
  storedStep?: string | number;
}

type TextField = 'oldSerialNumber' | 'oldMac' | 'newSerialNumber' | 'newMac' | 'url' | 'login' | 'password';
type CheckState = { state: 'idle' } | { state: 'checking' } | { state: 'failed'; message: string };

/**
 * The replace wizard's logic: the draft saved on every change, the check of the old device, label
 * scans, and the replacement queued through the outbox with its job read back live.
 */
export function useReplaceWizard(start: ReplaceStart) {
  const t = useT();
  const { draftId, userId, flush } = start;
  const connectivity = useConnectivity();
  const online = connectivity.state !== 'offline';
  const runtime = useOfflineRuntime();

  const [draft, setDraft] = useState<ReplaceDraft>(start.draft);
  const [step, setStep] = useState<ReplaceStep>(start.step);
  const [touched, setTouched] = useState<Partial<Record<keyof ReplaceDraft, boolean>>>({});
  const checks = useStepChecks<ReplaceStep>();
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });

  const { view, editable, submitting, send, sendNow } = useDraftJob({ draftId, userId, flush, kind: JOB_KIND, retryRefused: (reason) => reason });

  const { removeDraft } = useDraftAutosave({
    session: start,
    data: draft,
    step: view.state === 'sent' ? DONE_STEP : step,
    extra: null,
    title: draftTitle(draft, t('replaceWizard.draftTitle')),
    target: draftTarget,
    initial: { data: start.draft, step: start.storedStep ?? start.step, extra: null },
  });

  const errors = fieldErrors(draft);
  const stepError = (each: ReplaceStep) => checks.isChecked(each) && stepHasErrors(errors, each);
  /** A field's error shows once it was left, or once a move past its step was refused. */
  const shownError = (field: keyof ReplaceDraft): string | undefined => {
    const key = errors[field];
    return key && (touched[field] || checks.isChecked(fieldStep(field))) ? t(key) : undefined;
  };

  /**
   * Opens a step. Going forward stops at the first step on the way with errors, which then shows
   * them (and the screen focuses the first); false when the move stopped short. A job on its way
   * leaves nothing to check: the steps are only looked at.
   */
  const goTo = (target: ReplaceStep): boolean => {
    const reached = editable ? stepOnTheWay(REPLACE_STEPS, step, target, (each) => stepHasErrors(errors, each)) : target;
    if (reached !== target) checks.check([reached]);
    setStep(reached);
    return reached === target;
  };

  const setText = (field: TextField, value: string) => setDraft((current) => (field === 'oldMac' ? withOldMac(current, value) : { ...current, [field]: value }));
  const touch = (field: keyof ReplaceDraft) => {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
    if (field === 'oldMac' || field === 'newMac') {
      setDraft((current) => {
        const normalized = normalizeMacInput(current[field]);
        if (normalized === current[field]) return current;
        return field === 'oldMac' ? withOldMac(current, normalized) : { ...current, newMac: normalized };
      });
    }
  };
  const setType = (type: number | null) => {
    setTouched((current) => ({ ...current, type: true }));
    setDraft((current) => ({ ...current, type }));
  };
  const setRevision = (revision: number | null) => setDraft((current) => ({ ...current, revision }));

  const applyLabel = (which: 'old' | 'new', label: LabelData) => {
    setDraft((current) => withLabel(current, which, label));
    const fields: (keyof ReplaceDraft)[] = which === 'old' ? ['oldSerialNumber', 'oldMac'] : ['newSerialNumber', 'newMac'];
    setTouched((current) => ({ ...current, ...Object.fromEntries(fields.map((field) => [field, true])) }));
  };

  /** Reads the old device's card; the draft keeps it so the review reads offline too. */
  const checkOld = async () => {
    const mac = normalizeMac(draft.oldMac);
    if (!mac) {
      setTouched((current) => ({ ...current, oldMac: true }));
      return;
    }
    setCheck({ state: 'checking' });
    try {
      const card = await getDeviceCard(mac);
      setDraft((current) => (normalizeMac(current.oldMac) === mac ? withChecked(current, checkedDevice(card, Date.now())) : current));
      setCheck({ state: 'idle' });
    } catch (error) {
      const message =
        error instanceof HttpError && error.status === 404
          ? t('replaceWizard.check.notFound', { mac })
          : error instanceof NetworkError
            ? t('replaceWizard.check.offline')
            : t('replaceWizard.check.failed', { error: errorMessage(error) });
      setCheck({ state: 'failed', message });
    }
  };

  const submit = async () => {
    if (!editable || submitting) return;
    if (!isReady(draft)) {
      const wrong = stepsWithErrors(errors);
      checks.check(wrong);
      setStep(wrong[0] ?? step);
      return;
    }
    const sent = await send(() => {
      const request = outboxRequest(wizardEndpoints.replaceOptions, { body: toReplaceBody(draft) });
      const { house } = draftTarget(draft, 'review');
      return { ...request, target: { mac: request.body.macTo, replacedMac: request.body.macFrom, ...(house ? { house } : {}) } };
    });
    if (sent) setStep('review');
  };

  return {
    draft,
    step,
    goTo,
    errors,
    shownError,
    stepError,
    checkAttempts: checks.attempts,
    setText,
    touch,
    setType,
    setRevision,
    applyLabel,
    check,
    checkOld,
    canSubmit: isReady(draft),
    submitting,
    submit,
    sendNow,
    removeDraft,
    editable,
    view,
    online,
    hasRuntime: runtime !== null,
  };
}

export type ReplaceWizard = ReturnType<typeof useReplaceWizard>;
