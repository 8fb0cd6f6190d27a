import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { BUYER_LIST_PAGE_SIZE, BuyerListResponse, BuyerResponse, type Buyer } from '../../contract/buyers';
import { queryRows } from '../../server/db/client';
import { buyerInUseMessage } from '../../server/routes/buyers';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

async function list(client: TestClient, query = '') {
  const response = await client.get(`/front/buyers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(BuyerListResponse, response.json());
}

async function create(client: TestClient, payload: object): Promise<Buyer> {
  const response = await client.request('POST', '/front/buyers/create', { payload });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(BuyerResponse, response.json()).data;
}

describe('the refusal of a delete in words', () => {
  it('names the counts with their Russian plurals', () => {
    expect(buyerInUseMessage(12, 3)).toBe('Покупателя нельзя удалить: у покупателя 12 устройств и 3 пользователя');
    expect(buyerInUseMessage(1, 0)).toBe('Покупателя нельзя удалить: у покупателя 1 устройство и 0 пользователей');
    expect(buyerInUseMessage(21, 11)).toBe('Покупателя нельзя удалить: у покупателя 21 устройство и 11 пользователей');
    expect(buyerInUseMessage(104, 22)).toBe('Покупателя нельзя удалить: у покупателя 104 устройства и 22 пользователя');
  });
});

describe.each(BACKENDS)('buyers on %s', (backend) => {
  const app = useApp(backend);

  it('lists buyers by name, 20 a page, without the counts, and gets one with its devices and users counted', async () => {
    const admin = await loginAs(app(), 'admin');
    const body = await list(admin, '?page=1');
    expect(body.data.length).toBeGreaterThanOrEqual(2);
    expect(body.pagination).toMatchObject({ page: 1, pageSize: BUYER_LIST_PAGE_SIZE, count: body.data.length });
    const names = body.data.map((buyer) => buyer.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const listed = body.data.find((buyer) => buyer.id === 1)!;
    expect(listed.devices).toBeUndefined();
    expect(listed.users).toBeUndefined();
    const operator = expectShape(BuyerResponse, (await admin.get('/front/buyers/1')).json()).data;
    expect(operator).toMatchObject(listed);
    const [counted] = await queryRows<{ devices: number; users: number }>(
      app().database.drizzle,
      sql`select (select count(*)::int from devices where buyer_id = 1) as devices, (select count(*)::int from users where buyer_id = 1) as users`,
    );
    expect(operator).toMatchObject({ active: true, devices: counted!.devices, users: counted!.users });
    expect(operator.devices).toBeGreaterThan(0);
    expect(operator.dateCreated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The seed's contact name, phone and e-mail read as one text.
    expect(operator.contact).toMatch(/^.+, \+7 \(\d{3}\) \d{3}-\d{2}-\d{2}, office1@domofon-partner\.ru$/);
  });

  it('filters by a part of the name in any case and by active, and pages', async () => {
    const admin = await loginAs(app(), 'admin');
    for (let n = 1; n <= 22; n++) await create(admin, { name: `ООО «Листовой ${String(n).padStart(2, '0')}»`, active: n % 2 === 0 });
    const first = await list(admin, `?name=${encodeURIComponent('листовой')}`);
    expect(first.pagination).toEqual({ count: 20, page: 1, pageCount: 2, pageSize: 20, totalCount: 22 });
    const second = await list(admin, `?name=${encodeURIComponent('ЛИСТОВОЙ')}&page=2`);
    expect(second.data.map((buyer) => buyer.name)).toEqual(['ООО «Листовой 21»', 'ООО «Листовой 22»']);
    const inactive = await list(admin, `?name=${encodeURIComponent('листовой')}&active=0`);
    expect(inactive.pagination.totalCount).toBe(11);
    expect(inactive.data.every((buyer) => !buyer.active)).toBe(true);
    const active = await list(admin, `?name=${encodeURIComponent('листовой')}&active=true`);
    expect(active.data.every((buyer) => buyer.active)).toBe(true);
    const none = await list(admin, `?name=${encodeURIComponent('нет такого %_')}`);
    expect(none.data).toEqual([]);
    expect(none.pagination).toMatchObject({ count: 0, totalCount: 0, pageCount: 0 });
    const beyond = await list(admin, `?name=${encodeURIComponent('листовой')}&page=7`);
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.totalCount).toBe(22);
  });

  it('refuses a bad list query: 400 naming the field', async () => {
    const admin = await loginAs(app(), 'admin');
    expectError(await admin.get('/front/buyers?page=0'), 400, /Некорректное поле page/);
    expectError(await admin.get('/front/buyers?active=maybe'), 400, /Некорректное поле active/);
    expectError(await admin.get(`/front/buyers?name=${'я'.repeat(201)}`), 400, /Некорректное поле name: не длиннее 200/);
  });

  it('creates a buyer, trimmed, and reads it back with zero counts', async () => {
    const admin = await loginAs(app(), 'admin');
    const buyer = await create(admin, { name: '  ООО «Новый покупатель»  ', inn: ' 7701234567 ', contact: ' Петров П., +7 900 000-00-00 ' });
    expect(buyer).toMatchObject({ name: 'ООО «Новый покупатель»', inn: '7701234567', contact: 'Петров П., +7 900 000-00-00', active: true, devices: 0, users: 0 });
    const response = await admin.get(`/front/buyers/${buyer.id}`);
    expect(expectShape(BuyerResponse, response.json()).data).toEqual(buyer);
    const bare = await create(admin, { name: 'ИП Сидоров', inn: '', contact: null, active: false });
    expect(bare).toMatchObject({ inn: null, contact: null, active: false });
    expect((await create(admin, { name: 'ИП Кузнецов', inn: '770123456789' })).inn).toBe('770123456789');
  });

  it('refuses bad input on create: 400 naming the field, and a duplicate name in any case: 409 naming name', async () => {
    const admin = await loginAs(app(), 'admin');
    const post = (payload: unknown) => admin.request('POST', '/front/buyers/create', { payload: payload as object });
    expectError(await post({}), 400, /Некорректное поле name: обязательное поле/);
    expectError(await post({ name: '   ' }), 400, /Некорректное поле name: ожидается непустая строка/);
    expectError(await post({ name: 'я'.repeat(201) }), 400, /Некорректное поле name: не длиннее 200 символов/);
    expectError(await post({ name: 'ООО «ИНН»', inn: '12345' }), 400, /Некорректное поле inn: ожидается ИНН из 10 или 12 цифр/);
    expectError(await post({ name: 'ООО «ИНН»', inn: '12345678901' }), 400, /Некорректное поле inn/);
    expectError(await post({ name: 'ООО «ИНН»', inn: 7701234567 }), 400, /Некорректное поле inn: ожидается строка/);
    expectError(await post({ name: 'ООО «Контакт»', contact: 'к'.repeat(501) }), 400, /Некорректное поле contact: не длиннее 500 символов/);
    expectError(await post({ name: 'ООО «Активный»', active: 'yes' }), 400, /Некорректное поле active/);
    expectError(await post({ name: 'ООО «Лишнее»', phone: '1' }), 400, /Некорректное поле phone: неизвестное поле/);
    expectError(await post([]), 400, /Некорректный запрос/);
    expectError(await post({ name: 'ООО «NUL\u0000»' }), 400, /Некорректное поле name: недопустимый символ U\+0000/);
    expectError(await post({ name: 'ООО «ИНН»', inn: '7701 234567' }), 400, /Некорректное поле inn/);
    await create(admin, { name: 'ООО «Дубликат»' });
    expectError(await post({ name: ' ооо «ДУБЛИКАТ» ' }), 409, /Некорректное поле name: покупатель «ооо «ДУБЛИКАТ»» уже существует/);
    expect((await list(admin, `?name=${encodeURIComponent('дубликат')}`)).pagination.totalCount).toBe(1);
  });

  it('lets only one of two creates of one name at once through', async () => {
    const admin = await loginAs(app(), 'admin');
    const payload = { name: 'ООО «Гонка»' };
    const answers = await Promise.all([0, 1, 2].map(() => admin.request('POST', '/front/buyers/create', { payload })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await list(admin, `?name=${encodeURIComponent('гонка')}`)).pagination.totalCount).toBe(1);
  });

  it('updates a buyer; an omitted field keeps its value, null clears it; deactivates and reactivates', async () => {
    const admin = await loginAs(app(), 'admin');
    const buyer = await create(admin, { name: 'ООО «Правка»', inn: '7701234567', contact: 'Иванов' });
    const update = async (payload: object) => {
      const response = await admin.request('POST', `/front/buyers/${buyer.id}`, { payload });
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(BuyerResponse, response.json()).data;
    };
    expect(await update({ name: 'ООО «Правка 2»' })).toMatchObject({ name: 'ООО «Правка 2»', inn: '7701234567', contact: 'Иванов', active: true });
    expect(await update({ name: 'ООО «Правка 2»', inn: null, contact: '' })).toMatchObject({ inn: null, contact: null });
    expect(await update({ name: 'ООО «Правка 2»', active: false })).toMatchObject({ active: false });
    expect((await list(admin, `?name=${encodeURIComponent('правка')}&active=false`)).data.map((row) => row.id)).toEqual([buyer.id]);
    expect(await update({ name: 'ООО «Правка 2»', active: true })).toMatchObject({ active: true });
    // Its own name in another case is not a duplicate.
    expect(await update({ name: 'ооо «правка 2»' })).toMatchObject({ name: 'ооо «правка 2»' });
  });

  it('saves the seed buyer’s joined contact as one text', async () => {
    const admin = await loginAs(app(), 'admin');
    const before = expectShape(BuyerResponse, (await admin.get('/front/buyers/2')).json()).data;
    const response = await admin.request('POST', '/front/buyers/2', { payload: { name: before.name, inn: before.inn, contact: before.contact } });
    expect(expectShape(BuyerResponse, response.json()).data).toEqual(before);
    const [row] = await queryRows<{ phone: string | null; email: string | null }>(app().database.drizzle, sql`select phone, email from buyers where id = 2`);
    expect(row).toEqual({ phone: null, email: null });
  });

  it('refuses bad input on update: 400 naming the field, 409 for another buyer’s name, 404 for an unknown buyer', async () => {
    const admin = await loginAs(app(), 'admin');
    const buyer = await create(admin, { name: 'ООО «Правка 400»' });
    const other = await create(admin, { name: 'ООО «Занятое имя»' });
    const post = (id: number | string, payload: object) => admin.request('POST', `/front/buyers/${id}`, { payload });
    expectError(await post(buyer.id, { name: '' }), 400, /Некорректное поле name/);
    expectError(await post(buyer.id, { name: 'ООО', inn: '12345678901a' }), 400, /Некорректное поле inn/);
    expectError(await post(buyer.id, { name: 'ООО', contact: 'к'.repeat(501) }), 400, /Некорректное поле contact/);
    expectError(await post(buyer.id, { name: other.name.toUpperCase() }), 409, /Некорректное поле name: .* уже существует/);
    expectError(await post(999_999, { name: 'ООО «Нет такого»' }), 404, /Покупатель не найден/);
    expectError(await post('abc', { name: 'ООО' }), 400, /Некорректное поле buyerId/);
    expectError(await post('0', { name: 'ООО' }), 400, /Некорректное поле buyerId/);
    expectError(await post('99999999999', { name: 'ООО' }), 400, /Некорректное поле buyerId/);
    expect(expectShape(BuyerResponse, (await admin.get(`/front/buyers/${buyer.id}`)).json()).data.name).toBe('ООО «Правка 400»');
  });

  it('answers 404 for an unknown buyer and 400 for a bad id on get', async () => {
    const admin = await loginAs(app(), 'admin');
    expectError(await admin.get('/front/buyers/999999'), 404, /Покупатель не найден/);
    // A shared refusal is coded on its way out (server/plugins/error-handler.ts), its Russian as it was.
    expect((await admin.get('/front/buyers/999999')).json()).toEqual({ result: false, message: 'Покупатель не найден', messageCode: 'notFound.buyer', messageParams: {} });
    expect((await admin.get('/front/no-such-route')).json()).toEqual({ result: false, message: 'Не найдено', messageCode: 'refusal.notFound', messageParams: {} });
    expectError(await admin.get('/front/buyers/abc'), 400, /Некорректное поле buyerId/);
    expectError(await admin.get('/front/buyers/-1'), 400, /Некорректное поле buyerId/);
  });

  it('never deactivates or deletes buyer 1, the operator itself: 409 with the reason', async () => {
    const admin = await loginAs(app(), 'admin');
    const operator = expectShape(BuyerResponse, (await admin.get('/front/buyers/1')).json()).data;
    expectError(await admin.request('POST', '/front/buyers/1', { payload: { name: operator.name, active: false } }), 409, /покупателя 1 нельзя отключить — это сам оператор/);
    expectError(await admin.request('DELETE', '/front/buyers/1'), 409, /Покупателя 1 нельзя удалить: это сам оператор/);
    const after = expectShape(BuyerResponse, (await admin.get('/front/buyers/1')).json()).data;
    expect(after.active).toBe(true);
    // Renaming it is allowed.
    const renamed = await admin.request('POST', '/front/buyers/1', { payload: { name: operator.name, active: true } });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('deletes an empty buyer, then it is unknown: 404', async () => {
    const admin = await loginAs(app(), 'admin');
    const buyer = await create(admin, { name: 'ООО «На удаление»' });
    const response = await admin.request('DELETE', `/front/buyers/${buyer.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(ResultResponse, response.json())).toMatchObject({ result: true, message: 'Покупатель удалён' });
    expectError(await admin.get(`/front/buyers/${buyer.id}`), 404);
    expectError(await admin.request('DELETE', `/front/buyers/${buyer.id}`), 404, /Покупатель не найден/);
    expectError(await admin.request('DELETE', '/front/buyers/abc'), 400, /Некорректное поле buyerId/);
  });

  it('refuses to delete a buyer that devices or users belong to, naming the counts, and keeps it', async () => {
    const admin = await loginAs(app(), 'admin');
    const db = app().database.drizzle;
    const seeded = expectShape(BuyerResponse, (await admin.get('/front/buyers/2')).json()).data;
    expect(seeded.devices! + seeded.users!).toBeGreaterThan(0);
    expectError(await admin.request('DELETE', '/front/buyers/2'), 409, new RegExp(`^${buyerInUseMessage(seeded.devices!, seeded.users!)}$`));

    const buyer = await create(admin, { name: 'ООО «С пользователями»' });
    await db.execute(sql`insert into users (login, buyer_id) values ('buyer-test-1', ${buyer.id}), ('buyer-test-2', ${buyer.id}), ('buyer-test-3', ${buyer.id})`);
    expect(expectShape(BuyerResponse, (await admin.get(`/front/buyers/${buyer.id}`)).json()).data).toMatchObject({ devices: 0, users: 3 });
    expectError(await admin.request('DELETE', `/front/buyers/${buyer.id}`), 409, /^Покупателя нельзя удалить: у покупателя 0 устройств и 3 пользователя$/);
    expect((await admin.get(`/front/buyers/${buyer.id}`)).statusCode).toBe(200);
  });

  it('refuses to delete a buyer other data still belongs to, naming it', async () => {
    const admin = await loginAs(app(), 'admin');
    const buyer = await create(admin, { name: 'ООО «С группами»' });
    await app().database.drizzle.execute(sql`insert into groups (name, buyer_id, uid) values ('Группа покупателя', ${buyer.id}, 'buyer-test-group')`);
    expectError(await admin.request('DELETE', `/front/buyers/${buyer.id}`), 409, /^Покупателя нельзя удалить: за ним остались данные \(группы: 1\)$/);
  });

  it('refuses every call to the operator, the installer and support: 403', async () => {
    for (const account of ['operator', 'installer', 'support'] as const) {
      const client = await loginAs(app(), account);
      expectError(await client.get('/front/buyers?page=1'), 403, /Недостаточно прав/);
      expectError(await client.get('/front/buyers/1'), 403);
      expectError(await client.request('POST', '/front/buyers/create', { payload: { name: `ООО «${account}»` } }), 403);
      expectError(await client.request('POST', '/front/buyers/2', { payload: { name: 'ООО «Чужое»' } }), 403);
      expectError(await client.request('DELETE', '/front/buyers/2'), 403);
    }
    const admin = await loginAs(app(), 'admin');
    expect((await list(admin, `?name=${encodeURIComponent('Чужое')}`)).data).toEqual([]);
  });

  it('answers 401 without a session and 403 without the CSRF token, changing nothing', async () => {
    const anonymous = new TestClient(app());
    expectError(await anonymous.get('/front/buyers'), 401, /Требуется вход/);
    expectError(await anonymous.get('/front/buyers/1'), 401);
    expectError(await anonymous.request('POST', '/front/buyers/create', { payload: { name: 'ООО «Аноним»' } }), 401);
    const admin = await loginAs(app(), 'admin');
    const buyer = await create(admin, { name: 'ООО «CSRF»' });
    expectError(await admin.request('POST', '/front/buyers/create', { payload: { name: 'ООО «Без токена»' }, csrf: false }), 403, /CSRF/);
    expectError(await admin.request('POST', `/front/buyers/${buyer.id}`, { payload: { name: 'ООО «Без токена»' }, csrf: false }), 403, /CSRF/);
    expectError(await admin.request('DELETE', `/front/buyers/${buyer.id}`, { csrf: false }), 403, /CSRF/);
    expect(expectShape(BuyerResponse, (await admin.get(`/front/buyers/${buyer.id}`)).json()).data.name).toBe('ООО «CSRF»');
    expect((await list(admin, `?name=${encodeURIComponent('Без токена')}`)).data).toEqual([]);
  });
});
