import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeviceCardResponse, deviceCardEndpoints } from '../../contract/device-card';
import { deviceSettingsEndpoints } from '../../contract/device-card-settings';
import { deviceEndpoints } from '../../contract/devices';
import { DeviceKeysResponse, keyEndpoints } from '../../contract/keys';
import { queryRows } from '../../server/db/client';
import { startBewardEmulator, type BewardEmulator } from '../../server/gateways/device/panels/beward/emulator';
import { DriverGateway } from '../../server/gateways/device/panels/driver-gateway';
import { panelDrivers } from '../../server/gateways/device/panels/gateway-from-env';
import { NetworkAllowList } from '../../server/gateways/device/panels/network-allow-list';
import { PanelHttp } from '../../server/gateways/device/panels/panel-http';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import {
  deviceSecretKey,
  isSealedSecret,
  openDeviceOptions,
  openSecret,
  parseDeviceSecretKey,
  sealDeviceOptions,
  sealSecret,
  setDeviceSecretKey,
  type DeviceSecretKey,
} from '../../server/security/device-secrets';
import { useFlatSetup } from './flat-fixtures';
import { BACKENDS, expectShape } from './helpers';
import { guardLoopback } from './loopback-guard';

guardLoopback();

const HEX_KEY = randomBytes(32).toString('hex');
const key = (hex: string): DeviceSecretKey => {
  const parsed = parseDeviceSecretKey(hex);
  if (!parsed) throw new Error('no key');
  return parsed;
};

describe('device secrets (AES-256-GCM)', () => {
  afterEach(() => setDeviceSecretKey(null));

  it('reads DEVICE_SECRET_KEY as 64 hex digits or base64 of 32 bytes, unset as none, and refuses anything else without echoing it', () => {
    const bytes = randomBytes(32);
    expect(parseDeviceSecretKey(bytes.toString('hex'))?.equals(bytes)).toBe(true);
    expect(parseDeviceSecretKey(` ${bytes.toString('base64')}\n`)?.equals(bytes)).toBe(true);
    expect(parseDeviceSecretKey(bytes.toString('base64url'))?.equals(bytes)).toBe(true);
    expect(parseDeviceSecretKey(undefined)).toBeNull();
    expect(parseDeviceSecretKey('  ')).toBeNull();
    for (const bad of [bytes.toString('hex').slice(1), randomBytes(16).toString('hex'), randomBytes(16).toString('base64'), 'correct horse battery staple']) {
      expect(() => parseDeviceSecretKey(bad)).toThrow(/DEVICE_SECRET_KEY must be 32 bytes given as 64 hex digits or as base64/);
      try {
        parseDeviceSecretKey(bad);
      } catch (error) {
        expect((error as Error).message).not.toContain(bad);
      }
    }
  });

  it('opens what it sealed, with a fresh IV each time', () => {
    const secret = key(HEX_KEY);
    const first = sealSecret('пароль: admin', secret);
    const second = sealSecret('пароль: admin', secret);
    expect(first).toMatch(/^enc:v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('admin');
    expect(openSecret(first, secret)).toEqual({ ok: true, value: 'пароль: admin' });
    expect(openSecret(sealSecret('', secret), secret)).toEqual({ ok: true, value: '' });
  });

  it('refuses with a reason a value sealed with another key, altered, cut, or met without a key', () => {
    const secret = key(HEX_KEY);
    const sealed = sealSecret('admin', secret);
    expect(openSecret(sealed, key(randomBytes(32).toString('hex')))).toEqual({ ok: false, reason: expect.stringMatching(/другим ключом DEVICE_SECRET_KEY/) });
    const [iv, tag, body] = sealed.slice('enc:v1:'.length).split(':');
    const flipped = Buffer.from(tag, 'base64');
    flipped[0] ^= 1;
    expect(openSecret(`enc:v1:${iv}:${flipped.toString('base64')}:${body}`, secret).ok).toBe(false);
    const alteredBody = Buffer.from(body, 'base64');
    alteredBody[0] ^= 1;
    expect(openSecret(`enc:v1:${iv}:${tag}:${alteredBody.toString('base64')}`, secret).ok).toBe(false);
    expect(openSecret(`enc:v1:${iv}:${tag}`, secret)).toEqual({ ok: false, reason: 'запись пароля повреждена' });
    expect(openSecret('enc:v1:AAAA:BBBB:CCCC', secret)).toEqual({ ok: false, reason: 'запись пароля повреждена' });
    expect(openSecret(sealed, null)).toEqual({ ok: false, reason: expect.stringMatching(/DEVICE_SECRET_KEY не задан/) });
  });

  it('reads a plain (legacy) password as it is, with or without a key', () => {
    expect(openSecret('123456', key(HEX_KEY))).toEqual({ ok: true, value: '123456' });
    expect(openSecret('123456', null)).toEqual({ ok: true, value: '123456' });
  });

  it("seals the options' password only with a key, never twice, and leaves one it cannot open as stored", () => {
    const options = { url: 'http://127.0.0.1', login: 'admin', password: 'admin' };
    expect(sealDeviceOptions(options)).toBe(options);
    setDeviceSecretKey(key(HEX_KEY));
    const sealed = sealDeviceOptions(options);
    expect(sealed).toMatchObject({ url: 'http://127.0.0.1', login: 'admin' });
    expect(isSealedSecret(String(sealed.password))).toBe(true);
    expect(sealDeviceOptions(sealed)).toBe(sealed);
    expect(openDeviceOptions(sealed)).toEqual(options);
    setDeviceSecretKey(key(randomBytes(32).toString('hex')));
    expect(openDeviceOptions(sealed)).toEqual(sealed);
  });
});

/*
 * With DEVICE_SECRET_KEY the database holds the device password sealed, the API answers it in clear
 * as the contract shows it, and the driver sends the clear password to the panel (a loopback
 * emulator). A password sealed with another key is a refusal with its reason, not a crash.
 */
describe.each(BACKENDS)('device passwords at rest on %s', (backend) => {
  const gateway = new DriverGateway({
    drivers: panelDrivers(new PanelHttp(new NetworkAllowList(['127.0.0.1/32']), { timeoutMs: 2_000 })),
    surroundings: new DeviceSimulator({ failureShare: 0 }),
  });
  const { app, fx, operator } = useFlatSetup(backend, 0x5c, { deviceGateway: { driver: gateway }, deviceSync: { enabled: false }, deviceSecretKey: HEX_KEY });
  let beward: BewardEmulator;

  const storedPassword = async (mac: string): Promise<string | null> => {
    const [row] = await queryRows<{ password: string | null }>(app().database.drizzle, sql`select options->>'password' as password from devices where mac = ${mac}`);
    return row.password;
  };
  const card = async (mac: string) => {
    const response = await operator().get(deviceCardEndpoints.card.path({ mac }));
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(DeviceCardResponse, response.json()).device;
  };
  const setOptions = async (mac: string, options: Record<string, string>) => {
    const response = await operator().request('PUT', deviceSettingsEndpoints.setOptions.path({ mac }), { payload: { options } });
    expect(response.statusCode, response.body).toBe(200);
  };
  const addKey = async (mac: string, value: string) => {
    const response = await operator().request('POST', keyEndpoints.createDeviceKey.path({ mac }), { payload: { VALUE: value, FLAT_NUM: null } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { message: string }).message;
  };

  beforeAll(async () => {
    beward = await startBewardEmulator();
  });
  afterAll(async () => {
    await beward?.close();
  });

  it('stores a created device password sealed and answers it in clear, as the contract shows it', async () => {
    const payload = { mac: '02:5C:00:00:10:01', type: 6, url: beward.url, login: 'admin', password: 'секрет-1', houses: [fx().houseUid] };
    const response = await operator().request('POST', deviceEndpoints.create.path({}), { payload });
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(deviceEndpoints.create.response, response.json()).data?.options.password).toBe('секрет-1');
    const stored = await storedPassword(payload.mac);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain('секрет');
    expect((await card(payload.mac)).options.password).toBe('секрет-1');
    const keys = await operator().request('POST', keyEndpoints.list.path({}), { payload: { mac: payload.mac } });
    expect(keys.statusCode, keys.body).toBe(200);
    expect(expectShape(DeviceKeysResponse, keys.json()).device?.options.password).toBe('секрет-1');
  });

  it('seals a password set on the card, and the driver sends the panel the clear one', async () => {
    const mac = fx().bewardMac;
    await setOptions(mac, { url: beward.url, login: 'admin', password: 'admin' });
    expect(await storedPassword(mac)).toMatch(/^enc:v1:/);
    expect((await card(mac)).options).toMatchObject({ url: beward.url, login: 'admin', password: 'admin' });
    expect(await addKey(mac, '5C0000000001')).toBe('Ключ добавлен');
    expect(Object.values(beward.state.keys).flat()).toContain('005C0000000001');
  });

  it('keeps a plain (legacy) password working until it is written again, sealed then', async () => {
    const mac = fx().bewardMac;
    await queryRows(app().database.drizzle, sql`update devices set options = options || '{"password":"admin"}'::jsonb where mac = ${mac}`);
    expect(await addKey(mac, '5C0000000002')).toBe('Ключ добавлен');
    expect((await card(mac)).options.password).toBe('admin');
    await setOptions(mac, { password: 'admin' });
    expect(await storedPassword(mac)).toMatch(/^enc:v1:/);
  });

  it('refuses, with the reason, to send a password sealed with another key: the change stays owed and the card shows it as stored', async () => {
    const mac = fx().bewardMac;
    const stored = await storedPassword(mac);
    const ours = deviceSecretKey();
    setDeviceSecretKey(parseDeviceSecretKey(randomBytes(32).toString('hex')));
    try {
      expect(await addKey(mac, '5C0000000003')).toMatch(/ждёт отправки на устройство: пароль устройства не удалось расшифровать: пароль зашифрован другим ключом/);
      expect(Object.values(beward.state.keys).flat()).not.toContain('005C0000000003');
      expect((await card(mac)).options.password).toBe(stored);
    } finally {
      setDeviceSecretKey(ours);
    }
    expect(await storedPassword(mac)).toBe(stored);
  });
});
