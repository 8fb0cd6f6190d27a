import { describe, expect, it } from 'vitest';
import {
  CableLengthResponse,
  ErrorsOnPortResponse,
  JobStatusResponse,
  LinkStatusResponse,
  PortDeviceResponse,
  PortJobsResponse,
} from '../../contract/adjuster';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { queryRows } from '../../server/db/client';
import { sql } from 'drizzle-orm';
import { PORTS_PER_STATION, SIMULATED_STATIONS } from '../../server/gateways/network/simulator';
import { listPortAddresses } from '../../server/repositories/device-wizard';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp, type AccountName } from './helpers';

const PORT_DEVICE = '/adjuster/api/device/port-device';
const PORT_JOBS = '/adjuster/api/device/port';
const port = (bsName: string, portNum: number | string, what: string) => `/adjuster/api/device/${encodeURIComponent(bsName)}/${portNum}/${what}`;

describe.each(BACKENDS)('adjuster: base stations, ports and port jobs on %s', (backend) => {
  // No runner: the jobs stay as created, so their first state can be checked.
  const app = useApp(backend, { jobs: { enabled: false }, network: { timeScale: 0, failureShare: 0 } });

  it('looks up the address behind a port: a seeded house with its FIAS id and entrance', async () => {
    const client = await loginAs(app(), 'installer');
    const book = await listPortAddresses(app().database.drizzle, SIMULATED_STATIONS.length * PORTS_PER_STATION);
    expect(book.length).toBeGreaterThan(0);
    for (const [station, bsName] of SIMULATED_STATIONS.entries()) {
      for (const portNum of [1, 7, 18, 20, 23]) {
        const response = await client.request('POST', PORT_DEVICE, { payload: { name: bsName, portNum } });
        expect(response.statusCode, response.body).toBe(200);
        const body = expectShape(PortDeviceResponse, response.json());
        const entry = book[(station * PORTS_PER_STATION + portNum - 1) % book.length];
        expect(body).toMatchObject({ result: 'success', address: entry.address, entranceNum: entry.entranceNum, fiasId: entry.fiasId });
        const [house] = await queryRows<{ count: number }>(
          app().database.drizzle,
          sql`select count(*)::int as "count" from houses h join entrances e on e.house_uid = h.uid where h.fias = ${body.fiasId} and e.entrance_num = ${body.entranceNum}`,
        );
        expect(house.count).toBeGreaterThan(0);
      }
    }
  });

  it('answers nulls for a port without a known address, 404 for an unknown base station or port, 400 for a bad body', async () => {
    const client = await loginAs(app(), 'installer');
    for (const portNum of [21, 22, 24]) {
      const body = expectShape(PortDeviceResponse, (await client.request('POST', PORT_DEVICE, { payload: { name: 'BS-MSK-0001', portNum } })).json());
      expect(body).toMatchObject({ result: 'success', address: null, entranceNum: null, fiasId: null });
    }
    expectError(await client.request('POST', PORT_DEVICE, { payload: { name: 'BS-NOPE-0001', portNum: 1 } }), 404, /Базовая станция BS-NOPE-0001 не найдена/);
    expectError(await client.request('POST', PORT_DEVICE, { payload: { name: 'BS-MSK-0001', portNum: 25 } }), 404, /нет порта 25/);
    expectError(await client.request('POST', PORT_DEVICE, { payload: { portNum: 1 } }), 400, /name/);
    expectError(await client.request('POST', PORT_DEVICE, { payload: { name: 'BS-MSK-0001', portNum: 0 } }), 400, /portNum/);
    expectError(await client.request('POST', PORT_DEVICE, { payload: { name: 'BS-MSK-0001', portNum: '1' } }), 400, /portNum/);
    expectError(await client.request('POST', PORT_DEVICE, { payload: { name: 'BS-MSK-0001', portNum: 1, extra: 1 } }), 400, /extra/);
  });

  it('diagnoses a port: link, cable pairs and error counters by the port profile', async () => {
    const client = await loginAs(app(), 'operator');
    const get = async <T>(url: string, struct: Parameters<typeof expectShape<T>>[0]) => {
      const response = await client.get(url);
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(struct, response.json());
    };
    expect(await get(port('BS-SPB-0001', 3, 'link-status'), LinkStatusResponse)).toMatchObject({ result: 'success', link: 'up', port: 'GigabitEthernet1/0/3' });
    expect(await get(port('BS-SPB-0001', 23, 'link-status'), LinkStatusResponse)).toMatchObject({ link: 'down' });
    expect(await get(port('BS-SPB-0001', 24, 'link-status'), LinkStatusResponse)).toMatchObject({ link: 'down' });

    const clean = await get(port('BS-SPB-0001', 3, 'cable-length'), CableLengthResponse);
    expect(clean.pairs.map((pair) => pair.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    for (const pair of clean.pairs) expect(pair.length).toBeGreaterThan(0);
    const shorted = await get(port('BS-SPB-0001', 20, 'cable-length'), CableLengthResponse);
    expect(shorted.pairs.map((pair) => pair.status)).toEqual(['ok', 'ok', 'short', 'ok']);
    const open = await get(port('BS-SPB-0001', 23, 'cable-length'), CableLengthResponse);
    expect(open.pairs.every((pair) => pair.status === 'open' && pair.length !== null)).toBe(true);
    const unplugged = await get(port('BS-SPB-0001', 24, 'cable-length'), CableLengthResponse);
    expect(unplugged.pairs).toEqual([1, 2, 3, 4].map((pair) => ({ pair, length: null, status: 'unknown' })));

    const quiet = await get(port('BS-SPB-0001', 3, 'errors-on-port'), ErrorsOnPortResponse);
    expect(Object.values({ ...quiet.rx, ...quiet.tx }).every((count) => count === 0)).toBe(true);
    expect(Object.keys(quiet.rx)).toEqual(['crc', 'fragments', 'jabbers', 'symbol']);
    expect(Object.keys(quiet.tx)).toEqual(['collisions', 'lateCollisions', 'drops']);
    const noisy = await get(port('BS-SPB-0001', 19, 'errors-on-port'), ErrorsOnPortResponse);
    expect(Object.values({ ...noisy.rx, ...noisy.tx }).every((count) => count > 0)).toBe(true);
    // Deterministic for the seed: the same answer twice.
    expect(await get(port('BS-SPB-0001', 19, 'errors-on-port'), ErrorsOnPortResponse)).toEqual(noisy);

    for (const what of ['cable-length', 'link-status', 'errors-on-port']) {
      expectError(await client.get(port('BS-NOPE', 3, what)), 404, /Базовая станция BS-NOPE не найдена/);
      expectError(await client.get(port('BS-SPB-0001', 99, what)), 404, /нет порта 99/);
      expectError(await client.get(port('BS-SPB-0001', 'x', what)), 400, /portNum/);
      expectError(await client.get(port('BS-SPB-0001', 0, what)), 400, /portNum/);
    }
  });

  it('starts the three port jobs at "unknown"; a second call while they run answers the same numbers', async () => {
    const client = await loginAs(app(), 'installer');
    const response = await client.request('POST', PORT_JOBS, { payload: { bsName: 'BS-KZN-0001', portNum: 5 } });
    expect(response.statusCode, response.body).toBe(200);
    const { jobs } = expectShape(PortJobsResponse, response.json());
    const ids = [jobs.changeVlanPort, jobs.disablePort, jobs.enablePort];
    expect(new Set(ids).size).toBe(3);
    const rows = await queryRows<{ id: number; kind: string; bsName: string; portNum: number; status: string; completed: boolean; createdBy: number }>(
      app().database.drizzle,
      sql`select id, kind, bs_name as "bsName", port_num as "portNum", status, completed, created_by as "createdBy"
          from adjuster_jobs where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id`,
    );
    expect(rows).toEqual([
      { id: jobs.changeVlanPort, kind: 'changeVlanPort', bsName: 'BS-KZN-0001', portNum: 5, status: 'unknown', completed: false, createdBy: 3 },
      { id: jobs.disablePort, kind: 'disablePort', bsName: 'BS-KZN-0001', portNum: 5, status: 'unknown', completed: false, createdBy: 3 },
      { id: jobs.enablePort, kind: 'enablePort', bsName: 'BS-KZN-0001', portNum: 5, status: 'unknown', completed: false, createdBy: 3 },
    ]);
    for (const id of ids) {
      const status = expectShape(JobStatusResponse, (await client.get(`/adjuster/api/job/${id}/status`)).json());
      expect(status).toMatchObject({ result: 'success', status: 'unknown', completed: false });
    }
    const again = expectShape(PortJobsResponse, (await client.request('POST', PORT_JOBS, { payload: { bsName: 'BS-KZN-0001', portNum: 5 } })).json());
    expect(again.jobs).toEqual(jobs);

    // A finished kind gets a new job on the next call; the unfinished ones keep theirs.
    await app().database.drizzle.execute(sql`update adjuster_jobs set status = 'error', completed = true where id = ${jobs.disablePort}`);
    const restarted = expectShape(PortJobsResponse, (await client.request('POST', PORT_JOBS, { payload: { bsName: 'BS-KZN-0001', portNum: 5 } })).json());
    expect(restarted.jobs.changeVlanPort).toBe(jobs.changeVlanPort);
    expect(restarted.jobs.enablePort).toBe(jobs.enablePort);
    expect(restarted.jobs.disablePort).toBeGreaterThan(jobs.enablePort);
    expect(expectShape(JobStatusResponse, (await client.get(`/adjuster/api/job/${jobs.disablePort}/status`)).json())).toMatchObject({ status: 'error', completed: true });
  });

  it('replays a port-job start sent again with its Idempotency-Key, and refuses bad bodies and unknown ports', async () => {
    const client = await loginAs(app(), 'installer');
    const headers = { [IDEMPOTENCY_HEADER]: `port-jobs-${backend}` };
    const first = await client.request('POST', PORT_JOBS, { payload: { bsName: 'BS-KZN-0001', portNum: 6 }, headers });
    const second = await client.request('POST', PORT_JOBS, { payload: { bsName: 'BS-KZN-0001', portNum: 6 }, headers });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expectError(await client.request('POST', PORT_JOBS, { payload: { bsName: 'BS-KZN-0001', portNum: 7 }, headers }), 422);

    expectError(await client.request('POST', PORT_JOBS, { payload: { bsName: 'BS-NOPE', portNum: 1 } }), 404, /не найдена/);
    expectError(await client.request('POST', PORT_JOBS, { payload: { bsName: 'BS-KZN-0001', portNum: 30 } }), 404, /нет порта 30/);
    expectError(await client.request('POST', PORT_JOBS, { payload: { bsName: '', portNum: 1 } }), 400, /bsName/);
    expectError(await client.request('POST', PORT_JOBS, { payload: { name: 'BS-KZN-0001', portNum: 1 } }), 400);
    expectError(await client.get('/adjuster/api/job/999999/status'), 404, /Задание 999999 не найдено/);
    expectError(await client.get('/adjuster/api/job/abc/status'), 400, /id/);
  });

  it('is for installers, management and the superuser; mutations need the CSRF token', async () => {
    const anonymous = new TestClient(app());
    const support = await loginAs(app(), 'support');
    const calls: [('GET' | 'POST'), string, unknown][] = [
      ['POST', PORT_DEVICE, { name: 'BS-MSK-0002', portNum: 2 }],
      ['POST', PORT_JOBS, { bsName: 'BS-MSK-0002', portNum: 2 }],
      // Job 1: a finished job of the seed.
      ['GET', '/adjuster/api/job/1/status', undefined],
      ['GET', port('BS-MSK-0002', 2, 'cable-length'), undefined],
      ['GET', port('BS-MSK-0002', 2, 'link-status'), undefined],
      ['GET', port('BS-MSK-0002', 2, 'errors-on-port'), undefined],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await anonymous.request(method, url, { payload: payload as object | undefined }), 401, /Требуется вход/);
      expectError(await support.request(method, url, { payload: payload as object | undefined }), 403, /Недостаточно прав/);
      for (const account of ['installer', 'operator', 'admin'] as AccountName[]) {
        const client = await loginAs(app(), account);
        const response = await client.request(method, url, { payload: payload as object | undefined });
        expect(response.statusCode, `${account} ${url}: ${response.body}`).toBe(200);
      }
    }
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.request('POST', PORT_JOBS, { payload: { bsName: 'BS-MSK-0002', portNum: 2 }, csrf: false }), 403, /CSRF/);
  });
});
