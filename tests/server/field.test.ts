import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIELD_PAGE_SIZE, FieldInstallerResponse, FieldListResponse, fieldEndpoints, type FieldReport } from '../../contract/field';
import { queryRows } from '../../server/db/client';
import { ACCOUNTS, BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

const HOUR = 3_600_000;

function report(overrides: Partial<FieldReport> = {}): FieldReport {
  return {
    installId: 'install-phone-0001',
    appVersion: '0.1.0',
    generatedAt: new Date().toISOString(),
    lastSyncAt: new Date(Date.now() - HOUR).toISOString(),
    counts: { waiting: 2, needsAttention: 1, paused: 0, drafts: 1, idleDrafts: 1 },
    jobs: [
      {
        id: 12,
        kind: 'serial-number',
        status: 'needs-attention',
        mac: '0E:00:00:00:00:01',
        house: 'ул. Ленина, 1',
        httpStatus: 409,
        error: 'Устройство с MAC-адресом 0E:00:00:00:00:01 уже зарегистрировано',
        attempts: 1,
        createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
        updatedAt: new Date(Date.now() - HOUR).toISOString(),
      },
    ],
    idleDrafts: [{ kind: 'device-setup', title: 'Панель', mac: null, house: null, updatedAt: new Date(Date.now() - 4 * 24 * HOUR).toISOString() }],
    storage: { persisted: false, usage: 1_000_000, quota: 100_000_000 },
    ...overrides,
  };
}

describe.each(BACKENDS)('support’s view of the field on %s', (backend) => {
  const app = useApp(backend);
  const clients = new Map<string, TestClient>();
  async function as(account: keyof typeof ACCOUNTS): Promise<TestClient> {
    const client = clients.get(account) ?? (await loginAs(app(), account));
    clients.set(account, client);
    return client;
  }
  /** An installer of another buyer than the demo accounts' (buyer 1); their password is their login. */
  async function foreignInstaller(): Promise<{ client: TestClient; userId: number }> {
    const [row] = await queryRows<{ id: number; login: string }>(
      app().database.drizzle,
      sql`select u.id, u.login from users u join auth_assignments a on a.user_id = u.id and a.item_name = 'adjuster' where u.buyer_id <> 1 order by u.id limit 1`,
    );
    const client = new TestClient(app());
    expect((await client.login(row.login, row.login)).statusCode).toBe(200);
    return { client, userId: Number(row.id) };
  }
  const send = async (client: TestClient, body: unknown) => client.request('POST', fieldEndpoints.report.path({}), { payload: body as Record<string, unknown> });
  const list = async (client: TestClient, query = '') => {
    const response = await client.get(`${fieldEndpoints.list.path({})}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(FieldListResponse, response.json());
  };
  const detail = async (client: TestClient, userId: number) => {
    const response = await client.get(fieldEndpoints.installer.path({ userId }));
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(FieldInstallerResponse, response.json());
  };

  it('takes an installer’s report, and support reads it with the job, the reason and the storage', async () => {
    const installer = await as('installer');
    const sent = report();
    expect((await send(installer, sent)).statusCode).toBe(200);
    const page = await list(await as('support'));
    const row = page.data.find((entry) => entry.userId === ACCOUNTS.installer.id);
    expect(row).toMatchObject({ login: 'installer', installs: 1, waiting: 2, needsAttention: 1, idleDrafts: 1, stale: false, storageNotPersistent: true });
    // Installers needing attention come first.
    expect(page.data[0].needsAttention).toBeGreaterThan(0);
    expect(page.totals.needsAttention).toBeGreaterThanOrEqual(1);
    const one = await detail(await as('support'), ACCOUNTS.installer.id);
    expect(one.data.installs).toHaveLength(1);
    expect(one.data.installs[0]).toMatchObject({ installId: sent.installId, appVersion: '0.1.0', jobs: sent.jobs, idleDrafts: sent.idleDrafts, storage: sent.storage, counts: sent.counts, stale: false });
    expect(one.data.installs[0].userAgent).toBeTruthy();
    expect(one.data.history.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps one latest report per device: the same report again is stored once, an older one never replaces a newer', async () => {
    const installer = await as('installer');
    const first = report({ installId: 'install-phone-0002', generatedAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await send(installer, first)).statusCode).toBe(200);
    expect((await send(installer, first)).statusCode).toBe(200);
    const newer = report({ installId: 'install-phone-0002', counts: { ...first.counts, needsAttention: 0 }, jobs: [] });
    expect((await send(installer, newer)).statusCode).toBe(200);
    expect((await send(installer, first)).statusCode).toBe(200);
    const one = await detail(await as('admin'), ACCOUNTS.installer.id);
    const phone = one.data.installs.find((install) => install.installId === 'install-phone-0002');
    expect(phone?.jobs).toEqual([]);
    expect(phone?.generatedAt).toBe(newer.generatedAt);
    expect(one.data.history.filter((entry) => entry.installId === 'install-phone-0002')).toHaveLength(2);
  });

  it('filters by attention, staleness and login, pages by 20, and says 400 for a bad filter', async () => {
    const support = await as('support');
    const attention = await list(support, '?attention=1');
    expect(attention.data.length).toBeGreaterThan(0);
    expect(attention.data.every((row) => row.needsAttention > 0)).toBe(true);
    const byLogin = await list(support, '?login=INSTAL');
    expect(byLogin.data.map((row) => row.login)).toContain('installer');
    expect((await list(support, '?login=no-such-login-%25')).data).toEqual([]);
    const stale = await list(support, '?staleDays=2');
    expect(stale.staleDays).toBe(2);
    expect(stale.data.every((row) => row.stale)).toBe(true);
    expect(stale.data.some((row) => row.userId === ACCOUNTS.installer.id)).toBe(false);
    // Installers of the buyer who never reported are stale.
    expect(stale.data.some((row) => row.lastReportAt === null)).toBe(true);
    const all = await list(support);
    expect(all.pagination).toMatchObject({ page: 1, pageSize: FIELD_PAGE_SIZE, totalCount: all.totals.installers });
    expectError(await support.get('/front/field?staleDays=0'), 400, /staleDays/);
    expectError(await support.get('/front/field?page=0'), 400, /page/);
    expectError(await support.get('/front/field/abc'), 400, /userId/);
  });

  it('refuses a malformed report with a 400 naming the field', async () => {
    const installer = await as('installer');
    expectError(await send(installer, { ...report(), installId: 'x' }), 400, /installId/);
    expectError(await send(installer, { ...report(), counts: { waiting: -1 } }), 400, /counts/);
    expectError(await send(installer, { ...report(), jobs: Array.from({ length: 51 }, () => report().jobs[0]) }), 400, /jobs/);
  });

  it('enforces the roles: only installers and operators report, support and management read, nobody sees another buyer’s installers', async () => {
    expectError(await send(await as('support'), report()), 403);
    expectError(await new TestClient(app()).get(fieldEndpoints.list.path({})), 401);
    expectError(await (await as('installer')).get(fieldEndpoints.list.path({})), 403);
    expectError(await (await as('installer')).get(fieldEndpoints.installer.path({ userId: ACCOUNTS.installer.id })), 403);

    const foreign = await foreignInstaller();
    expect((await send(foreign.client, report({ installId: 'install-foreign-01' }))).statusCode).toBe(200);
    // The operator (management of buyer 1) and support (buyer 1) do not see buyer 2's installer; the superuser does.
    for (const reader of ['operator', 'support'] as const) {
      const client = await as(reader);
      expect((await list(client, '?staleDays=365')).data.some((row) => row.userId === foreign.userId)).toBe(false);
      expect((await list(client)).data.some((row) => row.userId === foreign.userId)).toBe(false);
      expectError(await client.get(fieldEndpoints.installer.path({ userId: foreign.userId })), 404);
    }
    const admin = await as('admin');
    expect((await detail(admin, foreign.userId)).data.installs.map((install) => install.installId)).toEqual(['install-foreign-01']);
    expect((await list(admin, `?attention=1&login=${encodeURIComponent((await detail(admin, foreign.userId)).data.login)}`)).data.map((row) => row.userId)).toEqual([foreign.userId]);
    expectError(await admin.get(fieldEndpoints.installer.path({ userId: 999_999 })), 404);
  });
});
