import { describe, expect, it } from 'vitest';
import { serverText } from '../../contract/server-texts';
import { ApiError } from '../../server/http/errors';
import { importFailure } from '../../server/jobs/import-job-runner';

describe('an import job that fails', () => {
  it('says why with a code for other languages: «Импорт прерван» when the failure had no words, a refusal of ours', () => {
    expect(importFailure(new Error(''))).toEqual({ message: 'Импорт прерван', messageCode: 'import.interrupted', messageParams: {} });
    expect(importFailure(new ApiError(400, serverText('import.interrupted')))).toMatchObject({ message: 'Импорт прерван', messageCode: 'import.interrupted' });
  });

  it('keeps any other failure’s own words, without a code', () => {
    const failure = importFailure(new Error('Строка 12: файл оборвался'));
    expect(failure.message).toBe('Строка 12: файл оборвался');
    expect(failure).not.toHaveProperty('messageCode');
  });
});
