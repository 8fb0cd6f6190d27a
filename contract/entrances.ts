import { array, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { MacLike, NonEmptyString, endpoint, withResult } from './common';

/** Entrance types. */
export const ENTRANCE_TYPE = { main: 1, gateWithPrefix: 2, additional: 3, gateWithoutPrefix: 4 } as const;
export const ENTRANCE_TYPES = [1, 2, 3, 4] as const;
export const EntranceType = enums(ENTRANCE_TYPES);

/** The flats an entrance serves, inclusive. */
export const FlatNumberRange = type({ start: number(), end: number() });

/**
 * A gate's view of one entrance it opens for: flats `from`..`to`, dialled with `prefix` (null for a
 * gate without prefix); `additionalFlats` lists extra flat numbers, comma-separated ("101,115").
 */
export const EntranceGate = type({
  entranceUid: string(),
  from: number(),
  to: number(),
  prefix: nullable(number()),
  additionalFlats: nullable(string()),
});
export type EntranceGate = Infer<typeof EntranceGate>;

export const EntranceRelay = type({ entrance: string(), id: number(), mac: MacLike, statusCode: number() });

/** Entrance. `id` is the entrance uid. */
export const Entrance = type({
  id: string(),
  buyerId: number(),
  entranceNum: number(),
  houseUid: string(),
  title: string(),
  type: EntranceType,
  range: FlatNumberRange,
  gates: array(EntranceGate),
  relays: array(EntranceRelay),
});
export type Entrance = Infer<typeof Entrance>;

export const EntrancesResponse = withResult({ data: array(Entrance) });
export const EntranceResponse = withResult({ data: Entrance });

// The product names no entrance calls although /entrances/:entranceUid edits one; these are ours (docs/api.md).
export const EntranceListQuery = object({ houseUid: NonEmptyString });
export const EntranceUpdate = object({
  title: NonEmptyString,
  entranceNum: integer(),
  type: EntranceType,
  range: object({ start: integer(), end: integer() }),
  gates: optional(
    array(
      object({
        entranceUid: NonEmptyString,
        from: integer(),
        to: integer(),
        prefix: nullable(integer()),
        additionalFlats: nullable(string()),
      }),
    ),
  ),
});
export type EntranceUpdate = Infer<typeof EntranceUpdate>;

export const entranceEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/entrances', query: EntranceListQuery, response: EntrancesResponse }),
  get: endpoint({ method: 'GET', pattern: '/front/entrances/:entranceUid', response: EntranceResponse }),
  update: endpoint({ method: 'PUT', pattern: '/front/entrances/:entranceUid', body: EntranceUpdate, response: EntranceResponse }),
} as const;
