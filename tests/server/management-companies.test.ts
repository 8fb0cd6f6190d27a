import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { MC_LIST_PAGE_SIZE, McDevicesResponse, McListResponse, McPageResponse, McResponse, McUploadResponse, McUploadStatusResponse, type McUpload } from '../../contract/mc';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp, type AccountName } from './helpers';
import { CountingGateway, createCompanyWithDevices, waitFor } from './mc-upload-fixtures';

const BASE = '/front/management-company';
/** Small seed: buyer 1 (the operator's) has companies 1 and 2, buyer 2 has 3 and 4. */
const OWN = 1;
const OTHERS = 3;

function setBody(overrides: Record<string, unknown> = {}) {
  return { id: OWN, internalId: 'MC-0001', name: 'УК «Уютный дом»', buyerId: 1, codeAccess: '555111', active: true, nextExecute: null, flatNum: 9100, interval: 0, ...overrides };
}

async function uploadStatus(client: TestClient, id: number): Promise<McUpload | null> {
  const response = await client.get(`${BASE}/${id}/upload`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(McUploadStatusResponse, response.json()).data;
}

const finished = (client: TestClient, id: number) =>
  waitFor('the upload to finish', async () => {
    const status = await uploadStatus(client, id);
    return status && !status.running ? status : null;
  });

describe.each(BACKENDS)('management companies on %s', (backend) => {
  const gateway = new CountingGateway({ failureShare: 0, uploadMs: 5, timeoutMs: 50 });
  const app = useApp(backend, { deviceGateway: { driver: gateway }, mcUploads: { pollMs: 20 } });
  const as = (account: AccountName) => loginAs(app(), account);

  describe('reading', () => {
    it('lists the own buyer’s companies to management and support, every buyer’s to the superuser', async () => {
      for (const account of ['operator', 'support'] as const) {
        const all = expectShape(McListResponse, (await (await as(account)).get(BASE)).json());
        expect(all.data.length).toBeGreaterThan(0);
        expect(new Set(all.data.map((company) => company.buyerId))).toEqual(new Set([1]));
      }
      const admin = expectShape(McListResponse, (await (await as('admin')).get(BASE)).json());
      expect(new Set(admin.data.map((company) => company.buyerId)).size).toBeGreaterThan(1);
      expectError(await (await as('installer')).get(BASE), 403);
      expectError(await new TestClient(app()).get(BASE), 401);
    });

    it('pages with the five filters, 20 a page; a management user never sees another buyer’s', async () => {
      const operator = await as('operator');
      for (let n = 1; n <= 22; n++) {
        const response = await operator.request('POST', `${BASE}/create`, { payload: { internalId: `PG-${String(n).padStart(2, '0')}`, name: `УК «Страница ${n}»` } });
        expect(response.statusCode, response.body).toBe(200);
      }
      const page = async (client: TestClient, query: string) => {
        const response = await client.get(`${BASE}/pagination${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return expectShape(McPageResponse, response.json());
      };
      const first = await page(operator, '?page=1&name=Страница');
      expect(first.pagination).toEqual({ count: MC_LIST_PAGE_SIZE, page: 1, pageCount: 2, pageSize: MC_LIST_PAGE_SIZE, totalCount: 22 });
      const second = await page(operator, '?page=2&name=страница');
      expect(second.data).toHaveLength(2);
      expect(second.data.map((company) => company.id)).not.toContain(first.data[0].id);
      expect((await page(operator, '?internalId=pg-1')).data.map((company) => company.internalId).sort()).toEqual(Array.from({ length: 10 }, (_v, n) => `PG-${10 + n}`));
      const [seeded] = (await page(operator, `?internalId=MC-0001`)).data;
      expect(seeded.id).toBe(OWN);
      if (seeded.codeAccess) expect((await page(operator, `?codeAccess=${seeded.codeAccess}`)).data.map((company) => company.id)).toContain(OWN);
      await operator.request('POST', `${BASE}/set`, { payload: setBody({ flatNum: 9123 }) });
      expect((await page(operator, '?flatNum=9123')).data.map((company) => company.id)).toEqual([OWN]);
      // Another buyer's filter gives the operator nothing; the superuser gets that buyer's.
      expect((await page(operator, '?buyerId=2')).data).toEqual([]);
      const admin = await as('admin');
      const buyer2 = await page(admin, '?buyerId=2');
      expect(buyer2.data.length).toBeGreaterThan(0);
      for (const company of buyer2.data) expect(company.buyerId).toBe(2);
      expectError(await operator.get(`${BASE}/pagination?flatNum=abc`), 400, /flatNum/);
      expectError(await operator.get(`${BASE}/pagination?buyerId=0`), 400, /buyerId/);
      expectError(await operator.get(`${BASE}/pagination?page=-1`), 400, /page/);
      expectError(await (await as('installer')).get(`${BASE}/pagination`), 403);
    });

    it('answers one company; another buyer’s or a missing one is 404, a bad id 400', async () => {
      const operator = await as('operator');
      const company = expectShape(McResponse, (await operator.get(`${BASE}/${OWN}`)).json()).data;
      expect(company).toMatchObject({ id: OWN, buyerId: 1, internalId: 'MC-0001' });
      expect(expectShape(McResponse, (await (await as('support')).get(`${BASE}/${OWN}`)).json()).data.id).toBe(OWN);
      expectError(await operator.get(`${BASE}/${OTHERS}`), 404, /не найдена/);
      expectError(await operator.get(`${BASE}/999999`), 404, /не найдена/);
      expectError(await operator.get(`${BASE}/abc`), 400, /id/);
      expect(expectShape(McResponse, (await (await as('admin')).get(`${BASE}/${OTHERS}`)).json()).data.buyerId).toBe(2);
    });
  });

  describe('changing', () => {
    it('creates with _csrf in the body (or the header) into the operator’s buyer; duplicates are 409, bad fields 400', async () => {
      const operator = await as('operator');
      const token = await operator.csrfToken();
      const created = await operator.request('POST', `${BASE}/create`, { csrf: false, payload: { internalId: ' NEW-1 ', name: 'УК «Новая»', _csrf: token } });
      expect(created.statusCode, created.body).toBe(200);
      const company = expectShape(McResponse, created.json()).data;
      expect(company).toMatchObject({ internalId: 'NEW-1', name: 'УК «Новая»', buyerId: 1, active: true, interval: 0, nextExecute: null, flatNum: null, codeAccess: null });
      expectError(await operator.request('POST', `${BASE}/create`, { payload: { internalId: 'NEW-1', name: 'Другая' } }), 409, /NEW-1/);
      // The same internalId at another buyer is no duplicate.
      const admin = await as('admin');
      await admin.request('POST', `${BASE}/set`, { payload: setBody({ id: OTHERS, internalId: 'NEW-2', buyerId: 2 }) });
      expect((await operator.request('POST', `${BASE}/create`, { payload: { internalId: 'NEW-2', name: 'УК' } })).statusCode).toBe(200);
      expectError(await operator.request('POST', `${BASE}/create`, { payload: { internalId: 'X', name: '  ' } }), 400, /name/);
      expectError(await operator.request('POST', `${BASE}/create`, { payload: { name: 'УК' } }), 400, /internalId/);
      expectError(await operator.request('POST', `${BASE}/create`, { payload: { internalId: 'X', name: 'я'.repeat(201) } }), 400, /name/);
      expectError(await operator.request('POST', `${BASE}/create`, { csrf: false, payload: { internalId: 'X', name: 'УК' } }), 403, /CSRF/);
      expectError(await operator.request('POST', `${BASE}/create`, { csrf: false, payload: { internalId: 'X', name: 'УК', _csrf: 'forged' } }), 403, /CSRF/);
      expectError(await (await as('support')).request('POST', `${BASE}/create`, { payload: { internalId: 'X', name: 'УК' } }), 403);
      expectError(await new TestClient(app()).request('POST', `${BASE}/create`, { payload: { internalId: 'X', name: 'УК' } }), 401);
    });

    it('saves every field (3 weeks read back as 1814400 seconds); bad fields are 400 naming them', async () => {
      const operator = await as('operator');
      const nextExecute = '2027-03-01T09:30:00.000Z';
      const saved = await operator.request('POST', `${BASE}/set`, { payload: setBody({ name: 'УК «Переименована»', interval: 1814400, nextExecute, flatNum: 9200, codeAccess: '777000' }) });
      expect(saved.statusCode, saved.body).toBe(200);
      const company = expectShape(McResponse, (await operator.get(`${BASE}/${OWN}`)).json()).data;
      expect(company).toEqual({ ...setBody({ name: 'УК «Переименована»', interval: 1814400, nextExecute, flatNum: 9200, codeAccess: '777000' }) });
      // A zone other than UTC is taken as the same moment.
      await operator.request('POST', `${BASE}/set`, { payload: setBody({ nextExecute: '2027-03-01T12:30:00+03:00' }) });
      expect(expectShape(McResponse, (await operator.get(`${BASE}/${OWN}`)).json()).data.nextExecute).toBe(nextExecute);

      const bad: [Record<string, unknown>, RegExp][] = [
        [{ interval: -1 }, /interval/],
        [{ interval: 'abc' }, /interval/],
        [{ interval: 1.5 }, /interval/],
        [{ nextExecute: 'tomorrow' }, /nextExecute/],
        [{ nextExecute: '2027-13-45T10:00:00Z' }, /nextExecute/],
        [{ flatNum: 0 }, /flatNum/],
        [{ flatNum: 'x' }, /flatNum/],
        [{ internalId: '' }, /internalId/],
        [{ name: 'я'.repeat(201) }, /name/],
        [{ buyerId: 2 }, /buyerId/],
      ];
      for (const [fields, field] of bad) expectError(await operator.request('POST', `${BASE}/set`, { payload: setBody(fields) }), 400, field);
      expectError(await operator.request('POST', `${BASE}/set`, { payload: setBody({ id: OTHERS, buyerId: 2 }) }), 404);
      expectError(await operator.request('POST', `${BASE}/set`, { payload: setBody({ id: 999999 }) }), 404);
      expectError(await operator.request('POST', `${BASE}/set`, { payload: setBody({ internalId: 'MC-0002' }) }), 409, /MC-0002/);
      expectError(await operator.request('POST', `${BASE}/set`, { payload: setBody(), csrf: false }), 403, /CSRF/);
      expectError(await (await as('support')).request('POST', `${BASE}/set`, { payload: setBody() }), 403);
    });

    it('lets only the superuser move a company to another buyer, and only to one that exists', async () => {
      const admin = await as('admin');
      const [mine] = (await createCompanies(admin, 1)).map((company) => company.id);
      expectError(await admin.request('POST', `${BASE}/set`, { payload: setBody({ id: mine, internalId: 'MOVE-1', buyerId: 999 }) }), 400, /buyerId/);
      const moved = await admin.request('POST', `${BASE}/set`, { payload: setBody({ id: mine, internalId: 'MOVE-1', buyerId: 2 }) });
      expect(expectShape(McResponse, moved.json()).data.buyerId).toBe(2);
      expectError(await (await as('operator')).get(`${BASE}/${mine}`), 404);
    });

    it('disables; another buyer’s company is 404', async () => {
      const operator = await as('operator');
      const [company] = await createCompanies(operator, 1);
      expectShape(ResultResponse, (await operator.request('POST', `${BASE}/disable`, { payload: { id: company.id } })).json());
      expect(expectShape(McResponse, (await operator.get(`${BASE}/${company.id}`)).json()).data.active).toBe(false);
      expectError(await operator.request('POST', `${BASE}/disable`, { payload: { id: OTHERS } }), 404);
      // A disabled company is not uploaded.
      for (const path of ['upload-all', 'upload-retry']) expectError(await operator.request('POST', `${BASE}/${path}`, { payload: { id: company.id } }), 409, /отключена/);
      expectError(await operator.request('POST', `${BASE}/disable`, { payload: { id: 'x' } }), 400, /id/);
      expectError(await operator.request('POST', `${BASE}/disable`, { payload: { id: company.id }, csrf: false }), 403, /CSRF/);
      expectError(await (await as('support')).request('POST', `${BASE}/disable`, { payload: { id: company.id } }), 403);
    });
  });

  describe('uploads', () => {
    it('lists the devices of the company’s houses, narrowed by a part of the MAC', async () => {
      const fx = await createCompanyWithDevices(app().database.drizzle, { buyerId: 1, devices: 5 });
      const operator = await as('operator');
      const all = expectShape(McDevicesResponse, (await operator.get(`${BASE}/${fx.companyId}/devices`)).json());
      const devices = all.data;
      expect(devices.map((device) => device.mac)).toEqual([...fx.macs].sort());
      expect(devices[0].houses).toHaveLength(2);
      // Each device serves two of the company's houses: counted once.
      expect(all.totalCount).toBe(5);
      const tail = fx.macs[3].slice(-5);
      const narrowed = expectShape(McDevicesResponse, (await operator.get(`${BASE}/${fx.companyId}/devices?mac=${encodeURIComponent(tail)}`)).json());
      expect(narrowed.data.map((device) => device.mac)).toEqual([fx.macs[3]]);
      expect(narrowed.totalCount).toBe(1);
      expectError(await operator.get(`${BASE}/${OTHERS}/devices`), 404);
      expectError(await operator.get(`${BASE}/${fx.companyId}/devices?mac=${'A'.repeat(30)}`), 400, /mac/);
    });

    it('uploads to every device once, with the company’s flats of the device’s houses; a failure carries its reason; retry redoes the failed', async () => {
      const db = app().database.drizzle;
      const fx = await createCompanyWithDevices(db, { buyerId: 1, devices: 12, flatsPerHouse: 4 });
      // A disabled device never answers (the simulator's rule).
      await db.execute(sql`update devices set status_code = 2 where mac = ${fx.macs[5]}`);
      const operator = await as('operator');
      expect(await uploadStatus(operator, fx.companyId)).toBeNull();
      const started = expectShape(McUploadResponse, (await operator.request('POST', `${BASE}/upload-all`, { payload: { id: fx.companyId } })).json());
      expect(started.devices).toBe(12);
      const status = await finished(operator, fx.companyId);
      expect(status).toMatchObject({ kind: 'all', total: 12, done: 11, failed: 1, left: 0, running: false });
      expect(status.finishedAt).not.toBeNull();
      // The reason in Russian, and its code with the MAC for a client in another language (contract/server-texts.ts).
      expect(status.failures).toEqual([
        {
          deviceId: expect.any(Number),
          mac: fx.macs[5],
          reason: `Устройство не отвечает: оно отключено или сброшено (${fx.macs[5]})`,
          reasonCode: 'device.unreachable',
          reasonParams: { mac: fx.macs[5] },
          at: expect.any(String),
        },
      ]);
      for (const mac of fx.macs) expect(gateway.calls.get(mac), mac).toBe(1);
      // The first device serves both houses: 4 flats of each (the same numbers), the concierge and the code.
      expect(gateway.lists.get(fx.macs[0])).toEqual({ companyId: fx.companyId, internalId: expect.any(String), codeAccess: '123456', conciergeFlatNum: 9001, flats: [1, 2, 3, 4] });

      await db.execute(sql`update devices set status_code = 1 where mac = ${fx.macs[5]}`);
      const retried = expectShape(McUploadResponse, (await operator.request('POST', `${BASE}/upload-retry`, { payload: { id: fx.companyId } })).json());
      expect(retried.devices).toBe(1);
      const after = await finished(operator, fx.companyId);
      expect(after).toMatchObject({ id: status.id, total: 12, done: 12, failed: 0, failures: [] });
      expect(gateway.calls.get(fx.macs[5])).toBe(2);
      expect(expectShape(McUploadResponse, (await operator.request('POST', `${BASE}/upload-retry`, { payload: { id: fx.companyId } })).json()).devices).toBe(0);
    });

    it('uploads to one device of the company; a device of no house of it is 404; a second upload while one runs is 409', async () => {
      const db = app().database.drizzle;
      const fx = await createCompanyWithDevices(db, { buyerId: 1, devices: 3 });
      const other = await createCompanyWithDevices(db, { buyerId: 1, devices: 1 });
      const operator = await as('operator');
      gateway.pause();
      const one = expectShape(McUploadResponse, (await operator.request('POST', `${BASE}/upload-one`, { payload: { id: fx.companyId, mac: fx.macs[1].toLowerCase() } })).json());
      expect(one.devices).toBe(1);
      expectError(await operator.request('POST', `${BASE}/upload-all`, { payload: { id: fx.companyId } }), 409, /уже идёт/);
      expectError(await operator.request('POST', `${BASE}/upload-retry`, { payload: { id: fx.companyId } }), 409, /уже идёт/);
      const running = await uploadStatus(operator, fx.companyId);
      expect(running).toMatchObject({ running: true, left: 1, done: 0, finishedAt: null });
      gateway.resume();
      const status = await finished(operator, fx.companyId);
      expect(status).toMatchObject({ kind: 'one', total: 1, done: 1 });
      expect(gateway.calls.get(fx.macs[1])).toBe(1);
      expect(gateway.calls.get(fx.macs[0])).toBeUndefined();
      expectError(await operator.request('POST', `${BASE}/upload-one`, { payload: { id: fx.companyId, mac: other.macs[0] } }), 404, /не найдено/);
      expectError(await operator.request('POST', `${BASE}/upload-one`, { payload: { id: fx.companyId, mac: 'zz' } }), 400, /mac/);
      // A company without devices: nothing to queue.
      const [empty] = await createCompanies(operator, 1);
      expect(expectShape(McUploadResponse, (await operator.request('POST', `${BASE}/upload-all`, { payload: { id: empty.id } })).json()).devices).toBe(0);
      expect(await uploadStatus(operator, empty.id)).toBeNull();
    });

    it('keeps another buyer’s uploads apart and refuses support, the logged-out and a missing token', async () => {
      const fx = await createCompanyWithDevices(app().database.drizzle, { buyerId: 2, devices: 1 });
      const operator = await as('operator');
      for (const path of ['upload-all', 'upload-retry']) expectError(await operator.request('POST', `${BASE}/${path}`, { payload: { id: fx.companyId } }), 404);
      expectError(await operator.request('POST', `${BASE}/upload-one`, { payload: { id: fx.companyId, mac: fx.macs[0] } }), 404);
      expectError(await operator.get(`${BASE}/${fx.companyId}/upload`), 404);
      const support = await as('support');
      expectError(await support.request('POST', `${BASE}/upload-all`, { payload: { id: OWN } }), 403);
      expect((await support.get(`${BASE}/${OWN}/upload`)).statusCode).toBe(200);
      expectError(await new TestClient(app()).get(`${BASE}/${OWN}/upload`), 401);
      expectError(await operator.request('POST', `${BASE}/upload-all`, { payload: { id: OWN }, csrf: false }), 403, /CSRF/);
      expectError(await operator.request('POST', `${BASE}/upload-all`, { payload: {} }), 400, /id/);
      // The superuser uploads any buyer's company.
      const admin = await as('admin');
      expect(expectShape(McUploadResponse, (await admin.request('POST', `${BASE}/upload-all`, { payload: { id: fx.companyId } })).json()).devices).toBe(1);
      expect((await finished(admin, fx.companyId)).done).toBe(1);
    });
  });

  async function createCompanies(client: TestClient, count: number) {
    const made = [];
    for (let n = 0; n < count; n++) {
      const response = await client.request('POST', `${BASE}/create`, { payload: { internalId: `C-${Date.now()}-${n}-${Math.random()}`, name: 'УК «Созданная»' } });
      expect(response.statusCode, response.body).toBe(200);
      made.push(expectShape(McResponse, response.json()).data);
    }
    return made;
  }
});
