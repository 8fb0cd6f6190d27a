import { array, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { IntegerLike, NonEmptyString, PageQuery, Pagination, ResultResponse, endpoint, withResult } from './common';

/** spec §3 "House". `fias` (the FIAS house id) is ours: the list filters by it. */
export const House = type({
  id: string(),
  address: string(),
  region: number(),
  fias: optional(nullable(string())),
});
export type House = Infer<typeof House>;

/** spec §3 "House list filter" plus the page (house lists start at page 1, spec §9). */
export const HouseListQuery = object({
  page: optional(PageQuery),
  houseUid: optional(string()),
  region: optional(IntegerLike),
  fias: optional(string()),
});
export type HouseListQuery = Infer<typeof HouseListQuery>;

export const HouseListResponse = withResult({ pagination: Pagination, data: array(House) });
export type HouseListResponse = Infer<typeof HouseListResponse>;

export const HouseCreate = object({
  id: optional(NonEmptyString),
  address: NonEmptyString,
  region: number(),
  fias: optional(nullable(string())),
});
export type HouseCreate = Infer<typeof HouseCreate>;

export const HouseDeleteQuery = object({ uid: NonEmptyString });

export const houseEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/house-list', query: HouseListQuery, response: HouseListResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/house-list/create', body: HouseCreate, response: withResult({ data: optional(House) }) }),
  remove: endpoint({ method: 'DELETE', pattern: '/front/house-list/delete', query: HouseDeleteQuery, response: ResultResponse }),
} as const;

/** House list page size (spec leaves it open; docs/api.md). */
export const HOUSE_LIST_PAGE_SIZE = 20;
