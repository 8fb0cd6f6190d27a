import { Suspense, lazy } from 'react';

const DeviceSyncSection = lazy(() => import('@/features/device-sync/components/device-sync-section').then((m) => ({ default: m.DeviceSyncSection })));

/** The device card's sync section (src/features/device-sync), loaded apart from the card: features compose only here. */
export function DeviceSyncSlot(props: { mac: string; canEdit: boolean }) {
  return (
    <Suspense fallback={null}>
      <DeviceSyncSection {...props} />
    </Suspense>
  );
}
