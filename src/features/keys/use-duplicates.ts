import { owedReason } from '@/lib/owed-reason';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { KeyDeleteResult } from '@contract/keys';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import { deleteKeys, findDuplicates } from './api';
import { useT } from './messages';
import { DUPLICATE_SEARCH_MAX, deleteOutcomes, deleteTargets, groupDuplicates, keyRef, parsePastedValues, type DuplicateGroup, type NumberSystem } from './model';
import { pluralKey } from '@/i18n/plural';
import { useLanguage } from '@/lib/preferences';

interface Search {
  values: string[];
  system: NumberSystem;
}

/**
 * The duplicate search: the pasted list read as typed, sent as one search; the answer grouped by
 * value; rows chosen and deleted in one call, the outcome kept per key beside its row.
 */
export function useDuplicates({ onDeleted }: { onDeleted: () => unknown }) {
  const t = useT();
  const language = useLanguage();
  const [text, setText] = useState('');
  const [system, setSystem] = useState<NumberSystem>('hex');
  const [tried, setTried] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, KeyDeleteResult>>(new Map());
  const pasted = useMemo(() => parsePastedValues(text, system), [text, system]);

  const search = useMutation({
    mutationFn: async ({ values, system }: Search) => ({ values, system, rows: await findDuplicates(values, system) }),
    onSuccess: () => {
      setChosen(new Set());
      setOutcomes(new Map());
    },
  });
  const groups: DuplicateGroup[] = useMemo(
    () => (search.data ? groupDuplicates(search.data.values, search.data.system, search.data.rows) : []),
    [search.data],
  );

  const remove = useMutation({
    mutationFn: async (keys: { value: string; mac: string }[]) => {
      // A call takes at most DUPLICATE_SEARCH_MAX keys: a longer choice goes in turns, the answers joined.
      const answer = { deleted: 0, results: [] as KeyDeleteResult[] };
      for (let start = 0; start < keys.length; start += DUPLICATE_SEARCH_MAX) {
        const part = keys.slice(start, start + DUPLICATE_SEARCH_MAX);
        const got = await deleteKeys(part);
        answer.deleted += got.deleted;
        answer.results.push(...[...deleteOutcomes(part, got).values()]);
      }
      return { keys, answer };
    },
    onSuccess: ({ keys, answer }) => {
      const found = deleteOutcomes(keys, answer);
      setOutcomes((current) => new Map([...current, ...found]));
      setChosen(new Set());
      const done = t(pluralKey(language, 'keys.dup.delete.done', keys.length), { deleted: answer.deleted, count: keys.length });
      // Deleted here but not yet taken off a device (docs/api.md "Device sync"): said so, not as an error.
      const owed = answer.results.flatMap((result) => {
        const reason = result.deleted ? owedReason(result) : undefined;
        return reason === undefined ? [] : [`${result.mac}: ${reason || '—'}`];
      });
      if (owed.length > 0) notify(t('keys.owed', { done, reason: owed.join('; ') }), { variant: 'warning' });
      else notify(done, { variant: answer.deleted === keys.length ? 'success' : 'warning' });
      void onDeleted();
    },
  });

  /** Rows that may still be chosen: not deleted already. */
  const choosable = groups.flatMap((group) => group.rows).map(keyRef).filter((ref) => outcomes.get(ref)?.deleted !== true);
  const setChosenRefs = (refs: readonly string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const ref of refs) if (on) next.add(ref);
      else next.delete(ref);
      return next;
    });

  return {
    text,
    setText,
    system,
    setSystem,
    pasted,
    /** Sending was tried: an empty or over-long list says why it was not sent. */
    tried,
    submit: () => {
      setTried(true);
      if (pasted.values.length === 0 || pasted.overCap) return;
      remove.reset();
      search.mutate({ values: pasted.values, system });
    },
    searching: search.isPending,
    searchError: search.error ? errorMessage(search.error) : null,
    searched: search.data !== undefined,
    groups,
    chosen,
    choosable,
    setChosenRefs,
    outcomes,
    targets: deleteTargets(groups, chosen),
    remove,
    removeError: remove.error ? errorMessage(remove.error) : null,
    /** The last delete's count, kept on screen beside the per-key results (the toast goes away). */
    removed: remove.data ? { deleted: remove.data.answer.deleted, count: remove.data.keys.length } : null,
  };
}

export type DuplicatesModel = ReturnType<typeof useDuplicates>;
