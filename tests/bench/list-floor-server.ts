// The floor of the device-list budget: the real app, same plugins and hooks (session,
// RBAC), with one extra route that does the least any device list must do per request: one indexed
// query for the page's ids, and an answer of the same bytes as the measured page (built once, from
// the same repository calls as the list route). The list can be no cheaper than this.
//   GET /bench/device-list-floor   needs a session of a device reader, like the list
// Run as a child process by tests/bench/device-list.ts; DATABASE_URL must be PostgreSQL.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DEVICE_LIST_PAGE_SIZE } from '../../contract/devices';
import { buildApp } from '../../server/app';
import { currentUser } from '../../server/plugins/session';
import { countDevices, listDevicePage, type DeviceListFilter, type DeviceSort } from '../../server/repositories/device-list';
import { DEVICE_READERS } from '../../server/routes/device-card-shared';
import { deviceListAnswer } from '../../server/routes/devices';

/** The page of DEVICE_LIST_PATH in device-list.ts: status=1&type=6&sort=-LAST_CHANGE&page=3. */
const FILTER: DeviceListFilter = { status: 1, type: 6 };
const SORT: DeviceSort = { field: 'LAST_CHANGE', descending: true };
const PAGE = 3;
const IDS_OF_PAGE = `select d.id from devices d
  where d.buyer_id = $1 and d.status_code = $2 and d.type = $3
  order by d.update_date desc, d.id desc limit $4 offset $5`;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('list-floor-server needs DATABASE_URL (PostgreSQL)');

function floorRoute(app: FastifyInstance): void {
  const bodies = new Map<number, string>();
  app.get('/bench/device-list-floor', { config: { access: DEVICE_READERS } }, async (request, reply) => {
    const buyerId = currentUser(request).buyerId;
    const db = app.database.drizzle;
    let body = bodies.get(buyerId);
    if (body === undefined) {
      const scope = { buyerId };
      const [page, total] = await Promise.all([listDevicePage(db, scope, FILTER, SORT, PAGE, DEVICE_LIST_PAGE_SIZE), countDevices(db, scope, FILTER)]);
      body = deviceListAnswer(page, PAGE, total).text;
      bodies.set(buyerId, body);
    }
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    await pool.query({ name: 'bench_floor_ids', text: IDS_OF_PAGE, values: [buyerId, FILTER.status, FILTER.type, DEVICE_LIST_PAGE_SIZE, (PAGE - 1) * DEVICE_LIST_PAGE_SIZE] });
    reply.type('application/json; charset=utf-8');
    return body;
  });
}

const app = await buildApp({
  database: { kind: 'postgres', url: databaseUrl },
  seed: false,
  staticDir: null,
  logger: false,
  jobs: { enabled: false },
  extraRoutes: floorRoute,
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
