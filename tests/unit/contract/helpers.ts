import { expect, it } from 'vitest';
import type { Struct } from 'superstruct';
import { DecodeError, decode } from '../../../contract/common';

/** A realistic answer that must decode, and a broken one that must fail at exactly `paths`. */
export interface ResponseCase {
  ok: unknown;
  bad: unknown;
  paths: string[];
}

export function failuresOf<T, S>(struct: Struct<T, S>, value: unknown): DecodeError {
  try {
    decode(struct, value, 'test');
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw error;
  }
  throw new Error('Expected a DecodeError, but the value decoded');
}

export function expectFailurePaths<T, S>(struct: Struct<T, S>, value: unknown, paths: string[]): DecodeError {
  const error = failuresOf(struct, value);
  expect(error).toBeInstanceOf(DecodeError);
  expect(error.failures.map((failure) => failure.path).sort()).toEqual([...paths].sort());
  return error;
}

/** What the table needs of an endpoint; `Endpoint<…>` itself is invariant in its structs. */
interface EndpointLike {
  method: string;
  pattern: string;
  response: object;
}

/**
 * Two tests per endpoint of a domain: its response struct decodes a realistic answer, and rejects a
 * wrong one with a DecodeError listing each failing path. `cases` must name every endpoint.
 */
export function itDecodesEveryResponse<E extends Record<string, EndpointLike>>(endpoints: E, cases: Record<keyof E, ResponseCase>): void {
  it('has a response case for every endpoint', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(endpoints).sort());
  });
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const sample = cases[name as keyof E];
    it(`${name} (${endpoint.method} ${endpoint.pattern}) decodes a realistic answer`, () => {
      expect(() => decode(endpoint.response as Struct<unknown, unknown>, sample.ok, name)).not.toThrow();
    });
    it(`${name} rejects a wrong shape at ${sample.paths.join(', ') || '(root)'}`, () => {
      expectFailurePaths(endpoint.response as Struct<unknown, unknown>, sample.bad, sample.paths);
    });
  }
}

/** `{ result: true, message }` and its usual breakage. */
export const plainCase: ResponseCase = {
  ok: { result: true, message: 'Сохранено' },
  bad: { result: 'true', message: 5 },
  paths: ['result', 'message'],
};

export const adjusterPlainCase: ResponseCase = {
  ok: { result: 'success', message: null },
  bad: { result: true },
  paths: ['result'],
};
