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
import { useStepForm } from '@/components/wizard/use-step-form';
import { useDraftAutosave, useDraftJob, type WizardDraftSession } from '@/components/wizard/use-wizard-draft';
import { useLanguage } from '@/lib/preferences';
import { draftTitle } from '@/offline/draft-names';
import { getDeviceCard } from './api';
import {
  checkedDevice,
  DONE_STEP,
  draftTarget,
  fieldErrors,
  fieldStep,
  isReady,
  JOB_KIND,
  normalizeMacInput,
  REPLACE_STEPS,
  stepIndex,
  withCheck,
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
/** `missing`: the server has no device `mac` (its MAC field then shows the error, and the wizard does not go on). */
type CheckState = { state: 'idle' } | { state: 'checking' } | { state: 'failed'; message: string } | { state: 'missing'; mac: string };

/**
 * The replace wizard's logic: the draft saved on every change, the check of the old device, label
 * scans, and the replacement queued through the outbox with its job read back live.
 */
export function useReplaceWizard(start: ReplaceStart) {
  const t = useT();
  const language = useLanguage();
  const { draftId, userId, flush } = start;
  const connectivity = useConnectivity();
  const online = connectivity.state !== 'offline';
  const runtime = useOfflineRuntime();

  const [draft, setDraft] = useState<ReplaceDraft>(start.draft);
  const [step, setStep] = useState<ReplaceStep>(start.step);
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });

  const { view, editable, submitting, send, sendNow } = useDraftJob({ draftId, userId, flush, kind: JOB_KIND, retryRefused: (reason) => reason });

  const { removeDraft } = useDraftAutosave({
    session: start,
    data: draft,
    step: view.state === 'sent' ? DONE_STEP : step,
    extra: null,
    title: draftTitle(language, 'replace', draft),
    target: draftTarget,
    initial: { data: start.draft, step: start.storedStep ?? start.step, extra: null },
  });

  const errors = withCheck(fieldErrors(draft), draft, check);
  const form = useStepForm({ steps: REPLACE_STEPS, step, setStep, errors, stepOfField: fieldStep, editable, translate: t });

  /**
   * Opens a step. Leaving the old device's step online with a MAC not checked yet checks it first,
   * and goes on only when the server has that device. False when the move stopped short.
   */
  const goTo = (target: ReplaceStep): boolean => {
    const mac = normalizeMac(draft.oldMac);
    const leavingOld = step === 'old' && stepIndex(target) > stepIndex('old');
    if (editable && leavingOld && online && mac && draft.oldDevice?.mac !== mac && !errors.oldMac) {
      void checkOld().then((found) => {
        if (found) form.goTo(target);
      });
      return false;
    }
    return form.goTo(target);
  };

  const setText = (field: TextField, value: string) => setDraft((current) => (field === 'oldMac' ? withOldMac(current, value) : { ...current, [field]: value }));
  const touch = (field: keyof ReplaceDraft) => {
    form.touch(field);
    if (field === 'oldMac' || field === 'newMac') {
      setDraft((current) => {
        const normalized = normalizeMacInput(current[field]);
        if (normalized === current[field]) return current;
        return field === 'oldMac' ? withOldMac(current, normalized) : { ...current, newMac: normalized };
      });
    }
  };
  const setType = (type: number | null) => {
    form.touch('type');
    setDraft((current) => ({ ...current, type }));
  };
  const setRevision = (revision: number | null) => setDraft((current) => ({ ...current, revision }));

  const applyLabel = (which: 'old' | 'new', label: LabelData) => {
    setDraft((current) => withLabel(current, which, label));
    form.touch(...(which === 'old' ? (['oldSerialNumber', 'oldMac'] as const) : (['newSerialNumber', 'newMac'] as const)));
  };

  /** Reads the old device's card; the draft keeps it so the review reads offline too. True when the server has the device. */
  const checkOld = async (): Promise<boolean> => {
    const mac = normalizeMac(draft.oldMac);
    if (!mac) {
      form.touch('oldMac');
      return false;
    }
    setCheck({ state: 'checking' });
    try {
      const card = await getDeviceCard(mac);
      setDraft((current) => (normalizeMac(current.oldMac) === mac ? withChecked(current, checkedDevice(card, Date.now())) : current));
      setCheck({ state: 'idle' });
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        form.touch('oldMac');
        setCheck({ state: 'missing', mac });
        return false;
      }
      const message = error instanceof NetworkError ? t('replaceWizard.check.offline') : t('replaceWizard.check.failed', { error: errorMessage(error) });
      setCheck({ state: 'failed', message });
      // The check could not be made: the replacement may still be prepared and queued.
      return true;
    }
  };

  const submit = async () => {
    if (!editable || submitting) return;
    if (!form.readyToSubmit() || !isReady(draft)) return;
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
    shownError: form.shownError,
    stepError: form.stepError,
    checkAttempts: form.attempts,
    setText,
    touch,
    setType,
    setRevision,
    applyLabel,
    check,
    checkOld,
    canSubmit: isReady(draft) && Object.keys(errors).length === 0,
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
