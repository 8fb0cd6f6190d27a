import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsrfResponse } from '../../contract/session';
import { injectCsrfMeta } from '../../server/plugins/spa';
import { BACKENDS, TestClient, createTestApp, expectError, expectShape, type TestApp } from './helpers';

const APP_JS = 'console.log("app");'.repeat(100);
const INDEX = '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="csrf-token" content=""><title>Домофоны</title></head><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>';

describe('CSRF meta injection', () => {
  it('fills the empty meta tag', () => {
    expect(injectCsrfMeta(INDEX, 'tok')).toContain('<meta name="csrf-token" content="tok">');
  });
  it('adds the tag when the build lacks it', () => {
    expect(injectCsrfMeta('<html><head lang="ru"><title>x</title></head></html>', 'tok')).toBe(
      '<html><head lang="ru"><meta name="csrf-token" content="tok"><title>x</title></head></html>',
    );
  });
});

describe.each(BACKENDS)('serving the app on %s', (backend) => {
  let staticDir: string;
  let testApp: TestApp;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'intercom-static-'));
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'index.html'), INDEX);
    await writeFile(join(staticDir, 'assets', 'index-AbC123.js'), APP_JS);
    await writeFile(join(staticDir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(APP_JS));
    await writeFile(join(staticDir, 'assets', 'index-AbC123.js.gz'), gzipSync(APP_JS));
    await writeFile(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(join(staticDir, 'manifest.webmanifest'), '{"name":"Домофоны"}');
    testApp = await createTestApp(backend, { staticDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves the shell at / with a fresh CSRF token (the same GET /site/csrf gives) and no-cache', async () => {
    const client = new TestClient(testApp.app);
    const response = await client.get('/', { headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(response.body)?.[1];
    expect(token).toBeTruthy();
    expect(expectShape(CsrfResponse, (await client.get('/site/csrf')).json()).token).toBe(token);
    // The token of the page works for a login.
    const login = await client.request('POST', '/site/auth/login', { csrf: false, headers: { 'X-CSRF-Token': token! }, payload: { login: 'admin', password: 'admin' } });
    expect(login.statusCode).toBe(200);
  });

  it('sends the build\'s compressed copy of a file to a browser that accepts it, and the file itself to one that does not', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    const gz = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    const plain = await testApp.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('serves the shell for deep links that ask for HTML (history routing), and for /index.html', async () => {
    for (const url of ['/devices', '/houses/abc/flats/12/update', '/site/auth', '/no/such/page']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
    const index = await testApp.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable, sw.js and the manifest as no-cache', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing asset and API paths with JSON 404, never the shell', async () => {
    expectError(await testApp.app.inject({ method: 'GET', url: '/assets/missing-123.js' }), 404);
    expectError(await testApp.app.inject({ method: 'GET', url: '/front/unknown', headers: { accept: 'text/html' } }), 404);
    expectError(await testApp.app.inject({ method: 'POST', url: '/devices', headers: { accept: 'text/html' } }), 404);
  });

  it('sends no-store on API answers and basic hardening headers everywhere', async () => {
    const csrf = await testApp.app.inject({ method: 'GET', url: '/site/csrf' });
    expect(csrf.headers['cache-control']).toBe('no-store');
    expect(csrf.headers['x-content-type-options']).toBe('nosniff');
    const page = await testApp.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'; /);
  });
});
