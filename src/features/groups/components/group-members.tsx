import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
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
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DEVICE_TYPE_NAMES } from '@contract/devices';
import type { GroupDevice, GroupUser } from '@contract/groups';
import { PageSection } from '@/components/page-section';
import { ListPager } from '@/components/paged-list/list-pager';
import { useT, type FeatureMessageKey } from '../messages';
import { deviceCardPath, userPagePath } from '../model';
import type { MembersPage } from '../use-group-page';

/** The shared pager over the server's pages, hidden while everything fits on one. */
function Pager({ list }: { list: MembersPage<unknown> }) {
  if (list.totalCount <= list.pageSize && list.page === 1) return null;
  return <ListPager list={{ page: list.page, config: { firstPage: 1 }, setPage: list.setPage }} totalCount={list.totalCount} pageSize={list.pageSize} />;
}

interface Column<T> {
  header: FeatureMessageKey;
  cell: (row: T) => ReactNode;
  /** The cell that heads the row's card on a phone. */
  main?: boolean;
}

interface MemberListProps<T> {
  title: string;
  list: MembersPage<T>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => number;
  empty: string;
  error: (error: string) => string;
}

/** A page of members: a plain table, cards on a phone (the data grid would double the route's JS). */
function MemberList<T>({ title, list, columns, rowKey, empty, error }: MemberListProps<T>) {
  const t = useT();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  return (
    <PageSection title={title} count={list.totalCount}>
      {list.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error(list.error)}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{list.loading && <LinearProgress />}</Box>
      {list.rows.length === 0 && !list.loading && !list.error ? (
        <Typography color="text.secondary" sx={{ py: 1.5 }}>
          {empty}
        </Typography>
      ) : phone ? (
        <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {list.rows.map((row) => (
            <Paper component="li" key={rowKey(row)} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}>
              {columns.map((column) =>
                column.main ? (
                  <Box key={column.header} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </Box>
                ) : (
                  <Typography key={column.header} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {t(column.header)}:{' '}
                    </Box>
                    {column.cell(row)}
                  </Typography>
                ),
              )}
            </Paper>
          ))}
        </Box>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={title} aria-busy={list.loading}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.header}>{t(column.header)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column) => (
                    <TableCell key={column.header} sx={{ overflowWrap: 'anywhere' }}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Pager list={list} />
    </PageSection>
  );
}

/** The group's devices: the MAC opens the device card. */
export function GroupDevices({ list }: { list: MembersPage<GroupDevice> }) {
  const t = useT();
  const columns: Column<GroupDevice>[] = [
    {
      header: 'group.devices.mac',
      main: true,
      cell: (device) => (
        <Link component={RouterLink} to={deviceCardPath(device.mac)} aria-label={t('group.devices.open', { mac: device.mac })} sx={{ fontFamily: 'monospace' }}>
          {device.mac}
        </Link>
      ),
    },
    { header: 'group.devices.type', cell: (device) => DEVICE_TYPE_NAMES[device.type] ?? String(device.type) },
    { header: 'group.devices.address', cell: (device) => (device.addresses.length > 0 ? device.addresses.join('; ') : t('group.devices.noAddress')) },
  ];
  return (
    <MemberList
      title={t('group.section.devices')}
      list={list}
      columns={columns}
      rowKey={(device) => device.deviceId}
      empty={t('group.devices.none')}
      error={(error) => t('group.devices.error', { error })}
    />
  );
}

/** The group's users: the login opens the user for those the users screen lets in. */
export function GroupUsers({ list, linked }: { list: MembersPage<GroupUser>; linked: boolean }) {
  const t = useT();
  const columns: Column<GroupUser>[] = [
    {
      header: 'group.users.login',
      main: true,
      cell: (user) =>
        linked ? (
          <Link component={RouterLink} to={userPagePath(user.userId)} aria-label={t('group.users.open', { login: user.login })}>
            {user.login}
          </Link>
        ) : (
          user.login
        ),
    },
    { header: 'group.users.comment', cell: (user) => user.comment ?? '—' },
    { header: 'group.users.givenBy', cell: (user) => user.givenBy ?? '—' },
  ];
  return (
    <MemberList
      title={t('group.section.users')}
      list={list}
      columns={columns}
      rowKey={(user) => user.userId}
      empty={t('group.users.none')}
      error={(error) => t('group.users.error', { error })}
    />
  );
}
