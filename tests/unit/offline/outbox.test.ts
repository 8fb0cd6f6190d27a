import { describe, expect, it } from 'vitest';
import { OUTBOX_STATUSES, type OutboxJob, type OutboxStatus } from '@/offline/db';
import {
  answeredWithoutEffect,
  classifyHttpStatus,
  enqueue,
  jobActions,
  newIdempotencyKey,
  nextState,
  type OutboxEvent,
  type Transition,
} from '@/offline/outbox';
import { makeJob } from './helpers';

const NOW = Date.UTC(2025, 0, 15, 10, 0, 0);
const mid = () => 0.5;
const options = { random: mid, makeKey: () => 'new-key' };

function updated(transition: Transition): OutboxJob {
  if (transition.kind !== 'update') throw new Error(`expected an update, got ${transition.kind}`);
  return transition.job;
}

function at(status: OutboxStatus, overrides: Partial<OutboxJob> = {}): OutboxJob {
  return makeJob({ status, ...overrides });
}

describe('enqueue', () => {
  it('makes a queued job, due now, with a key made at queue time and no attempts', () => {
    const job = enqueue(
      { kind: 'prepare-device', method: 'POST', url: '/adjuster/api/prepare-device', body: { mac: 'aa-bb-cc-dd-ee-01' }, userId: 7, draftId: 'd1', target: { mac: 'aa-bb-cc-dd-ee-01', house: 'h' } },
      NOW,
      () => 'the-key',
    );
    expect(job).toMatchObject({
      idempotencyKey: 'the-key',
      status: 'queued',
      attempts: 0,
      nextAttemptAt: NOW,
      lastError: null,
      lastStatus: null,
      userId: 7,
      draftId: 'd1',
      createdAt: NOW,
      updatedAt: NOW,
      sentAt: null,
    });
    expect(job.deviceKey).toBe('mac:AA:BB:CC:DD:EE:01');
  });

  it('a job without a MAC gets a FIFO lane of its own', () => {
    const job = enqueue({ kind: 'x', method: 'POST', url: '/x', body: {}, userId: 1 }, NOW, () => 'k');
    expect(job.deviceKey).toBe('job:k');
    expect(job.draftId).toBeNull();
    expect(job.target).toEqual({});
  });

  it('makes a different UUID for every job', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('classifyHttpStatus', () => {
  it.each([
    [401, null, 'pause'],
    [408, null, 'retry'],
    [425, null, 'retry'],
    [429, null, 'retry'],
    [500, null, 'retry'],
    [502, null, 'retry'],
    [503, '10', 'retry'],
    [409, '1', 'retry'],
    [409, null, 'needs-attention'],
    [409, ' ', 'needs-attention'],
    [400, null, 'needs-attention'],
    [403, null, 'needs-attention'],
    [404, null, 'needs-attention'],
    [422, null, 'needs-attention'],
  ] as const)('%i (Retry-After %s) → %s', (status, retryAfter, verdict) => {
    expect(classifyHttpStatus(status, retryAfter)).toBe(verdict);
  });
});

describe('nextState: sending', () => {
  it('begin-send: queued → sending and counts the attempt', () => {
    const job = updated(nextState(at('queued', { attempts: 2 }), { type: 'begin-send' }, NOW, options));
    expect(job).toMatchObject({ status: 'sending', attempts: 3, updatedAt: NOW, idempotencyKey: 'key-1' });
  });

  it('2xx: sending → sent, with the time, the status and the answer', () => {
    const job = updated(
      nextState(at('sending', { attempts: 1, lastError: 'x' }), { type: 'sent', status: 201, response: { result: 'success' } }, NOW, options),
    );
    expect(job).toMatchObject({ status: 'sent', sentAt: NOW, lastStatus: 201, lastError: null, response: { result: 'success' } });
  });

  it('no answer: sending → queued after the backoff, keeping the key', () => {
    const job = updated(nextState(at('sending', { attempts: 1 }), { type: 'network-error', message: 'Нет связи' }, NOW, options));
    expect(job).toMatchObject({ status: 'queued', nextAttemptAt: NOW + 750, lastError: 'Нет связи', lastStatus: null, idempotencyKey: 'key-1' });
  });

  it.each([408, 429, 500, 503])('%i: sending → queued after the backoff', (status) => {
    const job = updated(nextState(at('sending', { attempts: 3 }), { type: 'http-error', status, message: null }, NOW, options));
    expect(job).toMatchObject({ status: 'queued', nextAttemptAt: NOW + 3_000, lastError: `HTTP ${status}`, lastStatus: status });
  });

  it('429 with Retry-After waits at least that long', () => {
    const job = updated(nextState(at('sending', { attempts: 1 }), { type: 'http-error', status: 429, message: 'slow down', retryAfter: '60' }, NOW, options));
    expect(job.nextAttemptAt).toBe(NOW + 60_000);
    expect(job.lastError).toBe('slow down');
  });

  it('409 with Retry-After (the key is still being processed) waits, keeping the key', () => {
    const job = updated(nextState(at('sending', { attempts: 1 }), { type: 'http-error', status: 409, message: 'in progress', retryAfter: '2' }, NOW, options));
    expect(job).toMatchObject({ status: 'queued', nextAttemptAt: NOW + 2_000, idempotencyKey: 'key-1' });
  });

  it('401: sending → paused, and the whole queue must pause', () => {
    const transition = nextState(at('sending', { attempts: 1 }), { type: 'http-error', status: 401, message: 'Требуется вход' }, NOW, options);
    expect(transition).toMatchObject({ kind: 'update', effects: ['pause-queue'] });
    expect(updated(transition)).toMatchObject({ status: 'paused', lastStatus: 401, lastError: 'Требуется вход' });
  });

  it.each([400, 409, 422, 403, 404])('%i: sending → needs-attention with the server message', (status) => {
    const transition = nextState(at('sending', { attempts: 1 }), { type: 'http-error', status, message: 'Поле mac: неверный формат' }, NOW, options);
    expect(transition).toMatchObject({ kind: 'update', effects: [] });
    expect(updated(transition)).toMatchObject({ status: 'needs-attention', lastStatus: status, lastError: 'Поле mac: неверный формат' });
  });

  it('2xx with result false: sending → needs-attention with the message', () => {
    const job = updated(nextState(at('sending', { attempts: 1 }), { type: 'refused', status: 200, message: 'Устройство уже есть' }, NOW, options));
    expect(job).toMatchObject({ status: 'needs-attention', lastStatus: 200, lastError: 'Устройство уже есть' });
  });

  it('keeps a refusal’s code with its message, and forgets it once the job is sent', () => {
    const coded = { message: 'Базовая станция BS-X не найдена', messageCode: 'port.stationUnknown', messageParams: { station: 'BS-X' } };
    const refused = updated(nextState(at('sending', { attempts: 1 }), { type: 'http-error', status: 404, message: coded.message, coded }, NOW, options));
    expect(refused).toMatchObject({ status: 'needs-attention', lastError: coded.message, lastErrorCoded: coded });
    const sent = updated(nextState({ ...refused, status: 'sending' }, { type: 'sent', status: 200 }, NOW, options));
    expect(sent.lastErrorCoded).toBeUndefined();
  });

  it('a refusal without a message still says what happened', () => {
    const job = updated(nextState(at('sending', { attempts: 1 }), { type: 'refused', status: 200, message: null }, NOW, options));
    expect(job.lastError).toBe('HTTP 200');
  });

  it('the waits grow from one failure to the next', () => {
    let job = at('queued');
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      job = updated(nextState(job, { type: 'begin-send' }, NOW, options));
      job = updated(nextState(job, { type: 'http-error', status: 500, message: null }, NOW, options));
      waits.push(job.nextAttemptAt - NOW);
    }
    expect(waits).toEqual([750, 1_500, 3_000, 6_000, 12_000]);
  });
});

describe('nextState: commands', () => {
  it('send-now makes a queued job due now', () => {
    expect(updated(nextState(at('queued', { nextAttemptAt: NOW + 60_000 }), { type: 'send-now' }, NOW, options)).nextAttemptAt).toBe(NOW);
  });

  it('retry: needs-attention → queued now, same key, attempts kept', () => {
    const job = updated(nextState(at('needs-attention', { attempts: 2, lastStatus: 422 }), { type: 'retry' }, NOW, options));
    expect(job).toMatchObject({ status: 'queued', nextAttemptAt: NOW, idempotencyKey: 'key-1', attempts: 2 });
  });

  it('retry with the same body (keys in another order) keeps the key', () => {
    const job = at('needs-attention', { attempts: 1, body: { a: 1, b: { c: 2, d: 3 } } });
    expect(updated(nextState(job, { type: 'retry', body: { b: { d: 3, c: 2 }, a: 1 } }, NOW, options)).idempotencyKey).toBe('key-1');
  });

  it('retry with a fixed body gets a new key and the new body', () => {
    const job = updated(nextState(at('needs-attention', { attempts: 1, lastStatus: 422 }), { type: 'retry', body: { mac: 'AA:BB:CC:DD:EE:02' } }, NOW, options));
    expect(job).toMatchObject({ status: 'queued', idempotencyKey: 'new-key', body: { mac: 'AA:BB:CC:DD:EE:02' } });
  });

  it('retry: paused after its own 401 → queued; a changed body gets a new key', () => {
    const job = at('paused', { attempts: 1, lastStatus: 401 });
    expect(updated(nextState(job, { type: 'retry' }, NOW, options)).idempotencyKey).toBe('key-1');
    expect(updated(nextState(job, { type: 'retry', body: { other: true } }, NOW, options)).idempotencyKey).toBe('new-key');
  });

  it('refuses to change the body of a job whose last attempt may have reached the server', () => {
    // Paused with the queue after a timeout: the server may have done it under the old key.
    const job = at('paused', { attempts: 1, lastStatus: null });
    expect(nextState(job, { type: 'retry', body: { other: true } }, NOW, options)).toMatchObject({ kind: 'ignored' });
    expect(updated(nextState(job, { type: 'retry' }, NOW, options)).status).toBe('queued');
  });

  it('pause: queued → paused, keeping its due time', () => {
    const job = updated(nextState(at('queued', { nextAttemptAt: NOW + 5 }), { type: 'pause' }, NOW, options));
    expect(job).toMatchObject({ status: 'paused', nextAttemptAt: NOW + 5 });
  });

  it('resume: paused → queued, due now', () => {
    expect(updated(nextState(at('paused', { nextAttemptAt: NOW + 99 }), { type: 'resume' }, NOW, options))).toMatchObject({
      status: 'queued',
      nextAttemptAt: NOW,
    });
  });

  it('recover: sending (its tab closed) → queued now with the same key and attempts', () => {
    const job = updated(nextState(at('sending', { attempts: 4 }), { type: 'recover' }, NOW, options));
    expect(job).toMatchObject({ status: 'queued', nextAttemptAt: NOW, idempotencyKey: 'key-1', attempts: 4 });
  });

  it('expedite: a job waiting after no answer is due now', () => {
    const job = at('queued', { attempts: 3, lastStatus: null, nextAttemptAt: NOW + 8_000 });
    expect(updated(nextState(job, { type: 'expedite' }, NOW, options)).nextAttemptAt).toBe(NOW);
  });

  it('expedite leaves a server-asked wait (5xx, 429) alone', () => {
    const job = at('queued', { attempts: 3, lastStatus: 503, nextAttemptAt: NOW + 8_000 });
    expect(nextState(job, { type: 'expedite' }, NOW, options).kind).toBe('ignored');
  });

  it.each(['queued', 'sent', 'needs-attention', 'paused'] as const)('discard removes a %s job', (status) => {
    expect(nextState(at(status), { type: 'discard' }, NOW, options)).toEqual({ kind: 'discard' });
  });

  it('discard leaves a job in flight alone', () => {
    expect(nextState(at('sending'), { type: 'discard' }, NOW, options).kind).toBe('ignored');
  });
});

describe('nextState: the full table', () => {
  const events: OutboxEvent[] = [
    { type: 'begin-send' },
    { type: 'sent', status: 200 },
    { type: 'network-error', message: 'x' },
    { type: 'http-error', status: 500, message: null },
    { type: 'http-error', status: 401, message: null },
    { type: 'http-error', status: 422, message: null },
    { type: 'refused', status: 200, message: null },
    { type: 'send-now' },
    { type: 'retry' },
    { type: 'pause' },
    { type: 'resume' },
    { type: 'recover' },
    { type: 'expedite' },
    { type: 'discard' },
  ];
  const label = (event: OutboxEvent) => ('status' in event ? `${event.type} ${event.status}` : event.type);

  // What every (status, event) pair gives: 'ignored', 'discard' or the status after it.
  const expected: Record<OutboxStatus, string[]> = {
    //         begin    sent    net      500      401       422                refused            now      retry     pause     resume    recover  expedite  discard
    queued: ['sending', 'sent', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'queued', 'ignored', 'paused', 'ignored', 'ignored', 'queued', 'discard'],
    sending: ['ignored', 'sent', 'queued', 'queued', 'paused', 'needs-attention', 'needs-attention', 'ignored', 'ignored', 'ignored', 'ignored', 'queued', 'ignored', 'ignored'],
    sent: ['ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'discard'],
    'needs-attention': ['ignored', 'sent', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'queued', 'ignored', 'ignored', 'ignored', 'ignored', 'discard'],
    paused: ['ignored', 'sent', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'queued', 'ignored', 'queued', 'ignored', 'ignored', 'discard'],
  };

  for (const status of OUTBOX_STATUSES) {
    events.forEach((event, index) => {
      it(`${status} + ${label(event)} → ${expected[status][index]}`, () => {
        // 'expedite' applies to a queued job that got no answer and is not yet due.
        const job = at(status, { attempts: 1, nextAttemptAt: NOW + 10_000 });
        const transition = nextState(job, event, NOW, options);
        const result = transition.kind === 'update' ? transition.job.status : transition.kind;
        expect(result).toBe(expected[status][index]);
        if (transition.kind === 'update') expect(transition.job.updatedAt).toBe(NOW);
      });
    });
  }

  it('never changes the input job', () => {
    const job = at('sending', { attempts: 1 });
    const copy = structuredClone(job);
    for (const event of events) nextState(job, event, NOW, options);
    expect(job).toEqual(copy);
  });
});

describe('helpers', () => {
  it('answeredWithoutEffect: never sent, refused or 401 only', () => {
    expect(answeredWithoutEffect(at('queued', { attempts: 0 }))).toBe(true);
    expect(answeredWithoutEffect(at('needs-attention', { attempts: 3 }))).toBe(true);
    expect(answeredWithoutEffect(at('paused', { attempts: 1, lastStatus: 401 }))).toBe(true);
    expect(answeredWithoutEffect(at('paused', { attempts: 1, lastStatus: 503 }))).toBe(false);
    expect(answeredWithoutEffect(at('queued', { attempts: 1, lastStatus: null }))).toBe(false);
  });

  it('jobActions offers what each status allows', () => {
    expect(jobActions(at('queued'))).toEqual({ sendNow: true, retry: false, openDraft: true, discard: true });
    expect(jobActions(at('sending'))).toEqual({ sendNow: false, retry: false, openDraft: false, discard: false });
    expect(jobActions(at('needs-attention'))).toEqual({ sendNow: false, retry: true, openDraft: true, discard: true });
    expect(jobActions(at('paused', { draftId: null }))).toEqual({ sendNow: false, retry: true, openDraft: false, discard: true });
    expect(jobActions(at('sent'))).toEqual({ sendNow: false, retry: false, openDraft: true, discard: true });
  });
});
