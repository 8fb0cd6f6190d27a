import LinkOff from '@mui/icons-material/LinkOff';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { UserDetail } from '@contract/users';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageSection } from '@/components/page-section';
import { removeUserFlat } from '../api';
import { useT } from '../messages';
import { flatCardPath } from '../model';
import { useUser, useUserMutation } from '../use-user-page';
import { EmptyNote } from './facts';
import { ItemList } from './item-list';

type Flat = UserDetail['flats'][number];

/** The flats the user lives in, each opening its flat card; unlink after a confirmation. */
export function FlatsSection() {
  const t = useT();
  const { userId, user, canEdit, canWrite } = useUser();
  const [pendingUnlink, setPendingUnlink] = useState<Flat | null>(null);
  const name = (flat: Flat) => t('user.flats.name', { address: flat.address, flat: flat.flatNum });
  const unlink = useUserMutation({
    send: (flat: Flat) => removeUserFlat(userId, flat.flatId),
    done: (flat) => t('user.flats.unlinked', { flat: name(flat) }),
    onDone: () => setPendingUnlink(null),
  });
  return (
    <PageSection title={t('user.section.flats')} count={user.flats.length} error={unlink.error}>
      {user.flats.length === 0 ? (
        <EmptyNote>{t('user.flats.none')}</EmptyNote>
      ) : (
        <ItemList
          label={t('user.section.flats')}
          items={user.flats.map((flat) => ({
            key: flat.flatId,
            primary: (
              <Link component={RouterLink} to={flatCardPath(flat.houseUid, flat.flatNum)}>
                {name(flat)}
              </Link>
            ),
            action: canEdit && (
              <IconButton aria-label={t('user.flats.unlink', { flat: name(flat) })} disabled={!canWrite} onClick={() => setPendingUnlink(flat)}>
                <LinkOff />
              </IconButton>
            ),
          }))}
        />
      )}
      <LazyConfirmDialog
        open={pendingUnlink !== null}
        danger
        busy={unlink.pending}
        title={t('user.flats.unlink.title')}
        text={t('user.flats.unlink.text', { login: user.login, flat: pendingUnlink ? name(pendingUnlink) : '' })}
        confirmLabel={t('user.flats.unlink.confirm')}
        onConfirm={() => pendingUnlink && void unlink.run(pendingUnlink)}
        onClose={() => setPendingUnlink(null)}
      />
    </PageSection>
  );
}
