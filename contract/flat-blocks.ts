import { array, boolean, nullable, number, object, optional, size, string, type, type Infer } from 'superstruct';
import { NonEmptyString, PageQuery, Pagination, endpoint, withResult } from './common';
import { FlatStatus } from './flats';

// Ours (names /access «manage blocks» and shows no call for its list): the blocked flats
// and a bulk block / unblock that answers flat by flat (docs/api.md "Flat blocks").

/** A blocked flat: where it is, since when, by whom and why. */
export const BlockedFlat = type({
  flatId: number(),
  houseUid: string(),
  address: string(),
  flatNum: number(),
  letter: nullable(string()),
  /** When it was blocked (ISO); null when nobody recorded it (imported data). */
  blockedAt: nullable(string()),
  /** The login of who blocked it; null for the billing or a schedule. */
  blockedBy: nullable(string()),
  reason: nullable(string()),
});
export type BlockedFlat = Infer<typeof BlockedFlat>;

/** `address`: words of the house address in any order (contract/address-search.ts); `flatNum`: an exact flat number. 20 a page, newest block first. */
export const BlockedFlatsQuery = object({
  page: optional(PageQuery),
  houseUid: optional(string()),
  address: optional(string()),
  flatNum: optional(string()),
});
export type BlockedFlatsQuery = Infer<typeof BlockedFlatsQuery>;
export const BlockedFlatsResponse = withResult({ pagination: Pagination, data: array(BlockedFlat) });
export type BlockedFlatsResponse = Infer<typeof BlockedFlatsResponse>;

export const FlatRef = object({ houseUid: NonEmptyString, flatNum: number() });
export type FlatRef = Infer<typeof FlatRef>;
/** `status` 1 blocks, 0 unblocks; at most 500 flats a call. */
export const FlatsBulkStatus = object({
  flats: size(array(FlatRef), 1, 500),
  status: FlatStatus,
  reason: optional(nullable(size(string(), 0, 500))),
});
export type FlatsBulkStatus = Infer<typeof FlatsBulkStatus>;

/** One flat's outcome: `result` false with the reason in `message` (not found, another buyer's …). */
export const FlatStatusOutcome = type({ houseUid: string(), flatNum: number(), result: boolean(), message: nullable(string()) });
export type FlatStatusOutcome = Infer<typeof FlatStatusOutcome>;
/** `result` is true when the call was understood, even when some flats failed: see `data`. */
export const FlatsBulkStatusResponse = withResult({ succeeded: number(), failed: number(), data: array(FlatStatusOutcome) });
export type FlatsBulkStatusResponse = Infer<typeof FlatsBulkStatusResponse>;

export const BULK_STATUS_LIMIT = 500;

export const flatBlockEndpoints = {
  blocked: endpoint({ method: 'GET', pattern: '/front/access/blocked-flats', query: BlockedFlatsQuery, response: BlockedFlatsResponse }),
  setStatuses: endpoint({ method: 'POST', pattern: '/front/access/flats-status', body: FlatsBulkStatus, response: FlatsBulkStatusResponse }),
} as const;
