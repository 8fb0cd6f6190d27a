import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DeviceCardResponse } from '../../contract/device-card';
import { WizardSave, WizardSaveResponse, defaultWizardDraft, toWizardSaveBody } from '../../contract/wizard';
import { decode } from '../../contract/common';
import { queryRows } from '../../server/db/client';
import { BACKENDS, expectError, expectShape, loginAs, useApp } from './helpers';
import { testMac } from './prepare-fixtures';

/*
 * A set-up wizard filled offline, without the device's settings, saves with onlyIfNew: a device
 * the server already has answers 409 and keeps every setting; a new one is created as usual.
 */

const SAVE = '/front/wizard/save';

function body(mac: string, vendor: string, onlyIfNew: boolean): WizardSave {
  return toWizardSaveBody({ ...defaultWizardDraft(mac), type: 6, vendor, url: 'http://10.40.1.1' }, { onlyIfNew });
}

describe('toWizardSaveBody', () => {
  it('adds onlyIfNew only when asked, so the usual body holds exactly the spec fields', () => {
    const mac = testMac(7100);
    expect(body(mac, 'A', false)).not.toHaveProperty('onlyIfNew');
    expect(body(mac, 'A', true)).toMatchObject({ onlyIfNew: true });
    expect(() => decode(WizardSave, body(mac, 'A', true))).not.toThrow();
  });
});

describe.each(BACKENDS)('POST /front/wizard/save with onlyIfNew on %s', (backend) => {
  const app = useApp(backend, { jobs: { enabled: false } });

  async function vendorOf(mac: string): Promise<unknown> {
    const [row] = await queryRows<{ options: Record<string, unknown> }>(app().database.drizzle, sql`select options from devices where mac = ${mac}`);
    return row?.options.VENDOR;
  }

  it('creates a device the server does not have', async () => {
    const client = await loginAs(app(), 'installer');
    const mac = testMac(7101);
    const response = await client.request('POST', SAVE, { payload: body(mac, 'Fresh', true) });
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(WizardSaveResponse, response.json()).data).toMatchObject({ mac, type: 6 });
    expect(await vendorOf(mac)).toBe('Fresh');
  });

  it('refuses a device the server already has with 409 and changes nothing; without the flag it updates', async () => {
    const client = await loginAs(app(), 'installer');
    const mac = testMac(7102);
    expect((await client.request('POST', SAVE, { payload: body(mac, 'First', false) })).statusCode).toBe(200);

    expectError(await client.request('POST', SAVE, { payload: body(mac, 'Offline', true) }), 409, /уже есть на сервере со своими настройками/);
    expect(await vendorOf(mac)).toBe('First');

    expect((await client.request('POST', SAVE, { payload: body(mac, 'Compared', false) })).statusCode).toBe(200);
    expect(await vendorOf(mac)).toBe('Compared');
  });

  it('keeps a seeded device with houses, relays and billing whole', async () => {
    const client = await loginAs(app(), 'installer');
    const [seeded] = await queryRows<{ mac: string }>(
      app().database.drizzle,
      sql`select d.mac from devices d where d.buyer_id = 1 and exists (select 1 from device_houses h where h.device_id = d.id) order by d.id limit 1`,
    );
    const before = expectShape(DeviceCardResponse, (await client.get(`/front/device-card/device/${seeded.mac}`)).json()).device;
    expectError(await client.request('POST', SAVE, { payload: body(seeded.mac, 'Offline', true) }), 409);
    const after = expectShape(DeviceCardResponse, (await client.get(`/front/device-card/device/${seeded.mac}`)).json()).device;
    expect(after).toEqual(before);
  });
});
