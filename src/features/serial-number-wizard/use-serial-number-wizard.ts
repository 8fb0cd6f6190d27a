import { useState } from 'react';
import { adjusterEndpoints } from '@contract/adjuster';
import { isSerialNumberDraftValid, toPrepareDeviceBody, type SerialNumberDraft } from '@contract/adjuster-wizard';
import { useT } from '@/features/serial-number-wizard/messages';
import { useConnectivity } from '@/offline/connectivity';
import { outboxRequest } from '@/offline/outbox-queue';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { useStepForm } from '@/components/wizard/use-step-form';
import { useDraftAutosave, useDraftJob, type WizardDraftSession } from '@/components/wizard/use-wizard-draft';
import { useLanguage } from '@/lib/preferences';
import { draftTitle } from '@/offline/draft-names';
import {
  DONE_STEP,
  draftFromForm,
  draftTarget,
  fieldErrors,
  fieldStep,
  formValuesOf,
  JOB_KIND,
  normalizeMacInput,
  WIZARD_STEPS,
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
  const language = useLanguage();
  const { draftId, userId, flush } = start;
  const connectivity = useConnectivity();
  const online = connectivity.state !== 'offline';
  const runtime = useOfflineRuntime();

  // Plain state rather than a form library: the model checks every field, and the route keeps its budget.
  const [values, setValues] = useState<WizardFormValues>(() => formValuesOf(start.draft));
  const [place, setPlace] = useState<Place>({ house: start.draft.house, address: start.draft.address, entrance: start.draft.entrance });
  const [step, setStep] = useState<WizardStep>(start.step);
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
    title: draftTitle(language, 'serial-number', draft),
    target: draftTarget,
    initial: { data: start.draft, step: start.storedStep ?? start.step, extra: null },
  });

  const errors: FieldErrors = fieldErrors(draft);
  const form = useStepForm({
    steps: WIZARD_STEPS,
    step,
    setStep,
    errors,
    stepOfField: fieldStep,
    editable,
    translate: t,
    // The address comes with the house: it is "left" when the house picker is.
    touchedWith: { address: 'house' },
  });
  const { touch } = form;

  const setValue = (field: keyof WizardFormValues, value: string) => setValues((current) => ({ ...current, [field]: value }));
  /** Several fields at once, as a label scan or the entrance's flats fill them: they count as touched. */
  const fill = (filled: Partial<WizardFormValues>) => {
    setValues((current) => ({ ...current, ...filled }));
    touch(...(Object.keys(filled) as (keyof WizardFormValues)[]));
  };

  const chooseHouse = (house: PickedHouse | null) => {
    touch('house');
    setPlace((current) => {
      const next = withHouse({ ...draft, ...current }, house);
      return { house: next.house, address: next.address, entrance: next.entrance };
    });
  };

  const chooseEntrance = (entranceNum: number | null) => {
    touch('entrance');
    setPlace((current) => ({ ...current, entrance: withEntrance({ ...draft, ...current }, entranceNum).entrance }));
  };

  /** The entrance select was left without a choice: now its error may show. */
  const touchEntrance = () => touch('entrance');

  /** A MAC typed in any form is shown the normal way once the field is left. */
  const normalizeMacField = () =>
    setValues((current) => {
      const normalized = normalizeMacInput(current.mac.trim());
      return normalized !== current.mac.trim() ? { ...current, mac: normalized } : current;
    });

  const submit = async () => {
    if (!editable || submitting) return;
    if (!form.readyToSubmit() || !isSerialNumberDraftValid(draft)) return;
    // Checked by the contract now: a body the server would refuse must not wait days in the outbox.
    const sent = await send(() => {
      const request = outboxRequest(adjusterEndpoints.prepareDevice, { body: toPrepareDeviceBody(draft) });
      return { ...request, target: { mac: request.body.mac, house: draft.address } };
    });
    if (sent) setStep('review');
  };

  return {
    values,
    setValue,
    fill,
    touch,
    draft,
    step,
    goTo: form.goTo,
    errors,
    shownError: form.shownError,
    stepError: form.stepError,
    checkAttempts: form.attempts,
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
