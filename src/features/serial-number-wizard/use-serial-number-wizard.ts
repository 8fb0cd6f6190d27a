import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { adjusterEndpoints } from '@contract/adjuster';
import { isSerialNumberDraftValid, toPrepareDeviceBody, type SerialNumberDraft } from '@contract/adjuster-wizard';
import { useT } from '@/features/serial-number-wizard/messages';
import { useConnectivity } from '@/offline/connectivity';
import { outboxRequest } from '@/offline/outbox-queue';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { useDraftAutosave, useDraftJob, type WizardDraftSession } from '@/components/wizard/use-wizard-draft';
import {
  DONE_STEP,
  draftFromForm,
  draftTarget,
  draftTitle,
  fieldErrors,
  firstStepWithError,
  formValuesOf,
  JOB_KIND,
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
  const draft = draftFromForm(values, place);

  const { view, editable, loaded, submitting, send, sendNow } = useDraftJob({
    draftId,
    userId,
    flush,
    kind: JOB_KIND,
    retryRefused: () => t('serialWizard.job.retryRefused'),
  });
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
    // Checked by the contract now: a body the server would refuse must not wait days in the outbox.
    const sent = await send(() => {
      const request = outboxRequest(adjusterEndpoints.prepareDevice, { body: toPrepareDeviceBody(draft) });
      return { ...request, target: { mac: request.body.mac, house: draft.address } };
    });
    if (sent) setStep('review');
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
    jobsLoaded: loaded,
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
