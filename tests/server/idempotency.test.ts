import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PrepareDeviceResponse } from '../../contract/adjuster';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { queryRows } from '../../server/db/client';
import { IDEMPOTENCY_REPLAYED_HEADER } from '../../server/plugins/idempotency';
import { ACCOUNTS, BACKENDS, expectError, expectShape, loginAs, useApp } from './helpers';
import { PREPARE_URL, countDevices, countKeys, preparePayload, sampleEntrance, testMac } from './prepare-fixtures';

const replayed = IDEMPOTENCY_REPLAYED_HEADER.toLowerCase();

describe.each(BACKENDS)('Idempotency-Key on %s', (backend) => {
  const app = useApp(backend);

  it('runs a request once: the same key and body again get the stored answer, byte for byte', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    const key = randomUUID();
    const payload = preparePayload(entrance, 1);

    const first = await client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[replayed]).toBeUndefined();
    const answer = expectShape(PrepareDeviceResponse, first.json());
    expect(answer.result).toBe('success');

    // The same JSON with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    for (const body of [payload, reordered]) {
      const again = await client.request('POST', PREPARE_URL, { payload: body, headers: { [IDEMPOTENCY_HEADER]: key } });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers[replayed]).toBe('true');
      expect(again.headers['content-type']).toMatch(/^application\/json/);
      expect(again.body).toBe(first.body);
    }
    expect(await countDevices(app(), payload.mac)).toBe(1);
    expect(await countKeys(app(), key)).toBe(1);
    const [row] = await queryRows<{ status: number; body: string; method: string; path: string }>(
      app().database.drizzle,
      sql`select status_code as "status", response_body as "body", method, path from idempotency_keys where key = ${key}`,
    );
    expect(row).toEqual({ status: 200, body: first.body, method: 'POST', path: PREPARE_URL });
  });

  it('ignores the _csrf body field, which changes on every attempt', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    const key = randomUUID();
    const payload = preparePayload(entrance, 2);
    const token = await client.csrfToken();
    const first = await client.request('POST', PREPARE_URL, { payload: { ...payload, _csrf: token }, csrf: false, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers[replayed]).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it('refuses the same key with another body: 422, and nothing is done', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    const key = randomUUID();
    const first = await client.request('POST', PREPARE_URL, { payload: preparePayload(entrance, 3), headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(first.statusCode, first.body).toBe(200);
    const other = preparePayload(entrance, 4);
    expectError(await client.request('POST', PREPARE_URL, { payload: other, headers: { [IDEMPOTENCY_HEADER]: key } }), 422, /Idempotency-Key.*другого запроса/);
    expect(await countDevices(app(), other.mac)).toBe(0);
    // The stored answer is untouched.
    const again = await client.request('POST', PREPARE_URL, { payload: preparePayload(entrance, 3), headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(again.body).toBe(first.body);
  });

  it('applies concurrent requests with one key once: the others get 409 with Retry-After, or the stored answer', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    const key = randomUUID();
    const payload = preparePayload(entrance, 5);
    await client.csrfToken();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: key } })),
    );
    const successes = responses.filter((response) => response.statusCode === 200);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    expect(successes.filter((response) => response.headers[replayed] === undefined)).toHaveLength(1);
    for (const response of responses) {
      if (response.statusCode === 200) {
        expect(response.body).toBe(successes[0].body);
      } else {
        expectError(response, 409, /ещё выполняется/);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(await countDevices(app(), payload.mac)).toBe(1);
    expect(await countKeys(app(), key)).toBe(1);
  });

  it('scopes keys per user: another user with the same key is a new request', async () => {
    const installer = await loginAs(app(), 'installer');
    const operator = await loginAs(app(), 'operator');
    const entrance = await sampleEntrance(app());
    const key = randomUUID();
    const mine = preparePayload(entrance, 6);
    const theirs = preparePayload(entrance, 7);
    const first = await installer.request('POST', PREPARE_URL, { payload: mine, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await operator.request('POST', PREPARE_URL, { payload: theirs, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers[replayed]).toBeUndefined();
    expect(await countDevices(app(), mine.mac)).toBe(1);
    expect(await countDevices(app(), theirs.mac)).toBe(1);
    expect(await countKeys(app(), key)).toBe(2);
  });

  it('keeps answers 7 days: older ones are purged and their key may be used afresh', async () => {
    const db = app().database.drizzle;
    const userId = ACCOUNTS.installer.id;
    const [old, fresh, stale] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [key, age] of [
      [old, '8 days'],
      [fresh, '6 days 23 hours'],
      [stale, '7 days 1 minute'],
    ] as const) {
      await db.execute(sql`insert into idempotency_keys (user_id, key, method, path, request_hash, status_code, response_body, created_at, completed_at)
        values (${userId}, ${key}, 'POST', ${PREPARE_URL}, 'another body', 200, '{"result":"success"}', now() - ${age}::interval, now() - ${age}::interval)`);
    }
    expect(await app().purgeIdempotencyKeys()).toBeGreaterThanOrEqual(2);
    expect(await countKeys(app(), old)).toBe(0);
    expect(await countKeys(app(), stale)).toBe(0);
    expect(await countKeys(app(), fresh)).toBe(1);

    // A key that expired since the last purge is not used either: the request runs, no 422.
    await db.execute(sql`insert into idempotency_keys (user_id, key, method, path, request_hash, status_code, response_body, created_at)
      values (${userId}, ${old}, 'POST', ${PREPARE_URL}, 'another body', 200, '{}', now() - interval '8 days')`);
    const client = await loginAs(app(), 'installer');
    const payload = preparePayload(await sampleEntrance(app()), 8);
    const response = await client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: old } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers[replayed]).toBeUndefined();
    expect(await countDevices(app(), payload.mac)).toBe(1);
    expect(await countKeys(app(), old)).toBe(1);
  });

  it('rolls back the handler’s writes and the key when it fails after inserting: the retry creates the device once', async () => {
    const db = app().database.drizzle;
    const client = await loginAs(app(), 'installer');
    const payload = preparePayload(await sampleEntrance(app()), 9);
    const key = randomUUID();
    // The device and its house link are written, then the relays fail.
    await db.execute(sql.raw(`create function test_fail_relays() returns trigger language plpgsql as $$
      begin raise exception 'relay insert failed (test)'; end $$`));
    await db.execute(sql.raw('create trigger test_fail_relays before insert on device_relays for each row execute function test_fail_relays()'));
    try {
      expectError(await client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: key } }), 500);
      expect(await countDevices(app(), payload.mac)).toBe(0);
      expect(await countKeys(app(), key)).toBe(0);
    } finally {
      await db.execute(sql.raw('drop trigger test_fail_relays on device_relays'));
      await db.execute(sql.raw('drop function test_fail_relays()'));
    }
    const retry = await client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers[replayed]).toBeUndefined();
    expect(await countDevices(app(), payload.mac)).toBe(1);
    const again = await client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(again.headers[replayed]).toBe('true');
    expect(await countDevices(app(), payload.mac)).toBe(1);
  });

  it('stores no refusal: after a 409 the same key may carry a corrected body', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    const key = randomUUID();
    const taken = preparePayload(entrance, 10);
    expect((await client.request('POST', PREPARE_URL, { payload: taken })).statusCode).toBe(200);
    const clash = preparePayload(entrance, 11, { mac: taken.mac });
    expectError(await client.request('POST', PREPARE_URL, { payload: clash, headers: { [IDEMPOTENCY_HEADER]: key } }), 409, /уже зарегистрировано/);
    expect(await countKeys(app(), key)).toBe(0);
    const fixed = preparePayload(entrance, 11);
    const response = await client.request('POST', PREPARE_URL, { payload: fixed, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await countDevices(app(), fixed.mac)).toBe(1);
  });

  it('works without a key, and refuses a malformed one: 400 naming the header', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    const payload = preparePayload(entrance, 12);
    expect((await client.request('POST', PREPARE_URL, { payload })).statusCode).toBe(200);
    // Without a key nothing is remembered: the same request again is a duplicate.
    expectError(await client.request('POST', PREPARE_URL, { payload }), 409, new RegExp(payload.mac));
    for (const bad of ['', 'с пробелом', 'x'.repeat(256)]) {
      const response = await client.request('POST', PREPARE_URL, { payload: preparePayload(entrance, 13), headers: { [IDEMPOTENCY_HEADER]: bad } });
      expectError(response, 400, /Idempotency-Key/);
    }
    expect(await countDevices(app(), testMac(13))).toBe(0);
  });

  // Only PostgreSQL has other connections that can hold the key's lock; PGlite runs transactions one at a time.
  if (backend === 'postgres') it('answers 409 with Retry-After while another process holds the key', async () => {
    const client = await loginAs(app(), 'installer');
    const payload = preparePayload(await sampleEntrance(app()), 14);
    const key = randomUUID();
    const [{ url }] = await queryRows<{ url: string }>(app().database.drizzle, sql`select current_database() as "url"`);
    const connection = new URL(process.env.TEST_DATABASE_URL!);
    connection.pathname = `/${url}`;
    const other = new pg.Client({ connectionString: connection.toString() });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`idempotency:${ACCOUNTS.installer.id}:${key}`]);
      const busy = await client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: key } });
      expectError(busy, 409, /ещё выполняется/);
      expect(busy.headers['retry-after']).toBe('2');
      await other.query('commit');
    } finally {
      await other.end();
    }
    const after = await client.request('POST', PREPARE_URL, { payload, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(after.statusCode, after.body).toBe(200);
    expect(await countDevices(app(), payload.mac)).toBe(1);
  });
});
