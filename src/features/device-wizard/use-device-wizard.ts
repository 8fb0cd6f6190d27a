import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useStepForm } from '@/components/wizard/use-step-form';
import { applyBuyerSipRule, toWizardSaveBody, wizardEndpoints, type WizardDraft } from '@contract/wizard';
import { useT } from '@/features/device-wizard/messages';
import { errorMessage } from '@/lib/http';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb } from '@/offline/db';
import { applyJobEvent, outboxRequest } from '@/offline/outbox-queue';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { useDraftAutosave, useDraftJob, type WizardDraftSession } from '@/components/wizard/use-wizard-draft';
import { useLanguage } from '@/lib/preferences';
import { draftTitle } from '@/offline/draft-names';
import { getEntrances, readSavedExecutors } from './api';
import {
  comparisonOf,
  DONE_STEP,
  draftTarget,
  ENTRANCES_STEP,
  fieldErrors,
  initialState,
  isSipForced,
  JOB_KIND,
  LAST_STEP,
  saveOnlyIfNew,
  snapshotEntrances,
  STEPS,
  stepOfField,
  withHouseFias,
  wizardReducer,
  type FieldErrors,
  type FieldName,
  type Step,
  type WizardAction,
} from './model';
import { deviceWizardQueries } from './queries';
import { useWizardHouses } from './use-wizard-houses';

export interface WizardStart extends WizardDraftSession<'device-setup'> {
  buyerId: number | null;
  draft: WizardDraft;
  step: Step;
  /** The step stored with the draft (`target.step`), DONE_STEP included; absent for a new draft. */
  storedStep?: string | number;
  /** When the resumed draft was last changed; absent for a new draft. */
  resumedAt?: number;
}

/** Whether the device's current settings could be read (for the review and the notice above the steps). */
export type ReadingState = 'reading' | 'read' | 'offline' | { error: string };

/** Why step 3 has no entrances to offer. */
export type EntranceProblem = { kind: 'offline'; missing: string[] } | { kind: 'error'; message: string } | null;

/**
 * The device set-up wizard's logic (ARCHITECTURE: logic in a hook, the view only renders): the
 * state with the spec's flags, autosave of every change and of the step to the draft, step 3's
 * entrances (from a house snapshot without waiting, refreshed from the server when online), and
 * the save through the outbox with the job's state read back live.
 */
export function useDeviceWizard(start: WizardStart) {
  const t = useT();
  const language = useLanguage();
  const { draftId, userId, flush } = start;
  const online = useConnectivity().state !== 'offline';
  const runtime = useOfflineRuntime();

  const [state, dispatch] = useReducer(wizardReducer, start, (given) =>
    wizardReducer(initialState(given.draft.mac), { type: 'load', draft: given.draft, step: given.step, buyerId: given.buyerId }),
  );
  useEffect(() => dispatch({ type: 'buyer', buyerId: start.buyerId }), [start.buyerId]);
  const { draft, step } = state;

  const { view, editable, submitting, send, sendNow } = useDraftJob({
    draftId,
    userId,
    flush,
    kind: JOB_KIND,
    retryRefused: () => t('deviceWizard.job.retryRefused'),
  });
  useEffect(() => {
    if (view.state === 'sent') dispatch({ type: 'saved' });
  }, [view.state]);

  // The device as it is now: what the review compares with, and whether a draft may be replaced by it.
  const deviceQuery = useQuery({ ...deviceWizardQueries.device(draft.mac), enabled: online });
  const live = online ? (deviceQuery.data ?? null) : null;
  const comparison = comparisonOf(live, draft.base);
  const reading: ReadingState = !online ? 'offline' : deviceQuery.isError ? { error: errorMessage(deviceQuery.error) } : deviceQuery.data ? 'read' : 'reading';

  const houses = useWizardHouses({ userId, online, chosen: draft.houses });
  // The device's own names, for houses and entrances the lists do not know (yet, or offline).
  const known = comparison.kind === 'device' ? comparison.base : draft.base ?? null;
  const addressOf = (uid: string) => {
    const address = houses.addressOf(uid);
    return address === uid ? (known?.houseAddresses[uid] ?? draft.base?.houseAddresses[uid] ?? uid) : address;
  };
  const entranceTitleOf = (uid: string): string | undefined => known?.entranceTitles[uid] ?? draft.base?.entranceTitles[uid];
  const executors = useQuery({ ...deviceWizardQueries.executors(userId), enabled: online });
  const executorList = executors.data ?? readSavedExecutors(userId) ?? [];

  // ---- Step 3: the entrances of the chosen houses (isThirdStepLoaded, isHouseListChanged)
  const [entranceProblem, setEntranceProblem] = useState<EntranceProblem>(null);
  const [entrancesLoading, setEntrancesLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const stateRef = useRef(state);
  // The review names the relays' entrances too: a draft reopened there has not been through step 3.
  const onThirdStep = step === ENTRANCES_STEP || step === LAST_STEP;
  const housesKey = draft.houses.join('\n');
  const snapshotsReady = houses.snapshots !== undefined;
  const snapshotsRef = useRef(houses.snapshots);
  // The loader below reads the latest state without restarting on every keystroke (declared first, so it runs first).
  useEffect(() => {
    stateRef.current = state;
    snapshotsRef.current = houses.snapshots;
  });
  useEffect(() => {
    const current = stateRef.current;
    const snapshots = snapshotsRef.current;
    if (!onThirdStep || !snapshots) return;
    if (current.isThirdStepLoaded && current.entranceSource === 'server') return;
    const chosen = current.draft.houses;
    setEntranceProblem(null);
    if (chosen.length === 0) {
      dispatch({ type: 'entrances', entrances: [], source: 'server' });
      return;
    }
    // Every chosen house was taken offline: no network wait; refreshed below when online.
    const fromSnapshot = snapshotEntrances(chosen, snapshots);
    if (fromSnapshot.entrances && !current.isThirdStepLoaded) dispatch({ type: 'entrances', entrances: fromSnapshot.entrances, source: 'snapshot' });
    if (!online) {
      if (!fromSnapshot.entrances) setEntranceProblem({ kind: 'offline', missing: fromSnapshot.missing });
      return;
    }
    const controller = new AbortController();
    setEntrancesLoading(!fromSnapshot.entrances);
    getEntrances(chosen, controller.signal)
      .then((entrances) => dispatch({ type: 'entrances', entrances, source: 'server' }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || fromSnapshot.entrances) return;
        setEntranceProblem({ kind: 'error', message: errorMessage(error) });
      })
      .finally(() => {
        if (!controller.signal.aborted) setEntrancesLoading(false);
      });
    return () => {
      controller.abort();
      setEntrancesLoading(false);
    };
  }, [onThirdStep, housesKey, online, snapshotsReady, attempt]);

  // ---- Autosave (the first house's address is stored with the draft). Once the server has the
  // device, the draft is marked done, not deleted.
  const firstAddress = draft.houses.length > 0 ? addressOf(draft.houses[0]) : null;
  const { removeDraft } = useDraftAutosave({
    session: start,
    data: draft,
    step: view.state === 'sent' ? DONE_STEP : step,
    extra: firstAddress,
    title: draftTitle(language, 'device-setup', draft),
    target: draftTarget,
    initial: { data: start.draft, step: start.storedStep ?? start.step, extra: firstAddress },
  });

  // ---- Errors: shown once a field was left, or once a move past its step was refused (the
  // step's marker shows them too), or after a save was tried.
  const [unreadable, setUnreadable] = useState<ReadonlySet<FieldName>>(new Set());
  const setNumberRead = (field: FieldName, read: boolean) =>
    setUnreadable((current) => {
      if (current.has(field) === !read) return current;
      const next = new Set(current);
      if (read) next.delete(field);
      else next.add(field);
      return next;
    });
  const errors: FieldErrors = fieldErrors(draft, unreadable);
  const goTo = (next: Step) => dispatch({ type: 'step', step: next });
  const form = useStepForm({ steps: STEPS, step, setStep: goTo, errors, stepOfField, editable, translate: t });

  const act = (action: WizardAction) => {
    if (editable) dispatch(action);
  };

  const setHouses = (uids: readonly string[]) => {
    if (!editable) return;
    dispatch({ type: 'houses', houses: uids });
    const prefill = uids.length > 0 ? withHouseFias(draft, houses.houseOf(uids[0])?.house) : null;
    if (prefill) dispatch({ type: 'billing', patch: prefill });
  };

  /** «Далее» or a step in the stepper (see useStepForm). Returns where the wizard went. */
  const moveTo = form.move;

  const submit = async () => {
    if (!editable || submitting) return;
    if (!form.readyToSubmit()) return;
    const onlyIfNew = saveOnlyIfNew(comparison);
    // Checked by the contract now: a body the server would refuse must not wait days in the outbox.
    await send(() => {
      const request = outboxRequest(wizardEndpoints.save, { body: toWizardSaveBody(applyBuyerSipRule(draft, state.buyerId), { onlyIfNew }) });
      return { ...request, target: { mac: request.body.mac, ...(firstAddress ? { house: firstAddress } : {}) } };
    });
  };

  /** Drops the draft (and a save the server refused), to start again from the device. */
  const discardDraft = async () => {
    if (view.state === 'needs-attention') {
      const { id } = view.job;
      await (runtime ? runtime.engine.discard(id) : applyJobEvent(getOfflineDb(), id, { type: 'discard' }));
    }
    await removeDraft();
  };

  return {
    state,
    draft,
    step,
    goTo,
    moveTo,
    act,
    setHouses,
    touch: form.touch,
    errors,
    shownError: form.shownError,
    stepShowsError: form.stepError,
    /** Counts refused moves, to focus the first wrong field each time. */
    refusals: form.attempts,
    setNumberRead,
    comparison,
    reading,
    retryReading: () => void deviceQuery.refetch(),
    addressOf,
    entranceTitleOf,
    sipForced: isSipForced(state.buyerId),
    houses,
    executors: executorList,
    executorsLoading: online && executors.isPending && executorList.length === 0,
    entrancesLoading: entrancesLoading && !state.isThirdStepLoaded,
    entranceProblem,
    retryEntrances: () => setAttempt((value) => value + 1),
    submitting,
    submit,
    sendNow,
    removeDraft,
    discardDraft,
    editable,
    view,
    online,
    hasRuntime: runtime !== null,
  };
}

export type DeviceWizard = ReturnType<typeof useDeviceWizard>;
