import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DeviceListRow } from '@contract/devices';
import type { SelectOption } from '@/components/searchable-select';
import { deviceQueries } from './queries';

export interface FilterOptions {
  houses: SelectOption[];
  housesLoading: boolean;
  /**
   * null when the company list cannot be had: the filter then takes the company's number, or, for
   * those the server never gives the list (installers), shows only when the URL already names one.
   */
  companies: SelectOption[] | null;
  /** The user may read the company list (and so filter by a company). */
  companiesAllowed: boolean;
  companiesLoading: boolean;
}

/**
 * Options of the house and management-company filters. They wait for the list's first answer
 * (`enabled`), so they never delay the first page. The houses on screen and the house named in
 * the URL are offered too, so the chosen house always shows its address.
 */
export function useFilterOptions(enabled: boolean, rows: readonly DeviceListRow[], houseUid: string, companiesAllowed: boolean): FilterOptions {
  const houses = useQuery({ ...deviceQueries.houses(), enabled });
  const named = useQuery({ ...deviceQueries.house(houseUid), enabled: enabled && houseUid !== '' });
  // Asked only of those the server answers: an installer's list would fire a refused request.
  const companies = useQuery({ ...deviceQueries.companies(), enabled: enabled && companiesAllowed });

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
    () => (companies.isError || !companiesAllowed ? null : (companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))),
    [companies.data, companies.isError, companiesAllowed],
  );

  return { houses: houseOptions, housesLoading: houses.isFetching, companies: companyOptions, companiesAllowed, companiesLoading: companies.isFetching };
}
