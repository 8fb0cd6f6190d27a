import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CommutatorsResponse, LineLevelCheckResponse, type LineLevelCheck } from '../../contract/commutators';
import { queryRows, type Db } from '../../server/db/client';
import { expectShape, type TestClient } from './helpers';
import { waitFor } from './mc-upload-fixtures';

export const commutatorsUrl = (mac: string, tail = 'commutators') => `/front/devices/${encodeURIComponent(mac)}/${tail}`;
export const checkUrl = (mac: string, taskId: string) => commutatorsUrl(mac, `line-level-checks/${encodeURIComponent(taskId)}`);

export interface CommutatorDevice {
  id: number;
  mac: string;
  entranceUid: string;
  houseUid: string;
}

/**
 * A device of `buyerId` ready for the matrix whatever the seed holds: it gets the `commutators`
 * capability, status active, relay 1 opening a new entrance (in a house of the buyer) with flats `first`–`last`, and no
 * commutation, handsets or checks. `offset` picks a different device per test.
 */
export async function commutatorDevice(db: Db, offset: number, range = { first: 1, last: 80 }, buyerId = 1): Promise<CommutatorDevice> {
  const [device] = await queryRows<{ id: number; mac: string }>(
    db,
    sql`select id, mac from devices where buyer_id = ${buyerId} and status_code in (0, 1) order by id offset ${offset} limit 1`,
  );
  const [house] = await queryRows<{ uid: string }>(db, sql`select house_uid as uid from entrances where buyer_id = ${buyerId} order by uid limit 1`);
  const entrance = { uid: `test-commutators-${randomUUID()}`, houseUid: house.uid };
  await db.execute(sql`insert into entrances (uid, buyer_id, house_uid, entrance_num, title, type)
    values (${entrance.uid}, ${buyerId}, ${entrance.houseUid}, ${90 + offset}, ${`Подъезд ${90 + offset}`}, 1)`);
  const id = Number(device.id);
  await db.execute(sql`update devices set status_code = 1,
      capabilities = case when 'commutators' = any(capabilities) then capabilities else array_append(capabilities, 'commutators') end
    where id = ${id}`);
  await db.execute(sql`insert into entrance_ranges (entrance_uid, range_start, range_end) values (${entrance.uid}, ${range.first}, ${range.last})
    on conflict (entrance_uid) do update set range_start = excluded.range_start, range_end = excluded.range_end`);
  await db.execute(sql`delete from device_relays where device_id = ${id}`);
  await db.execute(sql`insert into device_relays (device_id, relay_num, entrance_uid, status_code) values (${id}, 1, ${entrance.uid}, 1)`);
  for (const table of ['commutators', 'device_commutations', 'abonent_units', 'line_level_checks']) {
    await db.execute(sql`delete from ${sql.identifier(table)} where device_id = ${id}`);
  }
  return { id, mac: device.mac, entranceUid: entrance.uid, houseUid: entrance.houseUid };
}

export async function getCommutators(client: TestClient, mac: string, query = '') {
  const response = await client.get(`${commutatorsUrl(mac)}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(CommutatorsResponse, response.json());
}

export async function getCheck(client: TestClient, mac: string, taskId: string): Promise<LineLevelCheck> {
  const response = await client.get(checkUrl(mac, taskId));
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(LineLevelCheckResponse, response.json()).check;
}

/** Polls the check until it is no longer running; answers every state seen on the way. */
export async function pollCheck(client: TestClient, mac: string, taskId: string): Promise<LineLevelCheck[]> {
  const seen: LineLevelCheck[] = [];
  await waitFor(`line-level check ${taskId}`, async () => {
    const check = await getCheck(client, mac, taskId);
    seen.push(check);
    return check.status !== 'running';
  });
  return seen;
}

/** The stored commutation of a device, straight from the database. */
export async function storedCommutation(db: Db, deviceId: number) {
  const head = await queryRows<{ model: number | null; task: string | null }>(
    db,
    sql`select model, check_linelevel_task_id as task from device_commutations where device_id = ${deviceId}`,
  );
  const matrices = await queryRows<{ idx: number; matrix: number[][] }>(db, sql`select idx, matrix from commutators where device_id = ${deviceId} order by idx`);
  const checks = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from line_level_checks where device_id = ${deviceId}`);
  return { head: head[0] ?? null, matrices, checks: Number(checks[0].n) };
}

/** A matrix of `rows` × `columns` with `cells` ([row, column, flat]) wired. */
export function matrixOf(rows: number, columns: number, cells: readonly (readonly [number, number, number])[] = []): number[][] {
  const matrix = Array.from({ length: rows }, () => Array.from({ length: columns }, () => 0));
  for (const [row, column, flat] of cells) matrix[row][column] = flat;
  return matrix;
}
