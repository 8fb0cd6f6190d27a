import { afterEach, describe, expect, it } from 'vitest';
import { serverText } from '../../contract/server-texts';
import { ApiError } from '../../server/http/errors';
import { ImportStore, publicJob } from '../../server/import/store';

describe('an import job that fails', () => {
  const store = new ImportStore();
  afterEach(async () => {
    await store.close();
  });

  const failed = async (error: unknown) => {
    const job = await store.startJob(1, 'keys', async () => {
      throw error;
    });
    await job.done;
    return publicJob(job);
  };

  it('says why with a code for other languages: «Импорт прерван» when the failure had no words, the server stopping, a refusal of ours', async () => {
    expect(await failed(new Error(''))).toMatchObject({ state: 'failed', message: 'Импорт прерван', messageCode: 'import.interrupted', messageParams: {} });
    expect(await failed(new ApiError(503, serverText('import.serverStopping')))).toMatchObject({
      message: 'Сервер останавливается: импорт прерван',
      messageCode: 'import.serverStopping',
    });
  });

  it('keeps any other failure’s own words, without a code', async () => {
    const job = await failed(new Error('Строка 12: файл оборвался'));
    expect(job.message).toBe('Строка 12: файл оборвался');
    expect(job).not.toHaveProperty('messageCode');
  });
});
