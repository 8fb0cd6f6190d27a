import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_INTERVAL_MS, watchForUpdates } from '@/app/update-checks';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function registration() {
  const update = vi.fn(async () => undefined);
  return { update, value: { update, installing: null } as unknown as ServiceWorkerRegistration };
}

describe('periodic update checks', () => {
  it('asks for a new version every 30 minutes while online', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { update, value } = registration();
    const stop = watchForUpdates(value);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('checks when the browser comes back online, and skips checks while offline', async () => {
    vi.useFakeTimers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { update, value } = registration();
    const stop = watchForUpdates(value);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(update).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(update).toHaveBeenCalledTimes(1);
    stop();
  });

  it('survives a failed check (the server went away meanwhile)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const update = vi.fn(async () => {
      throw new TypeError('Failed to update a ServiceWorker');
    });
    const stop = watchForUpdates({ update, installing: null } as unknown as ServiceWorkerRegistration);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    stop();
  });
});
