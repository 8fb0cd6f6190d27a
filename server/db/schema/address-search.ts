import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * An address as contract/address-search.ts normalises it (lower case, «ё» as «е», any run of other
 * than letters and digits one space), after a space: houses.address_search is this of its address.
 */
export function normalisedAddressSql(address: SQL | AnyColumn): SQL {
  return sql`' ' || regexp_replace(translate(lower(${address}), 'ё', 'е'), '[^0-9a-zа-я]+', ' ', 'g')`;
}
