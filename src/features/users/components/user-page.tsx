import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Key from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DeferredSection } from '@/components/deferred-section';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageLoadError } from '@/components/page-load-error';
import { RecentAudit } from '@/components/recent-audit/recent-audit';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { UserContext, userContextValue, useUserPage } from '../use-user-page';
import { Placeholder } from './facts';
import { GroupsSection } from './groups-section';
import { MainInfoSection } from './main-info-section';
import { SipSection } from './sip-section';

// Below the first screen: fetched as they come near it (the route's 250 KB budget).
const AccessSection = lazy(() => import('./access-section').then((m) => ({ default: m.AccessSection })));
const FlatsSection = lazy(() => import('./flats-section').then((m) => ({ default: m.FlatsSection })));
const PhonesSection = lazy(() => import('./phones-section').then((m) => ({ default: m.PhonesSection })));

const FRAME = { maxWidth: 1400, mx: 'auto', minWidth: 0 } as const;

/** `/users/:userId`: every part of the user, in sections. */
export function UserPage() {
  const t = useT();
  const { dateTime } = useDateFormat();
  const { userId, query, notFound, session, canEdit, readOnlyKnown, online, remove } = useUserPage();
  const [confirming, setConfirming] = useState(false);
  const user = query.data;
  const context = useMemo(() => (userId !== null && user ? userContextValue(userId, user, session, canEdit, online) : null), [userId, user, session, canEdit, online]);

  const back = (
    <Button component={RouterLink} to="/users" startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1 }}>
      {t('user.back')}
    </Button>
  );

  if (notFound) {
    return (
      <Box sx={FRAME}>
        {back}
        <Alert severity="warning" sx={{ mt: 1 }}>
          <Typography component="h1" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
            {t('user.notFound')}
          </Typography>
          {t('user.notFound.text')}
        </Alert>
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={FRAME}>
        {back}
        <PageLoadError error={query.error} message={(error) => t('user.loadError', { error })} retryLabel={t('users.retry')} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  if (!context || !user) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('user.loading')} sx={FRAME}>
        {back}
        <Placeholder height={56} />
        <Placeholder height={320} />
        <Placeholder height={200} />
      </Stack>
    );
  }

  return (
    <UserContext.Provider value={context}>
      <Box sx={FRAME} data-testid="user-page-ready">
        {back}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}>
              {user.login}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('user.subtitle', { id: user.id, created: dateTime(user.dateCreated) })}
            </Typography>
          </Box>
          <Button component={RouterLink} to={`/users/${user.id}/permissions`} variant="outlined" startIcon={<Key />} sx={{ minHeight: 40 }}>
            {t('user.permissions')}
          </Button>
          {canEdit && !context.own && (
            <Button color="error" variant="outlined" startIcon={<DeleteOutline />} disabled={!online} onClick={() => setConfirming(true)} sx={{ minHeight: 40 }}>
              {t('user.delete')}
            </Button>
          )}
        </Box>
        <Stack spacing={2}>
          {!canEdit && readOnlyKnown && <Alert severity="info">{t('user.readOnly')}</Alert>}
          {canEdit && !online && <Alert severity="warning">{t('user.offline')}</Alert>}
          <MainInfoSection />
          <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
            <GroupsSection />
            <SipSection />
            <DeferredSection title={t('user.section.flats')} view={FlatsSection} height={160} />
            <DeferredSection title={t('user.section.phones')} view={PhonesSection} height={160} />
          </Box>
          <DeferredSection title={t('user.section.access')} view={AccessSection} height={200} />
          <RecentAudit targetKind="user" targetId={String(user.id)} />
        </Stack>
        <LazyConfirmDialog
          open={confirming}
          danger
          busy={remove.isPending}
          title={t('user.delete.title')}
          text={t('user.delete.text', { login: user.login })}
          confirmLabel={t('confirm.delete')}
          onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      </Box>
    </UserContext.Provider>
  );
}
