import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import type { CompanyFlatList, DeviceRef } from '../../server/gateways/device/device-gateway';

export interface CompanyFixture {
  companyId: number;
  houseUids: string[];
  macs: string[];
}

function hex(value: number, bytes: number): string {
  return value
    .toString(16)
    .padStart(bytes * 2, '0')
    .toUpperCase()
    .match(/../g)!
    .join(':');
}

/**
 * A company of `buyerId` with `houses` houses of `flatsPerHouse` flats and `devices` devices spread
 * over them (each on one house; the first also on the second house, so it is counted once), written
 * with SQL in a few statements (the bench makes 1,000 devices this way).
 */
export async function createCompanyWithDevices(db: Db, options: { buyerId: number; devices: number; houses?: number; flatsPerHouse?: number; statusCode?: number }): Promise<CompanyFixture> {
  const { buyerId, devices } = options;
  const houseCount = options.houses ?? 2;
  const flatsPerHouse = options.flatsPerHouse ?? 10;
  const tag = randomBytes(3).toString('hex');
  const [company] = await queryRows<{ id: number }>(
    db,
    sql`insert into management_companies (internal_id, name, buyer_id, code_access, flat_num, interval)
        values (${`T-${tag}`}, ${`УК «Тест ${tag}»`}, ${buyerId}, '123456', 9001, 0) returning id`,
  );
  const companyId = Number(company.id);
  const houseUids = Array.from({ length: houseCount }, (_v, n) => `test-${tag}-${n}`);
  for (const [n, uid] of houseUids.entries()) {
    await db.execute(sql`insert into houses (uid, address, region, management_company_id) values (${uid}, ${`г. Тест, ул. Выгрузки ${tag}, д. ${n + 1}`}, 77, ${companyId})`);
    await db.execute(
      sql`insert into flats (buyer_id, house_uid, flat_num) select ${buyerId}, ${uid}, g from generate_series(1, ${flatsPerHouse}) g`,
    );
  }
  const prefix = `EE:${hex(randomBytes(2).readUInt16BE(0), 2)}`;
  const macs = Array.from({ length: devices }, (_v, n) => `${prefix}:${hex(n, 3)}`);
  const inserted = await queryRows<{ id: number; mac: string }>(
    db,
    sql`insert into devices (mac, buyer_id, type, status_code)
        select m, ${buyerId}, 0, ${options.statusCode ?? 1} from unnest(${`{${macs.join(',')}}`}::text[]) m
        returning id, mac`,
  );
  const ids = inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
  await db.execute(
    sql`insert into device_houses (device_id, house_uid)
        select d, (${`{${houseUids.join(',')}}`}::text[])[1 + (n % ${houseCount})]
        from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as u(d, n)`,
  );
  if (houseCount > 1 && ids.length > 0) {
    await db.execute(sql`insert into device_houses (device_id, house_uid) values (${ids[0]}, ${houseUids[(1 + 1) % houseCount]}) on conflict do nothing`);
  }
  return { companyId, houseUids, macs };
}

/** The simulator, counting the uploads it is asked for by MAC and keeping the last list each got. */
export class CountingGateway extends DeviceSimulator {
  readonly calls = new Map<string, number>();
  readonly lists = new Map<string, CompanyFlatList>();
  private gate: { promise: Promise<void>; open: () => void } | null = null;

  /** Uploads wait until resume(). */
  pause(): void {
    let open = () => undefined as void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.gate = { promise, open };
  }

  resume(): void {
    this.gate?.open();
    this.gate = null;
  }

  /** Outlives the apps it is given to (each closes its gateway): tests share one across restarts. */
  override async close(): Promise<void> {}

  override async uploadFlats(device: DeviceRef, list: CompanyFlatList): Promise<void> {
    this.calls.set(device.mac, (this.calls.get(device.mac) ?? 0) + 1);
    this.lists.set(device.mac, list);
    await this.gate?.promise;
    await super.uploadFlats(device, list);
  }
}

/** Polls `probe` every 25 ms until it answers something truthy. */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
