import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Suspense, lazy, useRef, useState } from 'react';
import type { UserDetail } from '@contract/users';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageSection } from '@/components/page-section';
import { SecretText } from '@/components/secret';
import { addUserSip, removeUserSip } from '../api';
import { useT } from '../messages';
import type { FieldReason } from '@/lib/field-errors';
import { SIP_FIELDS, fieldOfPath, placeRefusal, type SipField, type SipValues } from '../model';
import { useUser, useUserMutation } from '../use-user-page';
import { EmptyNote } from './facts';
import { ItemList } from './item-list';

const SipAddDialog = lazy(() => import('./sip-add-dialog').then((module) => ({ default: module.SipAddDialog })));

type Sip = UserDetail['sipAccounts'][number];

/** The user's SIP accounts: login@domain:port and type, the password masked; add and delete. */
export function SipSection() {
  const t = useT();
  const { userId, user, canEdit, canWrite } = useUser();
  const [adding, setAdding] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<Sip | null>(null);
  // The open dialog's fields, where a refusal naming one (a login taken: 409 naming data.login) is shown.
  const placeAt = useRef<(field: SipField, reason: FieldReason) => void>(() => undefined);
  const add = useUserMutation({
    send: (values: SipValues) => addUserSip(userId, values),
    done: (values) => t('user.sip.added', { login: values.login.trim() }),
    onDone: () => setAdding(false),
    onFailure: (error) => placeRefusal(error, (path) => fieldOfPath(path, SIP_FIELDS), (field, reason) => placeAt.current(field, reason)),
  });
  const remove = useUserMutation({
    send: (sip: Sip) => removeUserSip(userId, sip.id),
    done: (sip) => t('user.sip.removed', { login: sip.login }),
    onDone: () => setPendingDelete(null),
  });
  return (
    <PageSection
      title={t('user.section.sip')}
      count={user.sipAccounts.length}
      error={remove.error}
      actions={
        canEdit && (
          <Button startIcon={<Add />} disabled={!canWrite} onClick={() => setAdding(true)}>
            {t('user.sip.add')}
          </Button>
        )
      }
    >
      {user.sipAccounts.length === 0 ? (
        <EmptyNote>{t('user.sip.none')}</EmptyNote>
      ) : (
        <ItemList
          label={t('user.section.sip')}
          items={user.sipAccounts.map((sip) => ({
            key: sip.id,
            primary: t('user.sip.address', { login: sip.login, domain: sip.domain, port: sip.port }),
            secondary: (
              <>
                {t('user.sip.type', { type: sip.type || t('user.none') })} · {t('user.sip.password')} <SecretText value={sip.password} empty={t('user.none')} />
              </>
            ),
            action: canEdit && (
              <IconButton aria-label={t('user.sip.delete', { login: sip.login })} disabled={!canWrite} onClick={() => setPendingDelete(sip)}>
                <DeleteOutline />
              </IconButton>
            ),
          }))}
        />
      )}
      <Suspense>
        {adding && (
          <SipAddDialog
            buyerId={user.buyerId}
            busy={add.pending}
            error={add.error}
            canWrite={canWrite}
            onClose={() => setAdding(false)}
            onSubmit={(values, place) => {
              placeAt.current = place;
              return add.run(values);
            }}
          />
        )}
      </Suspense>
      <LazyConfirmDialog
        open={pendingDelete !== null}
        danger
        busy={remove.pending}
        title={t('user.sip.delete.title')}
        text={t('user.sip.delete.text', { login: pendingDelete?.login ?? '' })}
        confirmLabel={t('confirm.delete')}
        onConfirm={() => pendingDelete && void remove.run(pendingDelete)}
        onClose={() => setPendingDelete(null)}
      />
    </PageSection>
  );
}
