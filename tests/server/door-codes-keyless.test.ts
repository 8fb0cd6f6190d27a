import { beforeAll, describe, expect, it } from 'vitest';
import { KEYLESS_MAX_DEVICES, KeylessCodeResponse, KeylessCodesResponse, doorCodeEndpoints } from '../../contract/door-codes';
import { ResultResponse } from '../../contract/common';
import { owedOf, syncOf } from './device-sync-fixtures';
import { foreignDevice, ScriptedGateway } from './door-codes-fixtures';
import { createFlatFixture, useFlatSetup, type FlatFixture } from './flat-fixtures';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';

const TAG = 0x16;
const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe.each(BACKENDS)('keyless access on %s', (backend) => {
  const gateway = new ScriptedGateway();
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { driver: gateway } });
  let second: FlatFixture;
  beforeAll(async () => {
    second = await createFlatFixture(app(), TAG);
  });
  const create = (payload: object, client = operator(), headers?: Record<string, string>) =>
    client.request('POST', doorCodeEndpoints.keylessCreate.path({}), { payload, headers });
  const detail = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(KeylessCodeResponse, response.json()).data;
  };
  const listOf = async (query = '') => expectShape(KeylessCodesResponse, (await operator().get(`${doorCodeEndpoints.keylessList.path({})}${query}`)).json());

  it('puts a code on the devices of two houses, records where it went, lists and filters it', async () => {
    const macs = [fx().iscomMac, fx().bewardMac, second.iscomMac, second.gateMac];
    const expiresAt = future();
    const code = detail(await create({ service: 'post', code: '5511', expiresAt, comment: 'Почта России', macs: [...macs, fx().iscomMac.toLowerCase()] }));
    expect(code).toMatchObject({ service: 'post', code: '5511', expiresAt, comment: 'Почта России', expired: false, createdBy: 'operator' });
    expect(code.devices).toEqual({ total: 4, written: 4, failed: 0, pending: 0 });
    expect(code.targets.map((target) => target.mac).sort()).toEqual([...macs].sort());
    expect(code.targets.every((target) => target.status === 'written' && target.writtenAt !== null && target.address !== null)).toBe(true);
    expect(gateway.changes.filter((entry) => entry.change.code === '5511').length).toBe(4);

    const generated = detail(await create({ service: 'courier', macs: [second.bewardMac] }));
    expect(generated.code).toMatch(/^\d{6}$/);
    expect(generated.expiresAt).toBeNull();

    const all = await listOf();
    expect(all.data.slice(0, 2).map((row) => row.id)).toEqual([generated.id, code.id]);
    expect(all.pagination.pageSize).toBe(20);
    expect((await listOf('?service=post')).data.map((row) => row.id)).toContain(code.id);
    expect((await listOf('?service=post')).data.map((row) => row.id)).not.toContain(generated.id);
    expect((await listOf(`?mac=${encodeURIComponent(second.bewardMac)}`)).data.map((row) => row.id)).toEqual([generated.id]);
    expect((await listOf('?active=0')).data.map((row) => row.id)).not.toContain(code.id);
    expect((await listOf('?active=1')).data.map((row) => row.id)).toContain(code.id);
    expect(detail(await operator().get(doorCodeEndpoints.keylessGet.path({ id: code.id }))).targets).toHaveLength(4);
  });

  it('refuses a code a device already holds (409 naming the device and who holds it)', async () => {
    const mac = second.bewardMac;
    const door = await operator().request('POST', doorCodeEndpoints.create.path({ mac }), { payload: { flatNum: 7, code: '7007' } });
    expect(door.statusCode, door.body).toBe(200);
    expectError(await create({ service: 'cleaning', code: '7007', macs: [second.iscomMac, mac] }), 409, new RegExp(`${mac}.*квартиры 7`));
    detail(await create({ service: 'cleaning', code: '7008', macs: [mac] }));
    expectError(await operator().request('POST', doorCodeEndpoints.create.path({ mac }), { payload: { flatNum: 8, code: '7008' } }), 409, /бесключевого доступа \(уборка\)/);
  });

  it('records the devices that did not take it with the reason, owed to them; retries them, and owes the removal to every device', async () => {
    gateway.failing.set(second.iscomMac, 'error');
    const created = await create({ service: 'utilities', code: '6060', expiresAt: future(), macs: [fx().gateMac, second.iscomMac] });
    expect(created.json()).toMatchObject({ message: 'Код сохранён; ждёт отправки на устройства: 1', messageCode: 'keyless.savedOwed', messageParams: { count: 1 } });
    const code = detail(created);
    expect(code.devices).toEqual({ total: 2, written: 1, failed: 1, pending: 0 });
    const failed = code.targets.find((target) => target.status === 'failed');
    expect(failed).toMatchObject({ mac: second.iscomMac, message: expect.stringMatching(/^ждёт отправки на устройство: Устройство ответило ошибкой/), writtenAt: null });
    // Owed to the device with the reason (docs/api.md "Device sync"); a retry of the code sends that change, not a second one.
    expect(owedOf(await syncOf(operator(), second.iscomMac))).toEqual([['doorCode', 'бесключевой: utilities', 'failed']]);
    const retry = () => operator().request('POST', doorCodeEndpoints.keylessRetry.path({ id: code.id }), { payload: {} });
    expect(detail(await retry()).devices.failed).toBe(1);
    gateway.failing.delete(second.iscomMac);
    const writes = gateway.changes.length;
    const retried = detail(await retry());
    expect(retried.devices).toEqual({ total: 2, written: 2, failed: 0, pending: 0 });
    // Only the failed device was written again.
    expect(gateway.changes.slice(writes).map((entry) => entry.mac)).toEqual([second.iscomMac]);
    expect(await syncOf(operator(), second.iscomMac)).toMatchObject({ state: 'in-sync', owedCount: 0 });

    gateway.failing.set(fx().gateMac, 'timeout');
    const removed = await operator().request('DELETE', doorCodeEndpoints.keylessRemove.path({ id: code.id }), { payload: {} });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(expectShape(ResultResponse, removed.json()).message).toBe(`Код удалён; ждёт стирания на устройствах: ${fx().gateMac}`);
    expect(gateway.changes.at(-1)).toMatchObject({ mac: second.iscomMac, change: { action: 'remove', code: '6060' } });
    expect(owedOf(await syncOf(operator(), fx().gateMac))).toEqual([['doorCode', 'бесключевой: utilities', 'failed']]);
    gateway.failing.delete(fx().gateMac);
    expect(await syncOf(operator(), fx().gateMac, 'retry')).toMatchObject({ state: 'in-sync' });
    expect(gateway.changes.at(-1)).toMatchObject({ mac: fx().gateMac, change: { action: 'remove', code: '6060', service: 'utilities' } });
    expectError(await operator().get(doorCodeEndpoints.keylessGet.path({ id: code.id })), 404);
    expectError(await retry(), 404);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const mac = fx().iscomMac;
    expectError(await create({ service: 'pizza', macs: [mac] }), 400, /service/);
    expectError(await create({ service: 'post', macs: [] }), 400, /macs/);
    expectError(await create({ service: 'post', macs: ['nonsense'] }), 400, /macs/);
    expectError(await create({ service: 'post', code: '1', macs: [mac] }), 400, /code/);
    expectError(await create({ service: 'post', expiresAt: new Date(Date.now() - 1000).toISOString(), macs: [mac] }), 400, /expiresAt/);
    expectError(await create({ service: 'post', comment: 'x'.repeat(201), macs: [mac] }), 400, /comment/);
    const many = Array.from({ length: KEYLESS_MAX_DEVICES + 1 }, (_, n) => `02:EE:00:00:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`);
    expectError(await create({ service: 'post', macs: many }), 400, /macs.*500/);
    expectError(await create({ service: 'post', macs: [mac, '02:EE:00:00:00:01'] }), 400, /macs.*02:EE:00:00:00:01/);
    expectError(await operator().get(`${doorCodeEndpoints.keylessList.path({})}?active=yes`), 400, /active/);
    expectError(await operator().get(`${doorCodeEndpoints.keylessList.path({})}?service=pizza`), 400, /service/);
    expectError(await operator().get(doorCodeEndpoints.keylessGet.path({ id: 'abc' })), 400, /id/);
    expectError(await operator().get(doorCodeEndpoints.keylessGet.path({ id: 2_000_000_000 })), 404);
  });

  it('keeps other buyers apart (400 naming their device, 404 for their code); roles, 401 and CSRF', async () => {
    const foreign = await foreignDevice(app());
    expectError(await create({ service: 'post', macs: [foreign] }), 400, new RegExp(`macs.*${foreign}`));
    const admin = await loginAs(app(), 'admin');
    const theirs = detail(await create({ service: 'emergency', macs: [foreign] }, admin));
    expectError(await operator().get(doorCodeEndpoints.keylessGet.path({ id: theirs.id })), 404);
    expectError(await operator().request('DELETE', doorCodeEndpoints.keylessRemove.path({ id: theirs.id }), { payload: {} }), 404);
    expectError(await operator().request('POST', doorCodeEndpoints.keylessRetry.path({ id: theirs.id }), { payload: {} }), 404);
    expect((await listOf()).data.map((row) => row.id)).not.toContain(theirs.id);
    expectError(await create({ service: 'post', macs: [foreign, fx().iscomMac] }, admin), 400, /разных покупателей/);

    const support = await loginAs(app(), 'support');
    expect((await support.get(doorCodeEndpoints.keylessList.path({}))).statusCode).toBe(200);
    expectError(await create({ service: 'post', macs: [fx().iscomMac] }, support), 403);
    expectError(await support.request('DELETE', doorCodeEndpoints.keylessRemove.path({ id: theirs.id }), { payload: {} }), 403);
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.get(doorCodeEndpoints.keylessList.path({})), 403);
    expectError(await new TestClient(app()).get(doorCodeEndpoints.keylessList.path({})), 401);
    expectError(await operator().request('POST', doorCodeEndpoints.keylessCreate.path({}), { payload: { service: 'post', macs: [fx().iscomMac] }, csrf: false }), 403, /CSRF/);
  });

  it('applies a replayed create (same Idempotency-Key) once', async () => {
    const headers = { 'Idempotency-Key': `keyless-${backend}` };
    const payload = { service: 'other', macs: [fx().bewardMac] };
    const first = await create(payload, operator(), headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await create(payload, operator(), headers);
    expect(again.body).toBe(first.body);
    expect((await listOf('?service=other')).data.filter((row) => row.id === detail(first).id)).toHaveLength(1);
  });
});
