import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { CsrfResponse } from '../../contract/session';
import { PermissionsResponse } from '../../contract/users';
import { queryRows } from '../../server/db/client';
import { sha256 } from '../../server/security/tokens';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

describe.each(BACKENDS)('session on %s', (backend) => {
  const app = useApp(backend, { loginRateLimit: { maxFailuresPerLogin: 5, maxFailuresPerIp: 8, windowSeconds: 900 } });

  it('logs in with the right password: 200, an httpOnly SameSite=Lax session cookie', async () => {
    const client = new TestClient(app(), '10.0.1.1');
    const response = await client.login('admin', 'admin');
    expect(response.statusCode).toBe(200);
    expect(expectShape(ResultResponse, response.json()).result).toBe(true);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/sid=[A-Za-z0-9_-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const permissions = await client.get('/front/user/get-permissions');
    expect(permissions.statusCode).toBe(200);
    expect(expectShape(PermissionsResponse, permissions.json()).userId).toBe(1);
  });

  it('accepts the login in any letter case', async () => {
    const client = new TestClient(app(), '10.0.1.2');
    expect((await client.login('Operator', 'operator')).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown login alike: 401 with a Russian message', async () => {
    const client = new TestClient(app(), '10.0.1.3');
    const wrong = expectError(await client.login('operator', 'nope'), 401, /Неверный логин или пароль/);
    const unknown = expectError(await client.login('nobody', 'nope'), 401);
    expect(unknown).toBe(wrong);
    expect(client.cookies.sid).toBeUndefined();
  });

  it('refuses a login that cannot log in (a resident without a password)', async () => {
    const [resident] = await queryRows<{ login: string }>(app().database.drizzle, sql`select login from users where password_hash is null limit 1`);
    expectError(await new TestClient(app(), '10.0.1.4').login(resident.login, resident.login), 401);
  });

  it('rate-limits a login after 5 failures: 429 with Retry-After and a Russian message, even for the right password', async () => {
    const client = new TestClient(app(), '10.0.2.1');
    for (let attempt = 0; attempt < 5; attempt++) expectError(await client.login('support', `wrong-${attempt}`), 401);
    const locked = await client.login('support', 'support');
    expectError(locked, 429, /Слишком много неудачных попыток входа/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The lock is stored in the database, so another address is refused too.
    expectError(await new TestClient(app(), '10.0.2.2').login('support', 'support'), 429);
  });

  it('rate-limits an address that tries many logins', async () => {
    const client = new TestClient(app(), '10.0.3.1');
    for (let attempt = 0; attempt < 8; attempt++) expectError(await client.login(`ghost-${attempt}`, 'x'), 401);
    expectError(await client.login('admin', 'admin'), 429);
    expect((await new TestClient(app(), '10.0.3.2').login('admin', 'admin')).statusCode).toBe(200);
  });

  it('forgets the failures of a login after it succeeds', async () => {
    const client = new TestClient(app(), '10.0.4.1');
    for (let attempt = 0; attempt < 4; attempt++) expectError(await client.login('installer', 'bad'), 401);
    expect((await client.login('installer', 'installer')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) expectError(await client.login('installer', 'bad'), 401);
    expect((await client.login('installer', 'installer')).statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the session token, with an expiry', async () => {
    const client = await loginAs(app(), 'operator', '10.0.5.1');
    const token = client.cookies.sid;
    const rows = await queryRows<{ token_hash: string; user_id: number; ttl: number }>(
      app().database.drizzle,
      sql`select token_hash, user_id, extract(epoch from expires_at - now())::float8 as ttl from sessions where user_id = 2`,
    );
    expect(rows.some((row) => row.token_hash === sha256(token))).toBe(true);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(Math.max(...rows.map((row) => row.ttl))).toBeGreaterThan(11 * 3600);
  });

  it('rotates the session on login: the old token stops working', async () => {
    const client = await loginAs(app(), 'operator', '10.0.6.1');
    const before = client.cookies.sid;
    expect((await client.login('operator', 'operator')).statusCode).toBe(200);
    expect(client.cookies.sid).not.toBe(before);
    const stale = await app().inject({ method: 'GET', url: '/front/user/get-permissions', cookies: { sid: before } });
    expectError(stale, 401);
    expect((await client.get('/front/user/get-permissions')).statusCode).toBe(200);
  });

  it('logs out: deletes the session and clears the cookie; the old cookie gets 401', async () => {
    const client = await loginAs(app(), 'installer', '10.0.7.1');
    const token = client.cookies.sid;
    const response = await client.request('POST', '/site/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(expectShape(ResultResponse, response.json()).result).toBe(true);
    expect(String(response.headers['set-cookie'])).toMatch(/sid=;/);
    const rows = await queryRows(app().database.drizzle, sql`select 1 from sessions where token_hash = ${sha256(token)}`);
    expect(rows).toHaveLength(0);
    expectError(await app().inject({ method: 'GET', url: '/front/user/get-permissions', cookies: { sid: token } }), 401);
  });

  it('never adopts a session id the browser brings: a planted sid is replaced at login and stays worthless', async () => {
    const client = new TestClient(app(), '10.0.7.3');
    const planted = 'a'.repeat(43);
    client.cookies.sid = planted;
    expect((await client.login('operator', 'operator')).statusCode).toBe(200);
    expect(client.cookies.sid).not.toBe(planted);
    expect((await client.get('/front/user/get-permissions')).statusCode).toBe(200);
    expectError(await app().inject({ method: 'GET', url: '/front/user/get-permissions', cookies: { sid: planted } }), 401);
  });

  it('logs out only this browser: the same user’s session in another browser lives on', async () => {
    const here = await loginAs(app(), 'operator', '10.0.7.4');
    const there = await loginAs(app(), 'operator', '10.0.7.5');
    expect((await here.request('POST', '/site/auth/logout', { payload: {} })).statusCode).toBe(200);
    expectError(await here.get('/front/user/get-permissions'), 401);
    expect((await there.get('/front/user/get-permissions')).statusCode).toBe(200);
  });

  it('answers logout without a session too (nothing to end)', async () => {
    const response = await new TestClient(app(), '10.0.7.2').request('POST', '/site/auth/logout', { payload: {} });
    expect(response.statusCode).toBe(200);
  });

  it('gives a CSRF token from GET /site/csrf, stable for the browser and valid across logins', async () => {
    const client = new TestClient(app(), '10.0.8.1');
    const first = expectShape(CsrfResponse, (await client.get('/site/csrf')).json()).token;
    const second = expectShape(CsrfResponse, (await client.get('/site/csrf')).json()).token;
    expect(second).toBe(first);
    expect((await client.login('operator', 'operator')).statusCode).toBe(200);
    expect(expectShape(CsrfResponse, (await client.get('/site/csrf')).json()).token).toBe(first);
    const other = new TestClient(app(), '10.0.8.2');
    expect(await other.csrfToken()).not.toBe(first);
  });

  it('accepts the CSRF token as body field _csrf', async () => {
    const client = new TestClient(app(), '10.0.8.3');
    const token = await client.csrfToken();
    const response = await client.request('POST', '/site/auth/login', { csrf: false, payload: { login: 'admin', password: 'admin', _csrf: token } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a login without the CSRF token, or with another browser’s token: 403 naming CSRF', async () => {
    const client = new TestClient(app(), '10.0.9.1');
    await client.csrfToken();
    expectError(await client.request('POST', '/site/auth/login', { csrf: false, payload: { login: 'admin', password: 'admin' } }), 403, /CSRF/);
    const stranger = await new TestClient(app(), '10.0.9.2').csrfToken();
    const forged = await client.request('POST', '/site/auth/login', {
      csrf: false,
      headers: { 'X-CSRF-Token': stranger },
      payload: { login: 'admin', password: 'admin' },
    });
    expectError(forged, 403, /CSRF/);
    // Without the browser's secret cookie no token is valid.
    const noCookie = await app().inject({
      method: 'POST',
      url: '/site/auth/login',
      headers: { 'X-CSRF-Token': stranger },
      payload: { login: 'admin', password: 'admin' },
    });
    expectError(noCookie, 403, /CSRF/);
  });

  it('stores passwords as scrypt$N$r$p$salt$hash, a salt per user', async () => {
    const rows = await queryRows<{ login: string; password_hash: string }>(
      app().database.drizzle,
      sql`select login, password_hash from users where password_hash is not null order by id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const salts = new Set<string>();
    for (const row of rows) {
      const parts = row.password_hash.split('$');
      expect(parts).toHaveLength(6);
      expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
      expect(Buffer.from(parts[4], 'base64')).toHaveLength(16);
      expect(Buffer.from(parts[5], 'base64')).toHaveLength(32);
      expect(row.password_hash).not.toContain(row.login);
      salts.add(parts[4]);
    }
    expect(salts.size).toBe(rows.length);
  });
});
