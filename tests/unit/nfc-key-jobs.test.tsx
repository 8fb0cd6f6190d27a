import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyEndpoints } from '@contract/keys';
import { DEVICE_KEY_JOB, FLAT_KEY_JOB, jobBodyField, queueKeyJobs, usePendingKeys } from '@/components/queued-keys/key-jobs';
import { getOfflineDb } from '@/offline/db';
import { addJob, applyJobEvent, outboxRequest } from '@/offline/outbox-queue';
import { openTestDb } from './offline/helpers';

/* Keys added with no signal: queued as outbox jobs, shown pending until the replay sends them. */

const MAC = 'E4:5A:D4:00:00:06';
const OTHER = 'E4:5A:D4:00:00:07';

afterEach(async () => {
  await getOfflineDb().outbox.clear();
});

describe('queueKeyJobs', () => {
  it('queues one job per key write, each with its own Idempotency-Key, in its device’s lane', async () => {
    const bodies = [MAC, OTHER].map((mac) => ({ mac, value: '04A21B3C', keyType: 'MIFARE' as const, flatNum: 12 }));
    const jobs = await queueKeyJobs(
      null,
      7,
      bodies.map((body) => ({ kind: FLAT_KEY_JOB, ...outboxRequest(keyEndpoints.create, { body }), mac: body.mac, house: 'house-1' })),
    );
    const stored = await getOfflineDb().outbox.toArray();
    expect(stored.map((job) => job.id)).toEqual(jobs.map((job) => job.id));
    expect(stored.map((job) => [job.kind, job.method, job.url, job.status, job.userId, job.deviceKey, job.target])).toEqual([
      [FLAT_KEY_JOB, 'POST', '/front/keys/create', 'queued', 7, `mac:${MAC}`, { mac: MAC, house: 'house-1' }],
      [FLAT_KEY_JOB, 'POST', '/front/keys/create', 'queued', 7, `mac:${OTHER}`, { mac: OTHER, house: 'house-1' }],
    ]);
    expect(new Set(stored.map((job) => job.idempotencyKey)).size).toBe(2);
    expect(jobBodyField(stored[0], 'flatNum')).toBe(12);
  });

  it('a body the contract would refuse is refused before it could be queued', () => {
    expect(() => outboxRequest(keyEndpoints.createDeviceKey, { params: { mac: MAC }, body: { VALUE: '', FLAT_NUM: null } })).toThrow();
  });
});

describe('usePendingKeys', () => {
  it('shows this screen’s unsent key jobs, and reads the data again once one is sent', async () => {
    const db = openTestDb();
    const job = (mac: string, VALUE: string, extra: object = {}, kind = DEVICE_KEY_JOB, userId = 7) =>
      addJob(db, { kind, ...outboxRequest(keyEndpoints.createDeviceKey, { params: { mac }, body: { VALUE, FLAT_NUM: null, KEY_TYPE: 'MIFARE', ...extra } }), userId, target: { mac } });
    const mine = await job(MAC, '04A21B3C');
    await job(MAC, '04A21B3D', { RS: 1 }); // the RS screen's
    await job(OTHER, '04A21B3E'); // another device's
    await job(MAC, '04A21B3F', {}, 'device-setup'); // another kind
    await job(MAC, '04A21B40', {}, DEVICE_KEY_JOB, 8); // another user's
    const onSent = vi.fn();
    const { result } = renderHook(() =>
      usePendingKeys({ db, userId: 7, kind: DEVICE_KEY_JOB, macs: [MAC.toLowerCase()], matches: (each) => jobBodyField(each, 'RS') !== 1, onSent }),
    );
    await waitFor(() => expect(result.current).toEqual([{ id: mine.id, value: '04A21B3C', mac: MAC, status: 'queued', error: null }]));

    await act(() => applyJobEvent(db, mine.id, { type: 'begin-send' }));
    await waitFor(() => expect(result.current.map((key) => key.status)).toEqual(['sending']));
    expect(onSent).not.toHaveBeenCalled();
    await act(() => applyJobEvent(db, mine.id, { type: 'sent', status: 200, response: { result: true } }));
    await waitFor(() => expect(result.current).toEqual([]));
    expect(onSent).toHaveBeenCalledOnce();
  });

  it('keeps a refused key with the server’s reason', async () => {
    const db = openTestDb();
    const refused = await addJob(db, { kind: DEVICE_KEY_JOB, ...outboxRequest(keyEndpoints.createDeviceKey, { params: { mac: MAC }, body: { VALUE: '04A21B3C', FLAT_NUM: null } }), userId: 7, target: { mac: MAC } });
    await applyJobEvent(db, refused.id, { type: 'begin-send' });
    await applyJobEvent(db, refused.id, { type: 'http-error', status: 409, message: 'Ключ уже есть на устройстве' });
    const onSent = vi.fn();
    const { result } = renderHook(() => usePendingKeys({ db, userId: 7, kind: DEVICE_KEY_JOB, macs: [MAC], matches: () => true, onSent }));
    await waitFor(() => expect(result.current).toEqual([{ id: refused.id, value: '04A21B3C', mac: MAC, status: 'needs-attention', error: 'Ключ уже есть на устройстве' }]));
    expect(onSent).not.toHaveBeenCalled();
  });
});
