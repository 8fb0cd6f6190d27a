import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  parseListState,
  withFilters,
  withoutFilters,
  writeListState,
  type ListStateConfig,
} from '@/components/list-table/list-state-model';
import { useUrlListState } from '@/components/list-table/use-url-list-state';

type Key = 'houseUid' | 'region' | 'fias';
const CONFIG: ListStateConfig<Key> = { filterKeys: ['houseUid', 'region', 'fias'], firstPage: 1, sortableFields: ['address', 'region'] };

describe('list state in the URL', () => {
  it('reads page, sort and filters from the search params', () => {
    const state = parseListState(new URLSearchParams('page=3&sort=-address&region=77&fias=abc&other=x'), CONFIG);
    expect(state).toEqual({ page: 3, sort: { field: 'address', direction: 'desc' }, filters: { houseUid: '', region: '77', fias: 'abc' } });
  });

  it('falls back to the first page and no sort for missing or bad values', () => {
    expect(parseListState(new URLSearchParams('page=-2&sort=DROP%20TABLE'), CONFIG)).toMatchObject({ page: 1, sort: null });
    expect(parseListState(new URLSearchParams('page=0'), { ...CONFIG, firstPage: 0 }).page).toBe(0);
    expect(parseListState(new URLSearchParams('sort=secret'), CONFIG).sort).toBeNull();
  });

  it('writes only what differs from the defaults and keeps foreign params', () => {
    const state = { page: 1, sort: null, filters: { houseUid: '', region: '77', fias: '' } };
    expect(writeListState(new URLSearchParams('tab=2&page=5&fias=old'), state, CONFIG).toString()).toBe('tab=2&region=77');
    expect(writeListState(new URLSearchParams(), { ...state, page: 4, sort: { field: 'region', direction: 'asc' } }, CONFIG).toString()).toBe(
      'region=77&page=4&sort=region',
    );
  });

  it('goes back to the first page when a filter changes or the filters are cleared', () => {
    const state = { page: 7, sort: null, filters: { houseUid: 'h1', region: '', fias: 'f' } };
    expect(withFilters(state, { region: '50' }, CONFIG)).toEqual({ page: 1, sort: null, filters: { houseUid: 'h1', region: '50', fias: 'f' } });
    expect(withoutFilters(state, CONFIG)).toEqual({ page: 1, sort: null, filters: { houseUid: '', region: '', fias: '' } });
    expect(activeFilters({ houseUid: 'h1', region: '', fias: 'f' })).toEqual({ houseUid: 'h1', fias: 'f' });
  });
});

describe('useUrlListState', () => {
  function setup(initial: string) {
    let location = '';
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>;
    const hook = renderHook(
      () => {
        const current = useLocation();
        location = current.pathname + current.search;
        return useUrlListState(CONFIG);
      },
      { wrapper },
    );
    return { hook, location: () => location };
  }

  it('reproduces the view from a link', () => {
    const { hook } = setup('/houses?page=2&houseUid=abc');
    expect(hook.result.current.page).toBe(2);
    expect(hook.result.current.filters.houseUid).toBe('abc');
  });

  it('puts changes into the URL', () => {
    const { hook, location } = setup('/houses?page=2&houseUid=abc');
    act(() => hook.result.current.setPage(3));
    expect(location()).toBe('/houses?page=3&houseUid=abc');
    act(() => hook.result.current.setFilters({ region: '78' }));
    expect(location()).toBe('/houses?houseUid=abc&region=78');
    act(() => hook.result.current.setSort({ field: 'address', direction: 'desc' }));
    expect(location()).toBe('/houses?houseUid=abc&region=78&sort=-address');
    act(() => hook.result.current.clearFilters());
    expect(location()).toBe('/houses?sort=-address');
    expect(hook.result.current.filters).toEqual({ houseUid: '', region: '', fias: '' });
  });
});
