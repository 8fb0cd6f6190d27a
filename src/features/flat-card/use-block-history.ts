import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mergeHistory, type HistoryRow } from './model';
import { flatCardQueries } from './queries';
import { useFlat } from './use-flat-card';

export type HistoryFilter = 'all' | HistoryRow['kind'];

/** Block history of both kinds (the flat's and its devices' CMS blocks) in one list, newest first. */
export function useBlockHistory() {
  const { flat } = useFlat();
  const blocks = useQuery(flatCardQueries.history(flat, 'block-history'));
  const cms = useQuery(flatCardQueries.history(flat, 'cms-block-history'));
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const rows = mergeHistory(blocks.data, cms.data).filter((row) => filter === 'all' || row.kind === filter);
  return {
    rows,
    filter,
    setFilter,
    pending: blocks.isPending || cms.isPending,
    error: blocks.error ?? cms.error,
    retry: () => {
      void blocks.refetch();
      void cms.refetch();
    },
  };
}
