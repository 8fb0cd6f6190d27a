import { useState } from 'react';
import { removeTemporaryCode, setTemporaryCode } from './api';
import { useT } from './messages';
import { codeExpiresAt, codeSecondsLeft, durationOf, type DurationChoice, type DurationUnit } from './model';
import { useFlat, useFlatMutation } from './use-flat-card';
import { useNow } from './use-now';

/** The temporary access code: shown with its time left (ticking), created, given another duration, removed. */
export function useTemporaryCode() {
  const t = useT();
  const { flat, data } = useFlat();
  const code = data.temporaryCode;
  const [choice, setChoice] = useState<DurationChoice>('day');
  const [amount, setAmount] = useState('2');
  const [unit, setUnit] = useState<DurationUnit>('days');
  const now = useNow();
  const left = code ? codeSecondsLeft(code, now) : 0;
  const duration = durationOf(choice, amount, unit);

  const save = useFlatMutation({
    send: (seconds: number) => setTemporaryCode(flat, seconds),
    apply: (current, _seconds, saved) => ({ ...current, temporaryCode: saved, flat: { ...current.flat, temporaryCode: saved } }),
    done: (_seconds, saved) => (code ? t('flat.code.changed.done') : t('flat.code.created.done', { code: saved?.tempCode ?? '' })),
  });
  // An expired code cannot be brought back by a duration counted from its creation: a new one is made.
  const renew = useFlatMutation({
    send: async (seconds: number) => {
      await removeTemporaryCode(flat);
      return setTemporaryCode(flat, seconds);
    },
    apply: (current, _seconds, saved) => ({ ...current, temporaryCode: saved, flat: { ...current.flat, temporaryCode: saved } }),
    done: (_seconds, saved) => t('flat.code.renewed.done', { code: saved?.tempCode ?? '' }),
  });
  const remove = useFlatMutation({
    send: () => removeTemporaryCode(flat),
    apply: (current) => ({ ...current, temporaryCode: null, flat: { ...current.flat, temporaryCode: null } }),
    done: () => t('flat.code.removed.done'),
  });

  const expired = code !== null && left === 0;
  // A changed duration counts from when the code was made; a new code (or one replacing an expired code) from now.
  const previewUntil = duration === null ? null : (code && !expired ? Date.parse(code.created) : now) + duration * 1000;

  return {
    code,
    left,
    expired,
    expiresAt: code ? codeExpiresAt(code) : null,
    choice,
    setChoice,
    amount,
    setAmount,
    unit,
    setUnit,
    duration,
    previewUntil,
    previewPast: previewUntil !== null && previewUntil <= now,
    save,
    renew,
    remove,
  };
}
