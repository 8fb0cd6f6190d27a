import { describe, expect, it } from 'vitest';
import { addStartRead, startReadsSettled } from '@/lib/start-reads';

function later<T>(ms: number, value: T, fail = false): Promise<T> {
  return new Promise((resolve, reject) => setTimeout(() => (fail ? reject(new Error('read failed')) : resolve(value)), ms));
}

describe('start reads', () => {
  it('resolves at once when nothing was started', async () => {
    const started = performance.now();
    await startReadsSettled(1_000);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('waits for the reads, failed ones included, but never longer than asked', async () => {
    let done = false;
    addStartRead(later(30, 'draft').then(() => (done = true)));
    addStartRead(later(10, null, true));
    await startReadsSettled(5_000);
    expect(done).toBe(true);

    addStartRead(later(2_000, 'slow'));
    const started = performance.now();
    await startReadsSettled(40);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
