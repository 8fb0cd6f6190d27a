import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { WizardReplaceResponse, type WizardReplaceOptions } from '../../contract/wizard';
import { queryRows, type Db } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp, type AccountName } from './helpers';
import { testMac } from './prepare-fixtures';

const REPLACE = '/front/wizard/replace-options';

interface Snapshot {
  id: number;
  buyerId: number;
  type: number;
  statusCode: number;
  options: Record<string, unknown>;
  houses: string[];
  relays: { id: number; entrance: string | null; statusCode: number }[];
  keys: { id: number; value: string }[];
  sip: { id: number; login: string }[];
  groups: number[];
}

async function snapshot(db: Db, mac: string): Promise<Snapshot | null> {
  const [device] = await queryRows<{ id: number; buyerId: number; type: number; statusCode: number; options: Record<string, unknown> }>(
    db,
    sql`select id, buyer_id as "buyerId", type, status_code as "statusCode", options from devices where mac = ${mac}`,
  );
  if (!device) return null;
  const houses = await queryRows<{ uid: string }>(db, sql`select house_uid as "uid" from device_houses where device_id = ${device.id} order by house_uid`);
  const relays = await queryRows<{ id: number; entrance: string | null; statusCode: number }>(
    db,
    sql`select relay_num as "id", entrance_uid as "entrance", status_code as "statusCode" from device_relays where device_id = ${device.id} order by relay_num`,
  );
  const keys = await queryRows<{ id: number; value: string }>(db, sql`select id, value from keys where device_id = ${device.id} order by id`);
  const sip = await queryRows<{ id: number; login: string }>(db, sql`select id, login from sip_accounts where device_id = ${device.id}`);
  const groups = await queryRows<{ id: number }>(db, sql`select group_id as "id" from device_groups where device_id = ${device.id} order by group_id`);
  return { ...device, houses: houses.map((row) => row.uid), relays, keys, sip, groups: groups.map((row) => row.id) };
}

/** A seeded device of buyer 1 with houses, relays, keys and a SIP account (and a group if one has it). */
async function richDevice(db: Db, skip: number): Promise<string> {
  const rows = await queryRows<{ mac: string }>(
    db,
    sql`select d.mac from devices d
        where d.buyer_id = 1 and d.status_code <> 3
          and exists (select 1 from sip_accounts s where s.device_id = d.id)
          and exists (select 1 from keys k where k.device_id = d.id)
          and exists (select 1 from device_relays r where r.device_id = d.id and r.entrance_uid is not null)
        order by (select count(*) from device_groups g where g.device_id = d.id) desc, d.id
        limit 1 offset ${skip}`,
  );
  return rows[0].mac;
}

function body(macFrom: string, macTo: string, overrides: Partial<WizardReplaceOptions> = {}): WizardReplaceOptions {
  return { macFrom, macTo, type: 10, options: { VENDOR: 'Beward', echoCancellationType: 2 }, url: 'http://10.77.0.1', login: 'admin', password: 'new-secret', ...overrides };
}

describe.each(BACKENDS)('POST /front/wizard/replace-options on %s', (backend) => {
  const app = useApp(backend, { jobs: { enabled: false } });
  const db = () => app().database.drizzle;

  it('moves houses, relays, keys, groups and the SIP account to a new MAC, copies the options, and resets the old device', async () => {
    const macFrom = await richDevice(db(), 0);
    const macTo = testMac(6001);
    const old = (await snapshot(db(), macFrom))!;
    const client = await loginAs(app(), 'installer');
    const response = await client.request('POST', REPLACE, { payload: body(macFrom, macTo.toLowerCase()) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = expectShape(WizardReplaceResponse, response.json());
    expect(answer).toEqual({
      result: true,
      message: `Перенесено: домов ${old.houses.length}, реле ${old.relays.length}, ключей ${old.keys.length}, групп ${old.groups.length}, SIP-аккаунт да`,
      moved: { houses: old.houses.length, relays: old.relays.length, keys: old.keys.length, groups: old.groups.length, sipAccount: true },
      notMoved: [],
    });

    const moved = (await snapshot(db(), macTo))!;
    expect(moved).toMatchObject({ buyerId: old.buyerId, type: 10, statusCode: old.statusCode, houses: old.houses, relays: old.relays, keys: old.keys, sip: old.sip, groups: old.groups });
    const { 'systemInfo.revision': _revision, ...portable } = old.options;
    expect(moved.options).toEqual({ ...portable, VENDOR: 'Beward', echoCancellationType: 2, url: 'http://10.77.0.1', login: 'admin', password: 'new-secret' });

    const reset = (await snapshot(db(), macFrom))!;
    expect(reset).toMatchObject({ statusCode: 3, houses: [], relays: [], keys: [], sip: [], groups: [] });
    for (const key of ['billing_bsName', 'billing_bsPort', 'billing_fiasId', 'billing_porchNum', 'billing_executorId']) expect(reset.options[key], key).toBe('');
    expect(reset.options.url).toBe(old.options.url);
  });

  it('says exactly what did not move: keys the new device already holds, and the SIP account when it has its own', async () => {
    const macFrom = await richDevice(db(), 1);
    const old = (await snapshot(db(), macFrom))!;
    // The replacement is already registered, with one of the old keys and its own SIP account.
    const macTo = testMac(6002);
    await db().execute(sql`insert into devices (mac, buyer_id, type, status_code, options, capabilities) values (${macTo}, 1, 6, 0, '{"url": "http://new"}'::jsonb, '{}')`);
    const [target] = await queryRows<{ id: number }>(db(), sql`select id from devices where mac = ${macTo}`);
    const shared = old.keys[0].value;
    await db().execute(sql`insert into keys (device_id, buyer_id, value, key_type, "inner") select ${target.id}, buyer_id, value, key_type, "inner" from keys where id = ${old.keys[0].id}`);
    await db().execute(sql`insert into sip_accounts (login, password, domain, port, type, buyer_id, device_id) values (${`own-${backend}`}, 'x', 'sip.own', 5060, 'udp', 1, ${target.id})`);

    const response = await (await loginAs(app(), 'operator')).request('POST', REPLACE, { payload: body(macFrom, macTo) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = expectShape(WizardReplaceResponse, response.json());
    expect(answer.moved).toEqual({ houses: old.houses.length, relays: old.relays.length, keys: old.keys.length - 1, groups: old.groups.length, sipAccount: false });
    expect(answer.notMoved).toEqual([
      { item: 'keys', reason: 'новое устройство уже хранит ключи с этими значениями', values: [shared] },
      { item: 'sipAccount', reason: `у нового устройства уже есть SIP-аккаунт own-${backend}`, values: [old.sip[0].login] },
    ]);
    expect(answer.message).toContain(`Не перенесено: ключи ${shared}`);
    expect(answer.message).toContain(`SIP-аккаунт ${old.sip[0].login} (у нового устройства уже есть SIP-аккаунт own-${backend})`);

    const left = (await snapshot(db(), macFrom))!;
    expect(left.keys.map((key) => key.value)).toEqual([shared]);
    expect(left.sip).toEqual(old.sip);
    const moved = (await snapshot(db(), macTo))!;
    expect(moved.houses).toEqual(old.houses);
    expect(moved.relays).toEqual(old.relays);
    expect(moved.sip.map((account) => account.login)).toEqual([`own-${backend}`]);
  });

  it('replays a replacement sent again with its Idempotency-Key', async () => {
    const macFrom = await richDevice(db(), 2);
    const client = await loginAs(app(), 'installer');
    const headers = { [IDEMPOTENCY_HEADER]: `replace-${backend}` };
    const first = await client.request('POST', REPLACE, { payload: body(macFrom, testMac(6003)), headers });
    const second = await client.request('POST', REPLACE, { payload: body(macFrom, testMac(6003)), headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it('refuses an unknown or foreign old device (404), another buyer’s new MAC (409) and bad bodies (400)', async () => {
    const macFrom = await richDevice(db(), 3);
    const [foreign] = await queryRows<{ mac: string }>(db(), sql`select mac from devices where buyer_id <> 1 order by id limit 1`);
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.request('POST', REPLACE, { payload: body(testMac(6999), testMac(6004)) }), 404, /не найдено/);
    expectError(await installer.request('POST', REPLACE, { payload: body(foreign.mac, testMac(6004)) }), 404, /не найдено/);
    expectError(await installer.request('POST', REPLACE, { payload: body(macFrom, foreign.mac) }), 409, /уже зарегистрировано/);
    expectError(await installer.request('POST', REPLACE, { payload: body(macFrom, macFrom.toLowerCase()) }), 400, /macTo: новое устройство совпадает/);
    expectError(await installer.request('POST', REPLACE, { payload: body(macFrom, 'nope') }), 400, /macTo/);
    expectError(await installer.request('POST', REPLACE, { payload: body(macFrom, testMac(6004), { type: 16 }) }), 400, /type/);
    expectError(await installer.request('POST', REPLACE, { payload: { ...body(macFrom, testMac(6004)), options: { audio: { a: 1 } } } }), 400, /options\.audio/);
    const { password: _password, ...withoutPassword } = body(macFrom, testMac(6004));
    expectError(await installer.request('POST', REPLACE, { payload: withoutPassword }), 400, /password/);
    expectError(await installer.request('POST', REPLACE, { payload: body(macFrom, testMac(6004), { url: `http://10.0.0.1/${'x'.repeat(250)}` }) }), 400, /url: не длиннее 255/);
    // Nothing happened to the old device.
    expect((await snapshot(db(), macFrom))!.statusCode).not.toBe(3);
  });

  it('is for installers, management and the superuser', async () => {
    const macFrom = await richDevice(db(), 4);
    expectError(await new TestClient(app()).request('POST', REPLACE, { payload: body(macFrom, testMac(6010)) }), 401);
    expectError(await (await loginAs(app(), 'support')).request('POST', REPLACE, { payload: body(macFrom, testMac(6010)) }), 403);
    expectError(await (await loginAs(app(), 'installer')).request('POST', REPLACE, { payload: body(macFrom, testMac(6010)), csrf: false }), 403, /CSRF/);
    for (const [index, account] of (['installer', 'operator', 'admin'] as AccountName[]).entries()) {
      const from = await richDevice(db(), 5 + index);
      const response = await (await loginAs(app(), account)).request('POST', REPLACE, { payload: body(from, testMac(6011 + index)) });
      expect(response.statusCode, `${account}: ${response.body}`).toBe(200);
    }
  });
});
