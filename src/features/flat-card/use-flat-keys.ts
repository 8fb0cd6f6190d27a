import { owedReason } from '@/lib/owed-reason';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { keyEndpoints } from '@contract/keys';
import { notify } from '@/components/notifications/notify';
import { FLAT_KEY_JOB, jobBodyField, queueKeyJobs, usePendingKeys } from '@/components/queued-keys/key-jobs';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { outboxRequest } from '@/offline/outbox-queue';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { createKey, removeDeviceKey } from './api';
import { useT } from './messages';
import { groupFlatKeys, keyCreateRequests, withoutKeys, type FlatKeyGroup, type FlatKeyKind } from './model';
import { flatCardQueries } from './queries';
import { useFlat, useFlatMutation } from './use-flat-card';

/** What one device answered to a key written to it. */
export interface DeviceOutcome {
  mac: string;
  error: string | null;
}

/**
 * Runs every call, in parallel, and says which failed: one device's refusal does not stop the
 * others. `owed`: stored, but the device has not taken it yet, with its reason (docs/api.md "Device sync").
 */
async function perDevice<T>(items: readonly T[], call: (item: T) => Promise<{ message?: string | null }>): Promise<(T & { error: string | null; owed: string | undefined })[]> {
  const settled = await Promise.allSettled(items.map(call));
  return items.map((item, index) => {
    const outcome = settled[index];
    return outcome.status === 'fulfilled' ? { ...item, error: null, owed: owedReason(outcome.value) } : { ...item, error: errorMessage(outcome.reason), owed: undefined };
  });
}

/** «mac: reason» of each device that owes the change. */
const owedText = (results: readonly { mac?: string | null; owed: string | undefined }[]) =>
  results.flatMap((result) => (result.owed === undefined ? [] : [`${result.mac ?? ''}: ${result.owed || '—'}`])).join('; ');

/** The flat's keys: add one to each of its devices, delete one from all of them. */
export function useFlatKeys() {
  const t = useT();
  const { flat, data } = useFlat();
  const client = useQueryClient();
  const [outcomes, setOutcomes] = useState<DeviceOutcome[] | null>(null);
  const written = useRef<DeviceOutcome[]>([]);
  // What was typed outlives the dialog (closed offline, reopened later) until the key is written.
  const [draft, setDraft] = useState<{ kind: FlatKeyKind; value: string }>({ kind: 'Metakom', value: '' });

  const add = useFlatMutation({
    send: async ({ kind, value }: { kind: FlatKeyKind; value: string }) => {
      const requests = keyCreateRequests(data.deviceData, kind, value, flat.flatNum);
      const results = await perDevice(requests, (body) => createKey(body));
      const failed = results.filter((result) => result.error !== null);
      // Nothing was written: the dialog keeps the value, and says why device by device.
      if (failed.length === results.length) {
        setOutcomes(results.map(({ mac, error }) => ({ mac, error })));
        throw new Error(failed.map((result) => `${result.mac}: ${result.error}`).join('; '));
      }
      return { value: requests[0].value, results: results.map(({ mac, error }) => ({ mac, error })), owed: owedText(results) };
    },
    done: (_vars, answer) =>
      answer.results.every((result) => result.error === null) && answer.owed === '' ? t('flat.keys.added', { value: answer.value, count: answer.results.length }) : null,
    onDone: async (_vars, answer) => {
      written.current = answer.results;
      setOutcomes(answer.results);
      if (answer.results.some((result) => result.error !== null)) notify(t('flat.keys.partial', { value: answer.value }), { variant: 'warning' });
      else if (answer.owed !== '') notify(t('flat.keys.owed', { done: t('flat.keys.added', { value: answer.value, count: answer.results.length }), reason: answer.owed }), { variant: 'warning' });
      // The keys come with the card: read it again to show the new key with its device ids.
      await client.refetchQueries({ queryKey: flatCardQueries.card(flat).queryKey });
    },
  });

  const remove = useFlatMutation({
    send: async (group: FlatKeyGroup) => {
      const targets = group.devices.filter((device) => device.deviceId !== null && device.keyId !== null);
      const results = await perDevice(targets, (device) => removeDeviceKey(device.deviceId ?? '', device.keyId ?? ''));
      const failed = results.filter((result) => result.error !== null);
      if (failed.length === results.length && results.length > 0) throw new Error(failed.map((result) => `${result.mac ?? ''}: ${result.error}`).join('; '));
      return { removed: results.filter((result) => result.error === null), failed, owed: owedText(results) };
    },
    apply: (current, _group, answer) => ({ ...current, keys: withoutKeys(current.keys, answer.removed) }),
    done: (group, answer) => (answer.failed.length === 0 && answer.owed === '' ? t('flat.keys.removed', { value: group.value }) : null),
    onDone: (group, answer) => {
      if (answer.owed !== '') notify(t('flat.keys.owed', { done: t('flat.keys.removed', { value: group.value }), reason: answer.owed }), { variant: 'warning' });
      if (answer.failed.length > 0) {
        const errors = answer.failed.map((result) => `${result.mac ?? ''}: ${result.error}`).join('; ');
        notify(t('flat.keys.removePartial', { value: group.value, errors }), { variant: 'warning' });
      }
    },
  });

  // With no signal a new key is queued in the outbox, one job per device, and shown pending until sent.
  const runtime = useOfflineRuntime();
  const { userId } = useSession();
  const online = useConnectivity().state !== 'offline';
  const pending = usePendingKeys({
    userId,
    kind: FLAT_KEY_JOB,
    macs: data.deviceData.map((device) => device.mac),
    matches: (job) => job.target.house === flat.houseUid && jobBodyField(job, 'flatNum') === flat.flatNum,
    onSent: () => void client.refetchQueries({ queryKey: flatCardQueries.card(flat).queryKey }),
  });

  const queueKey = async ({ kind, value }: { kind: FlatKeyKind; value: string }, user: number): Promise<'all' | 'none'> => {
    const requests = keyCreateRequests(data.deviceData, kind, value, flat.flatNum);
    try {
      const inputs = requests.map((body) => ({ kind: FLAT_KEY_JOB, ...outboxRequest(keyEndpoints.create, { body }), mac: body.mac, house: flat.houseUid }));
      await queueKeyJobs(runtime, user, inputs);
    } catch (error) {
      notify(errorMessage(error), { variant: 'error' });
      return 'none';
    }
    notify(t('flat.keys.queued', { value: requests[0]?.value ?? value, count: requests.length }), { variant: 'info' });
    setDraft((current) => ({ ...current, value: '' }));
    return 'all';
  };

  /** 'all' when every device took the key, 'some' when a few refused, 'none' when nothing was written. */
  const addKey = async (vars: { kind: FlatKeyKind; value: string }): Promise<'all' | 'some' | 'none'> => {
    if (!online) return userId === null ? 'none' : queueKey(vars, userId);
    written.current = [];
    if (!(await add.run(vars))) return 'none';
    setDraft((current) => ({ ...current, value: '' }));
    return written.current.every((outcome) => outcome.error === null) ? 'all' : 'some';
  };

  return {
    groups: groupFlatKeys(data.keys),
    devices: data.deviceData,
    add,
    addKey,
    draft,
    setDraft,
    remove,
    outcomes,
    clearOutcomes: () => setOutcomes(null),
    /** Offline, a new key goes to the outbox. */
    queueing: !online && userId !== null,
    pending,
  };
}
