import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { cookieSecureFromEnv, trustProxyFromEnv } from '../../server/proxy-env';
import { sha256 } from '../../server/security/tokens';
import { BACKENDS, TestClient, createTestApp, loginAs, useApp, type TestApp } from './helpers';
import { routeCollector, urlOf } from './role-table';

const INDEX = '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="csrf-token" content=""></head><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>';

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The features of a Permissions-Policy header and their allow lists, e.g. camera → '(self)'. */
function permissions(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['permissions-policy'] ?? '');
  return new Map(header.split(',').map((part) => part.trim().split('=') as [string, string]));
}

/** What every answer carries, whatever its kind. */
function expectHardened(response: LightMyRequestResponse, what: string): void {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('same-origin');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  const csp = directives(response);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('script-src') ?? csp.get('default-src'), what).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src') ?? csp.get('default-src'), what).not.toContain("'unsafe-eval'");
  const features = permissions(response);
  expect(features.get('camera'), what).toBe('(self)');
  for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'display-capture']) expect(features.get(feature), `${what}: ${feature}`).toBe('()');
}

describe.each(BACKENDS)('security headers on %s', (backend) => {
  let staticDir: string;
  let testApp: TestApp;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'intercom-headers-'));
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'index.html'), INDEX);
    await writeFile(join(staticDir, 'assets', 'index-AbC123.js'), 'console.log("app")');
    await writeFile(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(join(staticDir, 'help.pdf'), '%PDF-1.4\n%%EOF\n');
    testApp = await createTestApp(backend, { staticDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('the shell: scripts from this origin only (no inline script), no framing, nothing loaded from elsewhere', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/devices', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expectHardened(page, 'shell');
    const csp = directives(page);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    for (const name of ['default-src', 'connect-src', 'img-src', 'font-src', 'worker-src']) {
      expect(csp.get(name)?.filter((source) => /^(https?:|\*|[a-z0-9.-]+\.[a-z]+)/i.test(source)), name).toEqual([]);
    }
  });

  it('static files: the hashed assets and the service worker, whose policy is the shell’s (a worker’s comes from its script)', async () => {
    const shell = directives(await testApp.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }));
    for (const url of ['/assets/index-AbC123.js', '/sw.js']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectHardened(response, url);
      expect(directives(response), url).toEqual(shell);
    }
  });

  it('help.pdf: the same headers but no Content-Security-Policy, which would keep Chromium’s PDF viewer out', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/help.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/pdf/);
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(permissions(response).get('camera')).toBe('(self)');
  });

  it('JSON answers, successes and refusals alike: a policy that loads nothing, and no-store', async () => {
    const client = new TestClient(testApp.app);
    const answers = {
      csrf: await client.get('/site/csrf'),
      unauthorized: await client.get('/front/user/get-permissions'),
      notFound: await client.get('/front/no-such-route'),
      badInput: await (await loginAs(testApp.app, 'admin')).get('/front/device-list/get-list?page=x'),
    };
    expect([answers.csrf.statusCode, answers.unauthorized.statusCode, answers.notFound.statusCode, answers.badInput.statusCode]).toEqual([200, 401, 404, 400]);
    for (const [what, response] of Object.entries(answers)) {
      expectHardened(response, what);
      expect(directives(response).get('default-src'), what).toEqual(["'none'"]);
      expect(response.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('the CSV export and the event images (fetched by <a download> and <img>) carry the same headers', async () => {
    const admin = await loginAs(testApp.app, 'admin');
    const csv = await admin.get('/front/devices/history/export?eventType=BTN_UP');
    expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expectHardened(csv, 'CSV');
    expect(directives(csv).get('default-src')).toEqual(["'none'"]);

    const [image] = await queryRows<{ id: number }>(testApp.app.database.drizzle, sql`select id from event_images order by id limit 1`);
    expect(image, 'the small seed has event images').toBeDefined();
    const picture = await admin.get(`/front/history/images/${image!.id}`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    expectHardened(picture, 'image');
    const again = await admin.get(`/front/history/images/${image!.id}`, { headers: { 'if-none-match': String(picture.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expectHardened(again, 'image 304');
  });

  it('sends no Strict-Transport-Security unless it is asked for (HSTS_MAX_AGE)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/site/csrf' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe.each(BACKENDS)('security headers on every API route on %s', (backend) => {
  const collector = routeCollector();
  const app = useApp(backend, { onRoute: collector.onRoute });

  it('every route the app registers answers with them, whoever calls (the superuser, support, nobody)', async () => {
    expect(collector.routes.length).toBeGreaterThan(150);
    const callers = [await loginAs(app(), 'admin'), await loginAs(app(), 'support'), new TestClient(app())];
    const missing: string[] = [];
    for (const route of collector.routes) {
      for (const caller of callers) {
        // Mutations go without the CSRF token: refused before anything changes, but answered all the same.
        const response = await caller.request(route.method, urlOf(route), { csrf: false, ...(route.method === 'GET' ? {} : { payload: {} }) });
        const csp = directives(response);
        if (
          response.headers['x-content-type-options'] !== 'nosniff' ||
          csp.get('default-src')?.[0] !== "'none'" ||
          csp.get('frame-ancestors')?.[0] !== "'none'" ||
          permissions(response).get('camera') !== '(self)'
        ) {
          missing.push(`${route.method} ${route.pattern}: ${response.statusCode}`);
        }
      }
    }
    expect(missing).toEqual([]);
  }, 120_000);
});

describe.each(BACKENDS)('behind a TLS proxy on %s', (backend) => {
  const proxied = useApp(backend, { trustProxy: true, hstsMaxAgeSeconds: 31_536_000 });
  const direct = useApp(backend);
  const alwaysSecure = useApp(backend, { session: { secureCookies: true } });
  const neverSecure = useApp(backend, { trustProxy: true, session: { secureCookies: false } });

  /** The Set-Cookie lines of a login through a proxy that says the browser came over https. */
  async function loginCookies(client: TestClient): Promise<string[]> {
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
    await client.request('GET', '/site/csrf', { headers: https });
    const token = await client.csrfToken();
    const login = await client.request('POST', '/site/auth/login', { csrf: false, headers: { ...https, 'X-CSRF-Token': token }, payload: { login: 'operator', password: 'operator' } });
    expect(login.statusCode, login.body).toBe(200);
    const setCookie = login.headers['set-cookie'];
    return Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  }

  it('with trustProxy, X-Forwarded-Proto: https makes the session cookie Secure (COOKIE_SECURE=auto)', async () => {
    const client = new TestClient(proxied());
    const csrf = await client.request('GET', '/site/csrf', { headers: { 'x-forwarded-proto': 'https' } });
    expect(String(csrf.headers['set-cookie'])).toMatch(/csrf=[^;]+;.*Secure/);
    const cookies = await loginCookies(client);
    expect(cookies.find((line) => line.startsWith('sid='))).toMatch(/; Secure/);
  });

  it('without trustProxy, a forged X-Forwarded-Proto is not believed: no Secure over plain http', async () => {
    const cookies = await loginCookies(new TestClient(direct()));
    expect(cookies.find((line) => line.startsWith('sid='))).not.toMatch(/Secure/);
  });

  it('COOKIE_SECURE=true marks the cookies Secure even when the proxy says nothing; false never does', async () => {
    const always = await loginAs(alwaysSecure(), 'operator');
    const csrf = await new TestClient(alwaysSecure()).get('/site/csrf');
    expect(String(csrf.headers['set-cookie'])).toMatch(/Secure/);
    const logout = await always.request('POST', '/site/auth/logout', { payload: {} });
    expect(String(logout.headers['set-cookie'])).toMatch(/sid=;.*Secure/);
    const never = await loginCookies(new TestClient(neverSecure()));
    expect(never.find((line) => line.startsWith('sid='))).not.toMatch(/Secure/);
  });

  it('sends Strict-Transport-Security when HSTS_MAX_AGE is set, on every answer', async () => {
    for (const url of ['/site/csrf', '/front/user/get-permissions', '/front/no-such-route']) {
      const response = await proxied().inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('with trustProxy, the session records the browser’s address from X-Forwarded-For; without it, the proxy’s', async () => {
    const addressOf = async (client: TestClient) => {
      const rows = await queryRows<{ ip: string }>(client.app.database.drizzle, sql`select ip from sessions where token_hash = ${sha256(client.cookies.sid!)}`);
      return rows[0]?.ip;
    };
    const behind = new TestClient(proxied());
    await loginCookies(behind);
    expect(await addressOf(behind)).toBe('203.0.113.7');
    const plain = new TestClient(direct());
    await loginCookies(plain);
    expect(await addressOf(plain)).toBe('127.0.0.1');
  });
});

describe('Node’s own refusals (written on the socket, before Fastify) on pglite', () => {
  const app = useApp('pglite', { jobs: { enabled: false }, mcUploads: { enabled: false } });

  it('carry the same headers: an over-long URL’s 414', async () => {
    await app().listen({ host: '127.0.0.1', port: 0 });
    const { port } = app().server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET /front/house-list?address=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 414 /);
    const headers = new Map(head!.split('\r\n').slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'none'; frame-ancestors 'none'/);
    expect(headers.get('permissions-policy')).toMatch(/^camera=\(self\), microphone=\(\)/);
  });
});

describe('proxy settings from the environment', () => {
  it('COOKIE_SECURE: auto by default, true or false, anything else refused', () => {
    expect([undefined, '', 'auto'].map(cookieSecureFromEnv)).toEqual(['auto', 'auto', 'auto']);
    expect(cookieSecureFromEnv('true')).toBe(true);
    expect(cookieSecureFromEnv('false')).toBe(false);
    expect(() => cookieSecureFromEnv('yes')).toThrow(/COOKIE_SECURE/);
  });

  it('TRUST_PROXY: off by default, true, a hop count, or a list of addresses', () => {
    expect([undefined, '', 'false'].map(trustProxyFromEnv)).toEqual([false, false, false]);
    expect(trustProxyFromEnv('true')).toBe(true);
    const oneHop = trustProxyFromEnv('1');
    expect(typeof oneHop === 'function' && [oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(trustProxyFromEnv('10.0.0.0/8,127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
  });
});
