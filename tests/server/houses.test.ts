import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { HOUSE_LIST_PAGE_SIZE, HouseListResponse, houseEndpoints } from '../../contract/houses';
import { queryRows } from '../../server/db/client';
import { BACKENDS, expectError, expectShape, loginAs, useApp, type TestClient } from './helpers';

const CreateResponse = houseEndpoints.create.response;

async function list(client: TestClient, query: string) {
  const response = await client.get(`/front/house-list${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(HouseListResponse, response.json());
}

describe.each(BACKENDS)('house list on %s', (backend) => {
  const app = useApp(backend);

  it('lists the first page in address order with its pagination', async () => {
    const client = await loginAs(app(), 'operator');
    const body = await list(client, '?page=1');
    expect(body.result).toBe(true);
    expect(body.pagination).toEqual({ count: body.data.length, page: 1, pageCount: 1, pageSize: HOUSE_LIST_PAGE_SIZE, totalCount: body.data.length });
    expect(body.data.length).toBeGreaterThan(0);
    const addresses = body.data.map((house) => house.address);
    expect(addresses).toEqual([...addresses].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const house of body.data) expect(house.address).toMatch(/г\. [А-ЯЁ].*, (ул\.|пр-т|пер\.|б-р|ш\.|наб\.) .+, д\. \d+/);
    expect(await list(client, '')).toEqual(body);
  });

  it('filters by houseUid, region and fias', async () => {
    const client = await loginAs(app(), 'operator');
    const [sample] = (await list(client, '?page=1')).data;
    const byUid = await list(client, `?houseUid=${sample.id}`);
    expect(byUid.data).toEqual([sample]);
    const byFias = await list(client, `?fias=${sample.fias}`);
    expect(byFias.data).toEqual([sample]);
    const byRegion = await list(client, `?region=${sample.region}`);
    expect(byRegion.data.length).toBeGreaterThan(0);
    for (const house of byRegion.data) expect(house.region).toBe(sample.region);
    const none = await list(client, '?houseUid=no-such-uid');
    expect(none.data).toEqual([]);
    expect(none.pagination).toMatchObject({ count: 0, totalCount: 0, pageCount: 0 });
  });

  it('pages through more than one page', async () => {
    const client = await loginAs(app(), 'operator');
    for (let n = 1; n <= 25; n++) {
      const response = await client.request('POST', '/front/house-list/create', {
        payload: { address: `Тверская обл., г. Тверь, ул. Листовая, д. ${String(n).padStart(2, '0')}`, region: 69 },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const total = (await list(client, '?region=69')).pagination.totalCount;
    expect(total).toBeGreaterThanOrEqual(25);
    const first = await list(client, '?region=69&page=1');
    const second = await list(client, '?region=69&page=2');
    expect(first.pagination).toEqual({ count: 20, page: 1, pageCount: Math.ceil(total / 20), pageSize: 20, totalCount: total });
    expect(second.pagination.count).toBe(total - 20);
    expect(second.data.map((house) => house.id)).not.toContain(first.data[0].id);
    const beyond = await list(client, '?region=69&page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.page).toBe(9);
  });

  it('creates a house with a generated uid and finds it', async () => {
    const client = await loginAs(app(), 'admin');
    const fias = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';
    const response = await client.request('POST', '/front/house-list/create', { payload: { address: '  г. Москва, ул. Новая, д. 7  ', region: 77, fias } });
    const body = expectShape(CreateResponse, response.json());
    expect(body.result).toBe(true);
    expect(body.data).toMatchObject({ address: 'г. Москва, ул. Новая, д. 7', region: 77, fias });
    expect(body.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await list(client, `?houseUid=${body.data!.id}`)).data).toEqual([body.data]);
  });

  it('creates a house with the uid given, and refuses the same uid twice: 409', async () => {
    const client = await loginAs(app(), 'admin');
    const payload = { id: 'house-test-uid', address: 'г. Омск, ул. Ленина, д. 1', region: 55 };
    expect((await client.request('POST', '/front/house-list/create', { payload })).statusCode).toBe(200);
    const again = await client.request('POST', '/front/house-list/create', { payload });
    expectError(again, 409, /уже существует/);
    expect(again.json()).toEqual({
      result: false,
      message: 'Дом с идентификатором house-test-uid уже существует',
      messageCode: 'conflict.houseExists',
      messageParams: { id: 'house-test-uid' },
    });
  });

  it('deletes a house without devices, then answers 404 for it', async () => {
    const client = await loginAs(app(), 'operator');
    const created = expectShape(
      CreateResponse,
      (await client.request('POST', '/front/house-list/create', { payload: { address: 'г. Уфа, ул. Строителей, д. 3', region: 2 } })).json(),
    );
    const uid = created.data!.id;
    const response = await client.request('DELETE', `/front/house-list/delete?uid=${uid}`);
    expect(response.statusCode).toBe(200);
    expect(expectShape(ResultResponse, response.json()).result).toBe(true);
    expect((await list(client, `?houseUid=${uid}`)).data).toEqual([]);
    expectError(await client.request('DELETE', `/front/house-list/delete?uid=${uid}`), 404, /Дом не найден/);
  });

  it('deletes a seeded house with its entrances and flats when no device serves it', async () => {
    const db = app().database.drizzle;
    const rows = await queryRows<{ uid: string }>(
      db,
      sql`select h.uid from houses h where not exists (select 1 from device_houses d where d.house_uid = h.uid)
          and exists (select 1 from flats f where f.house_uid = h.uid) limit 1`,
    );
    if (rows.length === 0) return;
    const client = await loginAs(app(), 'admin');
    expect((await client.request('DELETE', `/front/house-list/delete?uid=${rows[0].uid}`)).statusCode).toBe(200);
    const left = await queryRows(db, sql`select 1 from flats where house_uid = ${rows[0].uid}`);
    expect(left).toHaveLength(0);
  });

  it('keeps a house that devices serve: 409 naming the devices', async () => {
    const [linked] = await queryRows<{ uid: string }>(app().database.drizzle, sql`select house_uid as uid from device_houses limit 1`);
    const client = await loginAs(app(), 'admin');
    expectError(await client.request('DELETE', `/front/house-list/delete?uid=${linked.uid}`), 409, /привязаны устройства/);
    expect((await list(client, `?houseUid=${linked.uid}`)).data).toHaveLength(1);
  });
});
