import { describe, expect, it } from 'vitest';
import { KEYLESS_MAX_DEVICES } from '@contract/door-codes';
import type { AuthItem } from '@contract/users';
import {
  DraftKeys,
  EMPTY_DRAFT,
  EMPTY_KEYLESS,
  addDevices,
  canEditCodes,
  checkDraft,
  checkKeyless,
  createBody,
  doorCodesFilter,
  isoToLocalInput,
  keylessBody,
  keylessFilter,
  localInputToIso,
  parseMacList,
  updateBody,
} from '@/features/door-codes/model';
import { DOOR_CODE } from './fixtures';

const MOSCOW = 'Europe/Moscow';
const NOW = new Date('2026-11-25T12:00:00.000Z');
const RANGE = { firstFlat: 1, lastFlat: 50, entranceNum: 1, entranceTitle: 'Подъезд 1' };
const code = DOOR_CODE;
const grant: AuthItem = { name: 'x', type: 1, description: null, ruleName: null, data: null, createdAt: null, updatedAt: null };

describe('door code rules on the client', () => {
  it('lets the keys permission, management and the superuser change codes, not support', () => {
    expect(canEditCodes({ permissions: { KEYS_LIST_PERMISSION: grant }, roles: {} })).toBe(true);
    expect(canEditCodes({ permissions: {}, roles: { management: grant } })).toBe(true);
    expect(canEditCodes({ permissions: {}, roles: { superuser: grant } })).toBe(true);
    expect(canEditCodes({ permissions: {}, roles: { support: grant } })).toBe(false);
  });

  it('reads a datetime-local value as a wall time of the user’s zone and writes it back', () => {
    expect(localInputToIso('2026-12-31T00:00', MOSCOW)).toBe('2026-12-30T21:00:00.000Z');
    expect(isoToLocalInput('2026-12-30T21:00:00.000Z', MOSCOW)).toBe('2026-12-31T00:00');
    expect(localInputToIso('', MOSCOW)).toBeNull();
    expect(localInputToIso('31.12.2026', MOSCOW)).toBeUndefined();
    expect(isoToLocalInput(null, MOSCOW)).toBe('');
  });

  it('checks a draft as the server would: digits, the flat of the range, an expiry ahead on create only', () => {
    expect(checkDraft({ ...EMPTY_DRAFT, flatNum: '12' }, { kind: 'flat' }, RANGE, MOSCOW, NOW)).toEqual({});
    expect(checkDraft({ ...EMPTY_DRAFT, flatNum: '51', code: '12' }, { kind: 'flat' }, RANGE, MOSCOW, NOW)).toMatchObject({
      flatNum: { key: 'doorCodes.error.flatRange', values: { first: 1, last: 50 } },
      code: { key: 'doorCodes.error.code' },
    });
    expect(checkDraft({ ...EMPTY_DRAFT, flatNum: '0' }, { kind: 'flat' }, null, MOSCOW, NOW).flatNum?.key).toBe('doorCodes.error.flat');
    const past = { ...EMPTY_DRAFT, expires: '2026-11-25T14:59' };
    expect(checkDraft(past, { kind: 'common' }, RANGE, MOSCOW, NOW).expires?.key).toBe('doorCodes.error.expiresPast');
    // Changing a code may set a past expiry (expire it), but a code is required.
    expect(checkDraft({ ...past, code: '1234' }, { kind: 'edit', code }, RANGE, MOSCOW, NOW)).toEqual({});
    expect(checkDraft({ ...past, code: '' }, { kind: 'edit', code }, RANGE, MOSCOW, NOW).code?.key).toBe('doorCodes.error.code');
    expect(checkDraft({ ...EMPTY_DRAFT, comment: 'x'.repeat(201) }, { kind: 'common' }, RANGE, MOSCOW, NOW).comment?.values).toEqual({ max: 200 });
  });

  it('leaves an empty code to the server and sends only what changed', () => {
    expect(createBody({ flatNum: ' 12 ', code: '', expires: '', comment: '  ' }, { kind: 'flat' }, MOSCOW)).toEqual({ flatNum: 12, expiresAt: null, comment: null });
    expect(createBody({ ...EMPTY_DRAFT, code: '1234' }, { kind: 'common' }, MOSCOW)).toEqual({ flatNum: null, code: '1234', expiresAt: null, comment: null });
    const same = { flatNum: '12', code: '482913', expires: isoToLocalInput(code.expiresAt, MOSCOW), comment: 'Ремонт' };
    expect(updateBody(same, code, MOSCOW)).toEqual({});
    expect(updateBody({ ...same, code: '1111', expires: '', comment: '' }, code, MOSCOW)).toEqual({ code: '1111', expiresAt: null, comment: null });
  });

  it('keeps one Idempotency-Key per body until the server took it', () => {
    let n = 0;
    const keys = new DraftKeys(() => `key-${++n}`);
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    expect(keys.keyFor({ a: 2 })).toBe('key-2');
    keys.taken();
    expect(keys.keyFor({ a: 2 })).toBe('key-3');
  });

  it('turns the URL’s filters into list queries, leaving out what a hand-edited URL got wrong', () => {
    expect(doorCodesFilter({ page: 2, sort: null, filters: { flatNum: '12' } })).toEqual({ page: 2, flatNum: 12 });
    expect(doorCodesFilter({ page: 1, sort: null, filters: { flatNum: 'abc' } })).toEqual({ page: 1 });
    expect(keylessFilter({ page: 1, sort: null, filters: { service: 'post', active: '1', mac: 'e45ad4000005' } })).toEqual({ page: 1, service: 'post', active: '1', mac: 'E4:5A:D4:00:00:05' });
    expect(keylessFilter({ page: 3, sort: null, filters: { service: 'pizza', active: 'yes', mac: 'nope' } })).toEqual({ page: 3 });
  });
});

describe('keyless form', () => {
  it('reads typed MACs in any spelling, once each, and keeps what is not a MAC', () => {
    expect(parseMacList('e4-5a-d4-00-00-05, E4:5A:D4:00:00:05;\n001122334455 zz')).toEqual({ macs: ['E4:5A:D4:00:00:05', '00:11:22:33:44:55'], bad: ['zz'] });
  });

  it('adds devices once each, up to the maximum', () => {
    const first = addDevices([], [{ mac: 'A', address: 'дом' }, { mac: 'A', address: null }, { mac: 'B', address: null }]);
    expect(first).toEqual({ devices: [{ mac: 'A', address: 'дом' }, { mac: 'B', address: null }], overflow: false });
    const full = Array.from({ length: KEYLESS_MAX_DEVICES }, (_, n) => ({ mac: String(n), address: null }));
    expect(addDevices(full, [{ mac: 'new', address: null }])).toMatchObject({ overflow: true });
    expect(addDevices(full, [{ mac: '0', address: null }]).overflow).toBe(false);
  });

  it('needs devices and, unless generated, a code; builds the body', () => {
    expect(checkKeyless(EMPTY_KEYLESS, MOSCOW, NOW)).toEqual({ devices: { key: 'keyless.form.noDevices' } });
    const draft = { ...EMPTY_KEYLESS, generate: false, code: '12', devices: [{ mac: 'E4:5A:D4:00:00:05', address: null }] };
    expect(checkKeyless(draft, MOSCOW, NOW)).toEqual({ code: { key: 'doorCodes.error.code' } });
    const good = { ...draft, code: ' 5511 ', service: 'courier' as const, expires: '2027-01-01T00:00', comment: ' Курьеры ' };
    expect(checkKeyless(good, MOSCOW, NOW)).toEqual({});
    expect(keylessBody(good, MOSCOW)).toEqual({ service: 'courier', code: '5511', expiresAt: '2026-12-31T21:00:00.000Z', comment: 'Курьеры', macs: ['E4:5A:D4:00:00:05'] });
    expect(keylessBody({ ...good, generate: true }, MOSCOW)).not.toHaveProperty('code');
  });
});
