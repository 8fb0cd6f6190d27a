import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { UserListRow } from '@contract/users';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list/paged-list';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { labelOf, userPath } from '../model';
import { useUserList } from '../use-user-list';
import { UserFilters } from './user-filters';

// Opened by few and rarely: loaded with its first opening (the route's 250 KB budget).
const UserCreateDialog = lazy(() => import('./user-create-dialog').then((module) => ({ default: module.UserCreateDialog })));

/** `/users`: the server's pages of users, filters in the URL, create and delete. */
export function UserListPage() {
  const t = useT();
  const model = useUserList();
  const { list } = model;
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<UserListRow | null>(null);
  const filtered = Object.values(list.filters).some((value) => value !== '');

  // Deleting oneself is refused (409): one's own row has no delete.
  const actions = model.canEdit
    ? (row: UserListRow) =>
        row.userId !== model.ownId && (
          <IconButton aria-label={t('users.delete', { login: row.login })} disabled={!model.online} onClick={() => setPendingDelete(row)}>
            <DeleteOutline />
          </IconButton>
        )
    : undefined;
  const buyer = model.superuser ? (row: UserListRow) => labelOf(model.buyerNames ?? undefined, row.buyerId) : undefined;

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', minWidth: 0 }}>
      <PageHeader
        title={t('users.title')}
        actions={
          model.canEdit && (
            <Button variant="contained" startIcon={<Add />} disabled={!model.online} onClick={() => setCreating(true)}>
              {t('users.create')}
            </Button>
          )
        }
      />
      {!model.online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('users.offline')}
        </Alert>
      )}
      <UserFilters filters={list.filters} withBuyer={model.superuser} onApply={list.setFilters} onClear={list.clearFilters} />
      <PagedList
        rowCount={model.rows.length}
        loading={model.loading}
        loadingLabel={t('users.loading')}
        error={model.error}
        errorText={(error) => t('users.loadError', { error })}
        retry={{ label: t('users.retry'), onRetry: model.retry }}
        emptyText={filtered ? t('users.noneFound') : t('users.none')}
        pager={{
          list,
          totalCount: model.totalCount,
          pageSize: model.pageSize,
          capped: model.capped,
          rowCount: model.rows.length,
          displayed: (range) => t(model.capped ? 'users.displayed.capped' : 'users.displayed', range),
          previousLabel: t('users.page.previous'),
          nextLabel: t('users.page.next'),
        }}
      >
        {phone ? <UserCards rows={model.rows} buyer={buyer} actions={actions} /> : <UserTable rows={model.rows} loading={model.loading} buyer={buyer} actions={actions} />}
      </PagedList>
      <Suspense>
        {creating && (
          <UserCreateDialog
            online={model.online}
            superuser={model.superuser}
            buyerNames={model.buyerNames}
            buyersLoading={model.buyersLoading}
            roles={model.grantableRoles}
            onClose={() => setCreating(false)}
            onSubmit={(values) => model.create.mutateAsync(values)}
          />
        )}
      </Suspense>
      <LazyConfirmDialog
        open={pendingDelete !== null}
        danger
        busy={model.remove.isPending}
        title={t('users.delete.title')}
        text={t('users.delete.text', { login: pendingDelete?.login ?? '' })}
        confirmLabel={t('confirm.delete')}
        onConfirm={() => pendingDelete && model.remove.mutate(pendingDelete, { onSettled: () => setPendingDelete(null) })}
        onClose={() => setPendingDelete(null)}
      />
    </Box>
  );
}

interface UserRowsProps {
  rows: readonly UserListRow[];
  /** The buyer's name or number: the superuser's column only. */
  buyer?: (row: UserListRow) => string;
  actions?: (row: UserListRow) => ReactNode;
}

/** Below 900 px: a card per user, the login opening the user. */
function UserCards({ rows, buyer, actions }: UserRowsProps) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (
    <Box component="ul" aria-label={t('users.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.userId} variant="outlined" sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <Box sx={{ flex: 1, minWidth: 0, p: 1.5, display: 'grid', gap: 0.5 }}>
            <Link component={RouterLink} to={userPath(row.userId)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.login}
            </Link>
            {row.comment && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {row.comment}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {buyer ? t('users.card.meta', { id: row.userId, buyer: buyer(row), created: dateTime(row.dateCreate) }) : t('users.card.metaOwn', { id: row.userId, created: dateTime(row.dateCreate) })}
            </Typography>
          </Box>
          {actions && <Box sx={{ pr: 0.5 }}>{actions(row)}</Box>}
        </Paper>
      ))}
    </Box>
  );
}

function UserTable({ rows, loading, buyer, actions }: UserRowsProps & { loading: boolean }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('users.title')} aria-busy={loading}>
        <TableHead>
          <TableRow>
            <TableCell>{t('users.column.login')}</TableCell>
            <TableCell align="right">{t('users.column.id')}</TableCell>
            <TableCell sx={{ width: '40%' }}>{t('users.column.comment')}</TableCell>
            {buyer && <TableCell>{t('users.column.buyer')}</TableCell>}
            <TableCell>{t('users.column.created')}</TableCell>
            {actions && <TableCell align="right">{t('users.column.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.userId} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={userPath(row.userId)}>
                  {row.login}
                </Link>
              </TableCell>
              <TableCell align="right">{row.userId}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.comment ?? ''}</TableCell>
              {buyer && <TableCell>{buyer(row)}</TableCell>}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(row.dateCreate)}</TableCell>
              {actions && (
                <TableCell align="right" sx={{ py: 0 }}>
                  {actions(row)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
