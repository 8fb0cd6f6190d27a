import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { PageSection } from '@/components/page-section';
import { authItemLabel } from '@/lib/auth-item-labels';
import { useT } from '../messages';
import { labelOf } from '../model';
import { userQueries } from '../queries';
import { useUser } from '../use-user-page';
import { Facts, Placeholder } from './facts';

// The form and its inputs are the editors' only: support's page does not carry them.
const MainInfoForm = lazy(() => import('./main-info-form').then((m) => ({ default: m.MainInfoForm })));

/** Login, comment, buyer, external user, «не отвязывать», operator, roles and new roles; saved with main-info. */
export function MainInfoSection() {
  const t = useT();
  const { canEdit } = useUser();
  if (!canEdit) return <MainInfoView />;
  return (
    <Suspense
      fallback={
        <PageSection title={t('user.section.main')}>
          <Placeholder height={360} />
        </PageSection>
      }
    >
      <MainInfoForm />
    </Suspense>
  );
}

function MainInfoView() {
  const t = useT();
  const { user, superuser } = useUser();
  const buyers = useQuery({ ...userQueries.buyers(), enabled: superuser });
  const roles = (names: readonly string[]) => (names.length > 0 ? names.map((name) => authItemLabel(name, user.rolesList?.[name])).join(', ') : t('user.none'));
  return (
    <PageSection title={t('user.section.main')}>
      <Facts
        label={t('user.section.main')}
        items={[
          { term: t('users.field.login'), value: user.login },
          { term: t('users.field.comment'), value: user.comment || t('user.none') },
          { term: t('users.field.buyer'), value: labelOf(buyers.data ?? undefined, user.buyerId) },
          { term: t('user.field.external'), value: user.externalUser?.externalId ?? t('user.none') },
          { term: t('user.field.dontUnlink'), value: user.dontUnlinkFromFlats ? t('user.yes') : t('user.no') },
          { term: t('user.field.operator'), value: user.operatorId === null ? t('user.field.operator.none') : labelOf(user.operators, user.operatorId) },
          { term: t('user.field.roles'), value: roles(user.roles) },
          { term: t('user.field.newRoles'), value: roles(user.newRoles) },
        ]}
      />
    </PageSection>
  );
}
