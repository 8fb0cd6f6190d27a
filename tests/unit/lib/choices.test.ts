import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAssignableGroups, getPickerHouses, MAX_CHOICE_PAGES } from '@/lib/choices';
import { stubFetch } from '../helpers/fetch-stub';
import { jsonResponse } from '../helpers/render';

const PAGE_SIZE = 2;

/** A paged list of `total` items, each named by its place: page n holds items 2n-1 and 2n. */
function pagedList(total: number, item: (n: number) => unknown) {
  return (url: string) => {
    const page = Number(new URL(url, 'http://app').searchParams.get('page'));
    const numbers = Array.from({ length: PAGE_SIZE }, (_, index) => (page - 1) * PAGE_SIZE + index + 1).filter((n) => n <= total);
    const pageCount = Math.ceil(total / PAGE_SIZE);
    return jsonResponse(200, { result: true, data: numbers.map(item), pagination: { count: numbers.length, page, pageCount, pageSize: PAGE_SIZE, totalCount: total } });
  };
}

describe('picker choices', () => {
  let urls: string[] = [];
  let answer: (url: string) => Response;

  beforeEach(() => {
    urls = stubFetch((url) => answer(url));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads every page of groups, the buyer filter on each, in page order', async () => {
    answer = pagedList(5, (n) => ({ groupId: n, name: `Группа ${n}`, buyerId: 2, parentId: null, uid: `g-${n}` }));
    const groups = await getAssignableGroups(2);
    expect(groups.map((group) => group.groupId)).toEqual([1, 2, 3, 4, 5]);
    expect([...urls].sort()).toEqual(['/front/groups?page=1&buyerId=2', '/front/groups?page=2&buyerId=2', '/front/groups?page=3&buyerId=2']);
    expect(urls[0]).toBe('/front/groups?page=1&buyerId=2');
  });

  it('reads no more than the first pages of houses, and nothing more of an empty list', async () => {
    answer = pagedList(100, (n) => ({ id: `h-${n}`, address: `ул. Лесная, ${n}`, region: 38 }));
    const houses = await getPickerHouses();
    expect(houses).toHaveLength(MAX_CHOICE_PAGES * PAGE_SIZE);
    expect(urls).toHaveLength(MAX_CHOICE_PAGES);

    urls.length = 0;
    answer = pagedList(0, () => null);
    expect(await getPickerHouses()).toEqual([]);
    expect(urls).toEqual(['/front/house-list?page=1']);
  });

  it("offers the user's own groups where the back end has no group list", async () => {
    answer = (url) =>
      url.startsWith('/front/groups')
        ? jsonResponse(404, { result: false, message: 'Not found' })
        : jsonResponse(200, { result: true, data: [{ groupId: 9, name: 'Своя', buyerId: 1, parentId: null, uid: 'g-9' }] });
    const groups = await getAssignableGroups(undefined);
    expect(groups.map((group) => group.path)).toEqual(['Своя']);
    expect(urls).toEqual(['/front/groups?page=1', '/front/user/groups']);
  });
});
