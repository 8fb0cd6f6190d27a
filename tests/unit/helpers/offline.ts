import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Runs `check` with the browser offline (the app's connectivity store told so), then back online
 * (every mock restored) whatever happens.
 */
export async function whileOffline(check: () => Promise<void>): Promise<void> {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const { getConnectivityStore } = await import('@/offline/connectivity');
  await act(() => getConnectivityStore().check());
  try {
    await check();
  } finally {
    vi.restoreAllMocks();
    await act(() => getConnectivityStore().check().catch(() => false));
  }
}
