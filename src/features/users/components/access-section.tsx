import { lazy } from 'react';
import { PageSection } from '@/components/page-section';
import { useT } from '../messages';
import { labelOf } from '../model';
import { useUser } from '../use-user-page';
import { EmptyNote } from './facts';
import { ItemList } from './item-list';

// The selects are the editors' only: support's page does not carry them.
const AccessEditor = lazy(() => import('./access-editor').then((m) => ({ default: m.AccessEditor })));

/** Access entries (service, action, reason) named from the lookup maps; editors change them (the page's Suspense waits). */
export function AccessSection() {
  const t = useT();
  const { user, canEdit } = useUser();
  if (canEdit) return <AccessEditor />;
  return (
    <PageSection title={t('user.section.access')} count={user.access.length}>
      {user.access.length === 0 ? (
        <EmptyNote>{t('user.access.none')}</EmptyNote>
      ) : (
        <ItemList
          label={t('user.section.access')}
          items={user.access.map((entry) => ({
            key: entry.service,
            primary: labelOf(user.services, entry.service),
            secondary: t('user.access.entry', { action: labelOf(user.actions, entry.action), reason: labelOf(user.reasons, entry.reason) }),
          }))}
        />
      )}
    </PageSection>
  );
}
