import { array, boolean, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { IntegerLike, NonEmptyString, PageQuery, Pagination, ResultResponse, endpoint, withResult } from './common';

/** House. `fias` (the FIAS house id) is ours: the list filters by it. */
export const House = type({
  id: string(),
  address: string(),
  region: number(),
  fias: optional(nullable(string())),
});
export type House = Infer<typeof House>;

/** The house list filter plus the page (house lists start at page 1). */
export const HouseListQuery = object({
  page: optional(PageQuery),
  houseUid: optional(string()),
  region: optional(IntegerLike),
  fias: optional(string()),
  /** Ours: words of the address in any order, any case, «ё» as «е», «ул.», «д.» and punctuation ignored (contract/address-search.ts). */
  address: optional(string()),
});
export type HouseListQuery = Infer<typeof HouseListQuery>;

/**
 * `totalCountCapped`: an address search counts its matches up to a cap (500, or the page after the
 * one asked for); when true, more houses match than `pagination.totalCount` (show it as «более N»),
 * and a next page exists.
 */
export const HouseListResponse = withResult({ pagination: Pagination, data: array(House), totalCountCapped: optional(boolean()) });
export type HouseListResponse = Infer<typeof HouseListResponse>;

export const HouseCreate = object({
  id: optional(NonEmptyString),
  address: NonEmptyString,
  region: number(),
  fias: optional(nullable(string())),
});
export type HouseCreate = Infer<typeof HouseCreate>;

export const HouseDeleteQuery = object({ uid: NonEmptyString });

/** Ours (has no house read or update): `/houses/:houseUid` reads and edits one house. */
export const HouseUpdate = object({
  address: NonEmptyString,
  region: number(),
  fias: optional(nullable(string())),
});
export type HouseUpdate = Infer<typeof HouseUpdate>;
export const HouseResponse = withResult({ data: House });

/** A flat row of a house's flat list (ours): counts let the list show what each flat holds. */
export const HouseFlatRow = type({
  id: number(),
  flatNum: number(),
  letter: nullable(string()),
  /** 0 active, 1 blocked (contract/flats.ts FLAT_STATUS). */
  status: number(),
  usersCount: number(),
  keysCount: number(),
  /** Titles of the entrances the flat belongs to. */
  entrances: array(string()),
});
export type HouseFlatRow = Infer<typeof HouseFlatRow>;
/** `flatNum`: the flats whose number starts with these digits. 20 a page, by number. */
export const HouseFlatsQuery = object({ page: optional(PageQuery), flatNum: optional(string()) });
export type HouseFlatsQuery = Infer<typeof HouseFlatsQuery>;
export const HouseFlatsResponse = withResult({ pagination: Pagination, data: array(HouseFlatRow) });
export type HouseFlatsResponse = Infer<typeof HouseFlatsResponse>;

export const houseEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/house-list', query: HouseListQuery, response: HouseListResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/house-list/create', body: HouseCreate, response: withResult({ data: optional(House) }) }),
  remove: endpoint({ method: 'DELETE', pattern: '/front/house-list/delete', query: HouseDeleteQuery, response: ResultResponse }),
  get: endpoint({ method: 'GET', pattern: '/front/houses/:houseUid', response: HouseResponse }),
  update: endpoint({ method: 'PUT', pattern: '/front/houses/:houseUid', body: HouseUpdate, response: HouseResponse }),
  flats: endpoint({ method: 'GET', pattern: '/front/houses/:houseUid/flats', query: HouseFlatsQuery, response: HouseFlatsResponse }),
} as const;

/** House list page size (spec leaves it open; docs/api.md). */
export const HOUSE_LIST_PAGE_SIZE = 20;
