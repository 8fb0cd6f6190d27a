import { describe, expect, it } from 'vitest';
import { decode } from '../../../contract/common';
import {
  DEFAULT_DEVICE_LOGIN,
  FACTORY_PASSWORD,
  FORCED_SIP_DOMAIN,
  WizardDraft,
  WizardReplaceOptions,
  WizardSave,
  applyBuyerSipRule,
  defaultWizardDraft,
  toWizardSaveBody,
  wizardEndpoints,
} from '../../../contract/wizard';
import { ENTRANCE_UID, FIAS_ID, HOUSE_UID, MAC, MAC2, device, entrance } from './fixtures';
import { expectFailurePaths, itDecodesEveryResponse, plainCase } from './helpers';

describe('wizard endpoints', () => {
  itDecodesEveryResponse(wizardEndpoints, {
    entrances: { ok: { result: true, data: [entrance()] }, bad: { result: true, data: [{ ...entrance(), houseUid: 5 }] }, paths: ['data.0.houseUid'] },
    replaceOptions: plainCase,
    save: { ok: { result: true, message: 'Устройство настроено', data: device() }, bad: { result: true, data: { ...device(), capabilities: null } }, paths: ['data.capabilities'] },
  });
});

describe('device wizard draft', () => {
  it('starts with the spec defaults: admin, the factory password, one relay 1 with no entrance', () => {
    const draft = defaultWizardDraft(MAC);
    expect(draft).toMatchObject({ mac: MAC, login: DEFAULT_DEVICE_LOGIN, password: FACTORY_PASSWORD, url: '', houses: [], relays: [{ id: 1, entrance: '' }] });
    expect(draft.billing.devicePurpose).toBe(1);
    expect(DEFAULT_DEVICE_LOGIN).toBe('admin');
    expect(() => decode(WizardDraft, draft)).not.toThrow();
  });

  it('forces the SIP provider domain and port 7777 for buyer 1 only', () => {
    const draft = { ...defaultWizardDraft(MAC), sipAccount: { domain: 'pbx.example.org', port: 5060, type: 'udp' } };
    expect(applyBuyerSipRule(draft, 1).sipAccount).toEqual({ domain: FORCED_SIP_DOMAIN, port: 7777, type: 'udp' });
    expect(applyBuyerSipRule(draft, 3)).toBe(draft);
  });

  it('sends exactly the spec save fields, with an empty owner as null', () => {
    const draft = defaultWizardDraft('00-1a-2b-3c-4d-5e');
    draft.type = 6;
    draft.houses = [HOUSE_UID];
    draft.relays = [{ id: 1, entrance: ENTRANCE_UID }];
    draft.billing = { ...draft.billing, bsName: 'kzn-bs-014', bsPort: '7', fiasId: FIAS_ID, porchNum: '2', executorId: 3 };
    const body = toWizardSaveBody(draft);
    expect(Object.keys(body).sort()).toEqual(
      ['mac', 'deviceType', 'login', 'password', 'url', 'houses', 'relays', 'sipPort', 'sipDomain', 'sipType', 'bsName', 'bsPort', 'devicePurpose', 'fiasId', 'porchNum', 'shift', 'vendor', 'executorId', 'deviceOwner'].sort(),
    );
    expect(body).toMatchObject({ mac: MAC, deviceType: 6, deviceOwner: null, executorId: 3, sipPort: 5060 });
    expect(decode(WizardSave, body)).toEqual(body);
  });

  it('refuses to build a save body before the device type is chosen', () => {
    expect(() => toWizardSaveBody(defaultWizardDraft(MAC))).toThrow(/type/);
  });

  it('rejects a save body with an unknown field or a bad MAC', () => {
    const draft = { ...defaultWizardDraft(MAC), type: 2 };
    expectFailurePaths(WizardSave, { ...toWizardSaveBody(draft), mac: '00:1A', sipAccount: {} }, ['mac', 'sipAccount']);
  });

  it('copies options from the replaced device to its replacement', () => {
    const body = { macFrom: MAC, macTo: MAC2, type: 6, options: { SHIFT: 0, sos: 'SOS' }, url: 'http://10.12.4.78', login: 'admin', password: '123456' };
    expect(decode(WizardReplaceOptions, body)).toEqual(body);
  });
});
