import { Suspense, lazy, type ComponentProps } from 'react';

const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** The shared confirm dialog, loaded on first opening: a screen's first view does not carry Dialog and Modal. */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
