import { describe, expect, it } from 'vitest';
import type { DeviceCardResponse } from '@contract/device-card';
import { FACTORY_PASSWORD, wizardEndpoints } from '@contract/wizard';
import type { OutboxJob } from '@/offline/db';
import { replaceDraftSchema, type ReplaceDraft } from '@/offline/draft-schemas/replace';
import { outboxRequest } from '@/offline/outbox-queue';
import {
  checkedDevice,
  defaultReplaceDraft,
  DONE_STEP,
  draftTarget,
  fieldErrors,
  fieldStep,
  isEditable,
  isReady,
  jobView,
  latestJob,
  normalizeMacInput,
  parseStep,
  REPLACE_STEPS,
  replaceOutcome,
  stepHasErrors,
  stepsWithErrors,
  toReplaceBody,
  withChecked,
  withLabel,
  withCheck,
  withOldMac,
} from '@/features/replace-wizard/model';
import { stepOnTheWay } from '@/components/wizard/step-checks';
import { draftTitle } from '@/offline/draft-names';

const OLD = 'AA:BB:CC:DD:EE:01';
const NEW = '02:11:22:33:44:55';

function ready(patch: Partial<ReplaceDraft> = {}): ReplaceDraft {
  return { ...defaultReplaceDraft(), oldMac: 'aa-bb-cc-dd-ee-01', newMac: '021122334455', type: 6, ...patch };
}

const CARD: DeviceCardResponse = {
  result: true,
  device: {
    mac: OLD,
    buyerId: 2,
    type: 6,
    statusCode: 1,
    createDate: '2026-01-01T00:00:00Z',
    updateDate: '2026-01-01T00:00:00Z',
    options: {},
    houses: ['h-1', 'h-2'],
    capabilities: [],
    sipAccount: { id: 7, login: '1000031', password: 'x', domain: 'sip', port: 5060, type: 'udp', flat_num: null, house_uid: null, userId: null, buyer_id: 2 },
    relays: [
      { id: 1, statusCode: 1, entrance: 'e-1' },
      { id: 2, statusCode: 1, entrance: '' },
    ],
  },
  liveStatus: true,
  rtspStatus: true,
  sipStatus: true,
  externalExistsStatus: null,
  snapshot: null,
  groups: [{ groupId: 3, name: 'G', buyerId: 2, parentId: null, uid: 'g-3' }],
  mainOptions: [],
  billingOptions: [],
  entrances: [{ relay: 1, entrance: 'e-1', entranceTitle: 'Подъезд 1', house: 'h-1', houseAddress: 'ул. Лесная, 28' }],
  houses: [{ id: 'h-1', address: 'ул. Лесная, 28', region: 77, fias: null }],
  camsLink: null,
  camsArchiveLink: null,
};

describe('replace draft', () => {
  it('starts empty with the factory login and password, no type and no revision', () => {
    const draft = defaultReplaceDraft();
    expect(draft).toMatchObject({ oldMac: '', newMac: '', type: null, revision: null, url: '', login: 'admin', password: FACTORY_PASSWORD, oldDevice: null });
    expect(replaceDraftSchema.version).toBe(1);
    expect(replaceDraftSchema.decode(draft, 'draft')).toEqual(draft);
  });

  it('a stored draft with a wrong field does not decode (the drafts list shows it as unreadable)', () => {
    expect(() => replaceDraftSchema.decode({ ...defaultReplaceDraft(), type: 'six' }, 'draft')).toThrow(/type/);
  });

  it('reopens at the stored step; a sent draft at the review', () => {
    expect(parseStep('access')).toBe('access');
    expect(parseStep(DONE_STEP)).toBe('review');
    expect(parseStep('nonsense')).toBe('old');
  });
});

describe('fields', () => {
  it('a MAC typed bare or dashed is shown normalised; other text is left as typed', () => {
    expect(normalizeMacInput('aabbccddee01')).toBe(OLD);
    expect(normalizeMacInput(' aa-bb-cc-dd-ee-01 ')).toBe(OLD);
    expect(normalizeMacInput('aabb')).toBe('aabb');
  });

  it('names every missing or wrong field, and the first step holding one', () => {
    const errors = fieldErrors(defaultReplaceDraft());
    expect(errors).toEqual({ oldMac: 'replaceWizard.error.oldMac', newMac: 'replaceWizard.error.newMac', type: 'replaceWizard.error.type' });
    expect(stepsWithErrors(errors)).toEqual(['old', 'new']);
    expect(fieldErrors(ready({ oldMac: 'zz' })).oldMac).toBe('replaceWizard.error.macFormat');
    expect(fieldErrors(ready({ newMac: 'AA:BB:CC:DD:EE:01' })).newMac).toBe('replaceWizard.error.sameMac');
    expect(fieldErrors(ready({ login: ' ' })).login).toBe('replaceWizard.error.login');
    expect(fieldErrors(ready({ url: 'x'.repeat(256) })).url).toBe('replaceWizard.error.tooLong');
    expect(fieldErrors(ready({ type: 99 })).type).toBe('replaceWizard.error.type');
    expect(stepsWithErrors(fieldErrors(ready({ login: '' })))).toEqual(['access']);
    expect(isReady(ready())).toBe(true);
  });

  it.each([
    ['an empty old MAC', { oldMac: '' }, 'oldMac', 'replaceWizard.error.oldMac', 'old'],
    ['the old MAC zz:11:22', { oldMac: 'zz:11:22' }, 'oldMac', 'replaceWizard.error.macFormat', 'old'],
    ['an empty new MAC', { newMac: '' }, 'newMac', 'replaceWizard.error.newMac', 'new'],
    ['the new MAC zz:11:22', { newMac: 'zz:11:22' }, 'newMac', 'replaceWizard.error.macFormat', 'new'],
    ['no type', { type: null }, 'type', 'replaceWizard.error.type', 'new'],
    ['an empty login', { login: '' }, 'login', 'replaceWizard.error.login', 'access'],
  ] as const)('%s is an error on its step, where a move forward stops', (_name, change, field, message, step) => {
    const errors = fieldErrors(ready(change));
    expect(errors).toEqual({ [field]: message });
    expect(fieldStep(field)).toBe(step);
    const hasErrors = (each: (typeof REPLACE_STEPS)[number]) => stepHasErrors(errors, each);
    expect(REPLACE_STEPS.filter(hasErrors)).toEqual([step]);
    expect(stepOnTheWay(REPLACE_STEPS, step, 'review', hasErrors)).toBe(step);
    expect(stepOnTheWay(REPLACE_STEPS, 'old', 'review', hasErrors)).toBe(step);
    expect(isReady(ready(change))).toBe(false);
  });

  it('a label scan fills the old or the new device', () => {
    const draft = defaultReplaceDraft();
    expect(withLabel(draft, 'old', { serialNumber: 'SN-1', mac: OLD })).toMatchObject({ oldSerialNumber: 'SN-1', oldMac: OLD, newMac: '' });
    expect(withLabel(draft, 'new', { serialNumber: null, mac: NEW })).toMatchObject({ newSerialNumber: '', newMac: NEW, oldMac: '' });
  });

  it('the check of the old device gives the review its houses, relays, groups and SIP account, and the new device its type', () => {
    const device = checkedDevice(CARD, 1000);
    expect(device).toEqual({
      mac: OLD,
      type: 6,
      statusCode: 1,
      houses: [
        { uid: 'h-1', address: 'ул. Лесная, 28' },
        { uid: 'h-2', address: 'h-2' },
      ],
      relays: [
        { id: 1, entranceTitle: 'Подъезд 1' },
        { id: 2, entranceTitle: '' },
      ],
      groups: 1,
      sipLogin: '1000031',
      checkedAt: 1000,
    });
    const draft = withChecked(defaultReplaceDraft(), device);
    expect(draft.type).toBe(6);
    expect(withChecked({ ...defaultReplaceDraft(), type: 2 }, device).type).toBe(2);
    // Another old MAC makes the check stale; the same MAC in another form keeps it.
    expect(withOldMac(draft, 'aabbccddee01').oldDevice).not.toBeNull();
    expect(withOldMac(draft, 'aabbccddee02').oldDevice).toBeNull();
  });
});

describe('replace-options body', () => {
  it('has exactly macFrom, macTo, type, options, url, login, password, MACs normalised', () => {
    const body = toReplaceBody(ready({ url: ' http://10.0.0.5 ', revision: 5 }));
    expect(body).toEqual({ macFrom: OLD, macTo: NEW, type: 6, options: { 'systemInfo.revision': 5 }, url: 'http://10.0.0.5', login: 'admin', password: FACTORY_PASSWORD });
    expect(outboxRequest(wizardEndpoints.replaceOptions, { body })).toEqual({ method: 'POST', url: '/front/wizard/replace-options', body });
  });

  it('sends no options when no revision was chosen', () => {
    expect(toReplaceBody(ready()).options).toEqual({});
  });

  it('refuses a draft that is not ready', () => {
    expect(() => toReplaceBody(defaultReplaceDraft())).toThrow();
  });
});

describe('drafts list and job', () => {
  it('titles the draft old → new and targets the new device and the old device\'s first house', () => {
    const draft = withChecked(ready(), checkedDevice(CARD, 1));
    expect(draftTitle('ru', 'replace', draft)).toBe(`Замена устройства: ${OLD} → ${NEW}`);
    expect(draftTitle('ru', 'replace', defaultReplaceDraft())).toBe('Замена устройства');
    expect(draftTarget(draft, 'new')).toEqual({ mac: NEW, house: 'ул. Лесная, 28', step: 'new' });
    expect(draftTarget(ready({ newMac: '' }), 'old')).toEqual({ mac: OLD, step: 'old' });
  });

  it('follows the latest job; the form is editable with none or after a refusal', () => {
    const job = (id: number, status: OutboxJob['status']) => ({ id, status }) as OutboxJob;
    expect(latestJob([job(1, 'sent'), job(3, 'queued'), job(2, 'needs-attention')])?.id).toBe(3);
    expect(isEditable(jobView(null))).toBe(true);
    expect(isEditable(jobView(job(1, 'needs-attention')))).toBe(true);
    expect(isEditable(jobView(job(1, 'queued')))).toBe(false);
  });

  it('reads what moved and what did not from the server answer', () => {
    const answer = {
      result: true,
      message: 'Перенесено…',
      moved: { houses: 2, relays: 1, keys: 3, groups: 0, sipAccount: false },
      notMoved: [{ item: 'sipAccount', reason: 'у нового устройства уже есть SIP-аккаунт 1000050', values: ['1000031'] }],
    };
    expect(replaceOutcome(answer)).toEqual({ message: 'Перенесено…', moved: answer.moved, notMoved: answer.notMoved });
    expect(replaceOutcome({ result: true, message: 'ok' })).toEqual({ message: 'ok', moved: null, notMoved: null });
    expect(replaceOutcome('garbage')).toEqual({ message: null, moved: null, notMoved: null });
  });
});

describe('the old device the server does not know', () => {
  it('is an error at the old MAC, on the first step, until the MAC changes', () => {
    const draft = { ...defaultReplaceDraft(), oldMac: OLD.toLowerCase() };
    const errors = withCheck(fieldErrors(draft), draft, { state: 'missing', mac: OLD });
    expect(errors.oldMac).toBe('replaceWizard.error.oldMissing');
    expect(stepOnTheWay(REPLACE_STEPS, 'old', 'new', (step) => stepHasErrors(errors, step))).toBe('old');
    const changed = { ...draft, oldMac: 'AA:BB:CC:DD:EE:02' };
    expect(withCheck(fieldErrors(changed), changed, { state: 'missing', mac: OLD }).oldMac).toBeUndefined();
    expect(withCheck(fieldErrors(draft), draft, { state: 'idle' }).oldMac).toBeUndefined();
  });

  it('an address that is not one is an error on the access step', () => {
    expect(fieldErrors({ ...defaultReplaceDraft(), url: 'не адрес' }).url).toBe('deviceField.address');
    expect(fieldStep('url')).toBe('access');
  });
});
