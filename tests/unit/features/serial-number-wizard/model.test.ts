import { describe, expect, it } from 'vitest';
import { defaultSerialNumberDraft, isSerialNumberDraftValid, toPrepareDeviceBody, type SerialNumberDraft } from '@contract/adjuster-wizard';
import { adjusterEndpoints } from '@contract/adjuster';
import type { Entrance } from '@contract/entrances';
import { FACTORY_PASSWORD } from '@contract/wizard';
import type { OutboxJob, SnapshotRow } from '@/offline/db';
import { outboxRequest } from '@/offline/outbox-queue';
import {
  DONE_STEP,
  draftFromForm,
  draftTarget,
  entranceOptions,
  fieldErrors,
  fieldStep,
  formValuesOf,
  isEditable,
  jobView,
  latestJob,
  normalizeMacInput,
  parseStep,
  pickedHouse,
  readSnapshotHouse,
  stepHasErrors,
  stepsWithErrors,
  WIZARD_STEPS,
  withEntrance,
  withHouse,
  wizardAddressResult,
} from '@/features/serial-number-wizard/model';
import { stepOnTheWay } from '@/components/wizard/step-checks';

const HOUSE = { id: 'h-1', address: 'г. Москва, ул. Лесная, д. 28', region: 77, fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5' };

function entrance(patch: Partial<Entrance> & Pick<Entrance, 'id' | 'entranceNum'>): Entrance {
  return { buyerId: 1, houseUid: 'h-1', title: `Подъезд ${patch.entranceNum}`, type: 1, range: { start: 1, end: 8 }, gates: [], relays: [], ...patch };
}

/** A draft that passes the spec's rule. */
function filledDraft(patch: Partial<SerialNumberDraft> = {}): SerialNumberDraft {
  return {
    ...defaultSerialNumberDraft(),
    serialNumber: 'SN-0001',
    mac: 'aa-bb-cc-dd-ee-01',
    dns: 'dom28-p1.intercom.local',
    address: HOUSE.address,
    house: HOUSE.fias,
    entrance: 1,
    ...patch,
  };
}

describe('serial-number wizard defaults', () => {
  it('starts with type 1, revision 2, login root, the factory password, model ISCom, 1 relay, borders 0, no entrance, no owner', () => {
    expect(defaultSerialNumberDraft()).toEqual({
      serialNumber: '',
      mac: '',
      deviceType: 1,
      deviceRevision: 2,
      dns: '',
      login: 'root',
      pass: FACTORY_PASSWORD,
      address: '',
      house: '',
      entrance: null,
      leftBorder: 0,
      rightBorder: 0,
      commutators: 0,
      relayNum: 1,
      model: 'ISCom',
      deviceOwner: null,
    });
  });

  it('shows the defaults in the inputs and reads them back unchanged', () => {
    const draft = defaultSerialNumberDraft();
    const values = formValuesOf(draft);
    expect(values).toMatchObject({ deviceType: '1', deviceRevision: '2', login: 'root', model: 'ISCom', relayNum: '1', leftBorder: '0', deviceOwner: '' });
    expect(draftFromForm(values, draft)).toEqual(draft);
  });
});

describe('validity', () => {
  it('is valid with serialNumber, mac, dns, login, pass, address and house filled, an entrance and relayNum ≠ 0', () => {
    expect(isSerialNumberDraftValid(filledDraft())).toBe(true);
  });

  it.each(['serialNumber', 'mac', 'dns', 'login', 'pass', 'address', 'house'] as const)('is invalid when %s is empty or blank', (field) => {
    expect(isSerialNumberDraftValid(filledDraft({ [field]: '' }))).toBe(false);
    expect(isSerialNumberDraftValid(filledDraft({ [field]: '   ' }))).toBe(false);
  });

  it('is invalid without an entrance, and with relayNum 0; entrance 0 and an empty owner are fine', () => {
    expect(isSerialNumberDraftValid(filledDraft({ entrance: null }))).toBe(false);
    expect(isSerialNumberDraftValid(filledDraft({ relayNum: 0 }))).toBe(false);
    expect(isSerialNumberDraftValid(filledDraft({ entrance: 0 }))).toBe(true);
    expect(isSerialNumberDraftValid(filledDraft({ deviceOwner: null, model: '' }))).toBe(true);
  });

  it('counts an emptied relay field as 0, so the draft is invalid', () => {
    const draft = draftFromForm({ ...formValuesOf(filledDraft()), relayNum: '' }, filledDraft());
    expect(draft.relayNum).toBe(0);
    expect(isSerialNumberDraftValid(draft)).toBe(false);
    expect(fieldErrors(draft).relayNum).toBe('serialWizard.error.relayNum');
  });

  it('names every missing field with a Russian message key, and the steps holding one', () => {
    const errors = fieldErrors(defaultSerialNumberDraft());
    expect(Object.keys(errors).sort()).toEqual(['dns', 'entrance', 'house', 'mac', 'serialNumber']);
    expect(stepsWithErrors(errors)).toEqual(['device', 'address', 'access']);
    expect(stepsWithErrors(fieldErrors(filledDraft({ dns: '' })))).toEqual(['access']);
    expect(fieldErrors(filledDraft())).toEqual({});
  });

  it('checks what the server would refuse: MAC format, borders, relay and commutator limits', () => {
    expect(fieldErrors(filledDraft({ mac: 'AA:BB:CC' })).mac).toBe('serialWizard.error.macFormat');
    expect(fieldErrors(filledDraft({ leftBorder: 10, rightBorder: 5 })).rightBorder).toBe('serialWizard.error.borders');
    expect(fieldErrors(filledDraft({ relayNum: 17 })).relayNum).toBe('serialWizard.error.relayLimit');
    expect(fieldErrors(filledDraft({ commutators: 30 })).commutators).toBe('serialWizard.error.commutators');
    expect(fieldErrors(filledDraft({ commutators: 64, leftBorder: 1, rightBorder: 64 }))).toEqual({});
  });
});

describe('number fields and the DNS name', () => {
  it('text in a number field says so (not «cannot be 0») and comes back after a reload', () => {
    const values = { ...formValuesOf(filledDraft()), relayNum: 'abc', leftBorder: '7' };
    const draft = draftFromForm(values, filledDraft());
    expect(fieldErrors(draft).relayNum).toBe('serialWizard.error.number');
    expect(draft.typed).toEqual({ relayNum: 'abc' });
    expect(isSerialNumberDraftValid(draft)).toBe(false);
    // The stored draft gives the form back what was typed, not a 0 nobody typed.
    expect(formValuesOf(JSON.parse(JSON.stringify(draft)) as SerialNumberDraft)).toMatchObject({ relayNum: 'abc', leftBorder: '7' });
    const fixed = draftFromForm({ ...values, relayNum: '2' }, filledDraft());
    expect(fixed.typed).toBeUndefined();
    expect(fieldErrors(fixed).relayNum).toBeUndefined();
  });

  it('a DNS name that is not a host name or an http(s) address is an error on the access step', () => {
    expect(fieldErrors(filledDraft({ dns: 'это не хост!! ; rm -rf' })).dns).toBe('deviceField.address');
    expect(fieldStep('dns')).toBe('access');
    expect(fieldErrors(filledDraft({ dns: 'http://10.16.3.4' })).dns).toBeUndefined();
  });
});

describe('a step with errors does not advance', () => {
  // Each field of the spec's rule, emptied or mistyped: its error, and the step «Далее» stops on.
  const cases: [string, Partial<SerialNumberDraft>, keyof SerialNumberDraft, string, (typeof WIZARD_STEPS)[number]][] = [
    ['an empty serial number', { serialNumber: ' ' }, 'serialNumber', 'serialWizard.error.serialNumber', 'device'],
    ['an empty MAC', { mac: '' }, 'mac', 'serialWizard.error.mac', 'device'],
    ['the MAC zz:11:22', { mac: 'zz:11:22' }, 'mac', 'serialWizard.error.macFormat', 'device'],
    ['no house', { house: '', address: '' }, 'house', 'serialWizard.error.house', 'address'],
    ['a house without an address', { address: '' }, 'address', 'serialWizard.error.address', 'address'],
    ['no entrance', { entrance: null }, 'entrance', 'serialWizard.error.entrance', 'address'],
    ['relayNum 0', { relayNum: 0 }, 'relayNum', 'serialWizard.error.relayNum', 'address'],
    ['an empty DNS name', { dns: '' }, 'dns', 'serialWizard.error.dns', 'access'],
    ['an empty login', { login: '' }, 'login', 'serialWizard.error.login', 'access'],
    ['an empty password', { pass: '' }, 'pass', 'serialWizard.error.pass', 'access'],
  ];

  it.each(cases)('%s is an error on its step, where a move forward stops', (_name, change, field, message, step) => {
    const errors = fieldErrors(filledDraft(change));
    expect(errors).toEqual({ [field]: message });
    expect(fieldStep(field)).toBe(step);
    expect(WIZARD_STEPS.filter((each) => stepHasErrors(errors, each))).toEqual([step]);
    const hasErrors = (each: (typeof WIZARD_STEPS)[number]) => stepHasErrors(errors, each);
    // «Далее» on the step itself, and a later step chosen in the stepper from the first one.
    expect(stepOnTheWay(WIZARD_STEPS, step, 'review', hasErrors)).toBe(step);
    expect(stepOnTheWay(WIZARD_STEPS, 'device', 'review', hasErrors)).toBe(step);
  });

  it('lets a valid draft through every step', () => {
    const errors = fieldErrors(filledDraft());
    expect(stepOnTheWay(WIZARD_STEPS, 'device', 'review', (each) => stepHasErrors(errors, each))).toBe('review');
  });
});

describe('MAC typed in any form', () => {
  it.each([
    ['aa-bb-cc-dd-ee-01', 'AA:BB:CC:DD:EE:01'],
    ['aabbccddee01', 'AA:BB:CC:DD:EE:01'],
    ['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:01'],
    ['aabb.ccdd.ee01', 'AA:BB:CC:DD:EE:01'],
    [' aa bb cc dd ee 01 ', 'AA:BB:CC:DD:EE:01'],
  ])('%s → %s', (typed, normal) => {
    expect(normalizeMacInput(typed)).toBe(normal);
    expect(toPrepareDeviceBody(filledDraft({ mac: typed })).mac).toBe(normal);
  });

  it('leaves what is not a MAC as typed (the field then shows the format error)', () => {
    expect(normalizeMacInput('aa:bb')).toBe('aa:bb');
  });
});

describe('the prepare-device body', () => {
  it('sends an empty or blank owner as null, and a named one trimmed', () => {
    expect(toPrepareDeviceBody(filledDraft({ deviceOwner: null })).deviceOwner).toBeNull();
    expect(toPrepareDeviceBody(filledDraft({ deviceOwner: '' })).deviceOwner).toBeNull();
    expect(toPrepareDeviceBody(filledDraft({ deviceOwner: '   ' })).deviceOwner).toBeNull();
    expect(toPrepareDeviceBody(filledDraft({ deviceOwner: ' УК «Лесная» ' })).deviceOwner).toBe('УК «Лесная»');
  });

  it('keeps an owner typed and then erased as null in the draft', () => {
    const values = { ...formValuesOf(filledDraft()), deviceOwner: '  ' };
    expect(draftFromForm(values, filledDraft()).deviceOwner).toBeNull();
  });

  it('maps the draft to the spec fields (dns → url, house → fias, entrance → porch) and passes the contract', () => {
    const body = toPrepareDeviceBody(filledDraft({ deviceType: 6, deviceRevision: 5, commutators: 20, leftBorder: 1, rightBorder: 8 }));
    expect(body).toEqual({
      mac: 'AA:BB:CC:DD:EE:01',
      url: 'dom28-p1.intercom.local',
      type: 6,
      model: 'ISCom',
      serialNumber: 'SN-0001',
      fias: HOUSE.fias,
      porch: 1,
      deviceOwner: null,
      login: 'root',
      pass: FACTORY_PASSWORD,
      deviceRevision: 5,
      leftBorder: 1,
      rightBorder: 8,
      commutators: 20,
      relayNum: 1,
    });
    const request = outboxRequest(adjusterEndpoints.prepareDevice, { body });
    expect(request).toMatchObject({ method: 'POST', url: '/adjuster/api/prepare-device', body });
  });
});

describe('house, entrance and the wizard address result', () => {
  it('gives address, entranceNum and fiasId from the picked house and entrance', () => {
    const draft = withEntrance(withHouse(defaultSerialNumberDraft(), pickedHouse(HOUSE)), 2);
    expect(draft).toMatchObject({ house: HOUSE.fias, address: HOUSE.address, entrance: 2 });
    expect(wizardAddressResult(draft)).toEqual({ address: HOUSE.address, entranceNum: 2, fiasId: HOUSE.fias });
  });

  it('is all null before anything is picked', () => {
    expect(wizardAddressResult(defaultSerialNumberDraft())).toEqual({ address: null, entranceNum: null, fiasId: null });
  });

  it('drops the entrance when another house is picked, keeps it when the same one is picked again', () => {
    const draft = withEntrance(withHouse(defaultSerialNumberDraft(), pickedHouse(HOUSE)), 2);
    expect(withHouse(draft, pickedHouse(HOUSE)).entrance).toBe(2);
    expect(withHouse(draft, pickedHouse({ ...HOUSE, id: 'h-2', address: 'ул. Чехова, 1', fias: 'aa' })).entrance).toBeNull();
  });

  it('cannot take a house without a FIAS id (prepare-device needs one): house, address and entrance are cleared', () => {
    const draft = withEntrance(withHouse(defaultSerialNumberDraft(), pickedHouse(HOUSE)), 2);
    expect(pickedHouse({ ...HOUSE, fias: null }).fias).toBeNull();
    expect(withHouse(draft, pickedHouse({ ...HOUSE, fias: ' ' }))).toMatchObject({ house: '', address: '', entrance: null });
    expect(withHouse(draft, null)).toMatchObject({ house: '', address: '', entrance: null });
  });

  it('offers one entrance per number, titled after the main entrance, in order', () => {
    const options = entranceOptions([
      entrance({ id: 'e-3', entranceNum: 1, type: 3, title: 'Подъезд 1, доп. вход' }),
      entrance({ id: 'e-2', entranceNum: 2, range: { start: 9, end: 16 } }),
      entrance({ id: 'e-1', entranceNum: 1 }),
      entrance({ id: 'g', entranceNum: 3, type: 2, title: 'Калитка', range: { start: 1, end: 16 } }),
    ]);
    expect(options).toEqual([
      { entranceNum: 1, title: 'Подъезд 1', range: { start: 1, end: 8 } },
      { entranceNum: 2, title: 'Подъезд 2', range: { start: 9, end: 16 } },
      { entranceNum: 3, title: 'Калитка', range: { start: 1, end: 16 } },
    ]);
  });
});

describe('offline snapshots read by the pickers', () => {
  const row: SnapshotRow = { userId: 3, houseUid: 'h-1', savedAt: 1000, house: HOUSE, entrances: [entrance({ id: 'e-1', entranceNum: 1 })], flats: [], devices: [], macs: [] };

  it('reads the house and entrances of a saved row', () => {
    expect(readSnapshotHouse(row)).toEqual({ house: HOUSE, entrances: [entrance({ id: 'e-1', entranceNum: 1 })], savedAt: 1000 });
  });

  it('skips a row that does not read (it stays stored for the snapshot controls)', () => {
    expect(readSnapshotHouse({ ...row, entrances: [{ id: 1 }] })).toBeNull();
    expect(readSnapshotHouse({ ...row, house: null })).toBeNull();
  });
});

describe('draft list entry and job state', () => {
  it('describes the draft by MAC, house address and step; a sent one as done', () => {
    expect(draftTarget(filledDraft(), 'address')).toEqual({ mac: 'AA:BB:CC:DD:EE:01', house: HOUSE.address, step: 'address' });
    expect(draftTarget(defaultSerialNumberDraft(), 'device')).toEqual({ step: 'device' });
    expect(draftTarget(filledDraft({ mac: 'aa:bb' }), DONE_STEP).mac).toBe('aa:bb');
    expect(parseStep(DONE_STEP)).toBe('review');
    expect(parseStep('access')).toBe('access');
    expect(parseStep(undefined)).toBe('device');
  });

  function job(id: number, status: OutboxJob['status']): OutboxJob {
    return {
      id,
      idempotencyKey: `k-${id}`,
      kind: 'serial-number',
      method: 'POST',
      url: '/adjuster/api/prepare-device',
      body: {},
      status,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      lastStatus: null,
      userId: 3,
      draftId: 'd',
      deviceKey: 'mac:AA',
      target: {},
      createdAt: 0,
      updatedAt: 0,
      sentAt: null,
    };
  }

  it('follows the latest job of the draft; the form is editable with no job or when the server refused it', () => {
    expect(latestJob([job(3, 'sent'), job(7, 'queued'), job(5, 'sent')])?.id).toBe(7);
    expect(jobView(null)).toEqual({ state: 'none' });
    expect(isEditable(jobView(null))).toBe(true);
    expect(isEditable(jobView(job(1, 'needs-attention')))).toBe(true);
    for (const status of ['queued', 'sending', 'sent', 'paused'] as const) expect(isEditable(jobView(job(1, status)))).toBe(false);
  });
});
