import { describe, expect, it } from 'vitest';
import { AUDIO_RULE, DISPLAY_RULES, LEVEL_RULE, SIP_ACCOUNT_RULES } from '@contract/device-card-settings';
import type { DeviceCard } from '@/features/device-card/model';
import {
  applyGroups,
  applyHouses,
  applyOptions,
  applySip,
  applySipRemoved,
  applyStatus,
  canUse,
  changedOptions,
  checkField,
  clampPercent,
  fieldUnder,
  firmwarePhase,
  nextRelayId,
  doorRelays,
  normalisedPatch,
  optionFormValues,
  numbersOf,
  optionRule,
  parseInteger,
  pickTab,
  relayFormRows,
  rs485Models,
  rs485StatusKey,
  sipAccountInput,
  sipFormValues,
  visibleTabs,
} from '@/features/device-card/model';

const HOUSE = { id: 'h-1', address: 'ул. Ленина, 1', region: 38 };
const SIP = { id: 5, login: '1000005', password: 'secret', domain: 'sip.local', port: 7777, type: 'udp', flat_num: null, house_uid: 'h-1', userId: null, buyer_id: 1 };

function makeCard(type = 6, capabilities = ['keys', 'levels', 'rs485', 'audio', 'display', 'echoCancellation', 'mifare', 'autoCollectKeys', 'camera', 'firmware']): DeviceCard {
  return {
    result: true,
    device: {
      mac: 'E4:5A:D4:00:00:06',
      buyerId: 1,
      type,
      statusCode: 1,
      createDate: '2024-01-01T00:00:00.000Z',
      updateDate: '2024-01-02T00:00:00.000Z',
      options: { url: 'http://10.0.0.1', billing_bsName: 'BS-1', billing_bsPort: '4', sos: 'SOS', conciergeApartment: 999, isMifare: false },
      houses: ['h-1'],
      capabilities,
      sipAccount: SIP,
      relays: [
        { id: 2, statusCode: 0, entrance: '' },
        { id: 1, statusCode: 1, entrance: 'e-1' },
      ],
    },
    liveStatus: true,
    rtspStatus: true,
    sipStatus: true,
    externalExistsStatus: null,
    snapshot: null,
    groups: [],
    mainOptions: [
      { name: 'url', value: 'http://10.0.0.1' },
      { name: 'SHIFT', value: 0 },
      { name: 'systemInfo.revision', value: 5 },
    ],
    billingOptions: [
      { name: 'billing_bsName', value: 'BS-1' },
      { name: 'billing_bsPort', value: '4' },
    ],
    entrances: [{ relay: 1, entrance: 'e-1', entranceTitle: 'Подъезд 1', house: 'h-1', houseAddress: HOUSE.address }],
    houses: [HOUSE],
    camsLink: null,
    camsArchiveLink: null,
  };
}

describe('feature gating', () => {
  it('shows extra settings only for ISCOM_X1 and BEWARD_ISCOM, and only with the capability', () => {
    expect(canUse(makeCard(6).device, 'rs485')).toBe(true);
    expect(canUse(makeCard(10).device, 'audio')).toBe(true);
    // ISCOM_X0 listing rs485 is still not an extra-settings type.
    expect(canUse(makeCard(5).device, 'rs485')).toBe(false);
    expect(canUse(makeCard(6, ['keys']).device, 'rs485')).toBe(false);
  });

  it('gates the other features by the capability alone', () => {
    expect(canUse(makeCard(5, ['levels']).device, 'levels')).toBe(true);
    expect(canUse(makeCard(2, ['camera']).device, 'camera')).toBe(true);
    expect(canUse(makeCard(2, []).device, 'camera')).toBe(false);
  });

  it('lists only the tabs the device has, and falls back to the first for an unknown one', () => {
    expect(visibleTabs(makeCard().device)).toEqual(['overview', 'sip', 'options', 'media', 'rs485', 'camera', 'service']);
    const plain = visibleTabs(makeCard(2, ['keys']).device);
    expect(plain).toEqual(['overview', 'sip', 'options', 'service']);
    expect(pickTab('rs485', plain)).toBe('overview');
    expect(pickTab('sip', plain)).toBe('sip');
    expect(pickTab(null, plain)).toBe('overview');
  });
});

describe('local updates', () => {
  it('status 3 clears relays, houses and the SIP account and empties the billing values', () => {
    const reset = applyStatus(makeCard(), 3);
    expect(reset.device.statusCode).toBe(3);
    expect(reset.device.relays).toEqual([]);
    expect(reset.device.houses).toEqual([]);
    expect(reset.device.sipAccount).toBeNull();
    expect(reset.houses).toEqual([]);
    expect(reset.entrances).toEqual([]);
    expect(reset.billingOptions).toEqual([
      { name: 'billing_bsName', value: '' },
      { name: 'billing_bsPort', value: '' },
    ]);
    expect(reset.device.options.billing_bsName).toBe('');
    // Main options stay.
    expect(reset.mainOptions).toEqual(makeCard().mainOptions);
  });

  it('another status changes only the code', () => {
    const card = makeCard();
    const disabled = applyStatus(card, 2);
    expect(disabled.device.statusCode).toBe(2);
    expect(disabled.device.relays).toBe(card.device.relays);
    expect(disabled.device.sipAccount).toBe(SIP);
  });

  it('merges options into the device and the listed rows without touching the original', () => {
    const card = makeCard();
    const next = applyOptions(card, { url: 'http://10.0.0.2', isMifare: true });
    expect(next.device.options.url).toBe('http://10.0.0.2');
    expect(next.device.options.isMifare).toBe(true);
    expect(next.mainOptions[0]).toEqual({ name: 'url', value: 'http://10.0.0.2' });
    expect(card.device.options.url).toBe('http://10.0.0.1');
  });

  it('keeps the sos and concierge defaults when the SIP update leaves them out', () => {
    const next = applySip(makeCard(), { ...SIP, login: 'new' }, { login: 'new', password: 'p', domain: 'd', port: 5060 });
    expect(next.device.sipAccount?.login).toBe('new');
    expect(next.device.options.sos).toBe('SOS');
    expect(next.device.options.conciergeApartment).toBe(999);
    const removed = applySipRemoved(next);
    expect(removed.device.sipAccount).toBeNull();
    expect(removed.sipStatus).toBe(false);
  });

  it('keeps groups and houses the server accepted, and drops relay rows of a removed house', () => {
    const group = { groupId: 3, name: 'Север', buyerId: 1, parentId: null, uid: 'g' };
    expect(applyGroups(makeCard(), [3], [group]).groups).toEqual([group]);
    const other = { id: 'h-2', address: 'ул. Мира, 2', region: 38 };
    const moved = applyHouses(makeCard(), ['h-2'], [other]);
    expect(moved.device.houses).toEqual(['h-2']);
    expect(moved.houses).toEqual([other]);
    expect(moved.entrances).toEqual([]);
  });
});

describe('forms', () => {
  it('fills the SIP form from the account and the option defaults', () => {
    expect(sipFormValues(makeCard())).toEqual({ login: '1000005', password: 'secret', domain: 'sip.local', port: '7777', sos: 'SOS', conciergeApartment: '999' });
    const reset = applyStatus(makeCard(), 3);
    expect(sipFormValues(reset).login).toBe('');
  });

  it('sends the SIP account typed, leaving empty sos and concierge to the server defaults', () => {
    expect(sipAccountInput({ login: ' 100 ', password: 'p', domain: ' d ', port: '5060', sos: '', conciergeApartment: '' })).toEqual({
      login: '100',
      password: 'p',
      domain: 'd',
      port: 5060,
    });
    expect(sipAccountInput({ login: 'a', password: 'p', domain: 'd', port: '70000', sos: 'Охрана', conciergeApartment: '12' })).toMatchObject({
      port: 70000,
      sos: 'Охрана',
      conciergeApartment: 12,
    });
  });

  it('sends only the changed options, numbers as numbers, and empty text as null only where the server keeps null', () => {
    const initial = optionFormValues(makeCard().mainOptions.concat(makeCard().billingOptions), ['url', 'SHIFT', 'systemInfo.revision', 'billing_bsName']);
    expect(initial).toEqual({ url: 'http://10.0.0.1', SHIFT: '0', 'systemInfo~revision': '5', billing_bsName: 'BS-1' });
    const patch = changedOptions(initial, { ...initial, SHIFT: '3', 'systemInfo~revision': '2', billing_bsName: '  ' });
    expect(patch).toEqual({ SHIFT: 3, 'systemInfo.revision': 2, billing_bsName: null });
    // The device's URL is text the server keeps as '' (it refuses null there).
    expect(changedOptions(initial, { ...initial, url: ' ' })).toEqual({ url: '' });
    expect(normalisedPatch({ url: ' http://x ', VENDOR: ' ', login: ' ' })).toEqual({ url: 'http://x', VENDOR: null, login: '' });
  });

  it('parses whole numbers only', () => {
    expect(parseInteger(' 42 ')).toBe(42);
    expect(parseInteger('-3')).toBe(-3);
    expect(parseInteger('4.5')).toBeNull();
    expect(parseInteger('')).toBeNull();
    expect(numbersOf(['a', 'b'], { a: '7', b: ' 12 ' })).toEqual({ a: 7, b: 12 });
  });
});

describe('field checks from the contract rules', () => {
  it('refuses a volume of 150 beside «От 0 до 100», and takes 0 and 100', () => {
    expect(checkField(AUDIO_RULE, '150')).toEqual({ kind: 'range', min: 0, max: 100 });
    expect(checkField(AUDIO_RULE, '-1')).toEqual({ kind: 'range', min: 0, max: 100 });
    expect(checkField(AUDIO_RULE, '0')).toBeNull();
    expect(checkField(AUDIO_RULE, ' 100 ')).toBeNull();
    expect(checkField(LEVEL_RULE, '10001')).toEqual({ kind: 'range', min: 0, max: 10_000 });
  });

  it('refuses a SIP port typed as text or out of range, and an empty one', () => {
    expect(checkField(SIP_ACCOUNT_RULES.port, 'пять')).toEqual({ kind: 'range', min: 1, max: 65_535 });
    expect(checkField(SIP_ACCOUNT_RULES.port, '5060.5')).toEqual({ kind: 'range', min: 1, max: 65_535 });
    expect(checkField(SIP_ACCOUNT_RULES.port, '70000')).toEqual({ kind: 'range', min: 1, max: 65_535 });
    expect(checkField(SIP_ACCOUNT_RULES.port, '')).toEqual({ kind: 'required' });
    expect(checkField(SIP_ACCOUNT_RULES.port, '5060')).toBeNull();
  });

  it('refuses blank required text and text over its length', () => {
    expect(checkField(SIP_ACCOUNT_RULES.login, '   ')).toEqual({ kind: 'required' });
    expect(checkField(SIP_ACCOUNT_RULES.password, 'x'.repeat(65))).toEqual({ kind: 'maxLength', max: 64 });
    expect(checkField(SIP_ACCOUNT_RULES.sos, '')).toBeNull();
    expect(checkField(DISPLAY_RULES.infoText, 'x'.repeat(200))).toBeNull();
    expect(checkField(DISPLAY_RULES.infoText, 'x'.repeat(201))).toEqual({ kind: 'maxLength', max: 200 });
  });

  it('checks typed options by their rule and leaves the selects alone', () => {
    expect(optionRule('sipPort')).toEqual({ kind: 'integer', min: 1, max: 65_535 });
    expect(checkField(optionRule('SHIFT')!, '-10000')).toEqual({ kind: 'range', min: -9999, max: 9999 });
    expect(optionRule('devicePurpose')).toBeNull();
    expect(optionRule('systemInfo.revision')).toBeNull();
  });

  it('names the form field of a request path', () => {
    const audio = fieldUnder('audio.', ['musicVolume', 'panelVolume']);
    expect(audio('audio.musicVolume')).toBe('musicVolume');
    expect(audio('audio.bass')).toBeNull();
    expect(audio('musicVolume')).toBeNull();
  });
});

describe('relays and RS485', () => {
  it('lists relays by number and numbers a new one after the highest', () => {
    expect(relayFormRows(makeCard().device)).toEqual([
      { id: 1, entrance: 'e-1' },
      { id: 2, entrance: '' },
    ]);
    expect(nextRelayId([{ id: 1 }, { id: 4 }])).toBe(5);
    expect(nextRelayId([])).toBe(1);
  });

  it('offers to open the doors of the relays in service, by number, and the main door of a panel with none listed', () => {
    const relay = (id: number, statusCode: number) => ({ id, statusCode, entrance: '' });
    expect(doorRelays({ relays: [relay(3, 1), relay(1, 1), relay(2, 0)] })).toEqual([1, 3]);
    expect(doorRelays({ relays: [relay(2, 0)] })).toEqual([1]);
    expect(doorRelays({ relays: [] })).toEqual([1]);
  });

  it('offers each model found on the bus once, the saved one first', () => {
    const device = { index: 0, model: 'RS-K1', address: 1, version: '1.0', enable: true, status: 'online' };
    const scans = [{ priority: 0, address: 1, devices: [device, { ...device, index: 1 }, { ...device, index: 2, model: 'RS-K2' }] }];
    expect(rs485Models(scans, 'MF-485')).toEqual(['MF-485', 'RS-K1', 'RS-K2']);
    expect(rs485Models([], null)).toEqual([]);
  });

  it('reads a bus device state in words, and keeps one it does not know as sent', () => {
    expect(rs485StatusKey('online')).toBe('card.rs485.status.online');
    expect(rs485StatusKey('offline')).toBe('card.rs485.status.offline');
    expect(rs485StatusKey('error')).toBe('card.rs485.status.error');
    expect(rs485StatusKey('sleeping')).toBeNull();
  });

  it('keeps the progress between 0 and 100', () => {
    expect(clampPercent(37.4)).toBe(37);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-1)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

describe('firmware update', () => {
  const running = { from: '1.0', target: '2.0', status: 'running' as const, progress: 40, startedAt: '2025-06-01T12:00:00.000Z', message: null };

  it('runs until the device reports the target, then is done', () => {
    expect(firmwarePhase({ current: '1.0', update: running }, '2.0')).toEqual({ phase: 'running', progress: 40 });
    expect(firmwarePhase({ current: '2.0', update: { ...running, status: 'done', progress: 100 } }, '2.0')).toEqual({ phase: 'done' });
  });

  it('is not done while the same version is flashed again, and fails with the device reason', () => {
    expect(firmwarePhase({ current: '2.0', update: { ...running, from: '2.0' } }, '2.0')).toEqual({ phase: 'running', progress: 40 });
    expect(firmwarePhase({ current: '1.0', update: { ...running, status: 'failed', message: 'прервано' } }, '2.0')).toEqual({ phase: 'failed', message: 'прервано' });
  });

  it('shows no progress of an update to another version', () => {
    expect(firmwarePhase({ current: '1.0', update: { ...running, target: '3.0' } }, '2.0')).toEqual({ phase: 'running', progress: 0 });
  });
});
