import { lazy, Suspense } from 'react';
import { useNotificationHostRequested } from './notify';

const NotificationHost = lazy(() => import('./notification-host').then((m) => ({ default: m.NotificationHost })));

/** Mounts notistack's provider once the first notification asks for it. */
export function NotificationSlot() {
  const requested = useNotificationHostRequested();
  return requested ? (
    <Suspense fallback={null}>
      <NotificationHost />
    </Suspense>
  ) : null;
}
