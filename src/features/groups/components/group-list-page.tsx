import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { GROUP_TREE_LIMIT } from '@contract/groups';
import { OutlinedField } from '@/components/outlined-field';
import { PageHeader } from '@/components/page-header';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useT } from '../messages';
import { groupBody, visibleRows, type GroupRow } from '../model';
import { useGroupList, type GroupListModel } from '../use-group-list';
import { GroupDeleteDialog } from './group-delete-dialog';
import { GroupTreeView } from './group-tree-view';

// The form loads with its first opening: the list stays within its route budget (250 KB gzip).
const GroupFormDialog = lazy(() => import('./group-form-dialog').then((module) => ({ default: module.GroupFormDialog })));

/** `/groups`: the groups as a tree with search by name; create, rename, move and delete for operators. */
export function GroupListPage() {
  const t = useT();
  const model = useGroupList();
  const { tree, canEdit, online } = model;

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageHeader
        title={t('groups.title')}
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<Add />} disabled={!online || !tree.isSuccess} onClick={() => model.setEditing({ mode: 'create' })}>
              {t('groups.create')}
            </Button>
          )
        }
      />
      <Stack spacing={2}>
        {!online && <Alert severity="warning">{t('groups.offline')}</Alert>}
        {!canEdit && <Alert severity="info">{t('groups.readOnly')}</Alert>}
        {model.deleteError && (
          <Alert severity="error" onClose={model.clearDeleteError}>
            {t('groups.delete.refused', { error: model.deleteError })}
          </Alert>
        )}
        <OutlinedField
          name="name"
          type="search"
          label={t('groups.search')}
          value={model.search}
          onChange={(event) => model.setSearch(event.target.value)}
          helperText={t('groups.search.helper')}
          size="small"
          sx={{ maxWidth: 480 }}
        />
        {tree.isPending ? (
          <Stack spacing={1} aria-busy="true">
            {[0, 1, 2, 3, 4].map((index) => (
              <Skeleton key={index} variant="rounded" height={48} />
            ))}
          </Stack>
        ) : tree.isError ? (
          <PageLoadError error={tree.error} message={(error) => t('groups.loadError', { error })} retryLabel={t('groups.retry')} onRetry={() => void tree.refetch()} />
        ) : (
          <GroupTrees model={model} />
        )}
      </Stack>
      <Suspense>
        {model.editing && (
          <GroupFormDialog
            group={model.editing.mode === 'edit' ? model.editing.group : null}
            rows={model.allRows}
            buyers={model.buyers}
            online={online}
            onClose={() => model.setEditing(null)}
            onSubmit={(values) => {
              const body = groupBody(values, model.severalBuyers && model.editing?.mode === 'create');
              return model.editing?.mode === 'edit' ? model.update.mutateAsync({ groupId: model.editing.group.groupId, body }) : model.create.mutateAsync(body);
            }}
          />
        )}
      </Suspense>
      <GroupDeleteDialog group={model.pendingDelete} busy={model.remove.isPending} onConfirm={model.confirmDelete} onClose={() => model.setPendingDelete(null)} />
    </Box>
  );
}

/** One tree, or the superuser's one per buyer, each in its section. */
function GroupTrees({ model }: { model: GroupListModel }) {
  const t = useT();
  const actions = model.canEdit
    ? { disabled: !model.online, onEdit: (group: GroupRow) => model.setEditing({ mode: 'edit', group }), onDelete: (group: GroupRow) => model.setPendingDelete(group) }
    : undefined;
  const nothing = model.allRows.length === 0;
  const found = model.trees.some((part) => visibleRows(part.rows, model.search, model.collapsed).length > 0);
  return (
    <>
      {model.truncated && <Alert severity="info">{t('groups.truncated', { count: GROUP_TREE_LIMIT })}</Alert>}
      {!nothing && model.search.trim() === '' && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" onClick={model.expandAll}>
            {t('groups.expandAll')}
          </Button>
          <Button size="small" onClick={model.collapseAll}>
            {t('groups.collapseAll')}
          </Button>
        </Box>
      )}
      {nothing || !found ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {nothing ? t('groups.none') : t('groups.noneFound')}
        </Typography>
      ) : (
        model.trees.map((part) => {
          const tree = (
            <GroupTreeView
              key={part.buyer.buyerId}
              label={model.severalBuyers ? t('groups.tree.buyer', { name: part.buyer.name }) : t('groups.tree')}
              rows={part.rows}
              search={model.search}
              collapsed={model.collapsed}
              onToggle={model.toggle}
              actions={actions}
            />
          );
          if (!model.severalBuyers) return <PageSection key={part.buyer.buyerId} title={t('groups.tree')} count={part.rows.length}>{tree}</PageSection>;
          if (visibleRows(part.rows, model.search, model.collapsed).length === 0) return null;
          return (
            <PageSection key={part.buyer.buyerId} title={t('groups.buyer', { name: part.buyer.name })} count={part.rows.length}>
              {tree}
            </PageSection>
          );
        })
      )}
    </>
  );
}
