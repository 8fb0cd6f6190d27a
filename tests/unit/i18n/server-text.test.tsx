import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceSyncState } from '@contract/device-sync';
import { SERVER_TEXTS, nestText, serverText } from '@contract/server-texts';
import { SyncBody } from '@/features/device-sync/components/device-sync-section';
import { translate as syncTranslate } from '@/features/device-sync/messages';
import { CodeOwed } from '@/features/door-codes/components/code-owed';
import { McUploadFailures } from '@/features/management-companies/components/mc-upload-failures';
import { acceptedText } from '@/features/serial-number-wizard/components/job-status';
import { translate as serialTranslate } from '@/features/serial-number-wizard/messages';
import { loadCatalog, serverTextIn } from '@/i18n/i18n';
import { HttpError, ResultError, errorMessage } from '@/lib/http';
import { owedReason } from '@/lib/owed-reason';
import { setPreferences } from '@/lib/preferences';
import { makeJob } from '../offline/helpers';

const MAC = 'AA:BB:CC:DD:EE:01';

afterEach(() => {
  setPreferences({ language: 'ru' });
  vi.unstubAllGlobals();
});

describe('the server’s coded sentences', () => {
  it('are worded in English from their code and parameters', async () => {
    await loadCatalog('en');
    expect(serverTextIn('en', serverText('device.unreachable', { mac: MAC }))).toBe(`The device does not answer: it is disabled or reset (${MAC})`);
    expect(serverTextIn('en', serverText('portJob.vlanRefused'))).toBe('The switch refused the VLAN change on the port');
    expect(serverTextIn('en', serverText('preset.done', { deviceType: 'ISCOM_X1' }))).toBe('The preset for ISCOM_X1 is uploaded');
    expect(serverTextIn('en', serverText('device.rs485Found', { count: 3 }))).toBe('RS485 devices found: 3');
  });

  it('word a write’s owed note with the device’s reason nested in it, and the client’s owed reason in the user’s language', async () => {
    await loadCatalog('en');
    const reason = serverText('panel.auth.detail', { detail: 'GET /cgi-bin/key', mac: MAC });
    const answer = serverText('doorCode.added.owedBecause', nestText('reason', reason));
    expect(answer.message).toBe(`Код добавлен; запись ждёт отправки на устройство: неверный логин или пароль устройства: GET /cgi-bin/key (${MAC})`);
    expect(serverTextIn('en', answer)).toBe(`Code added; the write is waiting to be sent to the device: wrong device login or password: GET /cgi-bin/key (${MAC})`);
    // A reason another back end (or a device of its own) did not code stays its own words inside the English sentence.
    expect(serverTextIn('en', serverText('key.added.owedBecause', nestText('reason', { message: 'Своя причина' })))).toBe(
      'Key added; the write is waiting to be sent to the device: Своя причина',
    );
    expect(serverTextIn('en', serverText('keyless.savedOwed', { count: 2 }))).toBe('The code is saved; waiting to be sent to devices: 2');
    expect(serverTextIn('en', serverText('import.interrupted'))).toBe('the import stopped before its end');
    setPreferences({ language: 'en' });
    expect(owedReason(answer)).toBe(`wrong device login or password: GET /cgi-bin/key (${MAC})`);
    expect(owedReason(serverText('commutators.saved.owed'))).toBe('');
    expect(owedReason(serverText('commutators.saved'))).toBeUndefined();
    setPreferences({ language: 'ru' });
    expect(owedReason(answer)).toBe(`неверный логин или пароль устройства: GET /cgi-bin/key (${MAC})`);
  });

  it('stay the server’s own words in Russian, for a code this version does not know, a missing parameter or plain text', async () => {
    await loadCatalog('en');
    const unreachable = serverText('device.unreachable', { mac: MAC });
    expect(serverTextIn('ru', unreachable)).toBe(`Устройство не отвечает: оно отключено или сброшено (${MAC})`);
    expect(serverTextIn('en', { message: 'Новая причина', messageCode: 'device.newer-reason', messageParams: {} })).toBe('Новая причина');
    expect(serverTextIn('en', { message: unreachable.message, messageCode: 'device.unreachable', messageParams: {} })).toBe(unreachable.message);
    expect(serverTextIn('en', 'Ответ другого сервера')).toBe('Ответ другого сервера');
  });

  it('have no two codes for one sentence without parameters (the server codes such a refusal by its text)', () => {
    const plain = Object.values(SERVER_TEXTS).filter((template) => !/\{\w+\}/.test(template));
    expect(new Set(plain).size).toBe(plain.length);
  });

  it('word the shared refusals in English', async () => {
    await loadCatalog('en');
    expect(serverTextIn('en', serverText('notFound.house'))).toBe('House not found');
    expect(serverTextIn('en', serverText('conflict.uploadRunning'))).toBe('This company’s upload is already running: wait for it to end');
  });

  it('have a Russian template for every code that fills in as the server fills it', () => {
    for (const code of Object.keys(SERVER_TEXTS) as (keyof typeof SERVER_TEXTS)[]) {
      const names = [...SERVER_TEXTS[code].matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const params = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      expect(serverText(code, params).message, code).not.toMatch(/\{\w+\}/);
    }
  });

  it('word a refused call’s coded message in the user’s language', async () => {
    await loadCatalog('en');
    const refused = new HttpError(502, 'DDNS не настроен: устройство 10.0.0.9 не ответило', { result: false, ...serverText('ddns.failed', { ip: '10.0.0.9' }) });
    setPreferences({ language: 'ru' });
    expect(errorMessage(refused)).toBe('DDNS не настроен: устройство 10.0.0.9 не ответило');
    setPreferences({ language: 'en' });
    expect(errorMessage(refused)).toBe('DDNS not set up: device 10.0.0.9 did not answer');
    expect(errorMessage(new ResultError('Сервер останавливается', { result: 'error', ...serverText('server.stopping') }))).toBe('The server is shutting down');
    expect(errorMessage(new HttpError(409, 'Уже идёт', { result: false, message: 'Уже идёт' }))).toBe('Уже идёт');
  });

  it('show a management company’s upload failure in English', async () => {
    await loadCatalog('en');
    setPreferences({ language: 'en' });
    const reason = serverText('device.unreachable', { mac: MAC });
    render(<McUploadFailures failures={[{ deviceId: 9, mac: MAC, reason: reason.message, reasonCode: reason.messageCode, reasonParams: reason.messageParams, at: null }]} />);
    expect(await screen.findByText(`The device does not answer: it is disabled or reset (${MAC})`)).toBeTruthy();
  });

  it('show a device’s sync refusal and a door code’s owed reason in English', async () => {
    await loadCatalog('en');
    setPreferences({ language: 'en' });
    const reason = serverText('panel.auth.detail', { detail: 'GET /cgi-bin/key', mac: MAC });
    const change = { id: 1, kind: 'doorCode', target: 'кв. 30', summary: 'записать', status: 'failed', attempts: 2, lastAttemptAt: null, nextAttemptAt: null, createdAt: '2026-12-01T10:00:00.000Z' } as const;
    const state: DeviceSyncState = {
      mac: MAC,
      state: 'failed',
      owedCount: 1,
      failedCount: 1,
      changes: [{ ...change, lastError: reason.message, lastErrorCode: reason.messageCode, lastErrorParams: reason.messageParams }],
      lastFailure: { ...reason, at: '2026-12-01T10:00:00.000Z' },
      lastConfirmedAt: null,
      readBack: null,
      resyncQueuedAt: null,
    };
    const english = `wrong device login or password: GET /cgi-bin/key (${MAC})`;
    render(<SyncBody state={state} model={{ running: null, online: true }} t={(key, params) => syncTranslate('en', key, params)} />);
    expect(await screen.findByText(new RegExp(`^Last attempt .*: ${english.replace(/[()/]/g, '\\$&')}$`))).toBeTruthy();
    const owed = render(<CodeOwed code={{ owed: { reason: reason.message, reasonCode: reason.messageCode, reasonParams: reason.messageParams } }} />);
    expect(await within(owed.container).findByText(new RegExp(english.replace(/[()/]/g, '\\$&')))).toBeTruthy();
  });

  it('show the serial-number wizard’s accepted registration in English', async () => {
    await loadCatalog('en');
    const job = makeJob({ status: 'sent', response: { result: 'success', ...serverText('adjuster.deviceRegistered'), data: { deviceId: 42, mac: MAC, serialNumber: 'SN-1' } } });
    const english = () => acceptedText(job, (key, params) => serialTranslate('en', key, params), (text) => serverTextIn('en', text));
    english();
    await expect.poll(english).toBe('Device registered. Device number: 42');
    expect(acceptedText(job, (key, params) => serialTranslate('ru', key, params), (text) => serverTextIn('ru', text))).toBe('Устройство зарегистрировано. Номер устройства: 42');
  });
});
