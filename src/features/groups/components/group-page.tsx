import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useT } from '../messages';
import { useGroupPage } from '../use-group-page';
import { GroupDeleteDialog } from './group-delete-dialog';
import { GroupDetailsForm, GroupDetailsView } from './group-details';
import { GroupDevices, GroupUsers } from './group-members';

/** `/groups/:groupId`: the group's name and parent, its devices and users, delete. */
export function GroupPage() {
  const { groupId = '' } = useParams();
  return <GroupScreen key={groupId} groupId={Number(groupId)} />;
}

function GroupScreen({ groupId }: { groupId: number }) {
  const t = useT();
  const model = useGroupPage(groupId);
  const { group } = model;

  const header = (
    <Box sx={{ mb: 2 }}>
      <Button component={RouterLink} to="/groups" startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1 }}>
        {t('group.back')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}>
            {group.data?.name ?? t('group.title')}
          </Typography>
          {model.row && model.row.depth > 0 && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('group.path', { path: model.row.path })}
            </Typography>
          )}
        </Box>
        {model.canEdit && group.isSuccess && (
          <Button color="error" variant="outlined" startIcon={<DeleteOutline />} disabled={!model.online} onClick={() => model.setConfirming(true)}>
            {t('group.delete')}
          </Button>
        )}
      </Box>
    </Box>
  );

  if (group.isPending) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }} aria-busy="true">
        {header}
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      </Box>
    );
  }
  if (group.isError) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        {header}
        <PageLoadError error={group.error} message={(error) => t('group.loadError', { error })} retryLabel={t('groups.retry')} onRetry={() => void group.refetch()} />
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      {header}
      <Stack spacing={2}>
        {!model.online && <Alert severity="warning">{t('groups.offline')}</Alert>}
        {!model.canEdit && <Alert severity="info">{t('groups.readOnly')}</Alert>}
        {model.deleteError && (
          <Alert severity="error" onClose={model.clearDeleteError}>
            {t('groups.delete.refused', { error: model.deleteError })}
          </Alert>
        )}
        <PageSection title={t('group.section.details')}>
          {model.canEdit ? (
            model.tree.isPending ? (
              <Skeleton variant="rounded" height={120} />
            ) : (
              <GroupDetailsForm key={`${group.data.name}:${group.data.parentId}`} group={group.data} model={model} />
            )
          ) : (
            <GroupDetailsView group={group.data} model={model} />
          )}
        </PageSection>
        <GroupDevices list={model.devices} />
        <GroupUsers list={model.users} linked={model.opensUsers} />
      </Stack>
      <GroupDeleteDialog
        group={model.confirming ? { name: group.data.name, children: model.row?.children ?? null } : null}
        busy={model.removing}
        onConfirm={model.remove}
        onClose={() => model.setConfirming(false)}
      />
    </Box>
  );
}
