import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  parseListState,
  withFilters,
  withoutFilters,
  writeListState,
  type ListSort,
  type ListState,
  type ListStateConfig,
} from './list-state-model';

export interface UrlListState<F extends string> extends ListState<F> {
  config: ListStateConfig<F>;
  setPage: (page: number) => void;
  setSort: (sort: ListSort | null) => void;
  setFilters: (filters: Partial<Record<F, string>>) => void;
  clearFilters: () => void;
}

/** A list's page, sort and filters, read from and written to the URL (each change is a history entry). */
export function useUrlListState<F extends string>(config: ListStateConfig<F>): UrlListState<F> {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseListState(search, config), [search, config]);

  const apply = useCallback(
    (next: (current: ListState<F>) => ListState<F>) =>
      setSearch((current) => writeListState(current, next(parseListState(current, config)), config)),
    [setSearch, config],
  );

  return {
    ...state,
    config,
    setPage: useCallback((page: number) => apply((current) => ({ ...current, page })), [apply]),
    setSort: useCallback((sort: ListSort | null) => apply((current) => ({ ...current, sort, page: config.firstPage })), [apply, config]),
    setFilters: useCallback((filters: Partial<Record<F, string>>) => apply((current) => withFilters(current, filters, config)), [apply, config]),
    clearFilters: useCallback(() => apply((current) => withoutFilters(current, config)), [apply, config]),
  };
}
