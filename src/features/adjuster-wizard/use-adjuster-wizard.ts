import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { validate } from 'superstruct';
import { AdjusterDeviceResponse, adjusterEndpoints } from '@contract/adjuster';
import { normalizeMac } from '@contract/common';
import { notify } from '@/components/notifications/notify';
import { useStepForm } from '@/components/wizard/use-step-form';
import { useT, type MessageKey } from '@/features/adjuster-wizard/messages';
import { errorMessage, NetworkError } from '@/lib/http';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb, type OutboxJob } from '@/offline/db';
import type { EnqueueInput } from '@/offline/outbox';
import { outboxRequest } from '@/offline/outbox-queue';
import { queueJob, resendJob } from '@/offline/runtime';
import { useOfflineRuntime } from '@/offline/runtime-context';
import type { UseDraftResult } from '@/offline/use-draft';
import { useLanguage } from '@/lib/preferences';
import { draftTitle } from '@/offline/draft-names';
import * as api from './api';
import {
  DONE_STEP,
  draftTarget,
  JOB_KINDS,
  jobsToPoll,
  latestOfKind,
  moveStep,
  outboxState,
  portOf,
  stepNeed,
  WIZARD_STEPS,
  withAddressLookup,
  withCreatedDevice,
  withEntrance,
  withJobStatus,
  withPortField,
  withStartedJobs,
  type AdjusterWizardDraft,
  type WizardStep,
} from './model';

export interface WizardStart {
  draftId: string;
  userId: number;
  draft: AdjusterWizardDraft;
  /** The draft is stored already (resumed). */
  stored: boolean;
  save: UseDraftResult<'adjuster'>['save'];
  flush: UseDraftResult<'adjuster'>['flush'];
}

/** How often a running port job is asked for its status. */
export const POLL_MS = 1_000;

type CallName = 'lookup' | 'jobs' | 'ddns' | 'preset' | 'device' | 'bind';

/**
 * The adjuster wizard's logic: the state (autosaved to the draft on every change), the network
 * calls of each step, the polling of the port jobs while the server is reachable, and the
 * outbox jobs that create the device and bind it, read back live.
 */
export function useAdjusterWizard(start: WizardStart) {
  const t = useT();
  const language = useLanguage();
  const { draftId, userId, save, flush } = start;
  const online = useConnectivity().state !== 'offline';
  const runtime = useOfflineRuntime();
  const [draft, setDraft] = useState<AdjusterWizardDraft>(start.draft);
  const [busy, setBusy] = useState<Partial<Record<CallName, boolean>>>({});
  const [failures, setFailures] = useState<Partial<Record<CallName, string>>>({});
  const step = WIZARD_STEPS.find((each) => each === draft.step) ?? 'port';

  const jobs = useLiveQuery(() => getOfflineDb().outbox.where('draftId').equals(draftId).toArray(), [draftId]);
  const deviceJob = latestOfKind(jobs ?? [], JOB_KINDS.device);
  const houseJob = latestOfKind(jobs ?? [], JOB_KINDS.house);
  const groupJob = latestOfKind(jobs ?? [], JOB_KINDS.group);
  const bound = houseJob?.status === 'sent' && groupJob?.status === 'sent';

  // Autosave: every change (fields, step, job numbers, flags) goes to the draft.
  const stored = useRef(start.stored);
  const initialKey = useRef(JSON.stringify(start.draft));
  const draftKey = JSON.stringify(draft);
  const title = draftTitle(language, 'adjuster', draft);
  const targetStep = bound ? DONE_STEP : step;
  useEffect(() => {
    if (!stored.current && draftKey === initialKey.current) return;
    stored.current = true;
    const data = JSON.parse(draftKey) as AdjusterWizardDraft;
    save({ title, target: draftTarget(data, targetStep), data });
  }, [draftKey, title, targetStep, save]);

  const update = useCallback((change: (current: AdjusterWizardDraft) => AdjusterWizardDraft) => setDraft(change), []);

  // The device job was sent: the switch's answer names the device (MAC, IP).
  // Adjusted while rendering (React's pattern for state derived from a changed input), so it is saved with the draft.
  const deviceAnswer = deviceJob?.status === 'sent' ? createdDevice(deviceJob) : null;
  if (deviceAnswer && draft.device?.mac !== deviceAnswer.mac) setDraft(withCreatedDevice(draft, deviceAnswer));

  // Poll the unfinished port jobs while the server is reachable; offline, polling waits and resumes.
  const pollKey = jobsToPoll(draft).join(',');
  useEffect(() => {
    if (!online || pollKey === '') return;
    const numbers = pollKey.split(',').map(Number);
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = async () => {
      await Promise.all(
        numbers.map(async (jobNum) => {
          try {
            const answer = await api.jobStatus(jobNum, abort.signal);
            if (!abort.signal.aborted) update((current) => withJobStatus(current, jobNum, answer));
          } catch {
            // No answer this time: asked again at the next tick.
          }
        }),
      );
      if (!abort.signal.aborted) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      abort.abort();
      if (timer !== null) clearTimeout(timer);
    };
  }, [online, pollKey, update]);

  const call = async (name: CallName, work: () => Promise<void>) => {
    setBusy((current) => ({ ...current, [name]: true }));
    setFailures((current) => ({ ...current, [name]: undefined }));
    try {
      await work();
    } catch (error) {
      const text = error instanceof NetworkError ? t('adjusterWizard.network.lost') : errorMessage(error);
      setFailures((current) => ({ ...current, [name]: text }));
    } finally {
      setBusy((current) => ({ ...current, [name]: false }));
    }
  };

  const port = portOf(draft);

  const lookUp = () => {
    if (!port) return Promise.resolve();
    return call('lookup', async () => {
      const lookup = await api.lookUpAddress(port);
      update((current) => withAddressLookup(current, port, lookup));
    });
  };

  const startJobs = () => {
    if (!port) return Promise.resolve();
    return call('jobs', async () => {
      const numbers = await api.startPortJobs(port);
      update((current) => withStartedJobs(current, port, numbers));
    });
  };

  const setupDdns = () => {
    const mac = draft.device?.mac;
    if (!mac) return Promise.resolve();
    const ip = draft.ip.trim();
    return call('ddns', async () => {
      const message = await api.setupDdns(mac, ip);
      update((current) => ({ ...current, ddnsDone: true, ddnsMessage: message }));
    });
  };

  const uploadPreset = () => {
    const mac = draft.device?.mac;
    if (!mac) return Promise.resolve();
    const { presetUrl, deviceType } = draft;
    return call('preset', async () => {
      const message = await api.uploadPreset(mac, presetUrl.trim(), deviceType);
      update((current) => ({ ...current, presetDone: true, presetMessage: message }));
    });
  };

  const queue = async (input: Omit<EnqueueInput, 'userId' | 'draftId'>) => {
    const full: EnqueueInput = { ...input, userId, draftId };
    await queueJob(runtime, full);
  };

  /** Creates the device behind the port through the outbox: sent now, or as soon as the network is back. */
  const createDevice = () => {
    if (!port) return Promise.resolve();
    return call('device', async () => {
      const request = outboxRequest(adjusterEndpoints.create, { body: { name: port.bsName, portNum: port.portNum } });
      await flush();
      await queue({ kind: JOB_KINDS.device, ...request, target: draft.address ? { house: draft.address } : {} });
    });
  };

  /** House then group, one device: the outbox sends them in this order, each exactly once. */
  const bind = () => {
    const mac = draft.device?.mac;
    const { fiasId, groupId } = draft;
    if (!mac || !fiasId || groupId === null) return Promise.resolve();
    return call('bind', async () => {
      const target = { mac, ...(draft.address ? { house: draft.address } : {}) };
      // The entrance the installer chose binds relay 1 (porchNum); without one the server takes the port's.
      const houseBody = draft.entranceNum === null ? { fiasId } : { fiasId, porchNum: draft.entranceNum };
      const house = outboxRequest(adjusterEndpoints.setHouse, { params: { id: mac }, body: houseBody });
      const group = outboxRequest(adjusterEndpoints.setGroup, { params: { id: mac }, body: { groupId } });
      await flush();
      // A refused job is sent again with the fixed body (a new key), in its place: a new job would wait behind it.
      if (!houseJob) await queue({ kind: JOB_KINDS.house, ...house, target });
      else if (houseJob.status === 'needs-attention') await resend(houseJob, house.body);
      if (!groupJob) await queue({ kind: JOB_KINDS.group, ...group, target });
      else if (groupJob.status === 'needs-attention') await resend(groupJob, group.body);
    });
  };

  const resend = async (job: OutboxJob, body: unknown) => {
    const result = await resendJob(runtime, job.id, body);
    if (result.kind === 'ignored') notify(t('adjusterWizard.outbox.retryRefused'), { variant: 'error' });
  };

  /** A job the server refused is sent again (its body unchanged, so with its key). */
  const retryJob = async (job: OutboxJob) => {
    try {
      const result = await resendJob(runtime, job.id);
      if (result.kind === 'ignored') notify(t('adjusterWizard.outbox.retryRefused'), { variant: 'error' });
    } catch (error) {
      notify(errorMessage(error), { variant: 'error' });
    }
  };

  const sendNow = async (job: OutboxJob) => {
    if (runtime && job.status === 'queued') await runtime.engine.sendNow(job.id);
  };

  const deviceJobState = deviceJob ? (deviceJob.status === 'sent' ? 'sent' : 'pending') : 'none';
  const need = stepNeed(step, draft, deviceJobState);
  const firstOpen = WIZARD_STEPS.findIndex((each) => stepNeed(each, draft, deviceJobState) !== null);
  /** Steps up to the first one still to do can be opened from the stepper. */
  const reachable = (target: WizardStep) => firstOpen === -1 || WIZARD_STEPS.indexOf(target) <= firstOpen;

  // Each step is one "field" here: what it still needs.
  const needs: Partial<Record<WizardStep, MessageKey>> = {};
  for (const each of WIZARD_STEPS) {
    const wanted = stepNeed(each, draft, deviceJobState);
    if (wanted) needs[each] = wanted;
  }
  const goTo = (target: WizardStep) => update((current) => ({ ...current, step: target }));
  const form = useStepForm({ steps: WIZARD_STEPS, step, setStep: goTo, errors: needs, stepOfField: (each) => each, editable: true, translate: t });
  /** True when the wizard moved on; otherwise the step is marked (it says what it needs) and its first wrong field focused. */
  const next = (): boolean => form.goTo(moveStep(step, 1));
  const back = () => goTo(moveStep(step, -1));

  return {
    draft,
    step,
    online,
    port,
    busy,
    failures,
    need,
    showNeed: form.stepChecked(step),
    stepChecked: form.stepChecked,
    stepError: form.stepError,
    checkAttempts: form.attempts,
    reachable,
    goTo,
    next,
    back,
    setPortField: (field: 'bsName' | 'portNum', value: string) => update((current) => withPortField(current, field, value)),
    setField: <F extends 'ip' | 'presetUrl' | 'deviceType'>(field: F, value: AdjusterWizardDraft[F]) =>
      update((current) => ({ ...current, [field]: value })),
    chooseEntrance: (entranceNum: number | null) => update((current) => withEntrance(current, entranceNum)),
    chooseGroup: (group: { id: number; name: string } | null) =>
      update((current) => ({ ...current, groupId: group?.id ?? null, groupName: group?.name ?? null })),
    lookUp,
    startJobs,
    setupDdns,
    uploadPreset,
    createDevice,
    bind,
    retryJob,
    sendNow,
    jobsLoaded: jobs !== undefined,
    deviceJob,
    houseJob,
    groupJob,
    deviceJobState: outboxState(deviceJob),
    bound,
    hasRuntime: runtime !== null,
  };
}

export type AdjusterWizard = ReturnType<typeof useAdjusterWizard>;

/** The MAC and IP of the device the create call answered, when the stored answer reads as one. */
function createdDevice(job: OutboxJob): { mac: string; ip: string | null } | null {
  const [failure, answer] = validate(job.response, AdjusterDeviceResponse);
  return failure ? null : { mac: normalizeMac(answer.data.mac) ?? answer.data.mac, ip: answer.data.ip };
}
