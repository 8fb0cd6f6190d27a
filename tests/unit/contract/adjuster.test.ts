import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import { PrepareDeviceRequest, SetupDdnsRequest, adjusterEndpoints, isAdjusterSuccess } from '../../../contract/adjuster';
import {
  ADDRESS_NOT_FOUND,
  AdjusterAddressState,
  SerialNumberDraft,
  applyAddressLookup,
  defaultAdjusterState,
  defaultSerialNumberDraft,
  isSerialNumberDraftValid,
  toPrepareDeviceBody,
} from '../../../contract/adjuster-wizard';
import { FACTORY_PASSWORD } from '../../../contract/wizard';
import { ADDRESS, FIAS_ID, MAC } from './fixtures';
import { adjusterPlainCase, expectFailurePaths, itDecodesEveryResponse } from './helpers';

const adjusterDevice = {
  mac: MAC,
  ip: '10.12.4.77',
  message: null,
  options: { billing_bsName: 'kzn-bs-014', billing_bsPort: '7', billing_porchNum: '2' },
};

describe('adjuster endpoints', () => {
  itDecodesEveryResponse(adjusterEndpoints, {
    portDevice: {
      ok: { result: 'success', address: ADDRESS, entranceNum: 2, fiasId: FIAS_ID },
      bad: { result: 'success', address: ADDRESS, entranceNum: '2' },
      paths: ['entranceNum', 'fiasId'],
    },
    port: { ok: { result: 'success', jobs: { changeVlanPort: 5101, disablePort: 5102, enablePort: 5103 } }, bad: { result: 'success', jobs: { changeVlanPort: 5101, disablePort: '5102' } }, paths: ['jobs.disablePort', 'jobs.enablePort'] },
    create: { ok: { result: 'success', data: adjusterDevice }, bad: { result: 'success', data: { ...adjusterDevice, options: null } }, paths: ['data.options'] },
    jobStatus: { ok: { result: 'success', status: 'running', completed: false }, bad: { result: 'success', status: 2 }, paths: ['status', 'completed'] },
    setupDdns: adjusterPlainCase,
    device: { ok: { result: 'success', data: adjusterDevice }, bad: { result: 'success', data: { ...adjusterDevice, mac: '10.12.4.77' } }, paths: ['data.mac'] },
    cableLength: {
      ok: { result: 'success', pairs: [{ pair: 1, length: 42, status: 'ok' }, { pair: 2, length: null, status: 'open' }] },
      bad: { result: 'success', pairs: [{ pair: 1, length: '42 м', status: 'ok' }] },
      paths: ['pairs.0.length'],
    },
    linkStatus: { ok: { result: 'success', link: 'up', port: 'GigabitEthernet0/7' }, bad: { result: 'success', link: true, port: 7 }, paths: ['link', 'port'] },
    errorsOnPort: { ok: { result: 'success', rx: { crc: 0, fragments: 3 }, tx: [] }, bad: { result: 'success', rx: { crc: '0' }, tx: {} }, paths: ['rx.crc'] },
    setHouse: adjusterPlainCase,
    setGroup: adjusterPlainCase,
    addDevice: { ok: { result: 'success', data: adjusterDevice }, bad: { result: 'error' }, paths: ['data'] },
    prepareDevice: { ok: { result: 'success', message: 'Устройство подготовлено', data: { deviceId: 1044, mac: MAC, serialNumber: 'ISC2405001234' } }, bad: { result: 'success', data: { deviceId: 1044 } }, paths: ['data.mac', 'data.serialNumber'] },
  });

  it('reads the string result', () => {
    expect(isAdjusterSuccess({ result: 'success' })).toBe(true);
    expect(isAdjusterSuccess({ result: 'error' })).toBe(false);
  });

  it('builds the port paths from base station and port number', () => {
    expect(adjusterEndpoints.cableLength.path({ bsName: 'kzn-bs-014', portNum: 7 })).toBe('/adjuster/api/device/kzn-bs-014/7/cable-length');
    expect(adjusterEndpoints.jobStatus.path({ id: 5101 })).toBe('/adjuster/api/job/5101/status');
  });

  it('sets up DDNS only with a MAC and an IPv4 address', () => {
    expect(decode(SetupDdnsRequest, { mac: MAC, ip: '10.12.4.77' })).toEqual({ mac: MAC, ip: '10.12.4.77' });
    expectFailurePaths(SetupDdnsRequest, { mac: MAC, ip: '10.12.4.300' }, ['ip']);
  });
});

function validDraft(): SerialNumberDraft {
  return {
    ...defaultSerialNumberDraft(),
    serialNumber: 'ISC2405001234',
    mac: '00-1a-2b-3c-4d-5e',
    dns: 'isc2405001234.intercom.local',
    address: ADDRESS,
    house: FIAS_ID,
    entrance: 2,
  };
}

describe('serial-number wizard draft', () => {
  it('starts with type 1, revision 2, root, the factory password, ISCom, one relay, borders 0', () => {
    const draft = defaultSerialNumberDraft();
    expect(draft).toMatchObject({ deviceType: 1, deviceRevision: 2, login: 'root', pass: FACTORY_PASSWORD, model: 'ISCom', relayNum: 1, leftBorder: 0, rightBorder: 0, entrance: null, deviceOwner: null });
    expect(() => decode(SerialNumberDraft, draft)).not.toThrow();
  });

  it('keeps only known device types and hardware revisions in a stored draft', () => {
    expectFailurePaths(SerialNumberDraft, { ...defaultSerialNumberDraft(), deviceType: 16, deviceRevision: 3 }, ['deviceType', 'deviceRevision']);
  });

  it('is valid with every required field filled, an entrance and relays', () => {
    expect(isSerialNumberDraftValid(validDraft())).toBe(true);
  });

  it.each(['serialNumber', 'mac', 'dns', 'login', 'pass', 'address', 'house'] as const)('is invalid with an empty %s', (field) => {
    expect(isSerialNumberDraftValid({ ...validDraft(), [field]: '  ' })).toBe(false);
  });

  it('is invalid without an entrance or with relayNum 0', () => {
    expect(isSerialNumberDraftValid({ ...validDraft(), entrance: null })).toBe(false);
    expect(isSerialNumberDraftValid({ ...validDraft(), relayNum: 0 })).toBe(false);
  });

  it('sends an empty deviceOwner as null and a filled one as typed', () => {
    expect(toPrepareDeviceBody({ ...validDraft(), deviceOwner: '' }).deviceOwner).toBeNull();
    expect(toPrepareDeviceBody({ ...validDraft(), deviceOwner: null }).deviceOwner).toBeNull();
    expect(toPrepareDeviceBody({ ...validDraft(), deviceOwner: 'УК «Жилкомсервис»' }).deviceOwner).toBe('УК «Жилкомсервис»');
  });

  it('maps the draft to the prepare-device body the server accepts', () => {
    const body = toPrepareDeviceBody(validDraft());
    expect(body).toMatchObject({ mac: MAC, url: 'isc2405001234.intercom.local', type: 1, model: 'ISCom', serialNumber: 'ISC2405001234', fias: FIAS_ID, porch: 2 });
    expect(decode(PrepareDeviceRequest, body)).toEqual(body);
  });
});

describe('adjuster wizard address state', () => {
  it('starts with three unknown, unfinished jobs', () => {
    const state = defaultAdjusterState();
    expect(() => decode(AdjusterAddressState, state)).not.toThrow();
    expect(Object.values(state.jobs)).toEqual([
      { status: 'unknown', jobNum: null, completed: false },
      { status: 'unknown', jobNum: null, completed: false },
      { status: 'unknown', jobNum: null, completed: false },
    ]);
    expect(Object.keys(state.jobs)).toEqual(['changeVlanPort', 'disablePort', 'enablePort']);
  });

  it('sets fiasId, entrance and address when found', () => {
    const state = applyAddressLookup(defaultAdjusterState(), { address: ADDRESS, entranceNum: 2, fiasId: FIAS_ID });
    expect(state).toMatchObject({ address: ADDRESS, entranceNum: 2, fiasId: FIAS_ID, error: null });
  });

  it('clears the address and says "Адрес не найден" without a fiasId', () => {
    const found = applyAddressLookup(defaultAdjusterState(), { address: ADDRESS, entranceNum: 2, fiasId: FIAS_ID });
    const state = applyAddressLookup(found, { address: null, entranceNum: null, fiasId: null });
    expect(state).toMatchObject({ address: null, entranceNum: null, fiasId: null, error: ADDRESS_NOT_FOUND });
    expect(ADDRESS_NOT_FOUND).toBe('Адрес не найден');
  });
});
