import { array, boolean, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { IntegerLike, IsoDateTime, PageQuery, Pagination, endpoint, withResult } from './common';
import { Device } from './devices';

// ---------------------------------------------------------------------------
// Call rounds of one device (/dialings/:mac; docs/api.md "Call rounds")

/** Whom a step of a call tries: the flat's handset on the line, a SIP account, the resident's app, a forwarding number. */
export const CALL_LEG_KINDS = ['handset', 'sip', 'app', 'forward'] as const;
export type CallLegKind = (typeof CALL_LEG_KINDS)[number];

/** How a whole round ended. */
export const CALL_ROUND_OUTCOMES = ['answered', 'no_answer', 'busy', 'rejected', 'failed', 'cancelled'] as const;
export type CallRoundOutcome = (typeof CALL_ROUND_OUTCOMES)[number];

/** How one step ended: `unavailable` never rang (no registration, no push token, a broken line). */
export const CALL_LEG_RESULTS = ['answered', 'no_answer', 'busy', 'rejected', 'unavailable', 'failed', 'cancelled'] as const;
export type CallLegResult = (typeof CALL_LEG_RESULTS)[number];

/** Call rounds come newest first, pages from 0 (like the history), 50 a page. */
export const CALL_ROUND_PAGE_SIZE = 50;
/** The most rounds an answer counts before it says `countCapped`. */
export const CALL_ROUND_COUNT_LIMIT = 10_000;

/** A call order holds at most this many steps; each rings 5–120 seconds. */
export const CALL_ORDER_MAX_STEPS = 10;
export const CALL_ORDER_RING_MIN = 5;
export const CALL_ORDER_RING_MAX = 120;
/** A forwarding target: a phone number, 5 to 15 digits, `+` allowed in front. */
export const FORWARD_NUMBER_PATTERN = /^\+?\d{5,15}$/;

/**
 * One step of a round as it happened: whom (`target`: the handset's flat number, a SIP login, an app
 * user's login, a phone number), when it began (seconds after the round started), how long it rang,
 * its result and, when it did not connect, why in words.
 */
export const CallLeg = type({
  kind: enums(CALL_LEG_KINDS),
  target: string(),
  offsetSeconds: number(),
  ringSeconds: number(),
  result: enums(CALL_LEG_RESULTS),
  reason: nullable(string()),
});
export type CallLeg = Infer<typeof CallLeg>;

/**
 * One call the device placed to a flat. `houseUid`: the flat's house among the device's (null when the
 * number is no flat there: the card link is left out). `answeredBy`: the step kind that answered;
 * `ringSeconds` the ringing of all steps together; `talkSeconds` the talk after the answer;
 * `failureReason` why nobody answered, in words.
 */
export const CallRound = type({
  id: number(),
  startedAt: string(),
  flatNum: number(),
  houseUid: nullable(string()),
  outcome: enums(CALL_ROUND_OUTCOMES),
  answeredBy: nullable(enums(CALL_LEG_KINDS)),
  ringSeconds: number(),
  talkSeconds: number(),
  failureReason: nullable(string()),
  legs: array(CallLeg),
});
export type CallRound = Infer<typeof CallRound>;

/** `dateFrom`/`dateTo` as `historyDateRange` (contract/history.ts) makes them; `flatNum` 1–99,999; `page` from 0. */
export const CallRoundsQuery = object({
  flatNum: optional(IntegerLike),
  dateFrom: optional(IsoDateTime),
  dateTo: optional(IsoDateTime),
  page: optional(PageQuery),
});
export type CallRoundsQuery = Infer<typeof CallRoundsQuery>;

/**
 * `pagination.page` counts from 0. `countCapped`: more than CALL_ROUND_COUNT_LIMIT rounds match, the
 * count stopped there and the pages go on while a page is full.
 */
export const CallRoundsResponse = withResult({
  device: Device,
  address: nullable(string()),
  data: array(CallRound),
  pagination: Pagination,
  countCapped: boolean(),
});
export type CallRoundsResponse = Infer<typeof CallRoundsResponse>;

/** One step of a flat's configured order; `label` says who the target is (a resident's name or login), null when nothing more. */
export const CallOrderStep = type({
  position: number(),
  kind: enums(CALL_LEG_KINDS),
  target: string(),
  label: nullable(string()),
  ringSeconds: number(),
  enabled: boolean(),
});
export type CallOrderStep = Infer<typeof CallOrderStep>;

/** The flat (its house and address) and its order; `canEdit`: the caller may change it. */
export const CallOrderResponse = withResult({
  flatNum: number(),
  houseUid: string(),
  address: nullable(string()),
  steps: array(CallOrderStep),
  canEdit: boolean(),
});
export type CallOrderResponse = Infer<typeof CallOrderResponse>;

export const CallOrderStepInput = object({
  kind: enums(CALL_LEG_KINDS),
  target: string(),
  ringSeconds: integer(),
  enabled: boolean(),
});
export type CallOrderStepInput = Infer<typeof CallOrderStepInput>;
/** The whole order in its new sequence: positions are the array's. */
export const CallOrderUpdate = object({ steps: array(CallOrderStepInput) });
export type CallOrderUpdate = Infer<typeof CallOrderUpdate>;

export const dialingEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/dialings/:mac', query: CallRoundsQuery, response: CallRoundsResponse }),
  callOrder: endpoint({ method: 'GET', pattern: '/front/dialings/:mac/flats/:flatNum/call-order', response: CallOrderResponse }),
  saveCallOrder: endpoint({ method: 'PUT', pattern: '/front/dialings/:mac/flats/:flatNum/call-order', body: CallOrderUpdate, response: CallOrderResponse }),
} as const;
