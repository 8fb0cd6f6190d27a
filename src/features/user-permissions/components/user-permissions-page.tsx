import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageLoadError } from '@/components/page-load-error';
import { useT } from '../messages';
import { splitByType, userPagePath } from '../model';
import { useUserPermissionsPage, type UserPermissionsPageModel } from '../use-user-permissions-page';
import { PermissionList } from './permission-list';

/** `/users/:userId/permissions`: the user's roles and permissions, granted and revoked. */
export function UserPermissionsPage() {
  const { userId = '' } = useParams();
  const id = Number(userId);
  return <UserPermissionsScreen key={userId} userId={Number.isInteger(id) && id > 0 ? id : 0} />;
}

function UserPermissionsScreen({ userId }: { userId: number }) {
  const t = useT();
  const model = useUserPermissionsPage(userId);
  const { permissions } = model;
  const login = permissions.data?.login;

  const header = (
    <Box sx={{ mb: 2 }}>
      <Button component={RouterLink} to={userPagePath(userId)} startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1, textTransform: 'none' }}>
        {login ? t('userPermissions.back', { login }) : t('userPermissions.backPlain')}
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}>
        {login ?? t('userPermissions.title')}
      </Typography>
      {login && <Typography color="text.secondary">{t('userPermissions.title')}</Typography>}
    </Box>
  );

  if (permissions.isPending) {
    return (
      <Box sx={{ maxWidth: 1400, mx: 'auto' }} aria-busy="true">
        {header}
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={180} />
        </Stack>
      </Box>
    );
  }
  if (permissions.isError) {
    return (
      <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
        {header}
        <PageLoadError
          error={permissions.error}
          message={(error) => t('userPermissions.loadError', { error })}
          retryLabel={t('userPermissions.retry')}
          onRetry={() => void permissions.refetch()}
        />
      </Box>
    );
  }

  const data = permissions.data;
  const { roles, permissions: granted } = splitByType(data.items);
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      {header}
      <Stack spacing={2}>
        {!model.online && <Alert severity="warning">{t('userPermissions.offline')}</Alert>}
        {data.editable ? <Alert severity="info">{t('userPermissions.hint')}</Alert> : <Alert severity="info">{t('userPermissions.readOnly')}</Alert>}
        <PermissionList
          title={t('userPermissions.section.roles')}
          none={t('userPermissions.none.roles')}
          noneAssigned={t('userPermissions.noneAssigned.roles')}
          items={roles}
          data={data}
          draft={model.draft}
          onToggle={model.toggle}
        />
        <PermissionList
          title={t('userPermissions.section.permissions')}
          none={t('userPermissions.none.permissions')}
          noneAssigned={t('userPermissions.noneAssigned.permissions')}
          items={granted}
          data={data}
          draft={model.draft}
          onToggle={model.toggle}
        />
        {model.saveError && <Alert severity="error">{t('userPermissions.saveError', { error: model.saveError })}</Alert>}
        {model.dirty && <SaveBar model={model} />}
      </Stack>
      <LazyConfirmDialog
        open={model.confirming}
        busy={model.saving}
        title={t('userPermissions.confirm.title', { login: data.login })}
        text={[
          model.change.grant.length > 0 ? t('userPermissions.confirm.grant', { names: model.change.grant.join(', ') }) : '',
          model.change.revoke.length > 0 ? t('userPermissions.confirm.revoke', { names: model.change.revoke.join(', ') }) : '',
          t('userPermissions.confirm.effect'),
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={t('userPermissions.changes.save')}
        onConfirm={model.confirmSave}
        onClose={model.cancelSave}
      />
    </Box>
  );
}

/** Stays in view at the bottom while there is something to save. */
function SaveBar({ model }: { model: UserPermissionsPageModel }) {
  const t = useT();
  const count = model.change.grant.length + model.change.revoke.length;
  return (
    <Paper
      role="region"
      aria-label={t('userPermissions.changes.count', { count })}
      elevation={4}
      sx={{ position: 'sticky', bottom: 8, p: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', zIndex: 2 }}
    >
      <Typography sx={{ flex: '1 1 180px', fontWeight: 600 }}>{t('userPermissions.changes.count', { count })}</Typography>
      <Button onClick={model.discard} disabled={model.saving}>
        {t('userPermissions.changes.discard')}
      </Button>
      <Button variant="contained" onClick={model.askToSave} disabled={!model.online || model.saving}>
        {t('userPermissions.changes.save')}
      </Button>
    </Paper>
  );
}
