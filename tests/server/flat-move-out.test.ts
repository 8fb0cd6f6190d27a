import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { MOVE_OUT_UNDO_SECONDS, MoveOutPreviewResponse, MoveOutResponse, flatEndpoints } from '../../contract/flat-card';
import { FlatDataResponse, flatParams } from '../../contract/flats';
import { queryRows } from '../../server/db/client';
import { accessServices } from '../../server/db/schema/access';
import { flatAccessServices } from '../../server/db/schema/flats';
import { sipAccounts } from '../../server/db/schema/sip';
import { userDevices, users } from '../../server/db/schema/users';
import { createFlat, expectOk, flatUrl, useFlatSetup } from './flat-fixtures';
import { BACKENDS, expectError, expectShape, loginAs } from './helpers';

const TAG = 0x13;

describe.each(BACKENDS)('move-out on %s', (backend) => {
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { failureShare: 0 } });


  /** A flat with a leaving resident (SIP account, phone), a resident who stays, a key, a code and a service on. */
  async function furnishedFlat(flatNum: number) {
    const db = app().database.drizzle;
    const flatId = await createFlat(operator(), fx().houseUid, flatNum);
    const [leaving] = await db.insert(users).values({ login: `leaving-${backend}-${flatNum}`, buyerId: 1 }).returning({ id: users.id });
    const [staying] = await db.insert(users).values({ login: `staying-${backend}-${flatNum}`, buyerId: 1, dontUnlinkFromFlats: true }).returning({ id: users.id });
    for (const userId of [leaving.id, staying.id]) expectOk(await operator().request('POST', flatUrl(fx().houseUid, flatNum, '/users'), { payload: { userId } }));
    await db.insert(sipAccounts).values([
      { login: `sip-leaving-${backend}-${flatNum}`, password: 'p', domain: 'sip.test', port: 5060, flatNum, houseUid: fx().houseUid, userId: leaving.id, buyerId: 1 },
      { login: `sip-staying-${backend}-${flatNum}`, password: 'p', domain: 'sip.test', port: 5060, flatNum, houseUid: fx().houseUid, userId: staying.id, buyerId: 1 },
    ]);
    await db.insert(userDevices).values({ userId: leaving.id, name: 'iPhone', os: 'ios' });
    const value = `0000${String(flatNum).padStart(2, '0')}A1B2C3`.slice(0, 12);
    const key = await operator().request('POST', '/front/keys/create', { payload: { mac: fx().iscomMac, value, keyType: 'Metakom', flatNum } });
    expect(key.statusCode, key.body).toBe(200);
    expectOk(await operator().request('POST', flatUrl(fx().houseUid, flatNum, '/temporary-access-code'), { payload: { duration: 3600 } }));
    const [service] = await db.select({ id: accessServices.id }).from(accessServices).limit(1);
    const serviceId = service?.id ?? (await db.insert(accessServices).values({ name: 'app', description: null }).returning({ id: accessServices.id }))[0].id;
    await db.insert(flatAccessServices).values({ flatId, serviceId, access: true, source: 'billing' });
    return { flatId, leaving: leaving.id, staying: staying.id, value };
  }

  const path = (flatNum: number) => flatEndpoints.moveOut.path(flatParams(fx().houseUid, flatNum));

  it('previews what would go, moves out in one call, and undoes it', async () => {
    const flat = await furnishedFlat(31);
    const preview = await operator().get(path(31));
    expect(preview.statusCode, preview.body).toBe(200);
    const summary = expectShape(MoveOutPreviewResponse, preview.json()).data;
    expect(summary).toMatchObject({
      users: [{ id: flat.leaving, login: `leaving-${backend}-31` }],
      keptUsers: [{ id: flat.staying, login: `staying-${backend}-31` }],
      keys: [{ value: flat.value, mac: fx().iscomMac }],
      temporaryCode: true,
      sipAccounts: 1,
      appDevices: 1,
      accessServices: 1,
    });

    const before = expectShape(FlatDataResponse, (await operator().get(flatUrl(fx().houseUid, 31))).json());
    expect(before.moveOut).toBeNull();
    const response = await operator().request('POST', path(31));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = expectShape(MoveOutResponse, response.json());
    const { keptUsers: _kept, ...removed } = summary;
    expect(data.removed).toEqual(removed);
    expect(Date.parse(data.undoUntil) - Date.now()).toBeGreaterThan((MOVE_OUT_UNDO_SECONDS - 60) * 1000);

    const after = expectShape(FlatDataResponse, (await operator().get(flatUrl(fx().houseUid, 31))).json());
    expect(after.users.map((user) => user.id)).toEqual([flat.staying]);
    expect(after.users[0].accounts).toHaveLength(1);
    expect(after.keys).toEqual([]);
    expect(after.temporaryCode).toBeNull();
    expect(after.flat.accessServices.map((entry) => [entry.access, entry.source])).toEqual([[false, 'operator']]);
    expectError(await operator().request('POST', path(31)), 409, /нечего/);
    // The undo is read from the server: a new session (another browser, a reload) finds it in the card.
    const elsewhere = expectShape(FlatDataResponse, (await (await loginAs(app(), 'operator')).get(flatUrl(fx().houseUid, 31))).json());
    expect(elsewhere.moveOut).toMatchObject({ moveOutId: data.moveOutId, undoUntil: data.undoUntil, removed });
    expect(elsewhere.moveOut?.secondsLeft).toBeGreaterThan(MOVE_OUT_UNDO_SECONDS - 60);
    expect(elsewhere.moveOut?.secondsLeft).toBeLessThanOrEqual(MOVE_OUT_UNDO_SECONDS);

    const undo = flatEndpoints.undoMoveOut.path({ ...flatParams(fx().houseUid, 31), moveOutId: data.moveOutId });
    expectError(await operator().request('POST', flatEndpoints.undoMoveOut.path({ ...flatParams(fx().houseUid, 32), moveOutId: data.moveOutId })), 404);
    const support = await loginAs(app(), 'support');
    expectError(await support.request('POST', undo), 403);
    expectOk(await operator().request('POST', undo));
    const restored = expectShape(FlatDataResponse, (await operator().get(flatUrl(fx().houseUid, 31))).json());
    expect(restored.users).toEqual(before.users);
    expect(restored.keys).toEqual(before.keys);
    expect(restored.temporaryCode).toEqual(before.temporaryCode);
    expect(restored.flat.accessServices).toEqual(before.flat.accessServices);
    expect(restored.moveOut).toBeNull();
    expectError(await operator().request('POST', undo), 409, /уже отменено/);
  });

  it('refuses the undo after undo_until, and an undo id that is not a number', async () => {
    await furnishedFlat(32);
    const { data } = expectShape(MoveOutResponse, (await operator().request('POST', path(32))).json());
    await app().database.drizzle.execute(sql`update flat_move_outs set undo_until = now() - interval '1 second' where id = ${data.moveOutId}`);
    const undo = flatEndpoints.undoMoveOut.path({ ...flatParams(fx().houseUid, 32), moveOutId: data.moveOutId });
    expectError(await operator().request('POST', undo), 409, /истёк/);
    expect(expectShape(FlatDataResponse, (await operator().get(flatUrl(fx().houseUid, 32))).json()).moveOut).toBeNull();
    expectError(await operator().request('POST', flatEndpoints.undoMoveOut.path({ ...flatParams(fx().houseUid, 32), moveOutId: 'abc' })), 400, /moveOutId/);
    expectError(await operator().request('POST', undo, { csrf: false }), 403, /CSRF/);
    const [row] = await queryRows<{ snapshot: { keys: unknown[] } }>(app().database.drizzle, sql`select snapshot from flat_move_outs where id = ${data.moveOutId}`);
    expect(row.snapshot.keys).toHaveLength(1);
  });

  it('answers a replayed move-out (same Idempotency-Key) with the stored answer; 404 for an unknown flat', async () => {
    await furnishedFlat(33);
    const headers = { 'Idempotency-Key': `move-out-${backend}-33` };
    const first = await operator().request('POST', path(33), { headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await operator().request('POST', path(33), { headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expectError(await operator().request('POST', path(47)), 404);
    expectError(await operator().get(path(47)), 404);
    expect(expectShape(ResultResponse, first.json()).result).toBe(true);
  });
});
