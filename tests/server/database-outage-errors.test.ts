import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/client';

/*
 * Which failures are "the database is not there" (a 503 that heals by itself) and which stay
 * failures of the request (a 500, or the 4xx a route makes of them).
 */

function pgError(code: string, message = 'error'): Error {
  return Object.assign(new Error(message), { code });
}

function wrapped(cause: Error): DrizzleQueryError {
  return new DrizzleQueryError('select 1', [], cause);
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['an administrator shutdown (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection failure (08006)', pgError('08006')],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already')],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['a broken client handed out again', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s is unavailable, bare or wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', pgError('42601', 'syntax error at or near "selec"')],
    ['a serialization failure (40001)', pgError('40001', 'could not serialize access')],
    ['a statement timeout (57014)', pgError('57014', 'canceling statement due to statement timeout')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('is false for what is not an error', () => {
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(false);
  });
});
