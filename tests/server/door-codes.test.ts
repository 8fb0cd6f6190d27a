import { describe, expect, it } from 'vitest';
import { DeviceSyncStateResponse, deviceSyncEndpoints } from '../../contract/device-sync';
import { DOOR_CODE_PAGE_SIZE, DoorCodeResponse, DoorCodesResponse, doorCodeEndpoints } from '../../contract/door-codes';
import { addAnalogDevice, foreignDevice, ScriptedGateway } from './door-codes-fixtures';
import { expectOk, useFlatSetup } from './flat-fixtures';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';

const TAG = 0x15;
const ANALOG_MAC = '02:15:AA:00:00:01';

describe.each(BACKENDS)('door codes of a device on %s', (backend) => {
  const gateway = new ScriptedGateway();
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { driver: gateway } });
  const list = (mac: string, query = '') => operator().get(`${doorCodeEndpoints.list.path({ mac })}${query}`);
  const create = (mac: string, payload: object, client = operator()) => client.request('POST', doorCodeEndpoints.create.path({ mac }), { payload });
  const made = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(DoorCodeResponse, response.json()).data;
  };

  it('lists the device, its flat range and no codes at first', async () => {
    const answer = expectShape(DoorCodesResponse, (await list(fx().iscomMac)).json());
    expect(answer.device.mac).toBe(fx().iscomMac);
    expect(answer.address).toMatch(/Квартирная/);
    expect(answer.canFlatDoorCode).toBe(true);
    expect(answer.flatRange).toMatchObject({ firstFlat: 1, lastFlat: 50, entranceNum: 1 });
    expect(answer.common).toBeNull();
    expect(answer.data).toEqual([]);
    expect(answer.pagination).toMatchObject({ page: 1, pageSize: DOOR_CODE_PAGE_SIZE, totalCount: 0 });
  });

  it('makes the common code and flat codes, generated or given, writes them to the device, refuses a taken code (409)', async () => {
    const mac = fx().iscomMac;
    const common = made(await create(mac, { flatNum: null, code: '4321', comment: ' подъезд ' }));
    expect(common).toMatchObject({ flatNum: null, code: '4321', comment: 'подъезд', expired: false, createdBy: 'operator', expiresAt: null });
    expect(gateway.changes.at(-1)).toEqual({ mac, change: { kind: 'doorCode', action: 'set', flatNum: null, code: '4321', expiresAt: null } });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const generated = made(await create(mac, { flatNum: 12, expiresAt }));
    expect(generated.code).toMatch(/^\d{6}$/);
    expect(generated.expiresAt).toBe(expiresAt);
    expectError(await create(mac, { flatNum: 13, code: generated.code }), 409, /квартиры 12/);
    expectError(await create(mac, { flatNum: 14, code: '4321' }), 409, /общий код/);
    expectError(await create(mac, { flatNum: 12, code: '777777' }), 409, /квартиры 12 уже есть код/);
    expectError(await create(mac, { flatNum: null, code: '777777' }), 409, /общий код/);
    made(await create(mac, { flatNum: 3, code: '33333' }));

    const answer = expectShape(DoorCodesResponse, (await list(mac)).json());
    expect(answer.common?.code).toBe('4321');
    expect(answer.common?.owed).toBeNull();
    expect(answer.data.map((code) => [code.flatNum, code.owed])).toEqual([
      [3, null],
      [12, null],
    ]);
    const filtered = expectShape(DoorCodesResponse, (await list(mac, '?flatNum=12')).json());
    expect(filtered.data.map((code) => code.code)).toEqual([generated.code]);
    expect(filtered.pagination.totalCount).toBe(1);
  });

  it('changes, regenerates, expires now (listed as expired) and deletes a code', async () => {
    const mac = fx().bewardMac;
    const code = made(await create(mac, { flatNum: 20, code: '2020' }));
    const other = made(await create(mac, { flatNum: 21, code: '2121' }));
    const put = (id: number, payload: object) => operator().request('PUT', doorCodeEndpoints.update.path({ mac, id }), { payload });
    expect(made(await put(code.id, { code: '20202', comment: 'новый' }))).toMatchObject({ code: '20202', comment: 'новый', flatNum: 20 });
    expectError(await put(code.id, { code: '2121' }), 409, /квартиры 21/);
    // A refusal naming values is coded by its text on its way out (contract/server-text-match.ts), its Russian as it was.
    expect((await put(code.id, { code: '2121' })).json()).toEqual({
      result: false,
      message: 'Код 2121 занят: код уже у квартиры 21',
      messageCode: 'conflict.doorCodeOfFlat',
      messageParams: { code: '2121', flatNum: '21' },
    });
    const regenerated = made(await put(code.id, { regenerate: true }));
    expect(regenerated.code).toMatch(/^\d{6}$/);
    expect(regenerated.comment).toBe('новый');
    expectError(await put(code.id, { regenerate: true, code: '1234' }), 400, /regenerate/);
    const expired = made(await put(code.id, { expiresAt: new Date().toISOString() }));
    expect(expired.expired).toBe(true);
    const listed = expectShape(DoorCodesResponse, (await list(mac, '?flatNum=20')).json()).data[0];
    expect(listed).toMatchObject({ id: code.id, expired: true });
    expect(made(await put(code.id, { expiresAt: null })).expired).toBe(false);

    expectOk(await operator().request('DELETE', doorCodeEndpoints.remove.path({ mac, id: code.id })));
    expect(gateway.changes.at(-1)?.change).toMatchObject({ kind: 'doorCode', action: 'remove', flatNum: 20 });
    expectError(await operator().request('DELETE', doorCodeEndpoints.remove.path({ mac, id: code.id })), 404);
    expect((await put(code.id, { comment: 'x' })).json()).toEqual({
      result: false,
      message: `Код ${code.id} не найден на устройстве ${mac}`,
      messageCode: 'notFound.doorCode',
      messageParams: { id: String(code.id), mac },
    });
    // Another device's code is not found through this one.
    expectError(await operator().request('DELETE', doorCodeEndpoints.remove.path({ mac: fx().iscomMac, id: other.id })), 404);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const mac = fx().iscomMac;
    expectError(await create(mac, { flatNum: 5, code: '12' }), 400, /code/);
    expectError(await create(mac, { flatNum: 5, code: '123456789' }), 400, /code/);
    expectError(await create(mac, { flatNum: 5, code: '12a4' }), 400, /code/);
    expectError(await create(mac, { flatNum: 51 }), 400, /flatNum.*1–50/);
    expectError(await create(mac, { flatNum: 0 }), 400, /flatNum/);
    expectError(await create(mac, { flatNum: 1.5 }), 400, /flatNum/);
    expectError(await create(mac, { code: '1234' }), 400, /flatNum/);
    expectError(await create(mac, { flatNum: 5, expiresAt: new Date(Date.now() - 60_000).toISOString() }), 400, /expiresAt/);
    expectError(await create(mac, { flatNum: 5, expiresAt: 'tomorrow' }), 400, /expiresAt/);
    expectError(await create(mac, { flatNum: 5, comment: 'x'.repeat(201) }), 400, /comment/);
    expectError(await create(mac, { flatNum: 5, extra: 1 }), 400, /extra/);
    expectError(await list(mac, '?page=0'), 400, /page/);
    expectError(await list(mac, '?flatNum=abc'), 400, /flatNum/);
    expectError(await operator().request('PUT', doorCodeEndpoints.update.path({ mac, id: 'x' }), { payload: {} }), 400, /id/);
    expectError(await create('not-a-mac', { flatNum: null }), 400, /mac/);

    await addAnalogDevice(app(), fx().houseUid, `${ANALOG_MAC.slice(0, -2)}${backend === 'pglite' ? '01' : '02'}`);
    const analog = `${ANALOG_MAC.slice(0, -2)}${backend === 'pglite' ? '01' : '02'}`;
    expect(expectShape(DoorCodesResponse, (await list(analog)).json()).canFlatDoorCode).toBe(false);
    expectError(await create(analog, { flatNum: 5 }), 400, /flatNum.*не принимает/);
    made(await create(analog, { flatNum: null }));
  });

  it('keeps a code the device refuses and owes it to the device with the reason (docs/api.md "Device sync")', async () => {
    const mac = fx().gateMac;
    const sync = async () => expectShape(DeviceSyncStateResponse, (await operator().get(deviceSyncEndpoints.state.path({ mac }))).json()).data;
    const before = gateway.changes.length;
    gateway.failing.set(mac, 'timeout');
    const created = await create(mac, { flatNum: 30, code: '3030' });
    expect(created.json().message).toMatch(/^Код добавлен; запись ждёт отправки на устройство: .*не ответило/);
    expect(created.json()).toMatchObject({ messageCode: 'doorCode.added.owedBecause', messageParams: { reason: expect.stringMatching(/не ответило/) } });
    const code = made(created);
    // The list marks it as not on the device yet, with the device's reason.
    const owedList = expectShape(DoorCodesResponse, (await list(mac)).json()).data;
    expect(owedList.map((row) => row.code)).toEqual(['3030']);
    // The reason comes with its code (docs/api.md "Door codes"), for the list to word it in English.
    expect(owedList[0].owed).toEqual({ reason: `Устройство не ответило за 5 с (${mac})`, reasonCode: 'device.timeout', reasonParams: { seconds: 5, mac } });
    expect((await sync()).changes).toMatchObject([
      { kind: 'doorCode', target: 'кв. 30', status: 'failed', lastError: `Устройство не ответило за 5 с (${mac})`, lastErrorCode: 'device.timeout', lastErrorParams: { seconds: 5, mac } },
    ]);
    gateway.failing.set(mac, 'error');
    made(await operator().request('PUT', doorCodeEndpoints.update.path({ mac, id: code.id }), { payload: { code: '30303' } }));
    expect((await sync()).owedCount).toBe(2);
    gateway.failing.delete(mac);
    expect(expectShape(DeviceSyncStateResponse, (await operator().request('POST', deviceSyncEndpoints.retry.path({ mac }))).json()).data.state).toBe('in-sync');
    expect(gateway.changes.slice(before).map((item) => item.change)).toMatchObject([{ code: '3030' }, { code: '30303' }]);
    const written = expectShape(DoorCodesResponse, (await list(mac)).json()).data;
    expect(written.map((row) => [row.code, row.owed])).toEqual([['30303', null]]);
  });

  it('lets support read and refuses it and the installer changes (403); 401 without a session; CSRF; another buyer\'s device is 404', async () => {
    const mac = fx().iscomMac;
    const support = await loginAs(app(), 'support');
    expect((await support.get(doorCodeEndpoints.list.path({ mac }))).statusCode).toBe(200);
    expectError(await create(mac, { flatNum: 40 }, support), 403);
    expectError(await support.request('DELETE', doorCodeEndpoints.remove.path({ mac, id: 1 })), 403);
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.get(doorCodeEndpoints.list.path({ mac })), 403);
    expectError(await create(mac, { flatNum: 40 }, installer), 403);
    expectError(await new TestClient(app()).get(doorCodeEndpoints.list.path({ mac })), 401);
    expectError(await operator().request('POST', doorCodeEndpoints.create.path({ mac }), { payload: { flatNum: 40 }, csrf: false }), 403, /CSRF/);
    const foreign = await foreignDevice(app());
    expectError(await list(foreign), 404);
    expectError(await create(foreign, { flatNum: null }), 404);
    expectError(await operator().request('PUT', doorCodeEndpoints.update.path({ mac: foreign, id: 1 }), { payload: {} }), 404);
    expectError(await list('02:FE:00:00:00:09'), 404);
    // The superuser sees another buyer's device.
    expect((await (await loginAs(app(), 'admin')).get(doorCodeEndpoints.list.path({ mac: foreign }))).statusCode).toBe(200);
  });

  it('applies a replayed create (same Idempotency-Key) once', async () => {
    const headers = { 'Idempotency-Key': `door-code-${backend}` };
    const mac = fx().iscomMac;
    const first = await operator().request('POST', doorCodeEndpoints.create.path({ mac }), { payload: { flatNum: 45 }, headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await operator().request('POST', doorCodeEndpoints.create.path({ mac }), { payload: { flatNum: 45 }, headers });
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
  });
});
