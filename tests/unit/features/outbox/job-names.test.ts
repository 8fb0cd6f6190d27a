import { commutatorEndpoints } from '@contract/commutators';
import { describe, expect, it } from 'vitest';
import { adjusterEndpoints } from '@contract/adjuster';
import { keyEndpoints } from '@contract/keys';
import { wizardEndpoints } from '@contract/wizard';
import { WIZARD_STEPS as ADJUSTER_STEPS } from '@/features/adjuster-wizard/model';
import { STEPS as DEVICE_SETUP_STEPS } from '@/features/device-wizard/model';
import { enMessages } from '@/features/outbox/messages-en';
import { DRAFT_STEPS, JOB_ENDPOINT_LABELS, draftStep, jobKindLabel } from '@/features/outbox/job-names';
import { ruMessages } from '@/features/outbox/messages';
import { REPLACE_STEPS } from '@/features/replace-wizard/model';
import { WIZARD_STEPS as SERIAL_STEPS } from '@/features/serial-number-wizard/model';
import { DRAFT_KINDS } from '@/offline/db';

const job = (kind: string, method: string, url: string) => ({ kind, method: method as 'POST', url });

describe('jobKindLabel: a job in words', () => {
  it('names each kind the wizards queue', () => {
    expect(jobKindLabel(job('serial-number', 'POST', '/adjuster/api/prepare-device'))).toEqual({ key: 'outbox.kind.serial-number', known: true });
    expect(jobKindLabel(job('prepare-device', 'POST', '/adjuster/api/prepare-device')).key).toBe('outbox.kind.serial-number');
    expect(jobKindLabel(job('device-setup', 'POST', '/front/wizard/save')).key).toBe('outbox.kind.device-setup');
    expect(jobKindLabel(job('replace', 'POST', '/front/wizard/replace-options')).key).toBe('outbox.kind.replace');
    expect(jobKindLabel(job('adjuster-device', 'POST', '/adjuster/api/device/create')).key).toBe('outbox.kind.adjuster-device');
    expect(jobKindLabel(job('adjuster-house', 'POST', '/adjuster/api/device/AA:BB/house')).key).toBe('outbox.kind.adjuster-house');
    expect(jobKindLabel(job('adjuster-group', 'POST', '/adjuster/api/device/AA:BB/group')).key).toBe('outbox.kind.adjuster-group');
    expect(jobKindLabel(job('device-key', 'POST', '/front/device-keys/AA:BB/create-key')).key).toBe('outbox.kind.key');
    expect(jobKindLabel(job('flat-key', 'POST', '/front/keys/create')).key).toBe('outbox.kind.key');
  });

  it('names a job of an unknown kind by the call it makes (a path with a MAC in it too)', () => {
    expect(jobKindLabel(job('later-kind', 'POST', '/adjuster/api/device/AA%3ABB/house'))).toEqual({ key: 'outbox.kind.adjuster-house', known: true });
    expect(jobKindLabel(job('later-kind', 'POST', '/front/wizard/save?x=1')).key).toBe('outbox.kind.device-setup');
    expect(jobKindLabel(job('commutators', 'POST', '/front/devices/AA%3ABB/commutators'))).toEqual({ key: 'outbox.kind.commutators', known: true });
  });

  it('gives anything else the generic «Задание для сервера», never its method and path', () => {
    expect(jobKindLabel(job('later-kind', 'PUT', '/front/wizard/save'))).toEqual({ key: 'outbox.kind.other', known: false });
    expect(jobKindLabel(job('later-kind', 'POST', '/adjuster/api/device//house'))).toEqual({ key: 'outbox.kind.other', known: false });
    expect(jobKindLabel(job('later-kind', 'POST', '/front/unknown'))).toEqual({ key: 'outbox.kind.other', known: false });
    expect(ruMessages['outbox.kind.other']).toBe('Задание для сервера');
  });

  it('knows the calls by the contract’s own methods and paths', () => {
    const contract = [adjusterEndpoints.prepareDevice, wizardEndpoints.save, wizardEndpoints.replaceOptions, adjusterEndpoints.create, adjusterEndpoints.setHouse, adjusterEndpoints.setGroup, keyEndpoints.createDeviceKey, keyEndpoints.create, commutatorEndpoints.save];
    expect(JOB_ENDPOINT_LABELS.map(({ method, pattern }) => `${method} ${pattern}`)).toEqual(contract.map((endpoint) => `${endpoint.method} ${endpoint.pattern}`));
  });
});

describe('draftStep: a draft’s step in words', () => {
  it('covers every step of every wizard, in the wizard’s order', () => {
    expect(Object.keys(DRAFT_STEPS).sort()).toEqual([...DRAFT_KINDS].sort());
    expect(DRAFT_STEPS['serial-number'].map((step) => step.id)).toEqual([...SERIAL_STEPS]);
    expect(DRAFT_STEPS.replace.map((step) => step.id)).toEqual([...REPLACE_STEPS]);
    expect(DRAFT_STEPS['device-setup'].map((step) => step.id)).toEqual([...DEVICE_SETUP_STEPS]);
    expect(DRAFT_STEPS.adjuster.map((step) => step.id)).toEqual([...ADJUSTER_STEPS]);
  });

  it('names the step and its place: review → «Проверка и отправка (4 из 4)»', () => {
    expect(draftStep('serial-number', 'review')).toEqual({ kind: 'step', label: 'drafts.step.reviewSend', number: 4, total: 4 });
    expect(ruMessages['drafts.step.reviewSend']).toBe('Проверка и отправка');
    expect(draftStep('replace', 'old')).toEqual({ kind: 'step', label: 'drafts.step.oldDevice', number: 1, total: 4 });
    expect(draftStep('device-setup', '3')).toEqual({ kind: 'step', label: 'drafts.step.relays', number: 3, total: 6 });
    expect(draftStep('device-setup', 6)).toEqual({ kind: 'step', label: 'drafts.step.reviewSave', number: 6, total: 6 });
    expect(draftStep('adjuster', 'bind')).toEqual({ kind: 'step', label: 'drafts.step.bind', number: 6, total: 6 });
  });

  it('reads a number as the step’s place where the wizard names its steps (drafts of earlier versions)', () => {
    expect(draftStep('serial-number', '2')).toEqual({ kind: 'step', label: 'drafts.step.address', number: 2, total: 4 });
  });

  it('says «Отправлено» once sent, and «Неизвестный шаг» for what this version does not know', () => {
    expect(draftStep('serial-number', 'sent')).toEqual({ kind: 'done' });
    expect(draftStep('adjuster', 'sent')).toEqual({ kind: 'done' });
    expect(draftStep('serial-number', 'payment')).toEqual({ kind: 'unknown' });
    expect(draftStep('serial-number', '9')).toEqual({ kind: 'unknown' });
    expect(draftStep('future-wizard', 'review')).toEqual({ kind: 'unknown' });
    expect(draftStep('serial-number', null)).toBeNull();
  });

  it('has English words for every label, and none of them is a stored id', () => {
    const labels = [...Object.values(DRAFT_STEPS).flat().map((step) => step.label), 'drafts.step.done', 'drafts.step.unknown'] as const;
    for (const label of labels) {
      expect(enMessages[label], label).toMatch(/^[A-Z]/);
      expect(ruMessages[label], label).toMatch(/^[А-ЯЁA-Z]/);
    }
  });
});
