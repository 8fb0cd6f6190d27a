import { array, boolean, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { BooleanLike, NonEmptyString, PageQuery, Pagination, ResultResponse, endpoint, withResult } from './common';

/**
 * A buyer: the company that bought devices and owns the data attached to them (buyerId on every
 * entity). The spec does not show its fields; these are ours (docs/api.md). Buyer 1 is the operator
 * itself (its SIP provider is forced).
 */
export const Buyer = type({
  id: number(),
  name: string(),
  /** Taxpayer number: 10 digits for a company, 12 for a sole trader. */
  inn: nullable(string()),
  /** Contact person, phone or e-mail, free text. */
  contact: nullable(string()),
  /** An inactive buyer is kept with its data and shown as such (docs/api.md "Buyers"). */
  active: boolean(),
  dateCreated: string(),
  /** How many devices belong to it (get only): a buyer with any cannot be deleted. */
  devices: optional(number()),
  /** How many users, staff and residents, belong to it (get only): a buyer with any cannot be deleted. */
  users: optional(number()),
});
export type Buyer = Infer<typeof Buyer>;

/** The operator's own buyer id: it can be neither deleted nor deactivated. */
export const OPERATOR_BUYER_ID = 1;
export const BUYER_LIST_PAGE_SIZE = 20;

/** INN: 10 or 12 digits. */
export const INN_PATTERN = /^(\d{10}|\d{12})$/;
/** The server's limits (docs/api.md "Buyers"). */
export const BUYER_NAME_MAX_LENGTH = 200;
export const BUYER_CONTACT_MAX_LENGTH = 500;

export const BuyerListQuery = object({ page: optional(PageQuery), name: optional(string()), active: optional(BooleanLike) });
export type BuyerListQuery = Infer<typeof BuyerListQuery>;
export const BuyerListResponse = withResult({ data: array(Buyer), pagination: Pagination });
export const BuyerResponse = withResult({ data: Buyer });

export const BuyerInput = object({
  name: NonEmptyString,
  inn: optional(nullable(string())),
  contact: optional(nullable(string())),
  active: optional(boolean()),
});
export type BuyerInput = Infer<typeof BuyerInput>;

/** The product names no buyer calls although /buyers and /buyers/:buyerId exist; these are ours (docs/api.md). */
export const buyerEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/buyers', query: BuyerListQuery, response: BuyerListResponse }),
  get: endpoint({ method: 'GET', pattern: '/front/buyers/:buyerId', response: BuyerResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/buyers/create', body: BuyerInput, response: BuyerResponse }),
  update: endpoint({ method: 'POST', pattern: '/front/buyers/:buyerId', body: BuyerInput, response: BuyerResponse }),
  remove: endpoint({ method: 'DELETE', pattern: '/front/buyers/:buyerId', response: ResultResponse }),
} as const;
