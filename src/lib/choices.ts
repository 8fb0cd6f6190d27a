import { groupEndpoints } from '@contract/groups';
import { houseEndpoints, type House } from '@contract/houses';
import { userEndpoints } from '@contract/users';
import { groupTree, type GroupChoice } from '@/lib/group-tree';
import { HttpError, expectResult, request } from '@/lib/http';

/** Pages a house picker reads at most (100 houses): the house list has no text search in the spec. */
export const MAX_CHOICE_PAGES = 5;
/** Pages of groups read at most (500 groups): a buyer has tens, and every one must be offered. */
export const MAX_GROUP_PAGES = 25;

/** The first pages of a paged list, for a picker's options: page 1, then the rest it announces at once. */
async function firstPages<T>(page: (number: number) => Promise<{ data: T[]; pagination: { pageCount: number } }>, maxPages: number): Promise<T[]> {
  const first = await page(1);
  const more = Array.from({ length: Math.max(0, Math.min(first.pagination.pageCount, maxPages) - 1) }, (_, index) => page(index + 2));
  const rest = await Promise.all(more);
  return [first, ...rest].flatMap((answer) => answer.data);
}

/**
 * The groups an operator can hand out: the buyer's group list, only `buyerId`'s when given (a
 * superuser sees every buyer's, and a device takes only its own buyer's); where a back end lacks
 * that call (it is ours, not the spec's), the operator's own groups (the current user's group
 * list). In tree order, so a picker can show where a nested group sits.
 */
export async function getAssignableGroups(buyerId: number | undefined, signal?: AbortSignal): Promise<GroupChoice[]> {
  try {
    return groupTree(await firstPages(async (page) => expectResult(await request(groupEndpoints.list, { query: { page, buyerId }, signal })), MAX_GROUP_PAGES));
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    return groupTree(expectResult(await request(userEndpoints.groups, { signal })).data);
  }
}

/** The house list has no address search, so a picker reads the first pages and filters them as the operator types. */
export function getPickerHouses(signal?: AbortSignal): Promise<House[]> {
  return firstPages(async (page) => expectResult(await request(houseEndpoints.list, { query: { page }, signal })), MAX_CHOICE_PAGES);
}
