import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, ErrorResponse, decode } from '../../contract/common';
import { Rs485Response } from '../../contract/device-card-settings';
import { UserOptionsResponse } from '../../contract/user-options';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

/**
 * The framework's own refusals in the API's shape. Node answers an over-long URL or
 * header block before Fastify sees the request (the server's clientError handler writes it), so
 * those go to a real listening server; the rest go through app.inject.
 */

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends bytes as they are to the server and reads the whole answer (the server closes the connection). */
function rawRequest(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.end(text);
  });
}

function expectRefusal(answer: RawAnswer, status: number, message: RegExp): void {
  expect(answer.status, answer.headers).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  expect(decode(ErrorResponse, JSON.parse(answer.body)).message).toMatch(message);
}

describe('Node’s own refusals on a listening server', () => {
  const app = useApp('pglite', { jobs: { enabled: false }, mcUploads: { enabled: false } });

  async function listening(): Promise<number> {
    if (!app().server.listening) await app().listen({ host: '127.0.0.1', port: 0 });
    return (app().server.address() as AddressInfo).port;
  }

  it('answers an over-long URL with 414 {result:false, message}', async () => {
    const port = await listening();
    const answer = await rawRequest(port, `GET /front/house-list?address=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expectRefusal(answer, 414, /Слишком длинный адрес/);
  });

  it('answers an over-large header block with 431 {result:false, message}', async () => {
    const port = await listening();
    const headers = Array.from({ length: 40 }, (_, n) => `X-Filler-${n}: ${'b'.repeat(500)}`).join('\r\n');
    const answer = await rawRequest(port, `GET /front/house-list HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n\r\n`);
    expectRefusal(answer, 431, /Слишком большие заголовки/);
  });

  it('answers a request that is not HTTP with 400 {result:false, message}', async () => {
    const port = await listening();
    expectRefusal(await rawRequest(port, 'HELLO\r\n\r\n'), 400, /Некорректный HTTP-запрос/);
  });

  it('answers an oversized body, a wrong content type and broken JSON in the same shape over the wire', async () => {
    const port = await listening();
    // A browser's session cookie and CSRF token, so that only the body is wrong.
    const browser = new TestClient(app());
    const token = await browser.csrfToken();
    const cookie = Object.entries(browser.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const send = (type: string, body: string) =>
      rawRequest(
        port,
        `POST /site/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n${CSRF_HEADER}: ${token}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    expectRefusal(await send('application/json', `{"login":"${'x'.repeat(1_100_000)}"}`), 413, /Слишком большое тело/);
    expectRefusal(await send('text/plain', 'login=admin'), 415, /application\/json/);
    expectRefusal(await send('application/json', '{"login":'), 400, /Некорректный JSON/);
  });
});

describe.each(BACKENDS)('framework refusals through the app on %s', (backend) => {
  const app = useApp(backend, { jobs: { enabled: false }, mcUploads: { enabled: false }, deviceGateway: { failureShare: 0, scanMs: 40 } });

  it('answers 413, 415 and broken JSON with {result:false, message}', async () => {
    const client = await loginAs(app(), 'admin');
    const json = { 'content-type': 'application/json' };
    expectError(await client.request('PUT', '/front/user-options', { payload: `{"settingOptions":{"timezone":"${'x'.repeat(1_100_000)}"}}`, headers: json }), 413, /Слишком большое тело/);
    expectError(await client.request('PUT', '/front/user-options', { payload: '<settingOptions/>', headers: { 'content-type': 'application/xml' } }), 415, /application\/json/);
    expectError(await client.request('PUT', '/front/user-options', { payload: '{"settingOptions":{"language":"en",}}', headers: json }), 400, /Некорректный JSON/);
  });

  it('answers a broken %-escape in the path with 400 {result:false, message}, and U+0000 in a path parameter with a 400 naming it', async () => {
    const client = await loginAs(app(), 'admin');
    expectError(await client.get('/front/houses/%E0%A4%A'), 400, /недопустимая %-последовательность/);
    expectError(await client.get('/front/houses/a%00b'), 400, /Некорректное поле houseUid: недопустимый символ U\+0000/);
    expectError(await client.get('/front/entrances/%00'), 400, /Некорректное поле entranceUid/);
    expectError(await client.get('/front/house-list?%00=1'), 400, /U\+0000 в имени поля/);
  });

  it('answers a path parameter over 100 characters with 414 {result:false, message}, like every refusal', async () => {
    const client = await loginAs(app(), 'admin');
    const response = await client.get(`/front/houses/${'h'.repeat(300)}`);
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(decode(ErrorResponse, response.json())).toEqual({
      result: false,
      message: 'Слишком длинный параметр в адресе запроса: не больше 100 символов',
      messageCode: 'refusal.paramTooLong',
      messageParams: { max: '100' },
    });
    // 100 characters is still a parameter: the route answers (a house that does not exist).
    expectError(await client.get(`/front/houses/${'h'.repeat(100)}`), 404);
  });

  it('refuses a body nested past the limit with a 400 naming the field, also 100,000 levels deep', async () => {
    const client = await loginAs(app(), 'admin');
    const json = { 'content-type': 'application/json' };
    const deep = (depth: number) => `{"settingOptions":{"timezone":${'['.repeat(depth)}1${']'.repeat(depth)}}}`;
    expectError(await client.request('PUT', '/front/user-options', { payload: deep(40), headers: json }), 400, /Некорректное поле settingOptions\.timezone\.0: вложенность глубже 32/);
    expectError(await client.request('PUT', '/front/user-options', { payload: deep(100_000), headers: json }), 400, /settingOptions\.timezone/);
    // 30 levels pass the depth check and fail the struct, naming the field.
    expectError(await client.request('PUT', '/front/user-options', { payload: deep(30), headers: json }), 400, /Некорректное поле settingOptions\.timezone: ожидается непустая строка/);
  });

  it('answers GET /front/user-options with a null message (nothing to say)', async () => {
    const client = await loginAs(app(), 'operator');
    const response = await client.get('/front/user-options');
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'result']);
    expect(body.message).toBeNull();
    expectShape(UserOptionsResponse, body);
  });

  it('sets an RS485 model only when the device reported it (400 naming model otherwise)', async () => {
    const client = await loginAs(app(), 'operator');
    const [row] = await queryRows<{ mac: string; id: number }>(
      app().database.drizzle,
      sql`select id, mac from devices where buyer_id = 1 and 'rs485' = any(capabilities) and status_code <> 3 and not exists (select 1 from rs485_devices r where r.device_id = devices.id) order by id limit 1`,
    );
    const url = `/front/devices/${encodeURIComponent(row.mac)}/rs485`;
    // Never scanned: no model can be set yet.
    expectError(await client.request('PUT', url, { payload: { model: 'ISCom RS-K1' } }), 400, /Некорректное поле model: .*просканируйте шину/);
    const scan = await client.request('PUT', `${url}/scan`);
    expect(scan.statusCode, scan.body).toBe(200);
    const reported = expectShape(Rs485Response, (await client.get(url)).json()).data.flatMap((bus) => bus.devices.map((item) => item.model));
    expect(reported.length).toBeGreaterThan(0);
    const unknown = ['ISCom RS-K1', 'ISCom RS-K2', 'Считыватель MF-485', 'Чужая модель'].find((model) => !reported.includes(model))!;
    expectError(await client.request('PUT', url, { payload: { model: unknown } }), 400, new RegExp(`Некорректное поле model: устройство сообщило модели .*получено: "${unknown}"`));
    expect(expectShape(Rs485Response, (await client.get(url)).json()).model).toBeNull();
    // Spaces around a reported model are trimmed: it is the same model.
    const saved = await client.request('PUT', url, { payload: { model: ` ${reported[0]} ` } });
    expect(saved.statusCode, saved.body).toBe(204);
    expect(expectShape(Rs485Response, (await client.get(url)).json()).model).toBe(reported[0]);
  });
});
