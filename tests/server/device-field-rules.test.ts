import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultWizardDraft, toWizardSaveBody } from '../../contract/wizard';
import { queryRows } from '../../server/db/client';
import { BACKENDS, expectError, loginAs, useApp } from './helpers';
import { preparePayload, sampleEntrance, testMac } from './prepare-fixtures';

/*
 * Every route that takes a device's address, base-station port, FIAS id or entrance number refuses
 * a value that is there but wrong with a 400 naming the field, whichever wizard sent it.
 */

const BAD = {
  port: ['-3', '0', '70000', '7.5', 'abc'],
  fias: ['not-a-fias', '0c5b2444-70a0-4932-980c'],
  porch: ['пять', '0', '-1', '2.5'],
  url: ['не адрес', 'это не хост!! ; rm -rf', 'ftp://10.0.0.1', 'http://'],
} as const;

const GOOD_FIAS = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';

describe.each(BACKENDS)('device field rules on %s', (backend) => {
  // The simulated devices always answer: a write that reaches one must not fail by chance.
  const app = useApp(backend, { jobs: { enabled: false }, deviceGateway: { failureShare: 0 }, network: { timeScale: 0, failureShare: 0 } });

  async function seededMac(): Promise<string> {
    const [row] = await queryRows<{ mac: string }>(app().database.drizzle, sql`select mac from devices order by id limit 1`);
    return row.mac;
  }

  it('POST /front/wizard/save: bsPort, fiasId, porchNum and url', async () => {
    const client = await loginAs(app(), 'installer');
    const body = toWizardSaveBody({ ...defaultWizardDraft(testMac(7101)), type: 6 });
    const send = (patch: Record<string, string>) => client.request('POST', '/front/wizard/save', { payload: { ...body, ...patch } });
    for (const value of BAD.port) expectError(await send({ bsPort: value }), 400, /bsPort: ожидается номер порта/);
    for (const value of BAD.fias) expectError(await send({ fiasId: value }), 400, /fiasId: ожидается код ФИАС/);
    for (const value of BAD.porch) expectError(await send({ porchNum: value }), 400, /porchNum: ожидается номер подъезда/);
    for (const value of BAD.url) expectError(await send({ url: value }), 400, /url: ожидается адрес устройства/);
    const [stored] = await queryRows<{ count: number | string }>(app().database.drizzle, sql`select count(*) as "count" from devices where mac = ${testMac(7101)}`);
    expect(Number(stored.count)).toBe(0);
  });

  it('POST /front/wizard/save: the fields the spec lets stay empty may be sent empty, and good values are stored', async () => {
    const client = await loginAs(app(), 'installer');
    const body = toWizardSaveBody({ ...defaultWizardDraft(testMac(7102)), type: 6 });
    expect((await client.request('POST', '/front/wizard/save', { payload: { ...body, url: '', bsPort: '', fiasId: '', porchNum: '' } })).statusCode).toBe(200);
    const filled = { ...body, mac: testMac(7103), url: 'intercom-7103.example.net', bsPort: '48', fiasId: GOOD_FIAS, porchNum: '3' };
    const response = await client.request('POST', '/front/wizard/save', { payload: filled });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('POST /front/wizard/replace-options: url and the billing options', async () => {
    const client = await loginAs(app(), 'admin');
    const body = { macFrom: await seededMac(), macTo: testMac(7104), type: 6, options: {}, url: 'http://10.40.0.4', login: 'admin', password: 'x' };
    const send = (patch: Record<string, unknown>) => client.request('POST', '/front/wizard/replace-options', { payload: { ...body, ...patch } });
    expectError(await send({ url: BAD.url[0] }), 400, /url: ожидается адрес устройства/);
    expectError(await send({ options: { url: BAD.url[1] } }), 400, /options\.url: ожидается адрес устройства/);
    expectError(await send({ options: { billing_bsPort: '-3' } }), 400, /options\.billing_bsPort: ожидается номер порта/);
    expectError(await send({ options: { billing_fiasId: 'not-a-fias' } }), 400, /options\.billing_fiasId: ожидается код ФИАС/);
    expectError(await send({ options: { billing_porchNum: 'пять' } }), 400, /options\.billing_porchNum: ожидается номер подъезда/);
  });

  it('PUT /front/devices/:mac/options: url and the billing options', async () => {
    const client = await loginAs(app(), 'admin');
    const mac = await seededMac();
    const send = (options: Record<string, unknown>) => client.request('PUT', `/front/devices/${mac}/options`, { payload: { options } });
    expectError(await send({ url: 'не адрес' }), 400, /options\.url: ожидается адрес устройства/);
    expectError(await send({ billing_bsPort: '-3' }), 400, /options\.billing_bsPort: ожидается номер порта/);
    expectError(await send({ billing_fiasId: 'not-a-fias' }), 400, /options\.billing_fiasId: ожидается код ФИАС/);
    expectError(await send({ billing_porchNum: 'пять' }), 400, /options\.billing_porchNum: ожидается номер подъезда/);
    expect((await send({ billing_bsPort: '', billing_porchNum: '4', billing_fiasId: GOOD_FIAS })).statusCode).toBe(200);
  });

  it('POST /front/device-list/create-device: url', async () => {
    const client = await loginAs(app(), 'admin');
    const response = await client.request('POST', '/front/device-list/create-device', { payload: { mac: testMac(7105), type: 6, url: 'не адрес' } });
    expectError(response, 400, /url: ожидается адрес устройства/);
  });

  it('the adjuster: the preset address, prepare-device, the house binding and the port number', async () => {
    const client = await loginAs(app(), 'installer');
    for (const url of BAD.url) {
      expectError(await client.request('POST', '/adjuster/api/device', { payload: { mac: testMac(7106), url, type: 6 } }), 400, /url: ожидается адрес устройства/);
    }
    const entrance = await sampleEntrance(app());
    const prepare = (patch: Record<string, unknown>) => client.request('POST', '/adjuster/api/prepare-device', { payload: { ...preparePayload(entrance, 7107), ...patch } });
    expectError(await prepare({ url: 'это не хост!! ; rm -rf' }), 400, /url: ожидается адрес устройства/);
    expectError(await prepare({ fias: 'not-a-fias' }), 400, /fias: ожидается код ФИАС/);
    expectError(await prepare({ porch: 0 }), 400, /porch: ожидается номер подъезда/);
    const house = (payload: Record<string, unknown>) => client.request('POST', `/adjuster/api/device/${testMac(7108)}/house`, { payload });
    expectError(await house({ fiasId: 'not-a-fias' }), 400, /fiasId: ожидается код ФИАС/);
    expectError(await house({ fiasId: GOOD_FIAS, porchNum: -1 }), 400, /porchNum: ожидается номер подъезда/);
    for (const portNum of [-3, 0, 70_000]) {
      expectError(await client.request('POST', '/adjuster/api/device/port-device', { payload: { name: 'BS-1', portNum } }), 400, /portNum: ожидается номер порта/);
      expectError(await client.request('POST', '/adjuster/api/device/port', { payload: { bsName: 'BS-1', portNum } }), 400, /portNum: ожидается номер порта/);
      expectError(await client.request('POST', '/adjuster/api/device/create', { payload: { name: 'BS-1', portNum } }), 400, /portNum: ожидается номер порта/);
    }
  });
});
