import { describe, expect, it } from 'vitest';
import type { Entrance } from '@contract/entrances';
import { FACTORY_PASSWORD, FORCED_SIP_DOMAIN, FORCED_SIP_PORT, toWizardSaveBody, wizardEndpoints } from '@contract/wizard';
import type { SnapshotRow } from '@/offline/db';
import { outboxRequest } from '@/offline/outbox-queue';
import { deviceSetupDraftSchema } from '@/offline/draft-schemas/device-setup';
import {
  DONE_STEP,
  draftTarget,
  entranceChoices,
  fieldErrors,
  firstStepWithError,
  initialState,
  LAST_STEP,
  newDraft,
  nextRelayId,
  parseStep,
  readSnapshotHouse,
  snapshotEntrances,
  stepOfField,
  withHouseFias,
  wizardReducer,
  type SnapshotHouse,
  type WizardAction,
  type WizardState,
} from '@/features/device-wizard/model';

const MAC = '02:AA:BB:CC:DD:EE';

function entrance(id: string, houseUid: string, entranceNum: number, type: 1 | 2 | 3 | 4 = 1): Entrance {
  return { id, buyerId: 1, entranceNum, houseUid, title: `Подъезд ${entranceNum}`, type, range: { start: 1, end: 10 }, gates: [], relays: [] };
}

function run(state: WizardState, ...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, state);
}

function loaded(buyerId: number | null = 3): WizardState {
  return run(initialState(), { type: 'load', draft: newDraft(MAC), buyerId });
}

describe('device wizard state', () => {
  it('starts at step 1 with the spec defaults: login admin, factory password, one relay 1, devicePurpose 1', () => {
    const state = loaded();
    expect(state.step).toBe(1);
    expect(state.isLoaded).toBe(true);
    expect(state.draft).toMatchObject({
      mac: MAC,
      login: 'admin',
      password: FACTORY_PASSWORD,
      url: '',
      relays: [{ id: 1, entrance: '' }],
      billing: { devicePurpose: 1 },
    });
  });

  it('sets the flags as the spec says: isHouseListChanged true at start, isThirdStepLoaded false, isSaved false', () => {
    const state = initialState();
    expect(state).toMatchObject({ isLoaded: false, isThirdStepLoaded: false, isHouseListChanged: true, isSaved: false, step: 1 });
  });

  it('resets the step to 1 on load, unless a resumed draft names its step', () => {
    const moved = run(loaded(), { type: 'step', step: 4 });
    expect(run(moved, { type: 'load', draft: moved.draft, buyerId: 3 }).step).toBe(1);
    expect(run(moved, { type: 'load', draft: moved.draft, step: 3, buyerId: 3 }).step).toBe(3);
  });

  it('clears isHouseListChanged once the entrances are loaded, and sets it again when the houses change', () => {
    let state = run(loaded(), { type: 'houses', houses: ['h1'] });
    expect(state).toMatchObject({ isHouseListChanged: true, isThirdStepLoaded: false });
    state = run(state, { type: 'entrances', entrances: [entrance('e1', 'h1', 1)], source: 'snapshot' });
    expect(state).toMatchObject({ isHouseListChanged: false, isThirdStepLoaded: true, entranceSource: 'snapshot' });
    state = run(state, { type: 'houses', houses: ['h1', 'h2'] });
    expect(state).toMatchObject({ isHouseListChanged: true, isThirdStepLoaded: false });
  });

  it('the same houses again change nothing', () => {
    const state = run(loaded(), { type: 'houses', houses: ['h1'] }, { type: 'entrances', entrances: [], source: 'server' });
    expect(run(state, { type: 'houses', houses: ['h1'] })).toBe(state);
  });

  it('unbinds a relay whose entrance belongs to a house no longer chosen', () => {
    const state = run(
      loaded(),
      { type: 'houses', houses: ['h1', 'h2'] },
      { type: 'entrances', entrances: [entrance('e1', 'h1', 1), entrance('e2', 'h2', 1)], source: 'server' },
      { type: 'relay', index: 0, patch: { entrance: 'e2' } },
      { type: 'houses', houses: ['h1'] },
    );
    expect(state.draft.relays).toEqual([{ id: 1, entrance: '' }]);
    expect(state.entrances.map((item) => item.id)).toEqual(['e1']);
  });

  it('unbinds a relay whose stored entrance is not among the loaded ones', () => {
    const draft = { ...newDraft(MAC), houses: ['h1'], relays: [{ id: 1, entrance: 'gone' }, { id: 2, entrance: 'e1' }] };
    const state = run(initialState(), { type: 'load', draft, step: 3, buyerId: 3 }, { type: 'entrances', entrances: [entrance('e1', 'h1', 1)], source: 'server' });
    expect(state.draft.relays).toEqual([
      { id: 1, entrance: '' },
      { id: 2, entrance: 'e1' },
    ]);
  });

  it('isSaved turns true once and stays', () => {
    const state = run(loaded(), { type: 'saved' });
    expect(state.isSaved).toBe(true);
    expect(run(state, { type: 'saved' })).toBe(state);
  });

  it('adds relays with the next free number, at most 16', () => {
    let state = loaded();
    state = run(state, { type: 'relay', index: 0, patch: { id: 2 } }, { type: 'add-relay' });
    expect(state.draft.relays.map((relay) => relay.id)).toEqual([2, 1]);
    for (let i = 0; i < 20; i++) state = run(state, { type: 'add-relay' });
    expect(state.draft.relays).toHaveLength(16);
    expect(nextRelayId([{ id: 1, entrance: '' }, { id: 3, entrance: '' }])).toBe(2);
  });
});

describe('the buyer-1 SIP rule', () => {
  it('forces the provider domain and port 7777 for buyer 1, whatever is typed', () => {
    let state = loaded(1);
    expect(state.draft.sipAccount).toMatchObject({ domain: FORCED_SIP_DOMAIN, port: FORCED_SIP_PORT });
    state = run(state, { type: 'sip', patch: { domain: 'other.example', port: 5060, type: 'tcp' } });
    expect(state.draft.sipAccount).toEqual({ domain: FORCED_SIP_DOMAIN, port: FORCED_SIP_PORT, type: 'tcp' });
  });

  it('keeps what another buyer typed, and applies the rule when the buyer turns out to be 1', () => {
    let state = run(loaded(3), { type: 'sip', patch: { domain: 'sip.b3.example', port: 5070 } });
    expect(state.draft.sipAccount).toMatchObject({ domain: 'sip.b3.example', port: 5070 });
    state = run(state, { type: 'buyer', buyerId: 1 });
    expect(state.draft.sipAccount).toMatchObject({ domain: FORCED_SIP_DOMAIN, port: FORCED_SIP_PORT });
  });
});

describe('field errors', () => {
  it('needs a device type; everything else has a usable default', () => {
    const errors = fieldErrors(newDraft(MAC));
    expect(errors).toEqual({ type: 'deviceWizard.error.type' });
    expect(firstStepWithError(errors)).toBe(1);
    expect(fieldErrors({ ...newDraft(MAC), type: 5 })).toEqual({});
  });

  it('finds the step of each problem: relays on 3, SIP on 4, billing on 5', () => {
    const draft = {
      ...newDraft(MAC),
      type: 5,
      relays: [
        { id: 1, entrance: '' },
        { id: 1, entrance: '' },
      ],
      sipAccount: { domain: 'x', port: 70_000, type: 'udp' },
    };
    const errors = fieldErrors(draft);
    expect(errors).toEqual({ 'relays.1.id': 'deviceWizard.error.relayTwice', sipPort: 'deviceWizard.error.sipPort' });
    expect(firstStepWithError(errors)).toBe(3);
    expect(stepOfField('sipPort')).toBe(4);
    expect(stepOfField('deviceOwner')).toBe(5);
  });

  it('checks the billing step and the address with the server’s rules; empty stays allowed', () => {
    const draft = { ...newDraft(MAC), type: 5 };
    const bad = fieldErrors({ ...draft, url: 'не адрес', billing: { ...draft.billing, bsPort: '-3', fiasId: 'not-a-fias', porchNum: 'пять' } });
    expect(bad).toEqual({ url: 'deviceField.address', bsPort: 'deviceField.port', fiasId: 'deviceField.fiasId', porchNum: 'deviceField.porchNum' });
    expect(firstStepWithError(bad)).toBe(1);
    expect(stepOfField('bsPort')).toBe(5);
    const good = { ...draft, url: 'intercom-7.example.net', billing: { ...draft.billing, bsPort: '48', fiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', porchNum: '3' } };
    expect(fieldErrors(good)).toEqual({});
  });

  it('refuses a bad MAC, an empty login, a shift out of range and texts over 255 characters', () => {
    const errors = fieldErrors({ ...newDraft('nope'), type: 1, login: ' ', shift: 10_000, vendor: 'x'.repeat(256) });
    expect(errors).toMatchObject({ mac: 'deviceWizard.error.mac', login: 'deviceWizard.error.login', shift: 'deviceWizard.error.shift', vendor: 'deviceWizard.error.tooLong' });
  });
});

describe('the save body (POST /front/wizard/save)', () => {
  it('passes the contract with exactly the spec fields; an empty owner is null', () => {
    const state = run(
      loaded(1),
      { type: 'device', patch: { type: 5, shift: -2 } },
      { type: 'houses', houses: ['h1'] },
      { type: 'billing', patch: { executorId: 4, deviceOwner: '  ' } },
    );
    const request = outboxRequest(wizardEndpoints.save, { body: toWizardSaveBody(state.draft) });
    expect(request).toMatchObject({ method: 'POST', url: '/front/wizard/save' });
    expect(Object.keys(request.body).sort()).toEqual(
      [
        'mac', 'deviceType', 'login', 'password', 'url', 'houses', 'relays', 'sipPort', 'sipDomain', 'sipType', 'bsName', 'bsPort',
        'devicePurpose', 'fiasId', 'porchNum', 'shift', 'vendor', 'executorId', 'deviceOwner',
      ].sort(),
    );
    expect(request.body).toMatchObject({ mac: MAC, deviceType: 5, shift: -2, sipDomain: FORCED_SIP_DOMAIN, sipPort: 7777, executorId: 4, deviceOwner: null, houses: ['h1'] });
  });
});

describe('houses and entrances', () => {
  const snapshot = (uid: string, entrances: Entrance[]): SnapshotHouse => ({ house: { id: uid, address: `Дом ${uid}`, region: 77, fias: null }, entrances, savedAt: 1 });

  it('takes step 3 from snapshots only when every chosen house is in one (no network wait)', () => {
    const snapshots = new Map([['h1', snapshot('h1', [entrance('e1', 'h1', 1)])]]);
    expect(snapshotEntrances(['h1'], snapshots)).toEqual({ entrances: [entrance('e1', 'h1', 1)], missing: [] });
    expect(snapshotEntrances(['h1', 'h2'], snapshots)).toEqual({ entrances: null, missing: ['h2'] });
  });

  it('reads a snapshot row with the contract, and reports a broken one as null', () => {
    const row = { userId: 1, houseUid: 'h1', house: { id: 'h1', address: 'A', region: 1 }, entrances: [entrance('e1', 'h1', 1)], flats: [], devices: [], savedAt: 5 } as unknown as SnapshotRow;
    expect(readSnapshotHouse(row)?.entrances).toHaveLength(1);
    expect(readSnapshotHouse({ ...row, entrances: [{ id: 1 }] } as unknown as SnapshotRow)).toBeNull();
  });

  it('orders entrance choices by house, number and kind, naming the house when there are several', () => {
    const list = [entrance('g', 'h2', 1, 2), entrance('b', 'h1', 2), entrance('a', 'h1', 1), entrance('m', 'h2', 1)];
    const choices = entranceChoices(list, ['h1', 'h2'], (uid) => `Дом ${uid}`);
    expect(choices.map((choice) => choice.id)).toEqual(['a', 'b', 'm', 'g']);
    expect(choices[0].label).toBe('Подъезд 1 — Дом h1');
    expect(entranceChoices([entrance('a', 'h1', 1)], ['h1'], () => 'x')[0].label).toBe('Подъезд 1');
  });

  it('offers the first house FIAS id for billing only when none was typed', () => {
    expect(withHouseFias(newDraft(MAC), { fias: 'f-1' })).toEqual({ fiasId: 'f-1' });
    const typed = { ...newDraft(MAC), billing: { ...newDraft(MAC).billing, fiasId: 'own' } };
    expect(withHouseFias(typed, { fias: 'f-1' })).toBeNull();
    expect(withHouseFias(newDraft(MAC), { fias: null })).toBeNull();
  });
});

describe('draft entry', () => {
  it('keeps the step in the target, and a sent draft reopens at the last step', () => {
    expect(draftTarget(newDraft('02-aa-bb-cc-dd-ee'), 3, 'ул. Ленина, 1')).toEqual({ mac: MAC, house: 'ул. Ленина, 1', step: 3 });
    expect(draftTarget(newDraft(MAC), DONE_STEP, null)).toEqual({ mac: MAC, step: DONE_STEP });
    expect(parseStep(3)).toBe(3);
    expect(parseStep('4')).toBe(4);
    expect(parseStep(DONE_STEP)).toBe(LAST_STEP);
    expect(parseStep(9)).toBe(1);
  });

  it('the draft schema reads back every field it saved', () => {
    const draft = { ...newDraft(MAC), type: 5, houses: ['h1'], relays: [{ id: 2, entrance: 'e1' }], billing: { ...newDraft(MAC).billing, executorId: 3 } };
    expect(deviceSetupDraftSchema.decode(JSON.parse(JSON.stringify(draft)), 'draft')).toEqual(draft);
  });
});
