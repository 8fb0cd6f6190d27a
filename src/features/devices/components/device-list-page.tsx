import BuildOutlined from '@mui/icons-material/BuildOutlined';
import GroupAdd from '@mui/icons-material/GroupAddOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { DeviceListRow } from '@contract/devices';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import type { ListCardConfig } from '@/components/list-table/list-cards';
import { notify } from '@/components/notifications/notify';
import { ListTable } from '@/components/list-table/list-table';
import { PageHeader } from '@/components/page-header';
import { useT } from '@/features/devices/messages';
import { useDateFormat } from '@/lib/dates';
import { errorMessage } from '@/lib/http';
import { addDeviceWays, cardPath, deviceCardSummary, rowBuyer, rowHouses, typeName, wizardPath } from '../model';
import { useDeviceList } from '../use-device-list';
import { useFilterOptions } from '../use-filter-options';
import { DeviceAddMenu } from './device-add-menu';
import { DeviceFilters } from './device-filters';
import { DeviceHousesCell } from './device-houses-cell';
import { DeviceLiveStatus } from './device-live-status';
import { DeviceRowCard } from './device-row-card';
import { DeviceStatusBadge } from './device-status-badge';

// Dialogs are opened rarely: they load on first use.
const DeviceCreateDialog = lazy(() => import('./device-create-dialog').then((module) => ({ default: module.DeviceCreateDialog })));
const DeviceGroupsDialog = lazy(() => import('./device-groups-dialog').then((module) => ({ default: module.DeviceGroupsDialog })));

/** The narrowest screen whose grid has room for the creation date, px. */
const WITH_CREATE_DATE = 1280;

/** Text that may take a second line (rows grow to fit) rather than be cut. */
function Wrapping({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <Box component="span" title={title} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35 }}>
      {children}
    </Box>
  );
}

export function DeviceListPage() {
  const t = useT();
  const navigate = useNavigate();
  const devices = useDeviceList();
  const dates = useDateFormat();
  const options = useFilterOptions(devices.settled && !devices.forbidden, devices.rows, devices.list.filters.houseUid, devices.access.companies);
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [resyncing, setResyncing] = useState(false);
  const theme = useTheme();
  // The grid (from 1200 px; cards below) fits without scrolling: it gives up the id below 1536 px and the creation date below 1280 px.
  const wide = useMediaQuery(theme.breakpoints.up(WITH_CREATE_DATE), { noSsr: true });
  const widest = useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true });
  const { access } = devices;

  const wizardLink = (row: DeviceListRow) => {
    const label = t('devices.wizard', { mac: row.MAC });
    return (
      <IconButton component={RouterLink} to={wizardPath(row.MAC)} aria-label={label} title={label} size="small">
        <BuildOutlined fontSize="small" />
      </IconButton>
    );
  };
  const dateColumn = (field: 'CREATE_DATE' | 'LAST_CHANGE', header: string): GridColDef<DeviceListRow> => ({
    field,
    headerName: header,
    width: 120,
    renderCell: ({ row }) => <Wrapping>{dates.dateTime(row[field])}</Wrapping>,
  });

  const columns: GridColDef<DeviceListRow>[] = [
    ...(widest ? [{ field: 'DEVICE_ID', headerName: t('devices.column.id'), width: 64, type: 'number' } satisfies GridColDef<DeviceListRow>] : []),
    {
      field: 'MAC',
      headerName: t('devices.column.mac'),
      width: 152,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={cardPath(row.MAC)} aria-label={t('devices.open', { mac: row.MAC })} sx={{ fontFamily: 'monospace', fontSize: 13 }}>
          {row.MAC}
        </Link>
      ),
    },
    { field: 'TYPE', headerName: t('devices.column.type'), minWidth: 110, flex: 0.5, renderCell: ({ row }) => <Wrapping>{typeName(row.TYPE)}</Wrapping> },
    // The status and the live connection share a column, one over the other: the grid fits 1440 px without scrolling.
    {
      field: 'STATUS_CODE',
      headerName: t('devices.column.statusLive'),
      width: 216,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <DeviceStatusBadge code={row.STATUS_CODE} />
          <DeviceLiveStatus status={devices.statuses[row.MAC]} />
        </Box>
      ),
    },
    {
      field: 'houses',
      headerName: t('devices.column.houses'),
      minWidth: 180,
      flex: 1.5,
      sortable: false,
      renderCell: ({ row }) => <DeviceHousesCell houses={rowHouses(row)} />,
    },
    // An operator sees only the devices of their own buyer: the column is for the superuser.
    ...(access.allBuyers
      ? [
          {
            field: 'BUYER_ID',
            headerName: t('devices.column.buyer'),
            minWidth: 150,
            flex: 0.6,
            renderCell: ({ row }) => {
              const buyer = rowBuyer(row);
              const number = t('devices.buyer.number', { id: buyer.id });
              return <Wrapping title={number}>{buyer.name ?? number}</Wrapping>;
            },
          } satisfies GridColDef<DeviceListRow>,
        ]
      : []),
    ...(wide ? [dateColumn('CREATE_DATE', t('devices.column.created'))] : []),
    dateColumn('LAST_CHANGE', t('devices.column.changed')),
    ...(access.wizards
      ? [
          {
            field: 'actions',
            headerName: t('devices.column.actions'),
            width: 96,
            sortable: false,
            // Nothing to sort or hide here; its menu button would only push the last header past the grid's edge.
            disableColumnMenu: true,
            renderCell: ({ row }) => wizardLink(row),
          } satisfies GridColDef<DeviceListRow>,
        ]
      : []),
  ];

  const card: ListCardConfig<DeviceListRow> = {
    render: (row) => <DeviceRowCard summary={deviceCardSummary(row, access.allBuyers)} status={devices.statuses[row.MAC]} />,
    link: (row) => ({ to: cardPath(row.MAC), label: t('devices.open', { mac: row.MAC }) }),
    actions: access.wizards ? wizardLink : undefined,
    selectLabel: (row) => t('devices.select', { mac: row.MAC }),
  };

  // The grid moves focus between cells with the arrow keys; Enter on a row (not on a checkbox or a link, which act themselves) opens the card.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, [role="columnheader"]')) return;
    const mac = target.closest('[role="row"][data-id]')?.getAttribute('data-id');
    if (!mac) return;
    event.preventDefault();
    void navigate(cardPath(mac));
  };

  if (devices.forbidden) {
    // Nothing on this screen could help: no filters, no retry, only what the matter is.
    return (
      <>
        <PageHeader title={t('devices.title')} />
        <Alert severity="info">{t('devices.forbidden')}</Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('devices.title')} actions={<DeviceAddMenu ways={addDeviceWays(access)} onDialog={() => setCreating(true)} />} />
      {devices.saved && <SavedDataNotice saved={devices.saved} />}
      <DeviceFilters filters={devices.list.filters} options={options} onChange={devices.changeFilters} onClear={devices.list.clearFilters} />
      <Box onKeyDown={onKeyDown}>
        <ListTable
          label={t('devices.table')}
          rows={devices.rows}
          columns={columns}
          getRowId={(row) => row.MAC}
          rowCount={devices.totalCount}
          pageSize={devices.pageSize}
          loading={devices.loading}
          error={devices.error}
          list={devices.list}
          card={card}
          cardsBelow="lg"
          autoRowHeight
          selection={
            access.assignGroups || access.resync
              ? {
                  ids: devices.selection,
                  onChange: devices.setSelection,
                  actions: () => (
                    <>
                      {access.assignGroups && (
                        <Button variant="contained" startIcon={<GroupAdd />} onClick={() => setAssigning(true)}>
                          {t('devices.groups')}
                        </Button>
                      )}
                      {access.resync && (
                        <Button variant="outlined" startIcon={<SyncOutlined />} onClick={() => setResyncing(true)} disabled={devices.resync.isPending}>
                          {t('devices.resync')}
                        </Button>
                      )}
                    </>
                  ),
                }
              : undefined
          }
        />
      </Box>
      <Suspense>
        {creating && (
          <DeviceCreateDialog open houses={options.houses} onClose={() => setCreating(false)} onSubmit={(body) => devices.create.mutateAsync(body)} />
        )}
        {assigning && (
          <DeviceGroupsDialog
            open
            macs={devices.selection.map(String)}
            buyerId={devices.selectionBuyer}
            onClose={() => setAssigning(false)}
            onSubmit={(assignment) => devices.assignGroups.mutateAsync(assignment)}
          />
        )}
      </Suspense>
      <LazyConfirmDialog
        open={resyncing}
        title={t('devices.resync.title', { count: devices.selection.length })}
        text={t('devices.resync.text')}
        confirmLabel={t('devices.resync.ok')}
        onConfirm={() => {
          setResyncing(false);
          devices.resync.mutate(undefined, { onError: (error) => notify(errorMessage(error), { variant: 'error' }) });
        }}
        onClose={() => setResyncing(false)}
      />
    </>
  );
}

/** The list shows the houses taken offline, not the server: says so, which houses, and how old each is. */
function SavedDataNotice({ saved }: { saved: NonNullable<ReturnType<typeof useDeviceList>['saved']> }) {
  const t = useT();
  const { dateTime, ago } = useDateFormat();
  const [now] = useState(() => Date.now());
  if (saved.houses.length === 0) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('devices.saved.none')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>{t('devices.saved.title')}</AlertTitle>
      {t('devices.saved.text')}
      <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
        {saved.houses.map((house) => (
          <li key={house.houseUid}>{t('devices.saved.house', { address: house.address, time: dateTime(house.savedAt), ago: ago(house.savedAt, now) })}</li>
        ))}
      </Box>
      {saved.withoutRow > 0 && t('devices.saved.withoutRow', { count: saved.withoutRow })}
    </Alert>
  );
}
