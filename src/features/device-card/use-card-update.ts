import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/device-card/messages';
import { errorMessage } from '@/lib/http';
import type { DeviceCard } from './model';
import { deviceCardQueries } from './queries';

interface CardUpdate<Vars, Answer> {
  mac: string;
  /** The server call; it throws unless the server answered result: true. */
  send: (vars: Vars) => Promise<Answer>;
  /** The local change, applied only after that (spec §4). */
  apply?: (card: DeviceCard, vars: Vars, answer: Answer) => DeviceCard;
  /** The toast on success; when absent, the server's message or «Сохранено»: every save is confirmed. */
  done?: string | ((answer: Answer) => string | null);
  onSaved?: (vars: Vars, answer: Answer) => void;
}

function serverMessage(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null || !('message' in answer)) return null;
  const message = (answer as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/**
 * One write of the card. On success the cached card is changed with `apply`; on failure nothing
 * changes, the server's message is shown (as `error`, next to the section's form, and as a toast)
 * and the form keeps what the operator typed.
 */
export function useCardUpdate<Vars, Answer>({ mac, send, apply, done, onSaved }: CardUpdate<Vars, Answer>) {
  const t = useT();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (answer, vars) => {
      if (apply) client.setQueryData(deviceCardQueries.card(mac).queryKey, (card) => (card ? apply(card, vars, answer) : card));
      const message = typeof done === 'function' ? done(answer) : (done ?? serverMessage(answer) ?? t('card.saved'));
      if (message) notify(message, { variant: 'success' });
      onSaved?.(vars, answer);
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
  });
  return {
    run: (vars: Vars) => mutation.mutateAsync(vars).then(
      () => true,
      () => false,
    ),
    pending: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : null,
    reset: mutation.reset,
  };
}
