import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { KeyCreateResponse, keyEndpoints } from '../../contract/keys';
import { FlatDataResponse } from '../../contract/flats';
import { queryRows } from '../../server/db/client';
import { createFlat, expectOk, flatUrl, useFlatSetup } from './flat-fixtures';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';

const TAG = 0x14;
const CREATE = keyEndpoints.create.path({});

describe.each(BACKENDS)('key create and delete on %s', (backend) => {
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { failureShare: 0 } });


  it('adds a key of the flat to each device of the flat; the flat card lists them; a duplicate is 409', async () => {
    await createFlat(operator(), fx().houseUid, 41);
    for (const mac of [fx().iscomMac, fx().bewardMac]) {
      const response = await operator().request('POST', CREATE, { payload: { mac, value: '00:00:0a:1b:2c:3d', keyType: 'Metakom', flatNum: 41 } });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = expectShape(KeyCreateResponse, response.json());
      expect(data).toMatchObject({ VALUE: '00000A1B2C3D', FLAT_NUM: 41, MAC: mac, INNER: 0, USER_LOGIN: 'operator', BLOCKED: 0 });
    }
    const card = expectShape(FlatDataResponse, (await operator().get(flatUrl(fx().houseUid, 41))).json());
    expect(card.keys.map((key) => [key.VALUE, key.mac, key.FLAT_NUM])).toEqual(
      [fx().bewardMac, fx().iscomMac].sort().map((mac) => ['00000A1B2C3D', mac, '41']),
    );
    expectError(await operator().request('POST', CREATE, { payload: { mac: fx().iscomMac, value: '00000A1B2C3D', keyType: 'Metakom', flatNum: 41 } }), 409, /уже есть/);

    // Deleting a flat's key: DEVICE_ID + KEY_ID, then MAC + value.
    const [first, second] = card.keys;
    expectOk(await operator().request('DELETE', keyEndpoints.removeDeviceKey.path({ device: first.DEVICE_ID!, key: first.KEY_ID! })));
    expectError(await operator().request('DELETE', keyEndpoints.removeDeviceKey.path({ device: first.DEVICE_ID!, key: first.KEY_ID! })), 404);
    expectOk(await operator().request('DELETE', keyEndpoints.removeDeviceKey.path({ device: second.mac!, key: second.VALUE! })));
    expect(expectShape(FlatDataResponse, (await operator().get(flatUrl(fx().houseUid, 41))).json()).keys).toEqual([]);
  });

  it('checks the value format of each key type (400 naming value) and the flat number', async () => {
    const post = (payload: object) => operator().request('POST', CREATE, { payload: { mac: fx().iscomMac, ...payload } });
    expectError(await post({ value: '12345', keyType: 'Metakom' }), 400, /value/);
    expectError(await post({ value: 'ZZZZZZZZZZZZ', keyType: 'Cyfral' }), 400, /value/);
    expectError(await post({ value: '0011223344', keyType: 'MIFARE' }), 400, /value/);
    expectError(await post({ value: '', keyType: 'RFID' }), 400, /value/);
    expectError(await post({ value: '00112233445566', keyType: 'Unknown' }), 400, /keyType/);
    expectError(await post({ value: '001122334455', keyType: 'Eltis', flatNum: 0 }), 400, /flatNum/);
    expectError(await post({ value: '001122334455', keyType: 'Eltis', flatNum: 49 }), 400, /flatNum/);
    expectError(await post({ value: '001122334455', keyType: 'Eltis', inner: 2 }), 400, /inner/);
    const mifare = await post({ value: '04a1b2c3d4e5f6', keyType: 'MIFARE', inner: 1 });
    expect(mifare.statusCode, mifare.body).toBe(200);
    expect(expectShape(KeyCreateResponse, mifare.json()).data).toMatchObject({ VALUE: '04A1B2C3D4E5F6', FLAT_NUM: null, INNER: 1 });
    const rfid = await post({ value: '0A0B0C0D0E', keyType: 'RFID' });
    expect(rfid.statusCode, rfid.body).toBe(200);
  });

  it('refuses another buyer\'s device (404), support and the installer (403), no session (401) and no CSRF token', async () => {
    const [foreign] = await queryRows<{ mac: string; id: number }>(app().database.drizzle, sql`select mac, id from devices where buyer_id = 2 order by id limit 1`);
    const payload = { mac: foreign.mac, value: '001122334455', keyType: 'Vizit' };
    expectError(await operator().request('POST', CREATE, { payload }), 404);
    expectError(await operator().request('DELETE', keyEndpoints.removeDeviceKey.path({ device: foreign.id, key: 1 })), 404);
    expectError(await operator().request('POST', CREATE, { payload: { ...payload, mac: '02:FE:00:00:00:01' } }), 404);
    for (const account of ['support', 'installer'] as const) {
      expectError(await (await loginAs(app(), account)).request('POST', CREATE, { payload }), 403);
    }
    expectError(await new TestClient(app()).request('POST', CREATE, { payload }), 401);
    expectError(await operator().request('POST', CREATE, { payload, csrf: false }), 403, /CSRF/);
    expectError(await operator().request('DELETE', keyEndpoints.removeDeviceKey.path({ device: 'nonsense', key: 'x' })), 400);
  });

  it('applies a replayed create (same Idempotency-Key) once', async () => {
    const headers = { 'Idempotency-Key': `key-create-${backend}` };
    const payload = { mac: fx().gateMac, value: '0F0E0D0C0B0A', keyType: 'Factorial' };
    const first = await operator().request('POST', CREATE, { payload, headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await operator().request('POST', CREATE, { payload, headers });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
  });
});
