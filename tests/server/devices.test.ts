import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DeviceCardResponse } from '../../contract/device-card';
import {
  DEVICE_LIST_PAGE_SIZE,
  DEVICE_LIST_SORT_FIELDS,
  DeviceListResponse,
  DeviceStatusesResponse,
  deviceEndpoints,
  type DeviceListRow,
} from '../../contract/devices';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

const LIST = '/front/device-list/get-list';
const STATUSES = '/front/device-list/get-statuses';
const CREATE = '/front/device-list/create-device';
const GROUPS = '/front/device-list/multiple-set-groups';
const CreateResponse = deviceEndpoints.create.response;
const GroupsResponse = deviceEndpoints.multipleSetGroups.response;

async function list(client: TestClient, query = '') {
  const response = await client.get(`${LIST}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(DeviceListResponse, response.json());
}

function sorted<T>(values: T[], descending: boolean): T[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (descending ? -1 : 1));
}

const FIELD_OF: Record<(typeof DEVICE_LIST_SORT_FIELDS)[number], keyof DeviceListRow> = {
  DEVICE_ID: 'DEVICE_ID',
  MAC: 'MAC',
  BUYER_ID: 'BUYER_ID',
  STATUS_CODE: 'STATUS_CODE',
  CREATE_DATE: 'CREATE_DATE',
  LAST_CHANGE: 'LAST_CHANGE',
  TYPE: 'TYPE',
};

describe.each(BACKENDS)('device list on %s', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 0 }, deviceCountTtlMs: 0 });
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.drizzle, query);

  it('answers the operator the first page of their buyer, last changed first, with houses and entrances', async () => {
    const client = await loginAs(app(), 'operator');
    const body = await list(client);
    const [{ total }] = await rows<{ total: number }>(sql`select count(*)::int as total from devices where buyer_id = 1`);
    expect(body.pagination).toEqual({
      count: Math.min(total, DEVICE_LIST_PAGE_SIZE),
      page: 1,
      pageCount: Math.ceil(total / DEVICE_LIST_PAGE_SIZE),
      pageSize: DEVICE_LIST_PAGE_SIZE,
      totalCount: total,
    });
    for (const row of body.data) expect(row.BUYER_ID).toBe(1);
    const changes = body.data.map((row) => row.LAST_CHANGE);
    expect(changes).toEqual(sorted(changes, true));
    expect(await list(client, '?page=1&sort=-LAST_CHANGE')).toEqual(body);

    // Houses and entrances as the database binds them.
    const bound = body.data.find((row) => Object.keys(row.houses).length > 0)!;
    const expected = await rows<{ house: string; address: string; entrance: string | null; title: string | null }>(
      sql`select h.uid as house, h.address, e.uid as entrance, e.title
          from devices d join device_houses dh on dh.device_id = d.id join houses h on h.uid = dh.house_uid
          left join device_relays r on r.device_id = d.id left join entrances e on e.uid = r.entrance_uid and e.house_uid = h.uid
          where d.mac = ${bound.MAC}`,
    );
    for (const row of expected) {
      expect(bound.houses[row.house].address).toBe(row.address);
      if (row.entrance) {
        expect(bound.houses[row.house].entrances).toContainEqual({ mac: bound.MAC, entranceUid: row.entrance, title: row.title, houseUid: row.house });
      }
    }
  });

  it('writes each row as the database holds it: JSON, dates as toISOString writes them', async () => {
    const client = await loginAs(app(), 'admin');
    const response = await client.get(`${LIST}?sort=DEVICE_ID`);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = expectShape(DeviceListResponse, response.json());
    const ids = body.data.map((row) => row.DEVICE_ID);
    const stored = await rows<{
      id: number;
      mac: string;
      buyer_id: number;
      buyer_name: string;
      status_code: number;
      type: number;
      create_date: Date | string;
      update_date: Date | string;
    }>(
      sql`select d.id, d.mac, d.buyer_id, b.name as buyer_name, d.status_code, d.type, d.create_date, d.update_date
          from devices d join buyers b on b.id = d.buyer_id where d.id in ${ids} order by d.id`,
    );
    // The superuser's page spans buyers: each row names its own (BUYER_NAME, ours).
    expect(new Set(stored.map((row) => row.buyer_name)).size).toBeGreaterThan(1);
    expect(body.data.map(({ houses: _houses, ...row }) => row)).toEqual(
      stored.map((row) => ({
        DEVICE_ID: row.id,
        MAC: row.mac,
        BUYER_ID: row.buyer_id,
        BUYER_NAME: row.buyer_name,
        STATUS_CODE: row.status_code,
        TYPE: row.type,
        CREATE_DATE: new Date(row.create_date).toISOString(),
        LAST_CHANGE: new Date(row.update_date).toISOString(),
      })),
    );
  });

  it('shows the superuser every buyer, and pages without overlap', async () => {
    const client = await loginAs(app(), 'admin');
    const first = await list(client, '?sort=DEVICE_ID');
    const [{ total }] = await rows<{ total: number }>(sql`select count(*)::int as total from devices`);
    expect(first.pagination.totalCount).toBe(total);
    expect(new Set(first.data.map((row) => row.BUYER_ID)).size).toBeGreaterThan(1);
    const second = await list(client, '?sort=DEVICE_ID&page=2');
    expect(second.pagination).toMatchObject({ page: 2, count: Math.min(DEVICE_LIST_PAGE_SIZE, total - DEVICE_LIST_PAGE_SIZE) });
    const ids = [...first.data, ...second.data].map((row) => row.DEVICE_ID);
    expect(ids).toEqual(sorted(ids, false));
    expect(new Set(ids).size).toBe(ids.length);
    const beyond = await list(client, '?page=99');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ page: 99, count: 0, totalCount: total });
  });

  it('sorts by every list field, both ways', async () => {
    const client = await loginAs(app(), 'admin');
    for (const field of DEVICE_LIST_SORT_FIELDS) {
      for (const descending of [false, true]) {
        const body = await list(client, `?sort=${descending ? '-' : ''}${field}`);
        const values = body.data.map((row) => row[FIELD_OF[field]]);
        expect(values, `${descending ? '-' : ''}${field}`).toEqual(sorted(values, descending));
      }
    }
  });

  it('filters by a part of the MAC in any spelling, and by the whole MAC', async () => {
    const client = await loginAs(app(), 'admin');
    const [sample] = (await list(client)).data;
    const hex = sample.MAC.replaceAll(':', '');
    const part = await list(client, `?mac=${hex.slice(4, 9).toLowerCase()}`);
    expect(part.data.map((row) => row.MAC)).toContain(sample.MAC);
    for (const row of part.data) expect(row.MAC.replaceAll(':', '')).toContain(hex.slice(4, 9));
    const whole = await list(client, `?mac=${encodeURIComponent(sample.MAC.toLowerCase().replaceAll(':', '-'))}`);
    expect(whole.data.map((row) => row.MAC)).toEqual([sample.MAC]);
    expect((await list(client, '?mac=ABCDEF123456')).pagination.totalCount).toBe(0);
  });

  it('filters by status, type, house, management company and both date ranges', async () => {
    const client = await loginAs(app(), 'admin');
    for (const status of [0, 1, 3]) {
      const [{ total }] = await rows<{ total: number }>(sql`select count(*)::int as total from devices where status_code = ${status}`);
      const body = await list(client, `?status=${status}`);
      expect(body.pagination.totalCount).toBe(total);
      for (const row of body.data) expect(row.STATUS_CODE).toBe(status);
    }
    const typed = await list(client, '?type=6');
    expect(typed.data.length).toBeGreaterThan(0);
    for (const row of typed.data) expect(row.TYPE).toBe(6);

    const [house] = await rows<{ uid: string; mc: number }>(
      sql`select dh.house_uid as uid, h.management_company_id as mc from device_houses dh join houses h on h.uid = dh.house_uid
          where h.management_company_id is not null limit 1`,
    );
    const expectedHouse = await rows<{ mac: string }>(
      sql`select d.mac from devices d join device_houses dh on dh.device_id = d.id where dh.house_uid = ${house.uid} order by d.mac`,
    );
    const byHouse = await list(client, `?houseUid=${house.uid}&sort=MAC`);
    expect(byHouse.data.map((row) => row.MAC)).toEqual(expectedHouse.map((row) => row.mac));
    const expectedMc = await rows<{ mac: string }>(
      sql`select distinct d.mac from devices d join device_houses dh on dh.device_id = d.id join houses h on h.uid = dh.house_uid
          where h.management_company_id = ${house.mc} order by d.mac`,
    );
    const byMc = await list(client, `?mcId=${house.mc}&sort=MAC`);
    expect(byMc.data.map((row) => row.MAC)).toEqual(expectedMc.map((row) => row.mac).slice(0, DEVICE_LIST_PAGE_SIZE));

    const all = await list(client, '?sort=CREATE_DATE');
    const from = all.data[3].CREATE_DATE;
    const to = all.data[8].CREATE_DATE;
    const created = await list(client, `?sort=CREATE_DATE&createDateFrom=${from}&createDateTo=${to}`);
    expect(created.data.map((row) => row.DEVICE_ID)).toEqual(all.data.slice(3, 9).map((row) => row.DEVICE_ID));
    const changed = (await list(client, '?sort=LAST_CHANGE')).data;
    const since = changed[5].LAST_CHANGE;
    const recent = await list(client, `?sort=LAST_CHANGE&lastChangeFrom=${since}`);
    for (const row of recent.data) expect(row.LAST_CHANGE >= since).toBe(true);
    const day = since.slice(0, 10);
    const sameDay = await list(client, `?lastChangeFrom=${day}&lastChangeTo=${day}`);
    for (const row of sameDay.data) expect(row.LAST_CHANGE.slice(0, 10)).toBe(day);
    expect(sameDay.data.map((row) => row.LAST_CHANGE)).toContain(since);
  });

  it('refuses bad queries with 400 naming the field', async () => {
    const client = await loginAs(app(), 'operator');
    expectError(await client.get(`${LIST}?sort=COLOUR`), 400, /sort/);
    expectError(await client.get(`${LIST}?status=9`), 400, /status/);
    expectError(await client.get(`${LIST}?type=16`), 400, /type/);
    expectError(await client.get(`${LIST}?page=0`), 400, /page/);
    expectError(await client.get(`${LIST}?page=abc`), 400, /page/);
    expectError(await client.get(`${LIST}?mac=xyz`), 400, /mac/);
    expectError(await client.get(`${LIST}?createDateFrom=yesterday`), 400, /createDateFrom/);
    expectError(await client.get(`${LIST}?mcId=0`), 400, /mcId/);
    expectError(await client.get(`${LIST}?colour=red`), 400, /colour/);
  });

  it('lets operators, installers and support read the list; strangers may not', async () => {
    expect((await (await loginAs(app(), 'installer')).get(LIST)).statusCode).toBe(200);
    expect((await (await loginAs(app(), 'support')).get(LIST)).statusCode).toBe(200);
    expectError(await new TestClient(app()).get(LIST), 401);
    expect((await (await loginAs(app(), 'support')).get(`${STATUSES}?macs=00:00:00:00:00:01`)).statusCode).toBe(200);
    expectError(await new TestClient(app()).get(`${STATUSES}?macs=00:00:00:00:00:01`), 401);
  });

  it('answers live statuses of the visible MACs and leaves out unknown and foreign ones', async () => {
    const client = await loginAs(app(), 'operator');
    const page = (await list(client)).data.map((row) => row.MAC);
    const [foreign] = await rows<{ mac: string }>(sql`select mac from devices where buyer_id <> 1 limit 1`);
    const query = [...page.slice(0, 5), foreign.mac, 'AA:BB:CC:DD:EE:FF'].map((mac) => `macs=${encodeURIComponent(mac)}`).join('&');
    const response = await client.get(`${STATUSES}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = expectShape(DeviceStatusesResponse, response.json());
    expect(Object.keys(body.data).sort()).toEqual(page.slice(0, 5).sort());
    for (const status of Object.values(body.data)) {
      expect(status.externalExists).toBeNull();
      if (!status.liveStatus) expect(status.sipStatus || status.rtspStatus).toBe(false);
    }
    const comma = await client.get(`${STATUSES}?macs=${page.slice(0, 2).join(',')}`);
    expect(Object.keys(expectShape(DeviceStatusesResponse, comma.json()).data).sort()).toEqual(page.slice(0, 2).sort());
    expectError(await client.get(`${STATUSES}?macs=not-a-mac`), 400, /macs/);
    expectError(await client.get(STATUSES), 400, /macs/);
    const many = Array.from({ length: 101 }, (_item, n) => `macs=00:00:00:00:${String(Math.floor(n / 100)).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}`);
    expectError(await client.get(`${STATUSES}?${many.join('&')}`), 400, /100/);
  });

  it('creates a device with the defaults, finds it in the list, and refuses the same MAC: 409', async () => {
    const client = await loginAs(app(), 'operator');
    // A house of the operator's buyer: another buyer's is refused (docs/api.md, «Which houses and devices a buyer's users see»).
    const [house] = await rows<{ uid: string }>(
      sql`select uid from houses h where exists (select 1 from entrances e where e.house_uid = h.uid and e.buyer_id = (select buyer_id from users where login = 'operator')) limit 1`,
    );
    const payload = { mac: '02-00-5e-10-00-01', type: 6, url: 'http://10.0.0.5', revision: 5, houses: [house.uid] };
    const response = await client.request('POST', CREATE, { payload });
    expect(response.statusCode, response.body).toBe(200);
    const body = expectShape(CreateResponse, response.json());
    expect(body.result).toBe(true);
    expect(body.message).toMatch(/создано/);
    expect(body.data).toMatchObject({
      mac: '02:00:5E:10:00:01',
      type: 6,
      buyerId: 1,
      statusCode: 0,
      houses: [house.uid],
      sipAccount: null,
      relays: [{ id: 1, statusCode: 0, entrance: '' }],
      options: { url: 'http://10.0.0.5', login: 'admin', password: '123456', 'systemInfo.revision': 5, sos: 'SOS', conciergeApartment: 999 },
    });
    expect(body.data!.capabilities).toContain('rs485');
    expect((await list(client, '?mac=005E100001')).data.map((row) => row.MAC)).toEqual(['02:00:5E:10:00:01']);
    expectError(await client.request('POST', CREATE, { payload }), 409, /уже существует/);
  });

  it('refuses bad create bodies, another buyer for an operator, and non-operators', async () => {
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 99 } }), 400, /type/);
    expectError(await operator.request('POST', CREATE, { payload: { mac: '02:00', type: 1 } }), 400, /mac/);
    expectError(await operator.request('POST', CREATE, { payload: { type: 1 } }), 400, /mac/);
    expectError(await operator.request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1, colour: 'red' } }), 400, /colour/);
    expectError(await operator.request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1, houses: ['no-such-house'] } }), 400, /houses/);
    expectError(await operator.request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1, revision: 3 } }), 400, /revision/);
    expectError(await operator.request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1, buyerId: 2 } }), 403, /другого покупателя/);
    expectError(await operator.request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1 }, csrf: false }), 403, /CSRF/);
    expectError(await (await loginAs(app(), 'installer')).request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1 } }), 403);
    expectError(await (await loginAs(app(), 'support')).request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1 } }), 403);
    const admin = await loginAs(app(), 'admin');
    expectError(await admin.request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1, buyerId: 999 } }), 400, /buyerId/);
    const other = await admin.request('POST', CREATE, { payload: { mac: '02:00:5E:10:00:02', type: 1, buyerId: 2 } });
    expect(expectShape(CreateResponse, other.json()).data?.buyerId).toBe(2);
    // The operator of buyer 1 does not see it.
    expect((await list(operator, '?mac=005E100002')).data).toEqual([]);
  });

  it('assigns groups to several devices, adding or replacing, and each card shows them', async () => {
    const client = await loginAs(app(), 'operator');
    const macs = (await list(client, '?sort=MAC')).data.slice(0, 3).map((row) => row.MAC);
    const buyerGroups = await rows<{ id: number }>(sql`select id from groups where buyer_id = 1 order by id`);
    expect(buyerGroups.length).toBeGreaterThanOrEqual(2);
    const [first, second] = buyerGroups.map((group) => group.id);

    const replaced = await client.request('POST', GROUPS, { payload: { macs, groups: [first], clearOld: true } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(expectShape(GroupsResponse, replaced.json())).toMatchObject({ result: true, updated: 3 });
    const added = await client.request('POST', GROUPS, { payload: { macs, groups: [second], clearOld: '0' } });
    expect(expectShape(GroupsResponse, added.json()).updated).toBe(3);
    for (const mac of macs) {
      const card = expectShape(DeviceCardResponse, (await client.get(`/front/device-card/device/${encodeURIComponent(mac)}`)).json());
      expect(card.groups.map((group) => group.groupId).sort()).toEqual([first, second].sort());
    }
    await client.request('POST', GROUPS, { payload: { macs, groups: [second], clearOld: true } });
    for (const mac of macs) {
      const card = expectShape(DeviceCardResponse, (await client.get(`/front/device-card/device/${encodeURIComponent(mac)}`)).json());
      expect(card.groups.map((group) => group.groupId)).toEqual([second]);
    }
  });

  it('refuses unknown devices and groups, another buyer’s group, bad bodies and non-operators', async () => {
    const client = await loginAs(app(), 'operator');
    const [mac] = (await list(client)).data.map((row) => row.MAC);
    const [own] = await rows<{ id: number }>(sql`select id from groups where buyer_id = 1 limit 1`);
    const [foreign] = await rows<{ id: number }>(sql`select id from groups where buyer_id <> 1 limit 1`);
    const [foreignDevice] = await rows<{ mac: string }>(sql`select mac from devices where buyer_id <> 1 limit 1`);
    expectError(await client.request('POST', GROUPS, { payload: { macs: [mac, 'AA:BB:CC:DD:EE:FF'], groups: [own.id], clearOld: false } }), 404, /AA:BB:CC:DD:EE:FF/);
    expectError(await client.request('POST', GROUPS, { payload: { macs: [foreignDevice.mac], groups: [own.id], clearOld: false } }), 404);
    expectError(await client.request('POST', GROUPS, { payload: { macs: [mac], groups: [999999], clearOld: false } }), 400, /999999/);
    expectError(await client.request('POST', GROUPS, { payload: { macs: [mac], groups: [foreign.id], clearOld: false } }), 400, /другому покупателю/);
    expectError(await client.request('POST', GROUPS, { payload: { macs: [], groups: [own.id], clearOld: false } }), 400, /macs/);
    expectError(await client.request('POST', GROUPS, { payload: { macs: [mac], groups: ['x'], clearOld: false } }), 400, /groups/);
    expectError(await client.request('POST', GROUPS, { payload: { macs: [mac], groups: [own.id] } }), 400, /clearOld/);
    expectError(await (await loginAs(app(), 'installer')).request('POST', GROUPS, { payload: { macs: [mac], groups: [own.id], clearOld: false } }), 403);
    expectError(await new TestClient(app()).request('POST', GROUPS, { payload: { macs: [mac], groups: [own.id], clearOld: false } }), 401);
  });
});
