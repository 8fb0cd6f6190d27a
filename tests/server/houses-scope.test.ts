import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HouseListResponse, houseEndpoints } from '../../contract/houses';
import { queryRows } from '../../server/db/client';
import { BACKENDS, expectShape, loginAs, useApp, type AccountName, type TestClient } from './helpers';

const CreateResponse = houseEndpoints.create.response;
const SCOPED: readonly AccountName[] = ['operator', 'support', 'installer'];

async function list(client: TestClient, query: string) {
  const response = await client.get(`/front/house-list${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(HouseListResponse, response.json());
}

/** Every page of the list, with the total the first page announced. */
async function allPages(client: TestClient, query: string): Promise<{ ids: string[]; total: number }> {
  const first = await list(client, `?page=1${query}`);
  const ids = first.data.map((house) => house.id);
  for (let page = 2; page <= first.pagination.pageCount; page++) ids.push(...(await list(client, `?page=${page}${query}`)).data.map((house) => house.id));
  return { ids, total: first.pagination.totalCount };
}

describe.each(BACKENDS)('house list scope on %s', (backend) => {
  const app = useApp(backend);

  /** A new house whose only entrance is another buyer's, and a new house with no entrance yet. */
  async function twoNewHouses(): Promise<{ foreign: string; empty: string }> {
    const db = app().database.drizzle;
    const admin = await loginAs(app(), 'admin');
    const create = async (address: string) =>
      expectShape(CreateResponse, (await admin.request('POST', '/front/house-list/create', { payload: { address, region: 60 } })).json()).data!.id;
    const foreign = await create('г. Псков, ул. Чужая, д. 1');
    const empty = await create('г. Псков, ул. Чужая, д. 2');
    const operatorBuyer = sql`(select buyer_id from users where login = 'operator')`;
    await queryRows(db, sql`insert into buyers (name) select 'Другой заказчик' where not exists (select 1 from buyers where id <> ${operatorBuyer})`);
    await queryRows(
      db,
      sql`insert into entrances (uid, buyer_id, house_uid, entrance_num, title)
          select ${`${foreign}-e1`}, min(id), ${foreign}, 1, 'Подъезд 1' from buyers where id <> ${operatorBuyer}`,
    );
    return { foreign, empty };
  }

  it('shows management, support and installers only their buyer’s houses; the superuser every house', async () => {
    const { foreign, empty } = await twoNewHouses();
    for (const account of SCOPED) {
      const client = await loginAs(app(), account);
      expect((await list(client, '?address=Чужая')).data.map((house) => house.id), account).toEqual([empty]);
      expect((await list(client, `?houseUid=${foreign}`)).data, account).toEqual([]);
      expect((await list(client, '?region=60')).data.map((house) => house.id), account).not.toContain(foreign);
    }
    const admin = await loginAs(app(), 'admin');
    expect((await list(admin, '?address=Чужая')).data.map((house) => house.id).sort()).toEqual([foreign, empty].sort());
    expect((await list(admin, `?houseUid=${foreign}`)).data).toHaveLength(1);
  });

  it('lists for the operator no house of another buyer, and every house it lists opens', async () => {
    const { foreign } = await twoNewHouses();
    const operator = await loginAs(app(), 'operator');
    const { ids, total } = await allPages(operator, '');
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(ids).not.toContain(foreign);
    const foreignHouses = await queryRows<{ uid: string }>(
      app().database.drizzle,
      sql`select distinct e.house_uid as uid from entrances e join users u on u.login = 'operator'
          where not exists (select 1 from entrances o where o.house_uid = e.house_uid and o.buyer_id = u.buyer_id)`,
    );
    expect(foreignHouses.length).toBeGreaterThan(0);
    const listed = new Set(ids);
    for (const house of foreignHouses) expect(listed.has(house.uid), house.uid).toBe(false);
    for (const id of ids) {
      const response = await operator.get(`/front/houses/${encodeURIComponent(id)}`);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(200);
    }
    // The superuser's list has them all; the operator's total is its own.
    const everyHouse = (await list(await loginAs(app(), 'admin'), '?page=1')).pagination.totalCount;
    expect(everyHouse).toBe(total + foreignHouses.length);
  });

  it('counts the operator’s houses by address as it lists them', async () => {
    const operator = await loginAs(app(), 'operator');
    const [sample] = (await list(operator, '?page=1')).data;
    const fragment = sample.address.slice(0, 3);
    const { ids, total } = await allPages(operator, `&address=${encodeURIComponent(fragment)}`);
    expect(ids).toContain(sample.id);
    expect(ids).toHaveLength(total);
    for (const id of ids.slice(0, 5)) expect((await operator.get(`/front/houses/${encodeURIComponent(id)}`)).statusCode).toBe(200);
  });

  it('keeps each house’s buyers with its entrances: one added, moved to another house or deleted changes who lists the house at once', async () => {
    const db = app().database.drizzle;
    const operator = await loginAs(app(), 'operator');
    const { foreign, empty } = await twoNewHouses();
    const listed = async (uid: string) => (await list(operator, `?houseUid=${encodeURIComponent(uid)}`)).data.length;
    const buyersOf = async (uid: string) => (await queryRows<{ ids: number[] }>(db, sql`select buyer_ids as ids from houses where uid = ${uid}`))[0]!.ids.map(Number);
    expect(await listed(foreign)).toBe(0);
    expect(await listed(empty)).toBe(1);
    const operatorBuyer = (await queryRows<{ id: number }>(db, sql`select buyer_id as id from users where login = 'operator'`))[0]!.id;
    // An entrance of the operator's buyer in the foreign house: it belongs to both now.
    await queryRows(db, sql`insert into entrances (uid, buyer_id, house_uid, entrance_num, title) values (${`${foreign}-e2`}, ${operatorBuyer}, ${foreign}, 2, 'Подъезд 2')`);
    expect(await buyersOf(foreign)).toContain(operatorBuyer);
    expect(await listed(foreign)).toBe(1);
    // Moved to the empty house: the foreign house is the other buyer's alone again, the empty one the operator's.
    await queryRows(db, sql`update entrances set house_uid = ${empty} where uid = ${`${foreign}-e2`}`);
    expect(await buyersOf(empty)).toEqual([operatorBuyer]);
    expect(await listed(foreign)).toBe(0);
    expect(await listed(empty)).toBe(1);
    await queryRows(db, sql`delete from entrances where house_uid = ${empty}`);
    expect(await buyersOf(empty)).toEqual([]);
    expect(await listed(empty)).toBe(1);
  });
});
