import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/device-card/messages';
import { placeFieldErrors, type FieldReason } from '@/lib/field-errors';
import { useLanguage } from '@/lib/preferences';
import type { DeviceCard } from './model';
import { deviceCardQueries } from './queries';

/** The form a write comes from: a 400 naming one of its fields is shown at that field. */
export interface CardForm<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The form field of a request path (`audio.musicVolume` → `musicVolume`), null when the form has none. */
  fieldOf: (path: string) => FieldPath<T> | null;
  /** The refusal in words (src/components/field-reason useFieldReasonText). */
  reasonText: (reason: FieldReason) => string;
}

interface CardUpdate<Vars, Answer, T extends FieldValues> {
  mac: string;
  /** The server call; it throws unless the server answered result: true. */
  send: (vars: Vars) => Promise<Answer>;
  /** The local change, applied only after that. */
  apply?: (card: DeviceCard, vars: Vars, answer: Answer) => DeviceCard;
  /**
   * Every save is confirmed by a toast: the server's message in the Russian UI (the server speaks
   * Russian), else `done`, else «Сохранено».
   */
  done?: string;
  onSaved?: (vars: Vars, answer: Answer) => void;
  form?: CardForm<T>;
}

function serverMessage(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null || !('message' in answer)) return null;
  const message = (answer as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/**
 * One write of the card. On success the cached card is changed with `apply`; on failure nothing
 * changes and the form keeps what the operator typed. A refusal naming the form's fields is shown
 * at those fields; the rest of it (or any other failure) as `error`, next to the section's form,
 * and as a toast.
 */
export function useCardUpdate<Vars, Answer, T extends FieldValues = FieldValues>({ mac, send, apply, done, onSaved, form }: CardUpdate<Vars, Answer, T>) {
  const t = useT();
  const language = useLanguage();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setError(null),
    onSuccess: (answer, vars) => {
      if (apply) client.setQueryData(deviceCardQueries.card(mac).queryKey, (card) => (card ? apply(card, vars, answer) : card));
      const fromServer = language === 'ru' ? serverMessage(answer) : null;
      notify(fromServer ?? done ?? t('card.saved'), { variant: 'success' });
      onSaved?.(vars, answer);
    },
    onError: (failure) => {
      const banner = placeFieldErrors(failure, (path) => form?.fieldOf(path) ?? null, (field, reason) => {
        form?.setError(field, { type: 'server', message: form.reasonText(reason) }, { shouldFocus: true });
      });
      setError(banner);
      if (banner) notify(banner, { variant: 'error' });
    },
  });
  return {
    run: (vars: Vars) => mutation.mutateAsync(vars).then(
      () => true,
      () => false,
    ),
    pending: mutation.isPending,
    error,
    reset: () => {
      setError(null);
      mutation.reset();
    },
  };
}
