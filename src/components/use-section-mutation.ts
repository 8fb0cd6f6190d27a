import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '@/components/notifications/notify';

interface SectionMutation<Vars, Answer> {
  /** The server call; it throws unless the server answered result: true. */
  send: (vars: Vars) => Promise<Answer>;
  /** After the server took it: the cache, the toast, what the caller does next. */
  onSuccess: (answer: Answer, vars: Vars) => void | Promise<void>;
  /** What a refusal leaves for the section's banner (the rest placed at the fields); null says nothing. */
  banner: (failure: unknown) => string | null;
}

/**
 * One write of a section of a page: the refusal's words are kept as `error` (shown in the section)
 * and toasted, cleared on the next try; `run` answers whether the server took it, so a form keeps what
 * was typed when it did not.
 */
export function useSectionMutation<Vars, Answer>({ send, onSuccess, banner }: SectionMutation<Vars, Answer>) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setError(null),
    onSuccess: (answer, vars) => onSuccess(answer, vars),
    onError: (failure) => {
      const text = banner(failure);
      setError(text);
      if (text) notify(text, { variant: 'error' });
    },
  });
  return {
    run: (vars: Vars) =>
      mutation.mutateAsync(vars).then(
        () => true,
        () => false,
      ),
    pending: mutation.isPending,
    error,
    clearError: () => setError(null),
  };
}
