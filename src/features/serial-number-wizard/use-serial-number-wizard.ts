import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { adjusterEndpoints } from '@contract/adjuster';
import { isSerialNumberDraftValid, toPrepareDeviceBody, type SerialNumberDraft } from '@contract/adjuster-wizard';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/serial-number-wizard/messages';
import { errorMessage } from '@/lib/http';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb } from '@/offline/db';
import type { EnqueueInput } from '@/offline/outbox';
import { outboxRequest } from '@/offline/outbox-queue';
import { queueJob, resendJob } from '@/offline/runtime';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { useDraftAutosave, type WizardDraftSession } from '@/components/wizard/use-wizard-draft';
import {
  DONE_STEP,
  draftFromForm,
  draftTarget,
  draftTitle,
  fieldErrors,
  firstStepWithError,
  formValuesOf,
  isEditable,
  JOB_KIND,
  jobView,
  latestJob,
  normalizeMacInput,
  withEntrance,
  withHouse,
  wizardAddressResult,
  type FieldErrors,
  type PickedHouse,
  type WizardFormValues,
  type WizardStep,
} from './model';
import { useWizardPlaces } from './use-wizard-places';

export interface WizardStart extends WizardDraftSession<'serial-number'> {
  draft: SerialNumberDraft;
  step: WizardStep;
  /** The step stored with the draft (`target.step`), DONE_STEP included; absent for a new draft. */
  storedStep?: string | number;
}

type Place = Pick<SerialNumberDraft, 'house' | 'address' | 'entrance'>;

/**
 * The serial-number wizard's logic (ARCHITECTURE: logic in a hook, the view only renders):
 * the form, autosave of every change to the draft, the pickers, and the submission through
 * the outbox with the job's state read back live.
 */
export function useSerialNumberWizard(start: WizardStart) {
  const t = useT();
  const { draftId, userId, flush } = start;
  const connectivity = useConnectivity();
  const online = connectivity.state !== 'offline';
  const runtime = useOfflineRuntime();

  const form = useForm<WizardFormValues>({ defaultValues: formValuesOf(start.draft), mode: 'onTouched' });
  const watched = useWatch({ control: form.control });
  const values: WizardFormValues = { ...formValuesOf(start.draft), ...watched };
  const [place, setPlace] = useState<Place>({ house: start.draft.house, address: start.draft.address, entrance: start.draft.entrance });
  const [step, setStep] = useState<WizardStep>(start.step);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [placeTouched, setPlaceTouched] = useState<{ house: boolean; entrance: boolean }>({ house: false, entrance: false });
  const [submitting, setSubmitting] = useState(false);
  const draft = draftFromForm(values, place);

  const jobs = useLiveQuery(() => getOfflineDb().outbox.where('draftId').equals(draftId).toArray(), [draftId]);
  const view = jobView(latestJob(jobs ?? []));
  const editable = jobs !== undefined && isEditable(view);
  const places = useWizardPlaces({ userId, online, fias: place.house });

  // Once the server has the device, the draft is marked done, not deleted.
  const { removeDraft } = useDraftAutosave({
    session: start,
    data: draft,
    step: view.state === 'sent' ? DONE_STEP : step,
    extra: null,
    title: draftTitle(draft, t('serialWizard.draftTitle')),
    target: draftTarget,
    initial: { data: start.draft, step: start.storedStep ?? start.step, extra: null },
  });

  const errors: FieldErrors = fieldErrors(draft);
  const touched = form.formState.touchedFields;
  const shownError = (field: keyof SerialNumberDraft): string | undefined => {
    const key = errors[field];
    if (!key) return undefined;
    const wasTouched =
      field === 'house' || field === 'address'
        ? placeTouched.house
        : field === 'entrance'
          ? placeTouched.entrance
          : Boolean(touched[field as keyof WizardFormValues]);
    return showAllErrors || wasTouched ? t(key) : undefined;
  };

  const chooseHouse = (house: PickedHouse | null) => {
    setPlaceTouched((current) => ({ ...current, house: true }));
    setPlace((current) => {
      const next = withHouse({ ...draft, ...current }, house);
      return { house: next.house, address: next.address, entrance: next.entrance };
    });
  };

  const chooseEntrance = (entranceNum: number | null) => {
    setPlaceTouched((current) => ({ ...current, entrance: true }));
    setPlace((current) => ({ ...current, entrance: withEntrance({ ...draft, ...current }, entranceNum).entrance }));
  };

  /** The entrance select was left without a choice: now its error may show. */
  const touchEntrance = () => setPlaceTouched((current) => (current.entrance ? current : { ...current, entrance: true }));

  const normalizeMacField = () => {
    const typed = form.getValues('mac');
    const normalized = normalizeMacInput(typed.trim());
    if (normalized !== typed && normalized !== typed.trim()) form.setValue('mac', normalized, { shouldDirty: true });
  };

  const submit = async () => {
    if (!editable || submitting) return;
    if (!isSerialNumberDraftValid(draft) || Object.keys(errors).length > 0) {
      setShowAllErrors(true);
      setStep(firstStepWithError(errors) ?? step);
      return;
    }
    setSubmitting(true);
    try {
      // Checked by the contract now: a body the server would refuse must not wait days in the outbox.
      const request = outboxRequest(adjusterEndpoints.prepareDevice, { body: toPrepareDeviceBody(draft) });
      await flush();
      if (view.state === 'needs-attention') {
        const result = await resendJob(runtime, view.job.id, request.body);
        if (result.kind === 'ignored') notify(t('serialWizard.job.retryRefused'), { variant: 'error' });
      } else if (view.state === 'none') {
        const input: EnqueueInput = {
          kind: JOB_KIND,
          ...request,
          userId,
          draftId,
          target: { mac: request.body.mac, house: draft.address },
        };
        await queueJob(runtime, input);
      }
      setStep('review');
    } catch (error) {
      notify(errorMessage(error), { variant: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  const sendNow = async () => {
    if (view.state !== 'queued') return;
    if (runtime) await runtime.engine.sendNow(view.job.id);
  };

  return {
    form,
    draft,
    step,
    setStep,
    errors,
    shownError,
    showAllErrors,
    canSubmit: isSerialNumberDraftValid(draft),
    submitting,
    submit,
    sendNow,
    removeDraft,
    editable,
    view,
    online,
    jobsLoaded: jobs !== undefined,
    hasRuntime: runtime !== null,
    places,
    chooseHouse,
    chooseEntrance,
    touchEntrance,
    normalizeMacField,
    addressResult: wizardAddressResult(draft),
  };
}

export type SerialNumberWizard = ReturnType<typeof useSerialNumberWizard>;
