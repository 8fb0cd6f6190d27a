import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CALL_ORDER_MAX_STEPS } from '@contract/dialings';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { saveCallOrder } from './api';
import { useT } from './messages';
import { cleanNumber, draftOf, forwardProblem, moveStep, orderBody, type OrderDraftStep } from './model';
import { dialingQueries } from './queries';

/**
 * One flat's call order and its editor: a draft of the steps (reordered, switched, their ringing
 * typed, forwarding numbers added), sent whole. A refusal is toasted and the draft kept.
 */
export function useCallOrder(mac: string, flatNum: number) {
  const t = useT();
  const session = useSession();
  const queryClient = useQueryClient();
  const options = dialingQueries.order(mac, flatNum);
  const query = useQuery({ ...options, enabled: session.ready });
  const [draft, setDraft] = useState<OrderDraftStep[] | null>(null);
  const [forward, setForward] = useState('');
  const [forwardError, setForwardError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: NonNullable<ReturnType<typeof orderBody>>) => saveCallOrder(mac, flatNum, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(options.queryKey, answer);
      setDraft(null);
      notify(t('dialings.order.saved'), { variant: 'success' });
    },
    onError: (error) => notify(t('dialings.order.failed', { error: errorMessage(error) }), { variant: 'error' }),
  });

  const change = (update: (steps: OrderDraftStep[]) => OrderDraftStep[]) => setDraft((current) => (current ? update(current) : current));
  const body = draft ? orderBody(draft) : null;
  return {
    answer: query.data,
    steps: query.data?.steps ?? [],
    pending: query.isPending,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    canEdit: query.data?.canEdit === true,
    draft,
    edit: () => {
      save.reset();
      setForward('');
      setForwardError(null);
      setDraft(draftOf(query.data?.steps ?? []));
    },
    cancel: () => setDraft(null),
    move: (index: number, delta: -1 | 1) => change((steps) => moveStep(steps, index, delta)),
    toggle: (index: number) => change((steps) => steps.map((step, at) => (at === index ? { ...step, enabled: !step.enabled } : step))),
    setRing: (index: number, value: string) => change((steps) => steps.map((step, at) => (at === index ? { ...step, ringSeconds: value.replace(/\D/g, '').slice(0, 3) } : step))),
    remove: (index: number) => change((steps) => steps.filter((_step, at) => at !== index)),
    forward,
    forwardError,
    setForward: (value: string) => {
      setForward(value);
      setForwardError(null);
    },
    addForward: () => {
      if (!draft) return;
      const number = cleanNumber(forward);
      const problem = forwardProblem(number, draft);
      if (problem) {
        setForwardError(t(problem, { max: CALL_ORDER_MAX_STEPS }));
        return;
      }
      change((steps) => [...steps, { kind: 'forward', target: number, label: null, ringSeconds: '30', enabled: true }]);
      setForward('');
    },
    canSave: body !== null && !save.isPending,
    saving: save.isPending,
    save: () => body && save.mutate(body),
  };
}

export type CallOrderModel = ReturnType<typeof useCallOrder>;
