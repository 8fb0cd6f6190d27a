import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CommutatorsResponse } from '@contract/commutators';
import { errorMessage } from '@/lib/http';
import { saveCommutators } from './api';
import { planCopy } from './copy';
import { useT } from './messages';
import { compactRanges, type MatrixState } from './model';
import { commutatorQueries } from './queries';

export type CopyOutcome = { mac: string; saved: true } | { mac: string; saved: false; reason: string };

export function useCopyTargets(source: CommutatorsResponse, state: MatrixState) {
  const t = useT();
  const client = useQueryClient();
  const targets = useQuery(commutatorQueries.copyTargets(source));
  const [outcomes, setOutcomes] = useState<CopyOutcome[]>([]);
  const [running, setRunning] = useState(false);

  const reasonOf = (plan: ReturnType<typeof planCopy>): string => {
    const parts: string[] = [];
    if (plan.check.outOfRange.length > 0) parts.push(t('commutators.copy.reason.range', { flats: compactRanges(plan.check.outOfRange.map((cell) => cell.flat)) }));
    if (plan.check.duplicates.length > 0) parts.push(t('commutators.copy.reason.duplicates', { flats: compactRanges(plan.check.duplicates.map((each) => each.flat)) }));
    return parts.join('; ');
  };

  const run = async (chosen: readonly CommutatorsResponse[], shift: boolean) => {
    setRunning(true);
    setOutcomes([]);
    const results: CopyOutcome[] = [];
    for (const target of chosen) {
      const plan = planCopy(state, source.flatRange, target, shift);
      if (plan.check.problems.size > 0) {
        results.push({ mac: target.mac, saved: false, reason: reasonOf(plan) });
        continue;
      }
      try {
        await saveCommutators(target.mac, { model: plan.state.model, matrix: plan.state.commutators });
        void client.invalidateQueries({ queryKey: commutatorQueries.matrix(target.mac).queryKey });
        results.push({ mac: target.mac, saved: true });
      } catch (error) {
        results.push({ mac: target.mac, saved: false, reason: errorMessage(error) });
      }
      setOutcomes([...results]);
    }
    setOutcomes(results);
    setRunning(false);
  };

  return { targets, searchError: targets.error ? errorMessage(targets.error) : null, outcomes, running, run };
}
