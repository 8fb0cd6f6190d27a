import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DeviceListRow } from '@contract/devices';
import type { SelectOption } from '@/components/searchable-select';
import { deviceQueries } from './queries';

export interface FilterOptions {
  houses: SelectOption[];
  housesLoading: boolean;
  /** null when the company list cannot be had: the filter then takes the company's number. */
  companies: SelectOption[] | null;
  companiesLoading: boolean;
}

/**
 * Options of the house and management-company filters. They wait for the list's first answer
 * (`enabled`), so they never delay the first page. The houses on screen and the house named in
 * the URL are offered too, so the chosen house always shows its address.
 */
export function useFilterOptions(enabled: boolean, rows: readonly DeviceListRow[], houseUid: string): FilterOptions {
  const houses = useQuery({ ...deviceQueries.houses(), enabled });
  const named = useQuery({ ...deviceQueries.house(houseUid), enabled: enabled && houseUid !== '' });
  const companies = useQuery({ ...deviceQueries.companies(), enabled });

  const houseOptions = useMemo(() => {
    const byUid = new Map<string, string>();
    if (named.data) byUid.set(named.data.id, named.data.address);
    for (const house of houses.data ?? []) if (house.id !== '') byUid.set(house.id, house.address);
    for (const row of rows) for (const [uid, house] of Object.entries(row.houses)) if (!byUid.has(uid)) byUid.set(uid, house.address);
    if (houseUid !== '' && !byUid.has(houseUid)) byUid.set(houseUid, houseUid);
    return [...byUid]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, 'ru'));
  }, [houses.data, named.data, rows, houseUid]);

  const companyOptions = useMemo(
    () => (companies.isError ? null : (companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))),
    [companies.data, companies.isError],
  );

  return { houses: houseOptions, housesLoading: houses.isFetching, companies: companyOptions, companiesLoading: companies.isFetching };
}
