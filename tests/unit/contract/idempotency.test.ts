import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../contract/idempotency';
import { sameBody } from '@/offline/outbox';

describe('canonicalJson (the outbox and the server fingerprint bodies with it)', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });

  it('reads no body as null, as the server sees an empty request', () => {
    expect(canonicalJson(undefined)).toBe('null');
    expect(sameBody(undefined, null)).toBe(true);
  });

  it('two bodies differing only in key order are the same request on both sides', () => {
    expect(sameBody({ mac: 'A', porch: 1 }, { porch: 1, mac: 'A' })).toBe(true);
    expect(sameBody({ mac: 'A', porch: 1 }, { porch: 2, mac: 'A' })).toBe(false);
  });
});
