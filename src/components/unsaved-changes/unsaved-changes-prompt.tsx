import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { useT } from '@/i18n/i18n';
import { hasUnsavedChanges, useHasUnsavedChanges } from './use-unsaved-changes-guard';

/**
 * Asks before leaving a page whose forms hold unsaved edits: inside the app (another route, the
 * back button) with a dialog, and on a reload or a closed tab with the browser's own question.
 * Moving within a page (its tab, page or filter in the URL) and going to the login form after the
 * session ended are not asked about.
 */
export function UnsavedChangesPrompt({ loginPath }: { loginPath: string }) {
  const t = useT();
  const dirty = useHasUnsavedChanges();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== loginPath,
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <LazyConfirmDialog
      open={blocker.state === 'blocked'}
      danger
      title={t('unsaved.title')}
      text={t('unsaved.text')}
      confirmLabel={t('unsaved.leave')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
