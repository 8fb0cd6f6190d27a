import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { KEYLESS_MAX_DEVICES, type KeylessCodeDetail } from '@contract/door-codes';
import type { HouseHit } from '@/components/house-typeahead/model';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import { useDateFormat } from '@/lib/dates';
import { newIdempotencyKey } from '@/offline/outbox';
import { createKeylessCode, getHouseMacs } from './api';
import { useT } from './messages';
import { DraftKeys, EMPTY_KEYLESS, addDevices, checkKeyless, keylessBody, parseMacList, type ChosenDevice, type KeylessDraft, type KeylessErrors } from './model';

/** The keyless create form: the draft (kept while offline), devices added by house or MAC, and the write. */
export function useKeylessForm(onCreated: (code: KeylessCodeDetail) => void | Promise<void>) {
  const t = useT();
  const { timeZone } = useDateFormat();
  const [draft, setDraft] = useState<KeylessDraft>(EMPTY_KEYLESS);
  const [errors, setErrors] = useState<KeylessErrors>({});
  const [macText, setMacText] = useState('');
  const [macError, setMacError] = useState<string | null>(null);
  const [houseNote, setHouseNote] = useState<string | null>(null);
  const keys = useRef(new DraftKeys(newIdempotencyKey));

  const add = (added: readonly ChosenDevice[]) => {
    let overflow = false;
    setDraft((current) => {
      const next = addDevices(current.devices, added);
      overflow = next.overflow;
      return { ...current, devices: next.devices };
    });
    if (overflow) notify(t('keyless.form.tooMany', { max: KEYLESS_MAX_DEVICES }), { variant: 'warning' });
    setErrors((current) => ({ ...current, devices: undefined }));
  };

  const house = useMutation({
    mutationFn: (hit: HouseHit) => getHouseMacs(hit.id),
    onMutate: () => setHouseNote(null),
    onSuccess: (macs, hit) => {
      if (macs.length === 0) setHouseNote(t('keyless.form.houseNone', { address: hit.address }));
      add(macs.map((mac) => ({ mac, address: hit.address })));
    },
    onError: (error) => setHouseNote(t('keyless.form.houseFailed', { error: errorMessage(error) })),
  });

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof keylessBody>) => createKeylessCode(body, keys.current.keyFor(body)),
    onSuccess: async (code) => {
      keys.current.taken();
      notify(t(code.devices.failed === 0 ? 'keyless.done.created' : 'keyless.done.createdOwed', { written: code.devices.written, total: code.devices.total }), { variant: code.devices.failed === 0 ? 'success' : 'warning' });
      setDraft(EMPTY_KEYLESS);
      await onCreated(code);
    },
  });

  return {
    draft,
    errors,
    update: (patch: Partial<KeylessDraft>) => setDraft((current) => ({ ...current, ...patch })),
    macText,
    setMacText: (text: string) => {
      setMacText(text);
      setMacError(null);
    },
    macError,
    addTyped: () => {
      const { macs, bad } = parseMacList(macText);
      if (bad.length > 0) setMacError(t('keyless.form.macBad', { values: bad.join(', ') }));
      add(macs.map((mac) => ({ mac, address: null })));
      setMacText(bad.join(' '));
    },
    addHouse: (hit: HouseHit) => house.mutate(hit),
    houseLoading: house.isPending,
    houseNote,
    removeDevice: (mac: string) => setDraft((current) => ({ ...current, devices: current.devices.filter((device) => device.mac !== mac) })),
    clearDevices: () => setDraft((current) => ({ ...current, devices: [] })),
    submit: () => {
      const found = checkKeyless(draft, timeZone, new Date());
      setErrors(found);
      if (Object.keys(found).length === 0) save.mutate(keylessBody(draft, timeZone));
    },
    sending: save.isPending,
    sendError: save.error ? errorMessage(save.error) : null,
  };
}

export type KeylessFormModel = ReturnType<typeof useKeylessForm>;
