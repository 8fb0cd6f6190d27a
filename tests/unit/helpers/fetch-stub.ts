import { vi } from 'vitest';

/**
 * Replaces fetch with `answer` and returns the list of the URLs asked for, in order. Undo it with
 * `vi.unstubAllGlobals()`.
 */
export function stubFetch(answer: (url: string, init: RequestInit | undefined) => Response | Promise<Response>): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(url);
      return answer(url, init);
    }),
  );
  return urls;
}
