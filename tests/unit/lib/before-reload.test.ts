import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerBeforeReload, runBeforeReload } from '@/lib/before-reload';

const cleanups: Array<() => void> = [];

function register(task: () => Promise<void>): void {
  cleanups.push(registerBeforeReload(task));
}

afterEach(() => {
  cleanups.splice(0).forEach((unregister) => unregister());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('before-reload registry', () => {
  it('resolves at once with nothing registered', async () => {
    expect(await runBeforeReload(50)).toEqual({ failed: 0, timedOut: false });
  });

  it('runs every registered task and waits for all of them', async () => {
    const done: string[] = [];
    register(async () => {
      await new Promise((r) => setTimeout(r, 20));
      done.push('slow draft');
    });
    register(async () => {
      done.push('quick draft');
    });
    expect(await runBeforeReload(1_000)).toEqual({ failed: 0, timedOut: false });
    expect(done.sort()).toEqual(['quick draft', 'slow draft']);
  });

  it('no longer runs a task once it is unregistered (an unmounted screen)', async () => {
    const task = vi.fn(async () => undefined);
    const unregister = registerBeforeReload(task);
    unregister();
    await runBeforeReload(50);
    expect(task).not.toHaveBeenCalled();
  });

  it('gives up on a stuck task after the timeout', async () => {
    vi.useFakeTimers();
    register(() => new Promise<void>(() => undefined));
    const run = runBeforeReload(3_000);
    await vi.advanceTimersByTimeAsync(2_999);
    let settled = false;
    void run.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toEqual({ failed: 0, timedOut: true });
  });

  it('counts a failing task and still runs the others', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const other = vi.fn(async () => undefined);
    register(async () => {
      throw new Error('disk full');
    });
    register(() => {
      throw new Error('synchronous throw');
    });
    register(other);
    expect(await runBeforeReload(1_000)).toEqual({ failed: 2, timedOut: false });
    expect(other).toHaveBeenCalledOnce();
  });
});
