import { owedReason } from '@/lib/owed-reason';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { notify } from '@/components/notifications/notify';
import { parseFieldErrors } from '@/lib/field-errors';
import { FLAT_NUMBER_MAX } from '@/lib/flat-number';
import { HttpError, errorMessage } from '@/lib/http';
import { createKey } from './api';
import { useT } from './messages';
import { checkKeyDraft, describeLengths, keyCreateBodies, type KeyCreateDraft, type KeyDraftField, type KeyDraftProblem } from './model';
import { pluralKey } from '@/i18n/plural';
import { useLanguage } from '@/lib/preferences';

export interface DeviceOutcome {
  mac: string;
  /** null when the key was added. */
  error: string | null;
}

const SERVER_FIELDS: readonly KeyDraftField[] = ['value', 'panelCode', 'flatNum'];

/** The field a refusal belongs to: a 400 naming it, or a 409 (the value is on the device already). */
function refusedField(error: unknown): { field: KeyDraftField; text: string } | null {
  if (!(error instanceof HttpError)) return null;
  if (error.status === 409) return { field: 'value', text: error.message };
  if (error.status !== 400) return null;
  const named = parseFieldErrors(error.message).fields.find((entry) => (SERVER_FIELDS as readonly string[]).includes(entry.path));
  return named ? { field: named.path as KeyDraftField, text: named.text.replace(/^Некорректное поле \S+: /, '') } : null;
}

interface KeyCreateOptions {
  draft: KeyCreateDraft;
  setDraft: Dispatch<SetStateAction<KeyCreateDraft>>;
  onCreated: () => unknown;
  onClose: () => void;
}

/**
 * The create dialog's logic: the draft checked as it is typed, one keys/create per chosen device (in
 * turn, so a device's failure does not hide the others'), the outcome per device; the devices that
 * took the key leave the draft, so sending again retries only the others.
 */
export function useKeyCreate({ draft, setDraft, onCreated, onClose }: KeyCreateOptions) {
  const t = useT();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [outcomes, setOutcomes] = useState<DeviceOutcome[] | null>(null);
  const [refused, setRefused] = useState<Partial<Record<KeyDraftField, string>>>({});
  const problems = checkKeyDraft(draft);

  const problemText = (problem: KeyDraftProblem): string => {
    switch (problem.kind) {
      case 'required':
        return t('keys.create.check.required');
      case 'hex':
        return t('keys.create.check.hex');
      case 'length':
        return t('keys.create.check.length', { lengths: describeLengths(problem.lengths), got: problem.got });
      case 'noDevice':
        return t('keys.create.noDevice');
      case 'panelCode':
      case 'flatNum':
        return t('keys.create.panelCode.problem', { max: FLAT_NUMBER_MAX });
    }
  };

  /** A field's problem: the server's refusal until it is edited, the form's own check once sending was tried (the value's as soon as typed). */
  const errorOf = (field: KeyDraftField): string | undefined => {
    if (refused[field]) return refused[field];
    const problem = problems[field];
    if (!problem) return undefined;
    const shown = tried || (field === 'value' && draft.value.trim() !== '');
    return shown ? problemText(problem) : undefined;
  };

  const update = (patch: Partial<KeyCreateDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setRefused((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field as KeyDraftField];
      if ('kind' in patch) delete next.value;
      return next;
    });
  };

  const submit = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setRefused({});
    const results: DeviceOutcome[] = [];
    const owed: string[] = [];
    const fieldErrors: Partial<Record<KeyDraftField, string>> = {};
    const bodies = keyCreateBodies(draft);
    for (const body of bodies) {
      try {
        const answer = await createKey(body);
        results.push({ mac: body.mac, error: null });
        const reason = owedReason(answer);
        if (reason !== undefined) owed.push(`${body.mac}: ${reason || '—'}`);
      } catch (error) {
        results.push({ mac: body.mac, error: errorMessage(error) });
        const field = bodies.length === 1 ? refusedField(error) : null;
        if (field) fieldErrors[field.field] = field.text;
      }
    }
    setBusy(false);
    const added = results.filter((result) => result.error === null);
    if (added.length > 0) void onCreated();
    if (added.length === results.length) {
      // Stored but not yet taken by a device (docs/api.md "Device sync"): said so, not as an error.
      if (owed.length > 0) notify(t('keys.owed', { done: t(pluralKey(language, 'keys.create.done', added.length), { value: bodies[0].value, count: added.length }), reason: owed.join('; ') }), { variant: 'warning' });
      else notify(t(pluralKey(language, 'keys.create.done', added.length), { value: bodies[0].value, count: added.length }), { variant: 'success' });
      setDraft((current) => ({ ...current, macs: [], value: '' }));
      setTried(false);
      setOutcomes(null);
      onClose();
      return;
    }
    setRefused(fieldErrors);
    setDraft((current) => ({ ...current, macs: current.macs.filter((mac) => !added.some((result) => result.mac === mac)) }));
    // One device's refusal sits at its field; several devices' are listed device by device.
    setOutcomes(bodies.length === 1 && Object.keys(fieldErrors).length > 0 ? null : results);
  };

  return { busy, outcomes, errorOf, update, submit };
}
