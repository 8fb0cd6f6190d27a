import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { useT } from '../messages';
import { useFlat } from '../use-flat-card';
import { useFlatUsers } from '../use-flat-users';
import { EmptyNote, Section } from './section';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';

const UserPicker = lazy(() => import('./user-picker').then((m) => ({ default: m.UserPicker })));

export function UsersSection() {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const users = useFlatUsers();
  const [removing, setRemoving] = useState<{ id: number; login: string } | null>(null);
  // The search (MUI Autocomplete) is fetched when the operator starts adding someone.
  const [picking, setPicking] = useState(false);

  return (
    <Section id="users" title={t('flat.section.users')} count={users.users.length} error={users.add.error ?? users.remove.error}>
      {users.users.length === 0 ? (
        <EmptyNote>{t('flat.users.none')}</EmptyNote>
      ) : (
        <Box component="ul" aria-label={t('flat.section.users')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {users.users.map((user) => (
            <Box component="li" key={user.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{user.login}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('flat.users.sip')}:{' '}
                  {user.accounts.length === 0 ? t('flat.users.noSip') : user.accounts.map((account) => `${account.login}@${account.domain}:${account.port}`).join(', ')}
                </Typography>
              </Box>
              {canEdit && (
                <IconButton
                  aria-label={t('flat.users.remove', { login: user.login })}
                  disabled={!canWrite || users.remove.pending}
                  onClick={() => setRemoving({ id: user.id, login: user.login })}
                >
                  <PersonRemoveIcon />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      {canEdit &&
        (picking ? (
          <Suspense fallback={<Skeleton variant="rounded" height={40} sx={{ mt: 1.5 }} />}>
            <UserPicker users={users} disabled={!canWrite} />
          </Suspense>
        ) : (
          <Button variant="outlined" startIcon={<PersonAddIcon />} disabled={!canWrite} onClick={() => setPicking(true)} sx={{ mt: 1.5 }}>
            {t('flat.users.add')}
          </Button>
        ))}
      <LazyConfirmDialog
        open={removing !== null}
        title={t('flat.users.remove.title', { login: removing?.login ?? '' })}
        text={t('flat.users.remove.text', { login: removing?.login ?? '' })}
        confirmLabel={t('flat.remove')}
        danger
        busy={users.remove.pending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void users.remove.run(removing).then(() => setRemoving(null));
        }}
      />
    </Section>
  );
}
