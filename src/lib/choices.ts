import { groupEndpoints } from '@contract/groups';
import { houseEndpoints, type House } from '@contract/houses';
import { userEndpoints } from '@contract/users';
import { groupTree, type GroupChoice } from '@/lib/group-tree';
import { HttpError, expectResult, request } from '@/lib/http';

/** Pages a picker reads at most (100 items): the lists behind pickers have no text search in the spec. */
export const MAX_CHOICE_PAGES = 5;

/** The first pages of a paged list, for a picker's options. */
async function firstPages<T>(page: (number: number) => Promise<{ data: T[]; pagination: { pageCount: number } }>): Promise<T[]> {
  const items: T[] = [];
  for (let number = 1; number <= MAX_CHOICE_PAGES; number++) {
    const answer = await page(number);
    items.push(...answer.data);
    if (number >= answer.pagination.pageCount) break;
  }
  return items;
}

/**
 * The groups an operator can hand out: the buyer's group list; where a back end lacks that call
 * (it is ours, not the spec's), the operator's own groups (spec §3 current user's group list).
 * In tree order, so a picker can show where a nested group sits.
 */
export async function getAssignableGroups(signal?: AbortSignal): Promise<GroupChoice[]> {
  try {
    return groupTree(await firstPages(async (page) => expectResult(await request(groupEndpoints.list, { query: { page }, signal }))));
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    return groupTree(expectResult(await request(userEndpoints.groups, { signal })).data);
  }
}

/** The house list has no address search (spec §7), so a picker reads the first pages and filters them as the operator types. */
export function getPickerHouses(signal?: AbortSignal): Promise<House[]> {
  return firstPages(async (page) => expectResult(await request(houseEndpoints.list, { query: { page }, signal })));
}
