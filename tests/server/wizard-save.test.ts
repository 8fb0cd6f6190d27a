import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { DeviceCardResponse, ExecutorsResponse } from '../../contract/device-card';
import { WizardSaveResponse, applyBuyerSipRule, defaultWizardDraft, toWizardSaveBody, type WizardSave } from '../../contract/wizard';
import { queryRows, type Db } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp, type AccountName } from './helpers';
import { testMac } from './prepare-fixtures';

const SAVE = '/front/wizard/save';
const EXECUTORS = '/front/device-card/executors';

interface Place {
  houseA: string;
  houseB: string;
  entranceA: string;
  entranceB: string;
  otherEntrance: string;
}

async function places(db: Db): Promise<Place> {
  // Houses of the demo accounts' buyer (the only ones its installer and operator may pick), then
  // any other house for an entrance outside them.
  const rows = await queryRows<{ houseUid: string; entranceUid: string }>(
    db,
    sql`select h.uid as "houseUid", min(e.uid) as "entranceUid" from houses h join entrances e on e.house_uid = h.uid
        group by h.uid
        order by bool_or(e.buyer_id = (select buyer_id from users where login = 'installer')) desc, h.uid collate "C" limit 3`,
  );
  return { houseA: rows[0].houseUid, houseB: rows[1].houseUid, entranceA: rows[0].entranceUid, entranceB: rows[1].entranceUid, otherEntrance: rows[2].entranceUid };
}

/** A filled draft turned into the body the wizard sends (the contract's own mapping). */
function saveBody(place: Place, n: number, overrides: Partial<WizardSave> = {}): WizardSave {
  const draft = defaultWizardDraft(testMac(n).toLowerCase());
  const body = toWizardSaveBody({
    ...draft,
    type: 6,
    url: `http://10.40.0.${n % 250}`,
    shift: 5,
    vendor: 'ISCom',
    houses: [place.houseA, place.houseB],
    relays: [
      { id: 1, entrance: place.entranceA },
      { id: 2, entrance: '' },
      { id: 3, entrance: place.entranceB },
    ],
    sipAccount: { domain: 'sip.intercom.local', port: 7777, type: 'tcp' },
    billing: { bsName: 'BS-MSK-0001', bsPort: '7', fiasId: '5d1e3c2a-0b7f-4c1e-9a3d-7e2f1b0c9d8a', porchNum: '2', devicePurpose: 5, executorId: 1, deviceOwner: 'УК «Дом»' },
  });
  return { ...body, ...overrides };
}

type DeviceRow = { id: number; mac: string; buyerId: number; type: number; statusCode: number; options: Record<string, unknown>; capabilities: string[] };

describe.each(BACKENDS)('POST /front/wizard/save on %s', (backend) => {
  const app = useApp(backend, { jobs: { enabled: false } });
  const db = () => app().database.drizzle;

  async function deviceRow(mac: string): Promise<DeviceRow | undefined> {
    const [row] = await queryRows<DeviceRow>(
      db(),
      sql`select id, mac, buyer_id as "buyerId", type, status_code as "statusCode", options, capabilities from devices where mac = ${mac}`,
    );
    return row;
  }
  async function links(id: number) {
    const houses = await queryRows<{ houseUid: string }>(db(), sql`select house_uid as "houseUid" from device_houses where device_id = ${id} order by house_uid`);
    const relays = await queryRows<{ id: number; entrance: string | null; statusCode: number }>(
      db(),
      sql`select relay_num as "id", entrance_uid as "entrance", status_code as "statusCode" from device_relays where device_id = ${id} order by relay_num`,
    );
    const sip = await queryRows<{ id: number; login: string; password: string; domain: string; port: number; type: string; houseUid: string | null; buyerId: number; sos: string; conciergeApartment: number }>(
      db(),
      sql`select id, login, password, domain, port, type, house_uid as "houseUid", buyer_id as "buyerId", sos, concierge_apartment as "conciergeApartment"
          from sip_accounts where device_id = ${id}`,
    );
    return { houses: houses.map((row) => row.houseUid), relays, sip };
  }

  it('creates the device with exactly the fields sent: options, houses, relays and SIP account', async () => {
    const place = await places(db());
    const client = await loginAs(app(), 'installer');
    const body = saveBody(place, 5001);
    const response = await client.request('POST', SAVE, { payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const answer = expectShape(WizardSaveResponse, response.json());
    expect(answer).toMatchObject({ result: true, message: 'Устройство создано' });

    const mac = testMac(5001);
    const row = await deviceRow(mac);
    expect(row).toMatchObject({ mac, buyerId: 1, type: 6, statusCode: 1 });
    expect(row!.capabilities).toEqual(expect.arrayContaining(['rs485', 'audio', 'commutators']));
    expect(row!.options).toEqual({
      // the wizard's fields, as sent
      url: body.url,
      login: 'admin',
      password: '123456',
      SHIFT: 5,
      VENDOR: 'ISCom',
      billing_bsName: 'BS-MSK-0001',
      billing_bsPort: '7',
      billing_fiasId: '5d1e3c2a-0b7f-4c1e-9a3d-7e2f1b0c9d8a',
      billing_porchNum: '2',
      billing_executorId: '1',
      devicePurpose: 5,
      deviceOwner: 'УК «Дом»',
      sipPort: 7777,
      // a new device's defaults
      apiPort: 80,
      rtspPort: 554,
      isMifare: false,
      autoCollectKeys: false,
      sos: 'SOS',
      conciergeApartment: 999,
    });
    const linked = await links(row!.id);
    expect(linked.houses).toEqual([place.houseA, place.houseB].sort());
    expect(linked.relays).toEqual([
      { id: 1, entrance: place.entranceA, statusCode: 1 },
      { id: 2, entrance: null, statusCode: 0 },
      { id: 3, entrance: place.entranceB, statusCode: 1 },
    ]);
    expect(linked.sip).toHaveLength(1);
    expect(linked.sip[0]).toMatchObject({ domain: 'sip.intercom.local', port: 7777, type: 'tcp', houseUid: place.houseA, buyerId: 1, sos: 'SOS', conciergeApartment: 999 });
    expect(linked.sip[0].login).toBe(String(1_000_000 + linked.sip[0].id));
    expect(linked.sip[0].password).toMatch(/^[\w-]{12}$/);

    // The answer is the saved device.
    expect(answer.data).toMatchObject({
      mac,
      type: 6,
      statusCode: 1,
      houses: [place.houseA, place.houseB].sort(),
      relays: [
        { id: 1, statusCode: 1, entrance: place.entranceA },
        { id: 2, statusCode: 0, entrance: '' },
        { id: 3, statusCode: 1, entrance: place.entranceB },
      ],
      sipAccount: { id: linked.sip[0].id, login: linked.sip[0].login, domain: 'sip.intercom.local', port: 7777, type: 'tcp', house_uid: place.houseA, buyer_id: 1 },
    });
  });

  it('shows what it saved on the device card', async () => {
    const place = await places(db());
    const client = await loginAs(app(), 'operator');
    const mac = testMac(5002);
    expect((await client.request('POST', SAVE, { payload: saveBody(place, 5002) })).statusCode).toBe(200);
    const response = await client.get(`/front/device-card/device/${encodeURIComponent(mac)}`);
    expect(response.statusCode, response.body).toBe(200);
    const card = expectShape(DeviceCardResponse, response.json());
    expect(card.device).toMatchObject({ mac, type: 6, statusCode: 1, houses: [place.houseA, place.houseB].sort() });
    expect(card.device.sipAccount).toMatchObject({ domain: 'sip.intercom.local', port: 7777, type: 'tcp' });
    expect(card.houses.map((house) => house.id).sort()).toEqual([place.houseA, place.houseB].sort());
    expect(card.entrances.map((row) => [row.relay, row.entrance]).sort()).toEqual(
      expect.arrayContaining([
        [1, place.entranceA],
        [3, place.entranceB],
      ]),
    );
    expect(card.billingOptions).toEqual(expect.arrayContaining([{ name: 'billing_bsName', value: 'BS-MSK-0001' }, { name: 'billing_executorId', value: '1' }]));
  });

  it('updates a registered device: keeps its other options, replaces houses and relays, updates its SIP account in place', async () => {
    const place = await places(db());
    const [seeded] = await queryRows<{ mac: string; id: number; sipId: number; sipLogin: string }>(
      db(),
      sql`select d.mac, d.id, s.id as "sipId", s.login as "sipLogin" from devices d join sip_accounts s on s.device_id = d.id
          where d.buyer_id = 1 and d.options ? 'echoCancellationType' order by d.id limit 1`,
    );
    const before = await deviceRow(seeded.mac);
    const client = await loginAs(app(), 'installer');
    const body = saveBody(place, 0, { mac: seeded.mac, deviceType: before!.type, relays: [{ id: 1, entrance: place.entranceB }] });
    const response = await client.request('POST', SAVE, { payload: body });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ result: true, message: 'Устройство сохранено' });
    const after = await deviceRow(seeded.mac);
    expect(after!.id).toBe(seeded.id);
    expect(after!.statusCode).toBe(1);
    expect(after!.options.echoCancellationType).toBe(before!.options.echoCancellationType);
    expect(after!.options).toMatchObject({ url: body.url, billing_bsPort: '7', sipPort: 7777, SHIFT: 5 });
    const linked = await links(seeded.id);
    expect(linked.houses).toEqual([place.houseA, place.houseB].sort());
    expect(linked.relays).toEqual([{ id: 1, entrance: place.entranceB, statusCode: 1 }]);
    expect(linked.sip).toEqual([expect.objectContaining({ id: seeded.sipId, login: seeded.sipLogin, domain: 'sip.intercom.local', port: 7777, type: 'tcp' })]);
  });

  it("enforces the buyer-1 SIP rule whatever the client sends; another buyer's blank SIP domain removes the account", async () => {
    const place = await places(db());
    const client = await loginAs(app(), 'installer');
    const draft = { ...defaultWizardDraft(testMac(5003)), type: 1, houses: [place.houseA], relays: [{ id: 1, entrance: place.entranceA }] };
    const typed = toWizardSaveBody({ ...draft, sipAccount: { domain: 'sip.partner.example', port: 5070, type: 'udp' } });
    expect((await client.request('POST', SAVE, { payload: typed })).statusCode).toBe(200);
    const row = await deviceRow(testMac(5003));
    expect((await links(row!.id)).sip).toEqual([expect.objectContaining({ domain: 'sip.intercom.local', port: 7777, type: 'udp' })]);
    const ruled = toWizardSaveBody(applyBuyerSipRule(draft, 1));
    expect((await client.request('POST', SAVE, { payload: ruled })).statusCode).toBe(200);
    expect((await links(row!.id)).sip).toEqual([expect.objectContaining({ domain: 'sip.intercom.local', port: 7777 })]);
    const blank = toWizardSaveBody({ ...draft, sipAccount: { domain: ' ', port: null, type: 'udp' } });
    expect((await client.request('POST', SAVE, { payload: blank })).statusCode).toBe(200);
    expect((await links(row!.id)).sip).toEqual([expect.objectContaining({ domain: 'sip.intercom.local', port: 7777 })]);

    const [foreign] = await queryRows<{ id: number; mac: string; type: number }>(
      db(),
      sql`select d.id, d.mac, d.type from devices d join sip_accounts s on s.device_id = d.id where d.buyer_id <> 1 order by d.id limit 1`,
    );
    const foreignBlank = saveBody(place, 0, { mac: foreign.mac, deviceType: foreign.type, houses: [], relays: [], sipDomain: '', sipPort: null });
    expect((await (await loginAs(app(), 'admin')).request('POST', SAVE, { payload: foreignBlank })).statusCode).toBe(200);
    expect((await links(foreign.id)).sip).toEqual([]);
    expect((await deviceRow(foreign.mac))!.options.sipPort).toBeNull();
  });

  it('replays a save sent again with its Idempotency-Key', async () => {
    const place = await places(db());
    const client = await loginAs(app(), 'installer');
    const headers = { [IDEMPOTENCY_HEADER]: `wizard-save-${backend}` };
    const first = await client.request('POST', SAVE, { payload: saveBody(place, 5004), headers });
    const second = await client.request('POST', SAVE, { payload: saveBody(place, 5004), headers });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it('refuses bad bodies with 400 naming the field, and saves nothing', async () => {
    const place = await places(db());
    const client = await loginAs(app(), 'installer');
    const body = saveBody(place, 5005);
    const cases: [Partial<WizardSave> | Record<string, unknown>, RegExp][] = [
      [{ mac: '00:1A' }, /mac/],
      [{ deviceType: 16 }, /deviceType/],
      [{ login: '' }, /login/],
      [{ houses: ['no-such-house'] }, /houses\.0: дом no-such-house не найден/],
      [{ relays: [{ id: 1, entrance: 'no-such-entrance' }] }, /relays\.0\.entrance: подъезд no-such-entrance не найден/],
      [{ relays: [{ id: 1, entrance: place.otherEntrance }] }, /relays\.0\.entrance: .*не относится к выбранным домам/],
      [{ relays: [{ id: 1, entrance: '' }, { id: 1, entrance: '' }] }, /relays\.1\.id: реле 1 указано дважды/],
      [{ relays: [{ id: 17, entrance: '' }] }, /relays\.0\.id/],
      [{ sipType: 'sctp' }, /sipType/],
      [{ sipPort: 70000 }, /sipPort/],
      [{ devicePurpose: 9 }, /devicePurpose/],
      [{ executorId: 999999 }, /executorId: исполнитель 999999 не найден/],
      [{ url: `http://10.0.0.1/${'x'.repeat(250)}` }, /url: не длиннее 255/],
      [{ extra: true }, /extra/],
    ];
    for (const [patch, message] of cases) {
      expectError(await client.request('POST', SAVE, { payload: { ...body, ...patch } }), 400, message);
    }
    const { deviceType: _type, ...withoutType } = body;
    expectError(await client.request('POST', SAVE, { payload: withoutType }), 400, /deviceType/);
    expect(await deviceRow(testMac(5005))).toBeUndefined();
  });

  it("refuses another buyer's MAC to an installer (409); the superuser may save it", async () => {
    const place = await places(db());
    const [foreign] = await queryRows<{ mac: string; type: number }>(db(), sql`select mac, type from devices where buyer_id <> 1 order by id limit 1`);
    const body = saveBody(place, 0, { mac: foreign.mac, deviceType: foreign.type });
    expectError(await (await loginAs(app(), 'installer')).request('POST', SAVE, { payload: body }), 409, /уже зарегистрировано/);
    expect((await (await loginAs(app(), 'admin')).request('POST', SAVE, { payload: body })).statusCode).toBe(200);
  });

  it('is for installers, management and the superuser; needs the CSRF token', async () => {
    const place = await places(db());
    expectError(await new TestClient(app()).request('POST', SAVE, { payload: saveBody(place, 5006) }), 401);
    expectError(await (await loginAs(app(), 'support')).request('POST', SAVE, { payload: saveBody(place, 5006) }), 403);
    expectError(await (await loginAs(app(), 'installer')).request('POST', SAVE, { payload: saveBody(place, 5006), csrf: false }), 403, /CSRF/);
    for (const [index, account] of (['installer', 'operator', 'admin'] as AccountName[]).entries()) {
      const response = await (await loginAs(app(), account)).request('POST', SAVE, { payload: saveBody(place, 5010 + index) });
      expect(response.statusCode, `${account}: ${response.body}`).toBe(200);
    }
  });
});

describe.each(BACKENDS)('GET /front/device-card/executors on %s', (backend) => {
  const app = useApp(backend, { jobs: { enabled: false } });

  it("lists the active shared executors and the user's buyer's, by name; the superuser sees all", async () => {
    const db = app().database.drizzle;
    const expected = await queryRows<{ id: number; text: string }>(
      db,
      sql`select id, name as "text" from executors where active and (buyer_id is null or buyer_id = 1) order by name, id`,
    );
    const all = await queryRows<{ id: number }>(db, sql`select id from executors where active`);
    const installer = expectShape(ExecutorsResponse, (await (await loginAs(app(), 'installer')).get(EXECUTORS)).json());
    expect(installer.data).toEqual(expected);
    expect(installer.data.length).toBeGreaterThan(0);
    const admin = expectShape(ExecutorsResponse, (await (await loginAs(app(), 'admin')).get(EXECUTORS)).json());
    expect(admin.data).toHaveLength(all.length);
    expect((await (await loginAs(app(), 'operator')).get(EXECUTORS)).statusCode).toBe(200);
    expectError(await (await loginAs(app(), 'support')).get(EXECUTORS), 403);
    expectError(await new TestClient(app()).get(EXECUTORS), 401);
  });
});
