import { FORCED_SIP_BUYER_ID, FORCED_SIP_DOMAIN, FORCED_SIP_PORT } from '../../contract/wizard';
import { SEED_BASE_DATE } from './context';

/** A quoted SQL string literal (the seed's own constants, never user input). */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
export const jsonLiteral = (value: unknown) => `${literal(JSON.stringify(value))}::jsonb`;

/** The seed's fixed "now" (SEED_BASE_DATE) as SQL. */
export const BASE_DATE_SQL = `${literal(SEED_BASE_DATE.toISOString())}::timestamptz`;

/**
 * Seeded random values in SQL: each is a hash of a row key and a salt (`hashint8extended`), so the
 * same seed gives the same rows in any order of evaluation, without a random stream to carry.
 */
export function sqlRandom(seed: number) {
  /** A float in [0, 1). */
  const r = (key: string, salt: number) => `((hashint8extended((${key})::bigint, ${seed * 1000 + salt}) & 2147483647)::float8 / 2147483648)`;
  /** An integer in [min, max]. */
  const int = (key: string, salt: number, min: number, max: number) => `(${min} + floor(${r(key, salt)} * ${max - min + 1})::int)`;
  /** A moment up to `maxDays` (at least `minDays`) before the seed's base date, to the second. */
  const daysAgo = (key: string, salt: number, maxDays: number, minDays = 0) =>
    `date_trunc('second', ${BASE_DATE_SQL} - make_interval(secs => (${minDays} + ${r(key, salt)} * ${maxDays - minDays}) * 86400))`;
  return { r, int, daysAgo };
}

/**
 * The start of the current UTC day. The seed's dates are fixed (SEED_BASE_DATE), but a few rows
 * describe a state that runs out — a live temporary code, a block scheduled ahead — and are dated
 * from today instead, so that a fresh database shows them live: the same seed gives the same rows
 * on the same day.
 */
export const TODAY_SQL = `(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;

/** A SIP account's domain and port by its buyer, as `sipDomainOf` (housing.ts) gives them in Node. */
export const sipDomainSql = (buyer: string) => `case when ${buyer} = ${FORCED_SIP_BUYER_ID} then ${literal(FORCED_SIP_DOMAIN)} else 'sip' || ${buyer} || '.domofon-partner.ru' end`;
export const sipPortSql = (buyer: string) => `case when ${buyer} = ${FORCED_SIP_BUYER_ID} then ${FORCED_SIP_PORT} else 5060 end`;
