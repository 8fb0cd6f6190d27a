import { QueryClient } from '@tanstack/react-query';
import { DecodeError } from '@contract/common';
import { HttpError, NetworkError, ResultError } from './http';

function browserSaysOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A 4xx, a shape mismatch or `result: false` will not change on a retry; a network error or a
 * 5xx may. A network error while the browser knows it is offline is not retried either: the
 * screen shows it at once instead of spinning.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof DecodeError || error instanceof ResultError) return false;
  if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return false;
  if (error instanceof NetworkError && browserSaysOffline()) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        // Offline, the service worker may still answer from its cache (dictionaries, house lists),
        // so a query always tries; React Query's default would park it until `online`.
        networkMode: 'always',
      },
      // Offline writes go through the outbox (src/offline); a plain mutation fails visibly instead of waiting.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
