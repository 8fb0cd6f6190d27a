import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HouseFlatsResponse, HouseListResponse, HouseResponse } from '../../contract/houses';
import { addressMatchesWords, addressSearchWords } from '../../contract/address-search';
import { queryRows } from '../../server/db/client';
import { normalisedAddressSql } from '../../server/db/schema/address-search';
import { HOUSE_COUNT_CAP, addressMatches } from '../../server/repositories/houses';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

describe.each(BACKENDS)('one house on %s', (backend) => {
  const app = useApp(backend);

  /** A house whose entrances are all of `buyerId` (the demo accounts are buyer 1's). */
  async function houseOf(buyerId: number): Promise<{ uid: string; address: string; flats: number }> {
    const [row] = await queryRows<{ uid: string; address: string; flats: number }>(
      app().database.drizzle,
      sql`select h.uid, h.address, (select count(*)::int from flats f where f.house_uid = h.uid) as flats
          from houses h
          where exists (select 1 from entrances e where e.house_uid = h.uid and e.buyer_id = ${buyerId})
            and not exists (select 1 from entrances e where e.house_uid = h.uid and e.buyer_id <> ${buyerId})
          order by h.uid limit 1`,
    );
    return row!;
  }

  it('reads a house of its buyer for the operator and support, and every house for the superuser', async () => {
    const own = await houseOf(1);
    for (const account of ['operator', 'support', 'admin'] as const) {
      const response = await (await loginAs(app(), account)).get(`/front/houses/${own.uid}`);
      expect(response.statusCode, account).toBe(200);
      expect(expectShape(HouseResponse, response.json()).data).toMatchObject({ id: own.uid, address: own.address });
    }
    const other = await houseOf(2);
    expect((await (await loginAs(app(), 'admin')).get(`/front/houses/${other.uid}`)).statusCode).toBe(200);
  });

  it('hides another buyer’s house from management and support: 404, never the data', async () => {
    const other = await houseOf(2);
    for (const account of ['operator', 'support'] as const) {
      const client = await loginAs(app(), account);
      expectError(await client.get(`/front/houses/${other.uid}`), 404, /Дом не найден/);
      expectError(await client.get(`/front/houses/${other.uid}/flats`), 404, /Дом не найден/);
    }
    const operator = await loginAs(app(), 'operator');
    const payload = { address: 'г. Чужой, ул. Чужая, д. 1', region: 77 };
    expectError(await operator.request('PUT', `/front/houses/${other.uid}`, { payload }), 404, /Дом не найден/);
    const [row] = await queryRows<{ address: string }>(app().database.drizzle, sql`select address from houses where uid = ${other.uid}`);
    expect(row!.address).toBe(other.address);
  });

  it('lets every management see and edit a house with no entrance yet (its creator must open it)', async () => {
    const admin = await loginAs(app(), 'admin');
    const created = expectShape(HouseResponse, (await admin.request('POST', '/front/house-list/create', { payload: { address: 'г. Тверь, ул. Пустая, д. 2', region: 69 } })).json());
    const operator = await loginAs(app(), 'operator');
    expect((await operator.get(`/front/houses/${created.data.id}`)).statusCode).toBe(200);
    const flats = expectShape(HouseFlatsResponse, (await operator.get(`/front/houses/${created.data.id}/flats`)).json());
    expect(flats.data).toEqual([]);
    expect(flats.pagination).toMatchObject({ count: 0, totalCount: 0, page: 1 });
  });

  it('updates address, region and FIAS with the checks of create', async () => {
    const own = await houseOf(1);
    const operator = await loginAs(app(), 'operator');
    const fias = 'A0C5B244-70A0-4932-980C-B4DC0D3F02B5';
    const response = await operator.request('PUT', `/front/houses/${own.uid}`, { payload: { address: '  г. Казань, ул. Новая, д. 5 ', region: 16, fias } });
    expect(response.statusCode, response.body).toBe(200);
    const saved = expectShape(HouseResponse, response.json());
    expect(saved.data).toEqual({ id: own.uid, address: 'г. Казань, ул. Новая, д. 5', region: 16, fias: fias.toLowerCase() });
    expect(expectShape(HouseResponse, (await operator.get(`/front/houses/${own.uid}`)).json()).data).toEqual(saved.data);
    const cleared = expectShape(HouseResponse, (await operator.request('PUT', `/front/houses/${own.uid}`, { payload: { address: own.address, region: 16, fias: null } })).json());
    expect(cleared.data.fias).toBeNull();

    expectError(await operator.request('PUT', `/front/houses/${own.uid}`, { payload: { address: 'x', region: 0 } }), 400, /Некорректное поле region/);
    expectError(await operator.request('PUT', `/front/houses/${own.uid}`, { payload: { address: 'x', region: 16, fias: 'nope' } }), 400, /Некорректное поле fias/);
    expectError(await operator.request('PUT', `/front/houses/${own.uid}`, { payload: { address: 'x'.repeat(501), region: 16 } }), 400, /Некорректное поле address/);
    expectError(await operator.request('PUT', `/front/houses/${own.uid}`, { payload: { address: '  ', region: 16 } }), 400, /address/);
    expectError(await operator.request('PUT', '/front/houses/no-such-house', { payload: { address: 'x', region: 16 } }), 404, /Дом не найден/);
  });

  it('refuses the update to support and installers, and reads to installers: 403; logged out 401', async () => {
    const own = await houseOf(1);
    const payload = { address: 'г. Казань, ул. Новая, д. 5', region: 16 };
    for (const account of ['support', 'installer'] as const) {
      expectError(await (await loginAs(app(), account)).request('PUT', `/front/houses/${own.uid}`, { payload }), 403, /Недостаточно прав/);
    }
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.get(`/front/houses/${own.uid}`), 403, /Недостаточно прав/);
    expectError(await installer.get(`/front/houses/${own.uid}/flats`), 403, /Недостаточно прав/);
    expectError(await new TestClient(app()).get(`/front/houses/${own.uid}`), 401, /Требуется вход/);
    expectError(await (await loginAs(app(), 'operator')).request('PUT', `/front/houses/${own.uid}`, { payload, csrf: false }), 403, /CSRF/);
  });

  it('lists the flats of a house by number, 20 a page, with counts and entrance titles', async () => {
    const db = app().database.drizzle;
    const own = await houseOf(1);
    // Enough flats for two pages, one with a user, a key and two entrances.
    const [house] = await queryRows<{ max: number; entrance: string; device: number }>(
      db,
      sql`select (select max(flat_num) from flats where house_uid = ${own.uid}) as max,
                 (select uid from entrances where house_uid = ${own.uid} order by entrance_num limit 1) as entrance,
                 (select id from devices order by id limit 1) as device`,
    );
    await queryRows(db, sql`insert into flats (buyer_id, house_uid, flat_num) select 1, ${own.uid}, ${house!.max} + n from generate_series(1, 25) n`);
    const [flat] = await queryRows<{ id: number }>(db, sql`select id from flats where house_uid = ${own.uid} and flat_num = ${house!.max + 1}`);
    await queryRows(db, sql`insert into flat_users (flat_id, user_id) values (${flat!.id}, 5), (${flat!.id}, 6)`);
    await queryRows(db, sql`insert into keys (device_id, buyer_id, flat_id, flat_num, value, key_type) values (${house!.device}, 1, ${flat!.id}, ${house!.max + 1}, 'ABCDEF0123', 'MIFARE')`);
    await queryRows(db, sql`insert into flat_entrances (flat_id, entrance_uid) values (${flat!.id}, ${house!.entrance})`);

    const operator = await loginAs(app(), 'operator');
    const total = own.flats + 25;
    const first = expectShape(HouseFlatsResponse, (await operator.get(`/front/houses/${own.uid}/flats`)).json());
    expect(first.pagination).toEqual({ count: 20, page: 1, pageCount: Math.ceil(total / 20), pageSize: 20, totalCount: total });
    const numbers = first.data.map((row) => row.flatNum);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const second = expectShape(HouseFlatsResponse, (await operator.get(`/front/houses/${own.uid}/flats?page=2`)).json());
    expect(second.data[0]!.flatNum).toBeGreaterThan(numbers[19]!);

    const byNumber = expectShape(HouseFlatsResponse, (await operator.get(`/front/houses/${own.uid}/flats?flatNum=${house!.max + 1}`)).json());
    const row = byNumber.data.find((item) => item.flatNum === house!.max + 1);
    expect(row).toMatchObject({ id: flat!.id, status: 0, usersCount: 2, keysCount: 1, letter: null });
    expect(row!.entrances).toContain((await queryRows<{ title: string }>(db, sql`select title from entrances where uid = ${house!.entrance}`))[0]!.title);
    for (const item of byNumber.data) expect(String(item.flatNum).startsWith(String(house!.max + 1))).toBe(true);

    expectError(await operator.get(`/front/houses/${own.uid}/flats?flatNum=1a`), 400, /Некорректное поле flatNum/);
    expectError(await operator.get(`/front/houses/${own.uid}/flats?flatNum=-1`), 400, /Некорректное поле flatNum/);
    expectError(await operator.get(`/front/houses/${own.uid}/flats?page=0`), 400, /Некорректное поле page/);
    expectError(await operator.get('/front/houses/no-such-house/flats'), 404, /Дом не найден/);
  });

  it('finds houses by the words of the address in any order, any case, «ё» as «е», with % and _ as punctuation', async () => {
    const admin = await loginAs(app(), 'admin');
    for (const address of ['г. Пермь, ул. Ёлочная_100%, д. 1', 'г. Пермь, ул. ЁЛОЧНАЯ, д. 2', 'г. Пермь, ул. Ёлочнаяx100, д. 3']) {
      expect((await admin.request('POST', '/front/house-list/create', { payload: { address, region: 59 } })).statusCode).toBe(200);
    }
    const search = async (part: string) =>
      expectShape(HouseListResponse, (await admin.get(`/front/house-list?address=${encodeURIComponent(part)}`)).json()).data.map((house) => house.address);
    expect(await search('ёлочная')).toHaveLength(3);
    expect(await search('елочная')).toHaveLength(3);
    const hundred = ['г. Пермь, ул. Ёлочная_100%, д. 1', 'г. Пермь, ул. Ёлочнаяx100, д. 3'];
    expect((await search('ЁЛОЧНАЯ_100')).sort()).toEqual(hundred);
    expect((await search('лочная 100 пермь')).sort()).toEqual(hundred);
    expect((await search('ёлочная д.2')).sort()).toEqual(['г. Пермь, ул. ЁЛОЧНАЯ, д. 2']);
    expect(await search('Пермь, ул. Ёлоч')).toHaveLength(3);
    expect(await search('Нет такой улицы')).toEqual([]);
    expect((await search('  ')).length).toBeGreaterThan(3);
    expect((await search('%_,')).length).toBeGreaterThan(3);
    // Installers pick houses by address in the wizards.
    const installer = await loginAs(app(), 'installer');
    const picked = expectShape(HouseListResponse, (await installer.get(`/front/house-list?address=${encodeURIComponent('пермь ЕЛОЧНАЯ')}`)).json());
    expect(picked.data.map((house) => house.address).sort()).toEqual([...hundred, 'г. Пермь, ул. ЁЛОЧНАЯ, д. 2'].sort());
  });

  it('finds «Горького 32», «москва горького» and «Королева» (for «Королёва»), without «ул.», «д.», in any order', async () => {
    const admin = await loginAs(app(), 'admin');
    const create = async (address: string, region: number) => {
      const response = await admin.request('POST', '/front/house-list/create', { payload: { address, region } });
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(HouseResponse, response.json()).data.id;
    };
    const gorkogo = await create('г. Москва, ул. Горького, д. 32', 77);
    const koroleva = await create('Московская обл., г. Химки, ул. Королёва, д. 7к2', 50);
    /** The ids among `ids` that `query` finds (the seed has other such streets: each house is asked by its uid too). */
    const found = async (query: string, ...ids: string[]) => {
      const hits: string[] = [];
      for (const id of ids) {
        const answer = expectShape(HouseListResponse, (await admin.get(`/front/house-list?houseUid=${id}&address=${encodeURIComponent(query)}`)).json());
        hits.push(...answer.data.map((house) => house.id));
      }
      return hits;
    };
    expect(await found('Горького 32', gorkogo, koroleva)).toEqual([gorkogo]);
    expect(await found('москва горького', gorkogo, koroleva)).toEqual([gorkogo]);
    expect(await found('32 ГОРЬКОГО МОСКВА', gorkogo)).toEqual([gorkogo]);
    expect(await found('ул.Горького, д.32', gorkogo)).toEqual([gorkogo]);
    expect(await found('Горького 33', gorkogo)).toEqual([]);
    expect(await found('Королева', gorkogo, koroleva)).toEqual([koroleva]);
    expect(await found('химки королёва 7к2', koroleva)).toEqual([koroleva]);
    // Without the uid the match is on the first page or counted among the others.
    const page = expectShape(HouseListResponse, (await admin.get(`/front/house-list?address=${encodeURIComponent('Горького 32 Москва')}`)).json());
    expect(page.data.map((house) => house.id)).toContain(gorkogo);
    for (const house of page.data) expect(house.address.toLowerCase()).toMatch(/москва.*горького.*32/);
  });

  it('finds a word of one or two characters at the start of the address’s words: «д. 1» finds houses 1 and 12, not 21', async () => {
    const admin = await loginAs(app(), 'admin');
    const made: Record<string, string> = {};
    for (const address of ['г. Тверь, ул. Шорная, д. 1', 'г. Тверь, ул. Шорная, д.12', 'г. Тверь, ул. Шорная, д. 21', 'г. Тверь, ул. Шорная, д. 7ж']) {
      const response = await admin.request('POST', '/front/house-list/create', { payload: { address, region: 69 } });
      expect(response.statusCode, response.body).toBe(200);
      made[address] = expectShape(HouseResponse, response.json()).data.address;
    }
    const search = async (query: string) =>
      expectShape(HouseListResponse, (await admin.get(`/front/house-list?address=${encodeURIComponent(`шорная ${query}`)}`)).json()).data.map((house) => house.address.replace('г. Тверь, ул. Шорная, ', ''));
    expect((await search('д. 1')).sort()).toEqual(['д. 1', 'д.12']);
    expect(await search('12')).toEqual(['д.12']);
    expect(await search('2')).toEqual(['д. 21']);
    expect(await search('ж')).toEqual([]);
    expect(await search('7ж')).toEqual(['д. 7ж']);
  });

  it('counts a broad search up to a cap and still pages it in address order; past the cap the count is exact again', async () => {
    const db = app().database.drizzle;
    const many = HOUSE_COUNT_CAP + 20;
    await queryRows(
      db,
      sql`insert into houses (uid, address, region)
          select 'cap-' || n, 'г. Сургут, ул. Капустная, д. ' || n, 86 from generate_series(1, ${many}) as n`,
    );
    const admin = await loginAs(app(), 'admin');
    const page = async (number: number) => {
      const response = await admin.get(`/front/house-list?address=${encodeURIComponent('капустная')}&page=${number}`);
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(HouseListResponse, response.json());
    };
    const [first, second, last] = [await page(1), await page(2), await page(many / 20)];
    expect(first.totalCountCapped).toBe(true);
    expect(first.pagination.totalCount).toBe(HOUSE_COUNT_CAP);
    const everyAddress = Array.from({ length: many }, (_, index) => `г. Сургут, ул. Капустная, д. ${index + 1}`).sort((a, b) => (a < b ? -1 : 1));
    const addresses = (answer: typeof first) => answer.data.map((house) => house.address);
    // Address order (one street: the numbers compare as text), the pages one after another.
    expect(addresses(first)).toEqual(everyAddress.slice(0, 20));
    expect(addresses(second)).toEqual(everyAddress.slice(20, 40));
    expect(addresses(last)).toEqual(everyAddress.slice(many - 20));
    expect(last.totalCountCapped).toBeUndefined();
    expect(last.pagination.totalCount).toBe(many);
    // A search with a rare word is exact and not capped.
    const rare = expectShape(HouseListResponse, (await admin.get(`/front/house-list?address=${encodeURIComponent('капустная 517')}`)).json());
    expect(rare).toMatchObject({ pagination: { totalCount: 1 }, data: [{ address: 'г. Сургут, ул. Капустная, д. 517' }] });
    expect(rare.totalCountCapped).toBeUndefined();
  });

  it('finds in SQL exactly what contract/address-search.ts finds, and the search uses the trigram index', async () => {
    const db = app().database.drizzle;
    const samples = ['г. Москва, ул. Горького, д. 32', '  Ёлочная_100%,  д.7к2/1 ', 'пр-т Мира; ЁЛОЧНАЯ', 'Street 5B — «Ленина»', 'Ростов-на-Дону, ул. Королёва', 'Café № 3+4'];
    const queries = ['горького 32', 'елочная 100', '7к2 1', 'мира елочн', 'street 5b', 'ленина street', 'на дону', 'ростов-на-дону', 'королева', 'cafe', 'caf', '3 4', '34', 'д 32', 'ул', 'b ленина', 'м'];
    for (const address of samples) {
      for (const query of queries) {
        const where = addressMatches(normalisedAddressSql(sql`${address}::text`), query)!;
        const [row] = await queryRows<{ found: boolean }>(db, sql`select (${where}) as found`);
        expect(row!.found, `${query} in ${address}`).toBe(addressMatchesWords(address, addressSearchWords(query)));
      }
    }
    await db.transaction(async (tx) => {
      // Small seeds: a scan is cheaper, so only the plan that can use an index for the words is let in.
      for (const scan of ['seqscan', 'indexscan', 'indexonlyscan']) await tx.execute(sql.raw(`set local enable_${scan} = off`));
      for (const query of ['Горького 32', 'д. 1', 'ж']) {
        const where = addressMatches(sql`address_search`, query)!;
        const plan = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain select uid from houses where ${where}`);
        expect(plan.map((line) => line['QUERY PLAN']).join('\n'), query).toContain('houses_address_words_idx');
      }
    });
  });
});
