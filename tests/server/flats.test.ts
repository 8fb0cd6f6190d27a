import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BlockHistoryResponse, FlatDataResponse } from '../../contract/flats';
import { FlatCreateResponse, FlatEntrancesResponse, FlatUsersResponse, TemporaryCodeResponse, flatEndpoints } from '../../contract/flat-card';
import { queryRows } from '../../server/db/client';
import { createFlat, expectOk, flatUrl, useFlatSetup } from './flat-fixtures';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';
import { flatsRules } from './route-rules/flats';

const TAG = 0x11;

describe.each(BACKENDS)('flat card calls on %s', (backend) => {
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { failureShare: 0, flatReadMs: 10 } });


  async function card(client: TestClient, flatNum: number) {
    const response = await client.get(flatUrl(fx().houseUid, flatNum));
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(FlatDataResponse, response.json());
  }

  it('creates a flat in the main entrance holding its number, with that entrance\'s buyer; a duplicate is 409', async () => {
    const response = await operator().request('POST', flatEndpoints.create.path({ house: fx().houseUid }), { payload: { flatNum: 7, letter: ' А ' } });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = expectShape(FlatCreateResponse, response.json());
    expect(data).toMatchObject({ flatNum: 7, letter: 'А', houseUid: fx().houseUid, buyerId: 1, status: 0, entrances: [fx().entranceUid] });
    expectError(await operator().request('POST', flatEndpoints.create.path({ house: fx().houseUid }), { payload: { flatNum: 7 } }), 409, /уже есть/);
    // Outside every entrance's range: the flat is made without an entrance.
    const outside = await operator().request('POST', flatEndpoints.create.path({ house: fx().houseUid }), { payload: { flatNum: 120 } });
    expect(expectShape(FlatCreateResponse, outside.json()).data?.entrances).toEqual([]);
  });

  it('refuses a bad flat number (400 naming flatNum), an unknown house (404) and another buyer\'s house (404) for management', async () => {
    for (const flatNum of [0, -3, 2.5, '12', 100_000]) {
      expectError(await operator().request('POST', flatEndpoints.create.path({ house: fx().houseUid }), { payload: { flatNum } }), 400, /flatNum/);
    }
    expectError(await operator().request('POST', flatEndpoints.create.path({ house: fx().houseUid }), { payload: { flatNum: 3, letter: 'x'.repeat(11) } }), 400, /letter/);
    expectError(await operator().request('POST', flatEndpoints.create.path({ house: 'no-such-house' }), { payload: { flatNum: 3 } }), 404, /Дом не найден/);
    expectError(await operator().request('POST', flatEndpoints.create.path({ house: fx().foreignHouseUid }), { payload: { flatNum: 3 } }), 404, /Дом не найден/);
    const admin = await loginAs(app(), 'admin');
    const foreign = await admin.request('POST', flatEndpoints.create.path({ house: fx().foreignHouseUid }), { payload: { flatNum: 3 } });
    expect(expectShape(FlatCreateResponse, foreign.json()).data?.buyerId).toBe(2);
  });

  it('answers the flat card: house, entrances, devices with their flags (gate included), no users yet', async () => {
    await createFlat(operator(), fx().houseUid, 12);
    const body = await card(operator(), 12);
    expect(body.house.id).toBe(fx().houseUid);
    expect(body.flat).toMatchObject({ flatNum: 12, status: 0, entrances: [fx().entranceUid], temporaryCode: null });
    expect(body.entrances.map((entrance) => entrance.id)).toEqual([fx().entranceUid]);
    expect(body.deviceData.map((device) => device.mac).sort()).toEqual([fx().iscomMac, fx().bewardMac, fx().gateMac].sort());
    const iscom = body.deviceData.find((device) => device.mac === fx().iscomMac)!;
    expect(iscom).toMatchObject({ canSaveRealtime: true, canFlatBlockCms: true, canIndividualLevels: true, isGate: false, blockCMS: false });
    const gate = body.deviceData.find((device) => device.mac === fx().gateMac)!;
    expect(gate).toMatchObject({ isGate: true, canSaveRealtime: false, canFlatBlockCms: false });
    expect(body.users).toEqual([]);
    expect(body.keys).toEqual([]);
    expect(body.hasSchedule).toBe(false);
    expect(body.accessOptions.sources.map((source) => source.key)).toContain('operator');
  });

  it('lets support read the card and refuses its writes; the installer gets 403', async () => {
    await createFlat(operator(), fx().houseUid, 13);
    const support = await loginAs(app(), 'support');
    await card(support, 13);
    expectError(await support.request('PUT', flatUrl(fx().houseUid, 13, '/status'), { payload: { status: 1 } }), 403);
    expectError(await support.request('DELETE', flatUrl(fx().houseUid, 13)), 403);
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.get(flatUrl(fx().houseUid, 13)), 403);
    expectError(await new TestClient(app()).get(flatUrl(fx().houseUid, 13)), 401);
    expectError(await operator().request('PUT', flatUrl(fx().houseUid, 13, '/status'), { payload: { status: 1 }, csrf: false }), 403, /CSRF/);
  });

  it('answers 404 for an unknown house or flat and for another buyer\'s flat; 400 for a malformed flat key', async () => {
    expectError(await operator().get(flatUrl('no-such-house', 1)), 404, /Дом не найден/);
    expectError(await operator().get(flatUrl(fx().houseUid, 49)), 404, /Квартира не найдена/);
    expectError(await operator().get(flatUrl(fx().foreignHouseUid, 1)), 404, /Квартира не найдена/);
    expectError(await operator().get(`/front/flats/${fx().houseUid}:0`), 400, /flat/);
    expectError(await operator().get(`/front/flats/${fx().houseUid}`), 400, /flat/);
    const admin = await loginAs(app(), 'admin');
    expect((await admin.get(flatUrl(fx().foreignHouseUid, 1))).statusCode).toBe(200);
  });

  it('blocks with a reason and unblocks, writing the block history newest first', async () => {
    await createFlat(operator(), fx().houseUid, 14);
    expectOk(await operator().request('PUT', flatUrl(fx().houseUid, 14, '/status'), { payload: { status: 1, reason: 'Долг за обслуживание' } }));
    const blocked = await card(operator(), 14);
    expect(blocked.flat.status).toBe(1);
    const [row] = await queryRows<{ blocked_by: string; block_reason: string; blocked_at: unknown }>(
      app().database.drizzle,
      sql`select blocked_by, block_reason, blocked_at from flats where house_uid = ${fx().houseUid} and flat_num = 14`,
    );
    expect(row).toMatchObject({ blocked_by: 'operator', block_reason: 'Долг за обслуживание' });
    expectOk(await operator().request('PUT', flatUrl(fx().houseUid, 14, '/status'), { payload: { status: 0 } }));
    const [cleared] = await queryRows<{ blocked_by: string | null; blocked_at: unknown }>(
      app().database.drizzle,
      sql`select blocked_by, blocked_at from flats where house_uid = ${fx().houseUid} and flat_num = 14`,
    );
    expect(cleared).toEqual({ blocked_by: null, blocked_at: null });

    const history = await operator().get(flatUrl(fx().houseUid, 14, '/block-history'));
    expect(history.statusCode, history.body).toBe(200);
    const body = expectShape(BlockHistoryResponse, history.json());
    expect(body.mac).toBeNull();
    expect(body.blockData.map((item) => [item.blocked, item.reason, item.login, item.mac])).toEqual([
      [false, null, 'operator', null],
      [true, 'Долг за обслуживание', 'operator', null],
    ]);
    expect(body.blockData[0].userId).toBe(2);
    const cms = expectShape(BlockHistoryResponse, (await operator().get(flatUrl(fx().houseUid, 14, '/cms-block-history'))).json());
    expect(cms.blockData).toEqual([]);

    expectError(await operator().request('PUT', flatUrl(fx().houseUid, 14, '/status'), { payload: { status: 2 } }), 400, /status/);
    expectError(await operator().request('PUT', flatUrl(fx().houseUid, 14, '/status'), { payload: { status: 1, reason: 'x'.repeat(501) } }), 400, /reason/);
    expectError(await operator().get(flatUrl(fx().houseUid, 14, '/other-history')), 404);
    expectError(await operator().get(flatUrl(fx().houseUid, 14, '/block-history?mac=zz')), 400, /mac/);
  });

  it('adds a user (reloading shows them), refuses unknown, foreign and repeated users, and removes one', async () => {
    await createFlat(operator(), fx().houseUid, 15);
    const users = flatUrl(fx().houseUid, 15, '/users');
    expectOk(await operator().request('POST', users, { payload: { userId: fx().residentId } }));
    const list = expectShape(FlatUsersResponse, (await operator().get(users)).json());
    expect(list.data.map((user) => [user.id, user.password])).toEqual([[fx().residentId, '']]);
    expectError(await operator().request('POST', users, { payload: { userId: fx().residentId } }), 409);
    expectError(await operator().request('POST', users, { payload: { userId: 99_999_999 } }), 400, /userId/);
    expectError(await operator().request('POST', users, { payload: { userId: fx().foreignResidentId } }), 400, /userId/);
    expectError(await operator().request('POST', users, { payload: { userId: 'x' } }), 400, /userId/);
    expectOk(await operator().request('DELETE', flatUrl(fx().houseUid, 15, '/user'), { payload: { userId: fx().residentId } }));
    expectError(await operator().request('DELETE', flatUrl(fx().houseUid, 15, '/user'), { payload: { userId: fx().residentId } }), 404);
    expect(expectShape(FlatUsersResponse, (await operator().get(users)).json()).data).toEqual([]);
  });

  it('creates a temporary code, changes its duration keeping the code, answers an expired one, removes it', async () => {
    await createFlat(operator(), fx().houseUid, 16);
    const url = flatUrl(fx().houseUid, 16, '/temporary-access-code');
    expect(expectShape(TemporaryCodeResponse, (await operator().get(url)).json()).data).toBeNull();
    const created = expectShape(TemporaryCodeResponse, (await operator().request('POST', url, { payload: { duration: 3600 } })).json()).data!;
    expect(created.tempCode).toMatch(/^\d{6}$/);
    expect(created).toMatchObject({ duration: 3600, entrances: [fx().entranceUid] });
    const changed = expectShape(TemporaryCodeResponse, (await operator().request('POST', url, { payload: { duration: 86_400 } })).json()).data!;
    expect(changed).toEqual({ ...created, duration: 86_400 });
    expect(expectShape(TemporaryCodeResponse, (await operator().get(url)).json()).data).toEqual(changed);

    await app().database.drizzle.execute(sql`update temporary_codes set created = now() - interval '2 days' where flat_id = ${created.flatId}`);
    const expired = expectShape(TemporaryCodeResponse, (await operator().get(url)).json()).data!;
    expect(Date.parse(expired.created) + expired.duration * 1000).toBeLessThan(Date.now());
    const renewed = expectShape(TemporaryCodeResponse, (await operator().request('POST', url, { payload: { duration: 600 } })).json()).data!;
    expect(Date.parse(renewed.created)).toBeGreaterThan(Date.now() - 60_000);

    for (const duration of [0, -1, 31_536_001, 1.5, '60']) {
      expectError(await operator().request('POST', url, { payload: { duration } }), 400, /duration/);
    }
    expectOk(await operator().request('DELETE', url));
    expect(expectShape(TemporaryCodeResponse, (await operator().get(url)).json()).data).toBeNull();
    expectOk(await operator().request('DELETE', url));
  });

  it('lists the flat\'s entrances and removes one (404 when it is not the flat\'s)', async () => {
    await createFlat(operator(), fx().houseUid, 17);
    const list = expectShape(FlatEntrancesResponse, (await operator().get(flatUrl(fx().houseUid, 17, '/get-entrances'))).json());
    expect(list.data.map((entrance) => [entrance.id, entrance.range])).toEqual([[fx().entranceUid, { start: 1, end: 50 }]]);
    expect(list.data[0].relays.length).toBe(2);
    const remove = flatUrl(fx().houseUid, 17, '/entrance');
    expectOk(await operator().request('DELETE', remove, { payload: { entranceUid: fx().entranceUid } }));
    expectError(await operator().request('DELETE', remove, { payload: { entranceUid: fx().entranceUid } }), 404);
    expectError(await operator().request('DELETE', remove, { payload: { entranceUid: '' } }), 400, /entranceUid/);
    expect(expectShape(FlatEntrancesResponse, (await operator().get(flatUrl(fx().houseUid, 17, '/get-entrances'))).json()).data).toEqual([]);
  });

  it('answers 404 naming the flat on every call of a flat that does not exist, and naming the house for an unknown house', async () => {
    const calls = flatsRules.filter((rule) => rule.pattern.startsWith('/front/flats/:flat'));
    expect(calls.length).toBe(20);
    for (const rule of calls) {
      const tail = rule.url.replace(/^\/front\/flats\/[^/?]+/, '');
      for (const [house, message] of [
        [fx().houseUid, /Квартира не найдена/],
        ['no-such-house', /Дом не найден/],
      ] as const) {
        const response = await operator().request(rule.method, `/front/flats/${house}:46${tail}`, { payload: rule.payload ?? (rule.method === 'GET' ? undefined : {}) });
        expectError(response, 404, message);
      }
    }
  });

  it('applies a replayed flat create or temporary code (same Idempotency-Key) once', async () => {
    const create = () =>
      operator().request('POST', flatEndpoints.create.path({ house: fx().houseUid }), { payload: { flatNum: 19 }, headers: { 'Idempotency-Key': `flat-19-${backend}` } });
    const first = await create();
    expect(first.statusCode, first.body).toBe(200);
    const again = await create();
    expect([again.statusCode, again.headers['idempotency-replayed'], again.body]).toEqual([200, 'true', first.body]);
    const code = () =>
      operator().request('POST', flatUrl(fx().houseUid, 19, '/temporary-access-code'), { payload: { duration: 60 }, headers: { 'Idempotency-Key': `code-19-${backend}` } });
    const made = await code();
    expect(made.statusCode, made.body).toBe(200);
    expect((await code()).body).toBe(made.body);
  });

  it('deletes the flat; deleting it again is 404', async () => {
    await createFlat(operator(), fx().houseUid, 18);
    expectOk(await operator().request('DELETE', flatUrl(fx().houseUid, 18)));
    expectError(await operator().get(flatUrl(fx().houseUid, 18)), 404);
    expectError(await operator().request('DELETE', flatUrl(fx().houseUid, 18)), 404);
  });
});
