import { sql, type SQL } from 'drizzle-orm';
import type { CallLeg, CallLegKind, CallOrderStep, CallOrderStepInput, CallRound, CallRoundOutcome } from '../../contract/dialings';
import { queryRows, type Db } from '../db/client';
import type { CallRoundLegRecord } from '../db/schema/dialings';

export interface CallRoundFilter {
  flatNum?: number;
  dateFrom?: Date;
  dateTo?: Date;
  /** From 0. */
  page: number;
  pageSize: number;
  /** Count at most this many matches. */
  countLimit: number;
}

interface CallRoundRow extends Record<string, unknown> {
  id: number | string;
  startedAt: Date | string;
  flatNum: number;
  houseUid: string | null;
  outcome: string;
  answeredBy: string | null;
  ringSeconds: number;
  talkSeconds: number;
  failureReason: string | null;
  legs: CallRoundLegRecord[] | string;
}

function whereOf(deviceId: number, filter: CallRoundFilter): SQL {
  const parts: SQL[] = [sql`r.device_id = ${deviceId}`];
  if (filter.flatNum !== undefined) parts.push(sql`r.flat_num = ${filter.flatNum}`);
  if (filter.dateFrom) parts.push(sql`r.started_at >= ${filter.dateFrom.toISOString()}::timestamptz`);
  // dateTo is the day's 23:59:59: the whole of that second is in, also its milliseconds.
  if (filter.dateTo) parts.push(sql`r.started_at < date_trunc('second', ${filter.dateTo.toISOString()}::timestamptz) + interval '1 second'`);
  return sql.join(parts, sql` and `);
}

function legOf(record: CallRoundLegRecord): CallLeg {
  return {
    kind: record.kind as CallLeg['kind'],
    target: record.target,
    offsetSeconds: record.offsetSeconds,
    ringSeconds: record.ringSeconds,
    result: record.result as CallLeg['result'],
    reason: record.reason ?? null,
  };
}

function roundOf(row: CallRoundRow): CallRound {
  const legs = typeof row.legs === 'string' ? (JSON.parse(row.legs) as CallRoundLegRecord[]) : row.legs;
  return {
    id: Number(row.id),
    startedAt: new Date(row.startedAt).toISOString(),
    flatNum: row.flatNum,
    houseUid: row.houseUid,
    outcome: row.outcome as CallRoundOutcome,
    answeredBy: row.answeredBy as CallLegKind | null,
    ringSeconds: row.ringSeconds,
    talkSeconds: row.talkSeconds,
    failureReason: row.failureReason,
    legs: legs.map(legOf),
  };
}

/**
 * A page of the device's rounds, newest first, over call_rounds_device_started_idx (or the flat's
 * index), and the matches counted up to `countLimit` (a device that calls all day would otherwise
 * count its whole history on every page).
 */
export async function listCallRounds(db: Db, deviceId: number, filter: CallRoundFilter): Promise<{ data: CallRound[]; total: number; capped: boolean }> {
  const where = whereOf(deviceId, filter);
  const [rows, counted] = await Promise.all([
    queryRows<CallRoundRow>(
      db,
      sql`select r.id, r.started_at as "startedAt", r.flat_num as "flatNum", r.outcome, r.answered_by as "answeredBy",
                 r.ring_seconds as "ringSeconds", r.talk_seconds as "talkSeconds", r.failure_reason as "failureReason", r.legs,
                 (select f.house_uid from flats f join device_houses dh on dh.house_uid = f.house_uid
                  where dh.device_id = r.device_id and f.flat_num = r.flat_num order by f.house_uid limit 1) as "houseUid"
          from call_rounds r
          where ${where}
          order by r.started_at desc, r.id desc
          limit ${filter.pageSize} offset ${filter.page * filter.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from call_rounds r where ${where} limit ${filter.countLimit + 1}) s`),
  ]);
  const n = counted[0]?.n ?? 0;
  return { data: rows.map(roundOf), total: Math.min(n, filter.countLimit), capped: n > filter.countLimit };
}

export interface DeviceFlat {
  flatId: number;
  houseUid: string;
  address: string | null;
}

/** The flat numbered `flatNum` in the device's houses (the first house by uid when several have one). */
export async function findDeviceFlat(db: Db, deviceId: number, flatNum: number): Promise<DeviceFlat | null> {
  const [row] = await queryRows<{ flatId: number; houseUid: string; address: string | null }>(
    db,
    sql`select f.id as "flatId", f.house_uid as "houseUid", h.address
        from device_houses dh
        join flats f on f.house_uid = dh.house_uid and f.flat_num = ${flatNum}
        join houses h on h.uid = f.house_uid
        where dh.device_id = ${deviceId}
        order by f.house_uid limit 1`,
  );
  return row ?? null;
}

/**
 * The flat's call order by position. `label` names whom a target is: the resident owning a SIP
 * account or an app login (their comment, which holds the name, or nothing).
 */
export async function callOrderOf(db: Db, flat: DeviceFlat): Promise<CallOrderStep[]> {
  return queryRows<CallOrderStep & Record<string, unknown>>(
    db,
    // The flat's few residents first: matched by login among them, not through the users' trigram index.
    sql`with residents as materialized (
          select u.id, u.login, u.comment from flat_users fu join users u on u.id = fu.user_id where fu.flat_id = ${flat.flatId}
        )
        select o.position, o.kind, o.target, o.ring_seconds as "ringSeconds", o.enabled,
               case o.kind
                 when 'sip' then (select r.comment from sip_accounts s join residents r on r.id = s.user_id
                                  where s.login = o.target order by s.id limit 1)
                 when 'app' then (select r.comment from residents r where r.login = o.target limit 1)
               end as label
        from flat_call_orders o
        where o.flat_id = ${flat.flatId}
        order by o.position`,
  );
}

/** Replaces the flat's order with `steps` in the given sequence (positions from 1). */
export async function replaceCallOrder(db: Db, flatId: number, steps: readonly CallOrderStepInput[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from flat_call_orders where flat_id = ${flatId}`);
    if (steps.length === 0) return;
    const values = steps.map((step, index) => sql`(${flatId}, ${index + 1}, ${step.kind}, ${step.target}, ${step.ringSeconds}, ${step.enabled})`);
    await tx.execute(sql`insert into flat_call_orders (flat_id, position, kind, target, ring_seconds, enabled) values ${sql.join(values, sql`, `)}`);
  });
}
