import { houseEndpoints } from '@contract/houses';
import { expectResult, request } from '@/lib/http';

/** GET /front/house-list?address=: the first page of houses whose address holds `address`, and how many match. */
export async function searchHouses(address: string, signal?: AbortSignal) {
  const answer = expectResult(await request(houseEndpoints.list, { query: { page: 1, address }, signal }));
  return { houses: answer.data.filter((house) => house.id !== ''), total: answer.pagination.totalCount };
}
