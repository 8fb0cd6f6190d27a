import Edit from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import { Suspense, lazy, useState } from 'react';
import { PageSection } from '@/components/page-section';
import { setUserGroups } from '../api';
import { useT } from '../messages';
import { useUser, useUserMutation } from '../use-user-page';
import { EmptyNote } from './facts';
import { ItemList } from './item-list';

const UserGroupsDialog = lazy(() => import('./user-groups-dialog').then((module) => ({ default: module.UserGroupsDialog })));

/** The user's groups (name, who gave it); changed by picking from the buyer's group tree. */
export function GroupsSection() {
  const t = useT();
  const { userId, user, canEdit, canWrite } = useUser();
  const [picking, setPicking] = useState(false);
  const save = useUserMutation({
    send: (groups: number[]) => setUserGroups(userId, groups),
    done: () => t('user.groups.saved'),
    onDone: () => setPicking(false),
  });
  return (
    <PageSection
      title={t('user.section.groups')}
      count={user.groups.length}
      error={save.error}
      actions={
        canEdit && (
          <Button startIcon={<Edit />} disabled={!canWrite} onClick={() => setPicking(true)}>
            {t('user.groups.change')}
          </Button>
        )
      }
    >
      {user.groups.length === 0 ? (
        <EmptyNote>{t('user.groups.none')}</EmptyNote>
      ) : (
        <ItemList
          label={t('user.section.groups')}
          items={user.groups.map((group) => ({ key: group.id, primary: group.name, secondary: group.givenBy ? t('user.groups.givenBy', { login: group.givenBy }) : undefined }))}
        />
      )}
      <Suspense>
        {picking && (
          <UserGroupsDialog
            buyerId={user.buyerId}
            current={user.groups}
            busy={save.pending}
            canWrite={canWrite}
            error={save.error}
            onClose={() => setPicking(false)}
            onSubmit={(groups) => void save.run(groups)}
          />
        )}
      </Suspense>
    </PageSection>
  );
}
