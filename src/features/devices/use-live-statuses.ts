import { useEffect, useMemo, useState } from 'react';
import type { DeviceStatus } from '@contract/devices';
import { getDeviceStatuses } from './api';
import { macsKey, visibleStatuses } from './model';

/** How often the visible rows' statuses are asked for again. */
export const STATUS_REFRESH_MS = 10_000;

type Statuses = Record<string, DeviceStatus>;

/**
 * Live statuses of the MACs on screen, asked for at once and then every `intervalMs` (the list's
 * live status refresh). A request in flight is aborted when the page changes or the screen
 * unmounts, and an answer is kept only for the MACs it was asked for while they are still shown,
 * so statuses arriving after the operator left are ignored. A failed refresh keeps the
 * last statuses; the next tick tries again. A hidden tab skips its ticks.
 */
export function useLiveStatuses(macs: readonly string[], intervalMs: number = STATUS_REFRESH_MS): Statuses {
  const key = macsKey(macs);
  const [statuses, setStatuses] = useState<Statuses>({});

  useEffect(() => {
    if (key === '') return;
    const asked = key.split(',');
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const answer = await getDeviceStatuses(asked, controller.signal);
          if (controller.signal.aborted) return;
          setStatuses((current) => ({ ...visibleStatuses(current, asked), ...visibleStatuses(answer, asked) }));
        } catch {
          if (controller.signal.aborted) return;
        }
      }
      timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, intervalMs]);

  // Rows that left the screen drop their statuses at once, before the next answer.
  return useMemo(() => visibleStatuses(statuses, key === '' ? [] : key.split(',')), [statuses, key]);
}
