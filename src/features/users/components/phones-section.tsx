import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import type { UserDetail } from '@contract/users';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageSection } from '@/components/page-section';
import { useDateFormat } from '@/lib/dates';
import { removeUserDevice } from '../api';
import { useT } from '../messages';
import { useUser, useUserMutation } from '../use-user-page';
import { EmptyNote } from './facts';
import { ItemList } from './item-list';

type Phone = UserDetail['devices'][number];

/** The phones the user's app runs on: name, OS, push on or off, last update in the user's time zone; remove. */
export function PhonesSection() {
  const t = useT();
  const { dateTime } = useDateFormat();
  const { userId, user, canEdit, canWrite } = useUser();
  const [pendingDelete, setPendingDelete] = useState<Phone | null>(null);
  const remove = useUserMutation({
    send: (phone: Phone) => removeUserDevice(userId, phone.id),
    done: (phone) => t('user.phones.removed', { name: phone.name }),
    onDone: () => setPendingDelete(null),
  });
  return (
    <PageSection title={t('user.section.phones')} count={user.devices.length} error={remove.error}>
      {user.devices.length === 0 ? (
        <EmptyNote>{t('user.phones.none')}</EmptyNote>
      ) : (
        <ItemList
          label={t('user.section.phones')}
          items={user.devices.map((phone) => ({
            key: phone.id,
            primary: t('user.phones.name', { name: phone.name || t('user.phones.unnamed'), os: phone.os }),
            secondary: [phone.pushEnabled ? t('user.phones.pushOn') : t('user.phones.pushOff'), t('user.phones.updated', { date: phone.dateUpdated ? dateTime(phone.dateUpdated) : t('user.none') })].join(' · '),
            action: canEdit && (
              <IconButton aria-label={t('user.phones.delete', { name: phone.name || phone.os })} disabled={!canWrite} onClick={() => setPendingDelete(phone)}>
                <DeleteOutline />
              </IconButton>
            ),
          }))}
        />
      )}
      <LazyConfirmDialog
        open={pendingDelete !== null}
        danger
        busy={remove.pending}
        title={t('user.phones.delete.title')}
        text={t('user.phones.delete.text', { name: pendingDelete?.name || pendingDelete?.os || '' })}
        confirmLabel={t('confirm.delete')}
        onConfirm={() => pendingDelete && void remove.run(pendingDelete)}
        onClose={() => setPendingDelete(null)}
      />
    </PageSection>
  );
}
