import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../contract/common';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, loginAs, useApp } from './helpers';

/** A request as a browser's <a>, <img> or form would send it, or a script of the operator's: no X-Requested-With. */
function plain(app: FastifyInstance, client: TestClient, method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  return app.inject({ method, url, headers, cookies: { ...client.cookies }, ...(payload ? { payload } : {}) });
}

const LOGIN = { login: 'operator', password: 'operator' };

describe.each(BACKENDS)('the CSRF walls on %s (docs/api.md, "CSRF: the second wall")', (backend) => {
  const app = useApp(backend);

  it('does not require X-Requested-With: a mutation with the CSRF token and without it goes through', async () => {
    const client = new TestClient(app());
    const token = await client.csrfToken();
    const login = await plain(app(), client, 'POST', '/site/auth/login', { [CSRF_HEADER]: token }, LOGIN);
    expect(login.statusCode, login.body).toBe(200);
  });

  it('does not take X-Requested-With instead of the token: without the token, 403 naming CSRF', async () => {
    const client = new TestClient(app());
    await client.csrfToken();
    expectError(await client.request('POST', '/site/auth/login', { csrf: false, headers: { 'X-Requested-With': 'XMLHttpRequest' }, payload: LOGIN }), 403, /CSRF/);
  });

  it.each(['cross-site', 'same-site'])('refuses a mutation another site started (Sec-Fetch-Site: %s) even with a valid token: 403, no session', async (site) => {
    const client = new TestClient(app());
    const token = await client.csrfToken();
    const refused = await plain(app(), client, 'POST', '/site/auth/login', { [CSRF_HEADER]: token, 'sec-fetch-site': site }, LOGIN);
    expectError(refused, 403, /Sec-Fetch-Site/);
    expect(refused.cookies.map((cookie) => cookie.name)).not.toContain('sid');
  });

  it.each(['same-origin', 'none'])('lets a mutation of this origin through (Sec-Fetch-Site: %s)', async (site) => {
    const client = new TestClient(app());
    const token = await client.csrfToken();
    const login = await plain(app(), client, 'POST', '/site/auth/login', { [CSRF_HEADER]: token, 'sec-fetch-site': site }, LOGIN);
    expect(login.statusCode, login.body).toBe(200);
  });

  it('refuses a cross-site mutation of a logged-in user before it changes anything', async () => {
    const operator = await loginAs(app(), 'operator');
    const before = (await operator.get('/front/user-options')).body;
    const token = await operator.csrfToken();
    const forged = await plain(app(), operator, 'POST', '/site/auth/logout', { [CSRF_HEADER]: token, 'sec-fetch-site': 'cross-site' }, {});
    expectError(forged, 403, /Sec-Fetch-Site/);
    expect((await operator.get('/front/user-options')).body, 'still logged in').toBe(before);
  });

  it('serves the CSV export and an event image to a plain browser GET (<a download>, <img>: no X-Requested-With)', async () => {
    const admin = await loginAs(app(), 'admin');
    const csv = await plain(app(), admin, 'GET', '/front/devices/history/export?eventType=BTN_UP', { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' });
    expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="/);
    const [image] = await queryRows<{ id: number }>(app().database.drizzle, sql`select id from event_images order by id limit 1`);
    const picture = await plain(app(), admin, 'GET', `/front/history/images/${image!.id}`, { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
  });
});
