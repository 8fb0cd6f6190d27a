import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PrepareDeviceRequest } from '../../contract/adjuster';
import { defaultSerialNumberDraft, toPrepareDeviceBody } from '../../contract/adjuster-wizard';
import { queryRows } from '../../server/db/client';

export const PREPARE_URL = '/adjuster/api/prepare-device';

/** A main entrance of a seeded house: where prepared devices go. */
export interface SampleEntrance {
  houseUid: string;
  fias: string;
  entranceUid: string;
  entranceNum: number;
  buyerId: number;
}

/**
 * A main entrance of a house of the demo accounts' buyer (every demo account has the same one), so
 * the installer may register devices there; `foreign`: of a house whose entrances are all another
 * buyer's, where only the superuser may.
 */
export async function sampleEntrance(app: FastifyInstance, { foreign = false }: { foreign?: boolean } = {}): Promise<SampleEntrance> {
  const staffBuyer = sql`(select buyer_id from users where login = 'installer')`;
  const place = foreign
    ? sql`not exists (select 1 from entrances o where o.house_uid = h.uid and o.buyer_id = ${staffBuyer})`
    : sql`e.buyer_id = ${staffBuyer}`;
  const [row] = await queryRows<{ houseUid: string; fias: string; entranceUid: string; entranceNum: number; buyerId: number }>(
    app.database.drizzle,
    sql`select h.uid as "houseUid", h.fias, e.uid as "entranceUid", e.entrance_num as "entranceNum", e.buyer_id as "buyerId"
        from houses h join entrances e on e.house_uid = h.uid
        where e.type = 1 and h.fias is not null and ${place} order by h.address, e.entrance_num limit 1`,
  );
  if (!row) throw new Error(`the seed has no ${foreign ? 'other buyer’s ' : ''}house with an entrance`);
  return row;
}

/** A MAC no seeded device has (the seed uses the E4:5A:D4, 00:1F:54 and 70:B3:D5 prefixes). */
export function testMac(n: number): string {
  const hex = n.toString(16).toUpperCase().padStart(6, '0');
  return `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** The body the serial-number wizard sends for a filled draft (contract's toPrepareDeviceBody). */
export function preparePayload(entrance: SampleEntrance, n: number, overrides: Partial<PrepareDeviceRequest> = {}): PrepareDeviceRequest {
  const body = toPrepareDeviceBody({
    ...defaultSerialNumberDraft(),
    serialNumber: `TEST-SN-${n}`,
    mac: testMac(n),
    dns: `intercom-${n}.example.net`,
    address: 'г. Москва, ул. Тестовая, д. 1',
    house: entrance.fias,
    entrance: entrance.entranceNum,
  });
  return { ...body, ...overrides };
}

export async function countDevices(app: FastifyInstance, mac: string): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(app.database.drizzle, sql`select count(*) as "count" from devices where mac = ${mac}`);
  return Number(row?.count ?? 0);
}

export async function countKeys(app: FastifyInstance, key: string): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(app.database.drizzle, sql`select count(*) as "count" from idempotency_keys where key = ${key}`);
  return Number(row?.count ?? 0);
}
