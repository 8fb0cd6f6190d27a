import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUDIT_MASK, AuditResponse, auditEndpoints, type AuditRecord } from '../../contract/audit';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { deviceCardEndpoints } from '../../contract/device-card';
import { deviceSettingsEndpoints } from '../../contract/device-card-settings';
import { fieldEndpoints } from '../../contract/field';
import { flatEndpoints } from '../../contract/flat-card';
import { flatParams } from '../../contract/flats';
import { keyEndpoints } from '../../contract/keys';
import { McResponse, mcEndpoints } from '../../contract/mc';
import { userPermissionEndpoints } from '../../contract/user-permissions';
import { userEndpoints } from '../../contract/users';
import type { AppOptions } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { AUDIT_SKIPPED_ROUTES } from '../../server/plugins/audit';
import { diffStates } from '../../server/plugins/audit-targets';
import { listAuditRecords } from '../../server/repositories/audit';
import { contractEndpoints, validArbitrary } from './fuzz-arbitraries';
import { ACCOUNTS, BACKENDS, TestClient, expectShape, loginAs, useApp, type AccountName } from './helpers';
import { createFlat, createFlatFixture } from './flat-fixtures';
import { ALL_RULES } from './route-rules/all-rules';

const MAC = 'E4:5A:D4:00:00:05';
/** Every device call quick and successful, the background runners off: only the request's own work runs. */
const QUIET: Partial<AppOptions> = {
  deviceGateway: { failureShare: 0, timeoutMs: 50, scanMs: 5, flatReadMs: 5, uploadMs: 5, commutatorReadMs: 5, lineLevelMs: 5, voltageReadMs: 5, firmwareMs: 50 },
  network: { failureShare: 0, timeScale: 0.001 },
  jobs: { enabled: false },
  mcUploads: { enabled: false },
  loginRateLimit: { maxFailuresPerLogin: 1_000_000, maxFailuresPerIp: 1_000_000 },
};
const API_PATH = /^\/(front|site|adjuster)\//;
const routeKey = (method: string, pattern: string) => `${method} ${pattern}`;

/** The database's own message, under Drizzle's "Failed query" wrapper. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  return 'not refused';
}

describe.each(BACKENDS)('audit trail on %s', (backend) => {
  const registered: { method: string; pattern: string }[] = [];
  const app = useApp(backend, {
    ...QUIET,
    onRoute: (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method !== 'HEAD' && API_PATH.test(route.url)) registered.push({ method, pattern: route.url });
      }
    },
  });
  const db = () => app().database.drizzle;
  const clients = new Map<AccountName, TestClient>();
  const as = async (account: AccountName) => {
    const client = clients.get(account) ?? (await loginAs(app(), account));
    clients.set(account, client);
    return client;
  };
  const total = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_records`))[0].n;
  const newest = async (): Promise<AuditRecord> => (await listAuditRecords(db(), { buyerId: null, limit: 1 }))[0];
  /** Sends one request and returns it with the records it added (exactly one is expected). */
  async function recorded(send: () => Promise<LightMyRequestResponse>): Promise<{ response: LightMyRequestResponse; added: number; record: AuditRecord }> {
    const before = await total();
    const response = await send();
    const added = (await total()) - before;
    return { response, added, record: await newest() };
  }

  it('records a device-card change with the changed fields before and after, the user, the buyer and where from', async () => {
    const operator = await as('operator');
    const [{ statusNow }] = await queryRows<{ statusNow: number }>(db(), sql`select status_code as "statusNow" from devices where mac = ${MAC}`);
    const next = statusNow === 1 ? 2 : 1;
    const { response, added, record } = await recorded(() =>
      operator.request('PUT', deviceCardEndpoints.setStatus.path({ mac: MAC }), { payload: { status: next }, headers: { 'user-agent': 'audit-test' } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(added).toBe(1);
    expect(record).toMatchObject({
      route: 'PUT /front/devices/:mac/status',
      method: 'PUT',
      targetKind: 'device',
      targetId: MAC,
      userLogin: 'operator',
      userId: 2,
      userAgent: 'audit-test',
      ip: '127.0.0.1',
      outbox: false,
      status: 200,
      diffSource: 'snapshot',
      diff: null,
    });
    expect(record.userRoles).toContain('management');
    // The device's stored state before and after, as the change row of the device named by its MAC.
    expect(record.changes).toEqual([
      { kind: 'device', id: MAC, label: MAC, action: 'update', before: expect.objectContaining({ status_code: statusNow }), after: expect.objectContaining({ status_code: next }), parent: null },
    ]);
    expect(Object.keys(record.changes[0].after ?? {})).not.toContain('update_date');
  });

  it('masks passwords and SIP passwords in every diff, and never stores them', async () => {
    const admin = await as('admin');
    const created = await recorded(() => admin.request('POST', userEndpoints.create.path({}), { payload: { login: 'audit-secret', password: 'Secret-123456' } }));
    expect(created.response.statusCode, created.response.body).toBe(200);
    expect(created.record.diffSource).toBe('changes');
    expect(created.record.diff).toBeNull();
    expect(created.record.changes[0]).toMatchObject({ kind: 'user', label: 'audit-secret', action: 'create', after: { login: 'audit-secret' } });
    expect(Object.keys(created.record.changes[0].after ?? {})).not.toContain('password');
    const userId = (created.response.json() as { newUserId: number }).newUserId;

    const changed = await recorded(() =>
      admin.request('POST', userEndpoints.setMainInfo.path({ id: userId }), { payload: { data: { password: 'Other-654321', comment: 'аудит' } } }),
    );
    expect(changed.response.statusCode, changed.response.body).toBe(200);
    expect(changed.record).toMatchObject({ targetKind: 'user', targetId: String(userId), diffSource: 'snapshot' });
    expect(changed.record.changes[0]).toMatchObject({
      kind: 'user',
      label: 'audit-secret',
      action: 'update',
      before: { password_hash: AUDIT_MASK, comment: null },
      after: { password_hash: AUDIT_MASK, comment: 'аудит' },
    });

    const operator = await as('operator');
    const sip = await recorded(() =>
      operator.request('PUT', deviceSettingsEndpoints.setSip.path({ mac: MAC }), { payload: { account: { login: 'audit-sip', password: 'SipSecret-99', domain: 'sip.example', port: 5060 } } }),
    );
    expect(sip.response.statusCode, sip.response.body).toBe(200);
    expect(Object.keys(sip.record.changes[0]?.after ?? {}).find((field) => field === 'sip.password' || field === 'sip')).toBeDefined();

    const stored = await queryRows<{ text: string }>(db(), sql`select string_agg(row_to_json(a)::text, ' ') as text from audit_records a`);
    for (const secret of ['Secret-123456', 'Other-654321', 'SipSecret-99', 'scrypt$']) expect(stored[0].text).not.toContain(secret);
    const loginRecords = await queryRows<{ diff: unknown }>(db(), sql`select diff from audit_records where route = 'POST /site/auth/login' and diff is not null limit 1`);
    expect(JSON.stringify(loginRecords[0].diff)).toContain(AUDIT_MASK);
  });

  it('records a refused request (400, 403, 409) with its status and message and no diff', async () => {
    const installer = await as('installer');
    const forbidden = await recorded(() => installer.request('PUT', deviceCardEndpoints.setStatus.path({ mac: MAC }), { payload: { status: 1 } }));
    expect(forbidden.response.statusCode).toBe(403);
    expect(forbidden.added).toBe(1);
    expect(forbidden.record).toMatchObject({ status: 403, diff: null, userLogin: 'installer', targetKind: 'device', targetId: MAC });
    expect(forbidden.record.message).toBeTruthy();

    const operator = await as('operator');
    const bad = await recorded(() => operator.request('PUT', deviceCardEndpoints.setStatus.path({ mac: MAC }), { payload: { status: 'broken' } }));
    expect(bad.response.statusCode).toBe(400);
    expect(bad.record).toMatchObject({ status: 400, diff: null, diffSource: null });
    expect(bad.record.message).toMatch(/status/);
    // A NUL character, which PostgreSQL's text and jsonb refuse, is recorded as U+FFFD, never a 500.
    const nul = await recorded(() => operator.request('POST', '/site/auth/login', { payload: { login: 'a\u0000b', password: 'x\u0000y', 'k\u0000': 1 } }));
    expect(nul.response.statusCode).toBeLessThan(500);
    expect(nul.added).toBe(1);
    // So is a lone surrogate (jsonb refuses it, and the record goes to the database as JSON).
    const surrogate = await recorded(() =>
      operator.request('POST', '/site/auth/login', { payload: { login: 'a\uD800b', password: 'x', ['k\uDC00']: 'v\uD800' } }),
    );
    expect(surrogate.response.statusCode).toBeLessThan(500);
    expect(surrogate.added).toBe(1);
    expect(surrogate.record.userLogin).toBe('a\uFFFDb');

    const duplicate = await recorded(() => operator.request('POST', flatEndpoints.create.path({ house: 'does-not-exist' }), { payload: { flatNum: 1 } }));
    expect([404, 409, 400]).toContain(duplicate.response.statusCode);
    expect(duplicate.added).toBe(1);
    expect(duplicate.record.diff).toBeNull();
  });

  it('diffs states in the database (audit_diff) exactly as diffStates does: paths, masked secrets, cut strings and arrays, depth', async () => {
    const key = fc.constantFrom('a', 'b', 'pin', 'password', 'options', 'sip_login', 'x.y');
    const leaf = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom('', 'v', 'w'.repeat(305)),
      fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 23 }),
      fc.array(fc.dictionary(key, fc.constantFrom('s', 'secret', '')), { maxLength: 2 }),
      fc.constant({}),
    );
    const { state } = fc.letrec<{ state: unknown }>((tie) => ({ state: fc.oneof({ depthSize: 'small' }, leaf, fc.dictionary(key, tie('state'), { maxKeys: 4 })) }));
    const object = fc.dictionary(key, state, { maxKeys: 5 });
    const pairs = fc.sample(fc.tuple(object, object, fc.boolean()), { numRuns: 150, seed: 17 });
    for (const [before, other, similar] of pairs) {
      // Half the pairs share most of their fields, as a state before and after a change does.
      const after = similar ? { ...before, ...Object.fromEntries(Object.entries(other).slice(0, 1)) } : other;
      const [row] = await queryRows<{ before: unknown; after: unknown; diff: unknown }>(
        db(),
        sql`select ${JSON.stringify(before)}::jsonb as before, ${JSON.stringify(after)}::jsonb as after, audit_diff(${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb) as diff`,
      );
      // Compared on the states as the database keeps them (jsonb orders an object's keys).
      expect(row.diff, JSON.stringify({ before, after })).toEqual(diffStates(row.before, row.after));
    }
    expect(pairs.some(([before, other]) => JSON.stringify(diffStates(before, other)).includes(AUDIT_MASK))).toBe(true);
  });

  it('marks a request from the offline outbox with its idempotency key', async () => {
    const operator = await as('operator');
    const key = `audit-${backend}-${Date.now()}`;
    const card = await operator.get(deviceCardEndpoints.card.path({ mac: MAC }));
    expect(card.statusCode).toBe(200);
    const send = () => operator.request('POST', '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/door-codes', { payload: { flatNum: null }, headers: { [IDEMPOTENCY_HEADER]: key } });
    const first = await recorded(send);
    expect(first.added).toBe(1);
    expect(first.record).toMatchObject({ outbox: true, idempotencyKey: key, targetKind: 'device', targetId: MAC });
  });

  it('lets no role change or delete a record: the database refuses UPDATE, DELETE and TRUNCATE; only the retention job removes old ones', async () => {
    expect(registered.filter((route) => route.pattern.includes('audit')).map((route) => route.method)).toEqual(['GET']);
    expect(await refusal(db().execute(sql`update audit_records set status = 200`))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`delete from audit_records`))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`truncate audit_records`))).toMatch(/append-only/);
    // The retention job's setting does not open recent rows.
    const recent = db().transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.audit_prune_before', ${new Date().toISOString()}, true)`);
      await tx.execute(sql`delete from audit_records`);
    });
    expect(await refusal(recent)).toMatch(/append-only/);
    // Settling a fresh record may change its status and drop its diff, nothing else.
    const [fresh] = await queryRows<{ id: number }>(db(), sql`select id from audit_records where diff is not null order by id desc limit 1`);
    const settle = (change: ReturnType<typeof sql>) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.audit_settle', ${String(fresh.id)}, true)`);
        await tx.execute(sql`update audit_records set ${change} where id = ${fresh.id}`);
      });
    expect(await refusal(settle(sql`route = 'PUT /forged'`))).toMatch(/append-only/);
    expect(await refusal(settle(sql`user_login = 'someone', diff = null, diff_source = null`))).toMatch(/append-only/);
    expect(await refusal(settle(sql`status = 409`))).toMatch(/append-only/);
    expect(await refusal(settle(sql`status = 409, message = 'refused', diff = null, diff_source = null`))).toBe('not refused');
    const before = await total();
    await db().execute(sql`insert into audit_records (at, method, route, status) values (now() - interval '401 days', 'PUT', 'PUT /old', 200), (now() - interval '399 days', 'PUT', 'PUT /kept', 200)`);
    expect(await app().pruneAuditRecords()).toBe(1);
    expect(await total()).toBe(before + 1);
    const kept = await queryRows<{ route: string }>(db(), sql`select route from audit_records where route in ('PUT /old', 'PUT /kept')`);
    expect(kept.map((row) => row.route)).toEqual(['PUT /kept']);
  });

  it('lists by target, login and route with a cursor; management sees its own buyer only; the installer is refused', async () => {
    const operator = await as('operator');
    const list = async (client: TestClient, query: string) => {
      const response = await client.get(`${auditEndpoints.list.path({})}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(AuditResponse, response.json());
    };
    for (const status of [1, 2]) await operator.request('PUT', deviceCardEndpoints.setStatus.path({ mac: MAC }), { payload: { status } });
    const byTarget = await list(operator, `targetKind=device&targetId=${encodeURIComponent(MAC)}&perPage=2`);
    expect(byTarget.data).toHaveLength(2);
    expect(byTarget.data.every((record) => record.targetId === MAC)).toBe(true);
    expect(byTarget.nextCursor).not.toBeNull();
    const next = await list(operator, `targetKind=device&targetId=${encodeURIComponent(MAC)}&perPage=2&cursor=${encodeURIComponent(byTarget.nextCursor ?? '')}`);
    expect(next.data.length).toBeGreaterThan(0);
    expect(next.data.map((record) => record.id)).not.toContain(byTarget.data[1].id);
    expect(next.data[0].id).toBeLessThan(byTarget.data[1].id);
    const byLogin = await list(operator, 'login=OPERATOR&route=' + encodeURIComponent('PUT /front/devices/:mac/status'));
    expect(byLogin.data.length).toBeGreaterThan(1);
    expect(byLogin.data.every((record) => record.userLogin === 'operator' && record.route === 'PUT /front/devices/:mac/status')).toBe(true);
    const future = await list(operator, `dateFrom=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`);
    expect(future.data).toEqual([]);
    const own = await list(operator, 'perPage=100');
    expect(own.data.every((record) => record.buyerId === own.data[0].buyerId)).toBe(true);
    const everyone = await list(await as('admin'), 'perPage=100');
    expect(new Set(everyone.data.map((record) => record.buyerId)).size).toBeGreaterThan(1);
    const installer = await as('installer');
    expect((await installer.get(auditEndpoints.list.path({}))).statusCode).toBe(403);
    expect((await operator.get(`${auditEndpoints.list.path({})}?cursor=nonsense`)).statusCode).toBe(400);
    expect((await operator.get(`${auditEndpoints.list.path({})}?cursor=${encodeURIComponent('2026-02-30T10:00:00Z_1')}`)).statusCode).toBe(400);
  });
  it('says what each change did to which object by name: a revoked permission, a created key, a temporary code, a company edit; the «what» filter finds them', async () => {
    const admin = await as('admin');
    const operator = await as('operator');
    const list = async (query: string) => {
      const response = await admin.get(`${auditEndpoints.list.path({})}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(AuditResponse, response.json()).data;
    };
    // A permission revoked: «Отозвано право KEYS_LIST_PERMISSION у installer».
    const permissions = userPermissionEndpoints.update.path({ id: ACCOUNTS.installer.id });
    expect((await admin.request('PUT', permissions, { payload: { grant: ['KEYS_LIST_PERMISSION'] } })).statusCode).toBe(200);
    const revoked = await recorded(() => admin.request('PUT', permissions, { payload: { revoke: ['KEYS_LIST_PERMISSION'] } }));
    expect(revoked.response.statusCode, revoked.response.body).toBe(200);
    expect(revoked.added).toBe(1);
    expect(revoked.record).toMatchObject({ targetKind: 'permission', targetId: 'KEYS_LIST_PERMISSION', diffSource: 'changes', diff: null });
    expect(revoked.record.changes).toEqual([
      { kind: 'permission', id: 'KEYS_LIST_PERMISSION', label: 'KEYS_LIST_PERMISSION', action: 'revoke', before: null, after: null, parent: { kind: 'user', id: String(ACCOUNTS.installer.id), label: 'installer' } },
    ]);
    const userTrail = await list(`targetKind=user&targetId=${ACCOUNTS.installer.id}&perPage=5`);
    expect(userTrail.map((record) => record.id)).toContain(revoked.record.id);

    // A key created on a flat: «Ключ 0123456789AB добавлен в кв. 7, <address>», written in the key's transaction.
    const fixture = await createFlatFixture(app(), 0x5a);
    await createFlat(operator, fixture.houseUid, 7);
    const key = await recorded(() => operator.request('POST', keyEndpoints.create.path({}), { payload: { mac: fixture.iscomMac, value: '0123456789AB', keyType: 'Metakom', flatNum: 7 } }));
    expect(key.response.statusCode, key.response.body).toBe(200);
    expect(key.added).toBe(1);
    const flat = { kind: 'flat', id: `${fixture.houseUid}:7`, label: `г. Тестов, ул. Квартирная, д. ${fixture.houseUid.replace('test-flat-house-', '')}` };
    expect(key.record).toMatchObject({ targetKind: 'key', targetId: '0123456789AB', diffSource: 'changes' });
    expect(key.record.changes).toEqual([
      { kind: 'key', id: '0123456789AB', label: '0123456789AB', action: 'create', before: null, after: { device: fixture.iscomMac, flat: 7, type: 'Metakom' }, parent: flat },
    ]);
    // «Что = Ключ» finds it, and so do the flat's and the device's trails.
    expect((await list('targetKind=key&perPage=5')).map((record) => record.id)).toContain(key.record.id);
    expect((await list(`targetKind=flat&targetId=${encodeURIComponent(flat.id)}&perPage=5`)).map((record) => record.id)).toContain(key.record.id);
    expect((await list(`targetKind=device&targetId=${encodeURIComponent(fixture.iscomMac)}&perPage=5`)).map((record) => record.id)).toContain(key.record.id);

    // A temporary code: its value and duration, the flat named.
    const code = await recorded(() => operator.request('POST', flatEndpoints.setTemporaryCode.path(flatParams(fixture.houseUid, 7)), { payload: { duration: 3600 } }));
    expect(code.response.statusCode, code.response.body).toBe(200);
    const stored = (code.response.json() as { data: { tempCode: string } }).data.tempCode;
    expect(code.record.changes).toEqual([
      { kind: 'temporary-code', id: flat.id, label: stored, action: 'create', before: null, after: { code: stored, duration: 3600, entrances: [fixture.entranceUid] }, parent: flat },
    ]);

    // A flat blocked: said once, by the route (its transaction's snapshot of the flat gives way).
    const blocked = await recorded(() => operator.request('PUT', flatEndpoints.setStatus.path(flatParams(fixture.houseUid, 7)), { payload: { status: 1, reason: 'аудит' } }));
    expect(blocked.response.statusCode, blocked.response.body).toBe(200);
    expect(blocked.record).toMatchObject({ targetKind: 'flat', targetId: flat.id, diffSource: 'changes' });
    expect(blocked.record.changes).toEqual([{ ...flat, action: 'update', before: { blockReason: null, status: 0 }, after: { blockReason: 'аудит', status: 1 }, parent: null }]);

    // A company edited: recorded against the company by name, each changed field before and after.
    const [company] = await queryRows<{ id: number }>(db(), sql`select id from management_companies where buyer_id = 1 order by id limit 1`);
    const current = expectShape(McResponse, (await operator.get(mcEndpoints.get.path({ id: company.id }))).json()).data;
    const renamed = `${current.name} (аудит)`;
    const edit = await recorded(() => operator.request('POST', mcEndpoints.set.path({}), { payload: { ...current, name: renamed, interval: current.interval + 60 } }));
    expect(edit.response.statusCode, edit.response.body).toBe(200);
    expect(edit.record).toMatchObject({ targetKind: 'management-company', targetId: String(company.id) });
    expect(edit.record.changes).toEqual([
      { kind: 'management-company', id: String(company.id), label: renamed, action: 'update', before: { interval: current.interval, name: current.name }, after: { interval: current.interval + 60, name: renamed }, parent: null },
    ]);
  });

  it('keeps background traffic out: an installer’s field report and an import’s dry run make no record', async () => {
    const installer = await as('installer');
    const before = await total();
    const now = new Date().toISOString();
    const report = {
      installId: `audit-${backend}`,
      appVersion: '0.1.0',
      generatedAt: now,
      lastSyncAt: null,
      counts: { waiting: 0, needsAttention: 0, paused: 0, drafts: 0, idleDrafts: 0 },
      jobs: [],
      idleDrafts: [],
      storage: { persisted: false, usage: 0, quota: 1 },
    };
    const response = await installer.request('POST', fieldEndpoints.report.path({}), { payload: report });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await total()).toBe(before);
  });

  // Last: its generated requests change and delete what the other tests use.
  it('writes exactly one record for every request to every mutating route (from the registered routes), with its status; a refusal has no diff', async () => {
    const endpoints = new Map((await contractEndpoints()).map((endpoint) => [routeKey(endpoint.method, endpoint.pattern), endpoint]));
    const rules = new Map(ALL_RULES.map((rule) => [routeKey(rule.method, rule.pattern), rule]));
    const mutating = registered.filter((route) => route.method !== 'GET' && !AUDIT_SKIPPED_ROUTES.has(routeKey(route.method, route.pattern)));
    expect(mutating.length).toBeGreaterThan(80);
    const accepted = new Set<string>();
    const problems: string[] = [];
    let sent = 0;
    for (const [index, route] of mutating.entries()) {
      const key = routeKey(route.method, route.pattern);
      const rule = rules.get(key);
      const endpoint = endpoints.get(key);
      const generated = endpoint?.body ? validArbitrary(endpoint.body, 'body') : null;
      const payloads: unknown[] = [rule?.payload ?? {}, ...(generated ? fc.sample(generated, { numRuns: 2, seed: 1_700 + index }) : [])];
      for (const payload of payloads) {
        // Log-out ends the session: the next request logs in again.
        const admin = await as('admin');
        const { response, added, record } = await recorded(() => admin.request(route.method as 'POST', rule?.url ?? route.pattern, { payload: payload as object }));
        sent++;
        if (route.pattern === '/site/auth/logout' || route.pattern === '/site/auth/login') clients.delete('admin');
        if (added !== 1) problems.push(`${key}: ${added} records for one ${response.statusCode}`);
        else if (record.route !== key || record.status !== response.statusCode) problems.push(`${key}: recorded ${record.route} ${record.status}, answered ${response.statusCode}`);
        else if (response.statusCode >= 400 && record.diff !== null) problems.push(`${key}: a ${response.statusCode} with a diff`);
        else if (response.statusCode < 400 && record.diffSource === null) problems.push(`${key}: accepted without a diff source`);
        else if (response.statusCode >= 400 && record.changes.length > 0) problems.push(`${key}: a ${response.statusCode} with changes`);
        if (response.statusCode < 400) accepted.add(key);
      }
    }
    expect(problems).toEqual([]);
    console.log(`audit: ${mutating.length} mutating routes, ${sent} requests, ${accepted.size} routes accepted at least once`);
    expect(accepted.size).toBeGreaterThan(mutating.length / 3);
  }, 180_000);

});
