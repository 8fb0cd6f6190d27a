import { describe, expect, it } from 'vitest';
import { decode } from '@contract/common';
import { Device } from '@contract/devices';
import { isHttpUrl } from '@contract/device-fields';
import { FACTORY_PASSWORD, toWizardSaveBody, type WizardSettings } from '@contract/wizard';
import { deviceSetupDraftSchema } from '@/offline/draft-schemas/device-setup';
import { compareSettings } from '@/features/device-wizard/changes';
import {
  baseFromCard,
  comparisonOf,
  draftFromReading,
  fieldErrors,
  newDraft,
  saveOnlyIfNew,
  settingsFromDevice,
  settingsOf,
  type DeviceReading,
} from '@/features/device-wizard/model';
import { ADDRESS, ENTRANCE_UID, FIAS_ID, HOUSE_UID, MAC, device } from '../../contract/fixtures';

/*
 * The set-up wizard of an existing device starts from its settings, and the review
 * compares the draft with them; a draft filled without them cannot replace them unseen.
 */

const SECOND_HOUSE = '7a1d0c3e-2b4f-4a6e-8d9c-1e2f3a4b5c6d';
const SECOND_ENTRANCE = 'c3f5e7a9-2b4d-4f6a-9b0c-1d2e3f4a5b6c';

function seeded(overrides: Record<string, unknown> = {}) {
  return decode(Device, { ...device(), ...overrides }, 'device');
}

function card(overrides: Record<string, unknown> = {}) {
  return {
    device: seeded(overrides),
    houses: [{ id: HOUSE_UID, address: ADDRESS, region: 16, fias: FIAS_ID }],
    entrances: [{ relay: 1, entrance: ENTRANCE_UID, entranceTitle: 'Подъезд 2', house: HOUSE_UID, houseAddress: ADDRESS }],
  };
}

const found = (overrides: Record<string, unknown> = {}): DeviceReading => ({ kind: 'found', base: baseFromCard(card(overrides), 1_700_000_000_000) });

describe('the device as the wizard reads it', () => {
  it('fills type, login, password, url, SHIFT, VENDOR, houses, relays, SIP and billing from the device', () => {
    const settings = settingsFromDevice(
      seeded({
        options: { ...device().options, SHIFT: -3, billing_executorId: '4', deviceOwner: 'УК «Дом»', devicePurpose: 5 },
        houses: [HOUSE_UID, SECOND_HOUSE],
        relays: [
          { id: 2, statusCode: 0, entrance: '' },
          { id: 1, statusCode: 1, entrance: ENTRANCE_UID },
        ],
      }),
    );
    expect(settings).toEqual({
      type: 6,
      login: 'admin',
      password: '123456',
      url: 'http://10.12.4.77',
      shift: -3,
      vendor: 'ISCom',
      houses: [HOUSE_UID, SECOND_HOUSE],
      relays: [
        { id: 1, entrance: ENTRANCE_UID },
        { id: 2, entrance: '' },
      ],
      sipAccount: { domain: device().sipAccount.domain, port: device().sipAccount.port, type: device().sipAccount.type },
      billing: { bsName: 'kzn-bs-014', bsPort: '7', fiasId: FIAS_ID, porchNum: '2', devicePurpose: 5, executorId: 4, deviceOwner: 'УК «Дом»' },
    });
  });

  it('reads missing options as empty, not as the defaults, and a device without a SIP account as none', () => {
    const settings = settingsFromDevice(seeded({ options: [], sipAccount: null, relays: [], houses: [] }));
    expect(settings).toMatchObject({ login: '', password: '', url: '', shift: 0, vendor: '', houses: [], relays: [] });
    expect(settings.sipAccount).toEqual({ domain: '', port: 5060, type: 'udp' });
    expect(settings.billing).toEqual({ bsName: '', bsPort: '', fiasId: '', porchNum: '', devicePurpose: 1, executorId: null, deviceOwner: '' });
  });

  it('keeps the card’s names of the houses and of the entrances on its relays', () => {
    const base = baseFromCard(card(), 5);
    expect(base.readAt).toBe(5);
    expect(base.houseAddresses).toEqual({ [HOUSE_UID]: ADDRESS });
    expect(base.entranceTitles).toEqual({ [ENTRANCE_UID]: 'Подъезд 2' });
  });

  it('starts a draft from the device, from the defaults for a new one, and from the defaults without a base when nothing was read', () => {
    const reading = found();
    const fromDevice = draftFromReading('00-1a-2b-3c-4d-5e', reading);
    expect(fromDevice.mac).toBe(MAC);
    expect(settingsOf(fromDevice)).toEqual(reading.kind === 'found' && reading.base.settings);
    expect(fromDevice.base).toEqual(reading.kind === 'found' && reading.base);
    // A copy: editing the draft leaves what the device has alone.
    fromDevice.houses.push(SECOND_HOUSE);
    expect(reading.kind === 'found' && reading.base.settings.houses).toEqual([HOUSE_UID]);

    const fresh = draftFromReading(MAC, { kind: 'absent' });
    expect(fresh).toMatchObject({ mac: MAC, type: null, password: FACTORY_PASSWORD, base: null });
    const unread = draftFromReading(MAC, null);
    expect(unread).toMatchObject({ mac: MAC, type: null });
    expect('base' in unread).toBe(false);
  });

  it('stores and reads back a draft with its base, and still reads a draft saved before the base existed', () => {
    const withBase = draftFromReading(MAC, found());
    expect(deviceSetupDraftSchema.decode(JSON.parse(JSON.stringify(withBase)), 'draft')).toEqual(withBase);
    expect(deviceSetupDraftSchema.decode(JSON.parse(JSON.stringify({ ...withBase, base: null })), 'draft').base).toBeNull();
    const old = newDraft(MAC);
    expect(deviceSetupDraftSchema.decode(JSON.parse(JSON.stringify(old)), 'draft')).toEqual(old);
  });
});

describe('what the review compares with, and when the save may not replace a device', () => {
  const base = found();
  const draftBase = draftFromReading(MAC, base).base;

  it('prefers the device read now, then the settings read when the draft started', () => {
    expect(comparisonOf(base, undefined)).toMatchObject({ kind: 'device', live: true });
    expect(comparisonOf(null, draftBase)).toMatchObject({ kind: 'device', live: false });
    expect(comparisonOf({ kind: 'absent' }, draftBase)).toEqual({ kind: 'new' });
    expect(comparisonOf(null, null)).toEqual({ kind: 'new' });
    expect(comparisonOf(null, undefined)).toEqual({ kind: 'unknown' });
  });

  it('asks the server to create only when the device’s settings were never read (offline, or a draft from before)', () => {
    expect(saveOnlyIfNew(comparisonOf(null, undefined))).toBe(true);
    expect(saveOnlyIfNew(comparisonOf(base, undefined))).toBe(false);
    expect(saveOnlyIfNew(comparisonOf(null, draftBase))).toBe(false);
    expect(saveOnlyIfNew(comparisonOf(null, null))).toBe(false);
    const draft = { ...newDraft(MAC), type: 6 };
    expect(toWizardSaveBody(draft, { onlyIfNew: true }).onlyIfNew).toBe(true);
    expect(Object.keys(toWizardSaveBody(draft))).not.toContain('onlyIfNew');
  });
});

describe('the review’s changes', () => {
  const before: WizardSettings = draftFromReading(MAC, found());

  const changed = (after: WizardSettings) =>
    compareSettings(before, after)
      .filter((change) => change.changed)
      .map(({ id, before: now, after: then }) => ({ id, now, then }));

  it('finds nothing when the draft is the device', () => {
    expect(changed(before)).toEqual([]);
    expect(compareSettings(before, before).every((change) => !change.changed)).toBe(true);
  });

  it('names each changed field with its value now and after', () => {
    expect(changed({ ...before, vendor: 'Beward', shift: 2, billing: { ...before.billing, bsName: 'BS-2', executorId: 7 } })).toEqual([
      { id: 'shift', now: 0, then: 2 },
      { id: 'vendor', now: 'ISCom', then: 'Beward' },
      { id: 'bsName', now: 'kzn-bs-014', then: 'BS-2' },
      { id: 'executorId', now: null, then: 7 },
    ]);
  });

  it('compares passwords as values only (the review shows neither)', () => {
    const [password] = compareSettings(before, { ...before, password: 'n3w' }).filter((change) => change.field === 'password');
    expect(password).toMatchObject({ changed: true, step: 1 });
    expect(compareSettings(before, before).find((change) => change.field === 'password')?.changed).toBe(false);
  });

  it('lists houses linked and unlinked, and each relay by number', () => {
    const after = {
      ...before,
      houses: [SECOND_HOUSE],
      relays: [
        { id: 1, entrance: SECOND_ENTRANCE },
        { id: 3, entrance: '' },
      ],
    };
    expect(changed(after)).toEqual([
      { id: `house:${HOUSE_UID}`, now: HOUSE_UID, then: null },
      { id: `house:${SECOND_HOUSE}`, now: null, then: SECOND_HOUSE },
      { id: 'relay:1', now: ENTRANCE_UID, then: SECOND_ENTRANCE },
      { id: 'relay:3', now: null, then: '' },
    ]);
    expect(compareSettings(before, after).find((change) => change.id === 'relay:3')).toMatchObject({ field: 'relay', item: 3, step: 3 });
  });

  it('reads a blank SIP domain as no account, whose port and transport are then none', () => {
    const without = { ...before, sipAccount: { domain: ' ', port: 5060, type: 'udp' } };
    const lines = compareSettings(before, without).filter((change) => change.step === 4);
    expect(lines.map(({ field, after, changed: moved }) => ({ field, after, moved }))).toEqual([
      { field: 'sipDomain', after: null, moved: true },
      { field: 'sipPort', after: null, moved: true },
      { field: 'sipType', after: null, moved: true },
    ]);
  });

  it('takes a blank device owner for none, as the save sends it', () => {
    expect(changed({ ...before, billing: { ...before.billing, deviceOwner: '  ' } })).toEqual([]);
  });
});

describe('field checks from the contract', () => {
  const draft = { ...newDraft(MAC), type: 6 };

  it('accepts an http(s) device address and refuses anything else', () => {
    for (const url of ['http://10.16.3.4', 'https://panel.local:8443/api', 'HTTP://10.0.0.1']) expect(isHttpUrl(url), url).toBe(true);
    for (const url of ['10.16.3.4', 'ftp://10.0.0.1', 'http://', 'http://10.0.0.1 /x', 'http:/10.0.0.1']) expect(isHttpUrl(url), url).toBe(false);
    expect(fieldErrors({ ...draft, url: 'не адрес' }).url).toBe('deviceField.address');
    expect(fieldErrors({ ...draft, url: '10.16.3.4' }).url).toBeUndefined();
    expect(fieldErrors({ ...draft, url: '' }).url).toBeUndefined();
  });

  it('refuses an empty login, a port out of range, and a number field whose text is not a number', () => {
    expect(fieldErrors({ ...draft, login: ' ' }).login).toBe('deviceWizard.error.login');
    expect(fieldErrors({ ...draft, sipAccount: { domain: 'sip.example', port: 70_000, type: 'udp' } }).sipPort).toBe('deviceWizard.error.sipPort');
    expect(fieldErrors({ ...draft, sipAccount: { domain: 'sip.example', port: 0, type: 'udp' } }).sipPort).toBe('deviceWizard.error.sipPort');
    expect(fieldErrors(draft, ['sipPort', 'relays.0.id'])).toEqual({ sipPort: 'deviceWizard.error.number', 'relays.0.id': 'deviceWizard.error.number' });
    expect(fieldErrors(draft)).toEqual({});
  });
});
