/**
 * A list's view (page, sort, filters) kept in the URL's search params, so a copied link
 * reproduces it. Pure functions; `useUrlListState` binds them to the router.
 */
export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  field: string;
  direction: SortDirection;
}

export interface ListStateConfig<F extends string> {
  /** The filter names, used as URL parameter names too (spec field names: houseUid, region, fias …). */
  filterKeys: readonly F[];
  /** The API's first page number: 1 for most lists, 0 for history. */
  firstPage: 0 | 1;
  /** Fields the server can sort by; a `sort` in the URL naming anything else is ignored. */
  sortableFields?: readonly string[];
  defaultSort?: ListSort | null;
}

export interface ListState<F extends string> {
  /** The API page number (starts at `firstPage`). */
  page: number;
  sort: ListSort | null;
  /** Every filter key is present; an absent filter is ''. */
  filters: Record<F, string>;
}

export const PAGE_PARAM = 'page';
export const SORT_PARAM = 'sort';

/** `-createDate` → {field: 'createDate', direction: 'desc'}. */
export function parseSort(text: string | null, sortable?: readonly string[]): ListSort | null {
  if (!text) return null;
  const direction: SortDirection = text.startsWith('-') ? 'desc' : 'asc';
  const field = text.replace(/^[-+]/, '');
  if (!/^[A-Za-z_][\w.]*$/.test(field)) return null;
  if (sortable && !sortable.includes(field)) return null;
  return { field, direction };
}

export function formatSort(sort: ListSort | null): string {
  if (!sort) return '';
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field;
}

export function parseListState<F extends string>(search: URLSearchParams, config: ListStateConfig<F>): ListState<F> {
  const rawPage = search.get(PAGE_PARAM);
  const parsedPage = rawPage !== null && /^\d+$/.test(rawPage) ? Number(rawPage) : config.firstPage;
  const filters = {} as Record<F, string>;
  for (const key of config.filterKeys) filters[key] = search.get(key)?.trim() ?? '';
  return {
    page: Math.max(parsedPage, config.firstPage),
    sort: search.has(SORT_PARAM) ? parseSort(search.get(SORT_PARAM), config.sortableFields) : (config.defaultSort ?? null),
    filters,
  };
}

/**
 * Writes the state into a copy of `current`, leaving parameters that belong to someone else
 * untouched and leaving out defaults, so the plain list has a plain URL.
 */
export function writeListState<F extends string>(current: URLSearchParams, state: ListState<F>, config: ListStateConfig<F>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of config.filterKeys) {
    const value = state.filters[key]?.trim() ?? '';
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  if (state.page === config.firstPage) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, String(state.page));
  const sortText = formatSort(state.sort);
  if (sortText === formatSort(config.defaultSort ?? null)) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, sortText);
  return next;
}

/** New filters start again from the first page (changing a filter may reset the page). */
export function withFilters<F extends string>(state: ListState<F>, filters: Partial<Record<F, string>>, config: ListStateConfig<F>): ListState<F> {
  return { ...state, page: config.firstPage, filters: { ...state.filters, ...filters } };
}

/** House list: clearing the filters empties every one and goes back to the first page. */
export function withoutFilters<F extends string>(state: ListState<F>, config: ListStateConfig<F>): ListState<F> {
  const filters = {} as Record<F, string>;
  for (const key of config.filterKeys) filters[key] = '';
  return { ...state, page: config.firstPage, filters };
}

/** The filters as an API query: empty filters left out. */
export function activeFilters<F extends string>(filters: Record<F, string>): Partial<Record<F, string>> {
  const active: Partial<Record<F, string>> = {};
  for (const [key, value] of Object.entries(filters) as [F, string][]) if (value !== '') active[key] = value;
  return active;
}
