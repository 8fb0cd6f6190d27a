import { describe, expect, it } from 'vitest';
import { ADDRESS_NOT_FOUND } from '@contract/adjuster-wizard';
import type { OutboxJob } from '@/offline/db';
import { adjusterDraftSchema } from '@/offline/draft-schemas/adjuster';
import { entranceChoices } from '@/features/adjuster-wizard/api';
import { draftTitle } from '@/offline/draft-names';
import {
  DONE_STEP,
  addressFound,
  defaultWizardDraft,
  draftTarget,
  jobPhase,
  jobProgress,
  jobsSummary,
  jobsToPoll,
  latestOfKind,
  moveStep,
  parsePortNum,
  parseStep,
  portErrors,
  portOf,
  setupErrors,
  stepNeed,
  withAddressLookup,
  withCreatedDevice,
  withJobStatus,
  withPortField,
  withStartedJobs,
  type AdjusterWizardDraft,
} from '@/features/adjuster-wizard/model';

const PORT = { bsName: 'BS-MSK-0001', portNum: 4 };
const FOUND = { address: 'г. Москва, ул. Тестовая, д. 1', entranceNum: 2, fiasId: 'f1a5-0001' };

function looked(draft: AdjusterWizardDraft = { ...defaultWizardDraft(), bsName: 'BS-MSK-0001', portNum: '4' }): AdjusterWizardDraft {
  return withAddressLookup(draft, PORT, FOUND);
}

function started(): AdjusterWizardDraft {
  return withStartedJobs(looked(), PORT, { changeVlanPort: 11, disablePort: 12, enablePort: 13 });
}

describe('adjuster wizard: defaults and steps', () => {
  it('starts on the first step with the spec defaults: no address, three jobs at "unknown", not completed', () => {
    const draft = defaultWizardDraft();
    expect(draft).toMatchObject({ step: 'port', fiasId: null, entranceNum: null, address: null, error: null, ddnsDone: false, presetDone: false });
    for (const job of Object.values(draft.jobs)) expect(job).toEqual({ status: 'unknown', jobNum: null, completed: false, message: null });
    // The draft schema reads it back unchanged.
    expect(adjusterDraftSchema.decode(draft, 'draft')).toEqual(draft);
  });

  it('moves the step up and down, never past either end', () => {
    expect(moveStep('port', -1)).toBe('port');
    expect(moveStep('port', 1)).toBe('entrance');
    expect(moveStep('jobs', -1)).toBe('entrance');
    expect(moveStep('bind', 1)).toBe('bind');
    expect(parseStep('setup')).toBe('setup');
    expect(parseStep('nonsense')).toBe('port');
  });

  it('refuses a draft of another shape, naming the path', () => {
    expect(() => adjusterDraftSchema.decode({ ...defaultWizardDraft(), jobs: null }, 'draft')).toThrow(/jobs/);
  });
});

describe('adjuster wizard: the port and its address', () => {
  it('reads the port fields and says what is wrong with them', () => {
    expect(parsePortNum(' 7 ')).toBe(7);
    expect(parsePortNum('0')).toBeNull();
    expect(parsePortNum('4a')).toBeNull();
    expect(portOf({ bsName: ' BS-1 ', portNum: '3' })).toEqual({ bsName: 'BS-1', portNum: 3 });
    expect(portOf({ bsName: '', portNum: '3' })).toBeNull();
    expect(portErrors({ bsName: '', portNum: '' })).toEqual({ bsName: 'adjusterWizard.error.bsName', portNum: 'adjusterWizard.error.portNum' });
    expect(portErrors({ bsName: 'x', portNum: '-1' })).toEqual({ portNum: 'adjusterWizard.error.portNumFormat' });
  });

  it('holds «Далее» on the port step while a field is wrong or no address was found, and on the entrance step without one', () => {
    for (const fields of [{ bsName: '', portNum: '' }, { bsName: 'BS-MSK-0001', portNum: 'zz' }]) {
      const draft = { ...defaultWizardDraft(), ...fields };
      expect(stepNeed('port', draft, 'none')).toBe('adjusterWizard.need.address');
      expect(Object.keys(portErrors(draft)).length).toBeGreaterThan(0);
    }
    expect(stepNeed('port', { ...defaultWizardDraft(), bsName: 'BS-MSK-0001', portNum: '4' }, 'none')).toBe('adjusterWizard.need.address');
    expect(stepNeed('port', looked(), 'none')).toBeNull();
    expect(stepNeed('entrance', { ...looked(), entranceNum: null }, 'none')).toBe('adjusterWizard.need.entrance');
    expect(stepNeed('entrance', looked(), 'none')).toBeNull();
  });

  it('a found address sets fiasId, entranceNum and address', () => {
    const draft = looked();
    expect(draft).toMatchObject({ ...FOUND, error: null, lookedUp: 'BS-MSK-0001/4' });
    expect(addressFound(draft)).toBe(true);
  });

  it("no fiasId clears them and sets 'Адрес не найден'", () => {
    const draft = withAddressLookup(looked(), PORT, { address: null, entranceNum: null, fiasId: null });
    expect(draft).toMatchObject({ fiasId: null, entranceNum: null, address: null, error: ADDRESS_NOT_FOUND });
    expect(ADDRESS_NOT_FOUND).toBe('Адрес не найден');
    expect(addressFound(draft)).toBe(false);
    expect(stepNeed('port', draft, 'none')).toBe('adjusterWizard.need.address');
  });

  it('editing the port forgets the old address and jobs; typing the same port back keeps them', () => {
    const draft = started();
    const moved = withPortField(draft, 'portNum', '5');
    expect(moved).toMatchObject({ lookedUp: null, fiasId: null, address: null, jobsPort: null });
    expect(moved.jobs.changeVlanPort.jobNum).toBeNull();
    const same = withPortField(draft, 'bsName', 'BS-MSK-0001');
    expect(same).toMatchObject({ lookedUp: 'BS-MSK-0001/4', fiasId: FOUND.fiasId, jobsPort: 'BS-MSK-0001/4' });
  });
});

describe('adjuster wizard: port jobs', () => {
  it("start at 'unknown' with their numbers, not completed, and are polled", () => {
    const draft = started();
    expect(draft.jobs.disablePort).toEqual({ status: 'unknown', jobNum: 12, completed: false, message: null });
    expect(jobsToPoll(draft)).toEqual([11, 12, 13]);
    expect(jobsSummary(draft)).toBe('running');
    expect(jobPhase(draft.jobs.enablePort)).toBe('waiting');
  });

  it('follow the polled status to success, with progress', () => {
    let draft = started();
    draft = withJobStatus(draft, 11, { status: 'queued', completed: false });
    expect(jobPhase(draft.jobs.changeVlanPort)).toBe('queued');
    draft = withJobStatus(draft, 11, { status: 'running', completed: false });
    expect(jobProgress(jobPhase(draft.jobs.changeVlanPort))).toBeNull();
    for (const id of [11, 12, 13]) draft = withJobStatus(draft, id, { status: 'success', completed: true });
    expect(jobsToPoll(draft)).toEqual([]);
    expect(jobsSummary(draft)).toBe('done');
    expect(stepNeed('jobs', draft, 'none')).toBeNull();
    // An answer for a job number the draft does not hold changes nothing.
    expect(withJobStatus(draft, 99, { status: 'error', completed: true })).toBe(draft);
  });

  it('a failed job shows as failed with its reason; restarting takes the new numbers', () => {
    let draft = started();
    draft = withJobStatus(draft, 11, { status: 'success', completed: true });
    draft = withJobStatus(draft, 12, { status: 'error', completed: true, message: 'Коммутатор не ответил' });
    expect(jobsSummary(draft)).toBe('running');
    draft = withJobStatus(draft, 13, { status: 'success', completed: true });
    expect(jobsSummary(draft)).toBe('failed');
    expect(draft.jobs.disablePort).toMatchObject({ status: 'error', completed: true, message: 'Коммутатор не ответил' });
    expect(jobProgress(jobPhase(draft.jobs.disablePort))).toBe(100);
    expect(stepNeed('jobs', draft, 'none')).toBe('adjusterWizard.need.jobs');

    const restarted = withStartedJobs(draft, PORT, { changeVlanPort: 14, disablePort: 15, enablePort: 16 });
    expect(restarted.jobs.disablePort).toEqual({ status: 'unknown', jobNum: 15, completed: false, message: null });
    expect(jobsSummary(restarted)).toBe('running');
  });

  it('a start answered with the numbers already known keeps what is known of them', () => {
    const draft = withJobStatus(started(), 11, { status: 'running', completed: false });
    const again = withStartedJobs(draft, PORT, { changeVlanPort: 11, disablePort: 12, enablePort: 13 });
    expect(again.jobs.changeVlanPort.status).toBe('running');
  });
});

describe('adjuster wizard: device, set-up and the draft list', () => {
  it('takes the MAC and IP of the created device, filling the DDNS IP and the preset URL once', () => {
    const draft = withCreatedDevice(started(), { mac: '02-53-49-00-04-aa', ip: '10.100.4.7' });
    expect(draft.device).toEqual({ mac: '02:53:49:00:04:AA', ip: '10.100.4.7' });
    expect(draft).toMatchObject({ ip: '10.100.4.7', presetUrl: 'http://10.100.4.7' });
    const typed = withCreatedDevice({ ...started(), ip: '10.0.0.9' }, { mac: '02:53:49:00:04:AA', ip: '10.100.4.7' });
    expect(typed.ip).toBe('10.0.0.9');
    expect(stepNeed('device', started(), 'pending')).toBe('adjusterWizard.need.deviceSending');
    expect(stepNeed('device', draft, 'sent')).toBeNull();
  });

  it('checks the DDNS IP and the preset URL, and needs both flags', () => {
    expect(setupErrors({ ip: '10.0.0', presetUrl: '' })).toEqual({ ip: 'adjusterWizard.error.ip', presetUrl: 'adjusterWizard.error.presetUrl' });
    expect(setupErrors({ ip: '10.0.0.1', presetUrl: 'http://10.0.0.1' })).toEqual({});
    expect(stepNeed('setup', { ...defaultWizardDraft(), ddnsDone: true }, 'sent')).toBe('adjusterWizard.need.setup');
    expect(stepNeed('setup', { ...defaultWizardDraft(), ddnsDone: true, presetDone: true }, 'sent')).toBeNull();
  });

  it('shows device, house and step in the drafts list', () => {
    const draft = withCreatedDevice(started(), { mac: '02:53:49:00:04:AA', ip: null });
    expect(draftTarget(draft, 'setup')).toEqual({ mac: '02:53:49:00:04:AA', house: FOUND.address, step: 'setup' });
    expect(draftTarget(defaultWizardDraft(), 'port')).toEqual({ step: 'port' });
    expect(draftTarget(draft, DONE_STEP).step).toBe('sent');
    expect(draftTitle('ru', 'adjuster', draft)).toBe('Наладка BS-MSK-0001, порт 4');
    expect(draftTitle('ru', 'adjuster', defaultWizardDraft())).toBe('Наладка');
  });

  it('finds the latest outbox job of a kind', () => {
    const job = (id: number, kind: string) => ({ id, kind }) as OutboxJob;
    const jobs = [job(1, 'adjuster-device'), job(3, 'adjuster-house'), job(2, 'adjuster-device')];
    expect(latestOfKind(jobs, 'adjuster-device')?.id).toBe(2);
    expect(latestOfKind(jobs, 'adjuster-group')).toBeNull();
  });

  it('lists one entrance per number, titled after the main entrance', () => {
    const entrance = (entranceNum: number, type: number, title: string) =>
      ({ id: `${entranceNum}-${type}`, buyerId: 1, entranceNum, houseUid: 'h', title, type, range: { start: 1, end: 10 }, gates: [], relays: [] }) as never;
    expect(entranceChoices([entrance(2, 3, 'Доп.'), entrance(1, 1, 'Подъезд 1'), entrance(2, 1, 'Подъезд 2')])).toEqual([
      { entranceNum: 1, title: 'Подъезд 1' },
      { entranceNum: 2, title: 'Подъезд 2' },
    ]);
  });
});
