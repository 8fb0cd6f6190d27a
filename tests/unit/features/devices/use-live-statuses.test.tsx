import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveStatuses } from '@/features/devices/use-live-statuses';
import { jsonResponse } from '../../helpers/render';

const A = 'AA:AA:AA:AA:AA:01';
const B = 'AA:AA:AA:AA:AA:02';
const C = 'AA:AA:AA:AA:AA:03';
const up = { liveStatus: true, sipStatus: true, rtspStatus: true, externalExists: null };
const down = { liveStatus: false, sipStatus: false, rtspStatus: false, externalExists: null };

interface Pending {
  macs: string[];
  signal: AbortSignal;
  answer: (data: Record<string, typeof up>) => void;
}

describe('useLiveStatuses', () => {
  let pending: Pending[];

  beforeEach(() => {
    pending = [];
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        const macs = new URL(url, 'http://x').searchParams.getAll('macs');
        return new Promise<Response>((resolve, reject) => {
          const signal = init.signal!;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          pending.push({ macs, signal, answer: (data) => resolve(jsonResponse(200, { result: true, data })) });
        });
      }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function answer(index: number, data: Record<string, typeof up>) {
    await act(async () => {
      pending[index]!.answer(data);
      await vi.advanceTimersByTimeAsync(0);
    });
  }

  it('asks for the visible MACs at once and again on every interval', async () => {
    const { result } = renderHook(() => useLiveStatuses([A, B], 1000));
    expect(pending.map((call) => call.macs)).toEqual([[A, B]]);
    await answer(0, { [A]: up, [B]: down });
    expect(result.current).toEqual({ [A]: up, [B]: down });

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(pending).toHaveLength(2);
    await answer(1, { [A]: down, [B]: down });
    expect(result.current[A]).toEqual(down);
  });

  it('ignores an answer that arrives after the screen has gone: the request is aborted', async () => {
    const { result, unmount } = renderHook(() => useLiveStatuses([A], 1000));
    const first = pending[0]!;
    unmount();
    expect(first.signal.aborted).toBe(true);
    first.answer({ [A]: up });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(result.current).toEqual({});
    expect(pending).toHaveLength(1);
  });

  it('drops the rows that left the page and never paints an old page with a late answer', async () => {
    const { result, rerender } = renderHook(({ macs }) => useLiveStatuses(macs, 1000), { initialProps: { macs: [A, B] } });
    await answer(0, { [A]: up, [B]: up });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const stale = pending[1]!;

    rerender({ macs: [B, C] });
    expect(stale.signal.aborted).toBe(true);
    expect(result.current).toEqual({ [B]: up });
    expect(pending.at(-1)!.macs).toEqual([B, C]);
    await answer(pending.length - 1, { [B]: down, [C]: up, [A]: up });
    expect(result.current).toEqual({ [B]: down, [C]: up });
  });

  it('asks nothing for an empty page', () => {
    renderHook(() => useLiveStatuses([], 1000));
    expect(pending).toHaveLength(0);
  });
});
