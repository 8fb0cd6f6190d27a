import { QueryClient } from '@tanstack/react-query';
import { DecodeError } from '@contract/common';
import { HttpError, ResultError } from './http';

/** A 4xx, a shape mismatch or `result: false` will not change on a retry; a network error or a 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof DecodeError || error instanceof ResultError) return false;
  if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
