import { useSyncExternalStore } from 'react';

/** Four variants. */
export type NotifyVariant = 'info' | 'warning' | 'error' | 'success';

export interface NotifyOptions {
  variant?: NotifyVariant;
  /** Stays until closed (e.g. "a new version is available"). */
  persist?: boolean;
  preventDuplicate?: boolean;
  action?: { label: string; run: () => void };
}

/*
 * notistack is loaded with the first notification, not with the app: the login route has a
 * 200 KB budget and rarely shows one. `notify` mounts the host (NotificationSlot) and waits
 * for it before showing the message.
 */
let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => undefined;
let ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function notificationHostMounted(): void {
  markReady();
}

/** Tests unmount the host between cases. */
export function resetNotificationHost(): void {
  requested = false;
  ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  listeners.forEach((listener) => listener());
}

function requestHost(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

export function useNotificationHostRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => requested,
  );
}

/** Shows a toast at the top right. Safe to call from anywhere, before or after the host loads. */
export function notify(message: string, options: NotifyOptions = {}): void {
  requestHost();
  void ready
    .then(() => import('./notification-host'))
    .then((host) => host.show(message, options))
    .catch((error: unknown) => console.error('Notification failed', message, error));
}
