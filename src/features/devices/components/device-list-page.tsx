import Add from '@mui/icons-material/Add';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import GroupAdd from '@mui/icons-material/GroupAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { DeviceListRow } from '@contract/devices';
import { ListTable } from '@/components/list-table/list-table';
import { PageHeader } from '@/components/page-header';
import { useT } from '@/features/devices/messages';
import { useDateFormat } from '@/lib/dates';
import { cardPath, rowHouses, typeName, wizardPath } from '../model';
import { useDeviceList } from '../use-device-list';
import { useFilterOptions } from '../use-filter-options';
import { DeviceFilters } from './device-filters';
import { DeviceHousesCell } from './device-houses-cell';
import { DeviceLiveStatus } from './device-live-status';
import { DeviceStatusBadge } from './device-status-badge';

// Dialogs are opened rarely: they load on first use.
const DeviceCreateDialog = lazy(() => import('./device-create-dialog').then((module) => ({ default: module.DeviceCreateDialog })));
const DeviceGroupsDialog = lazy(() => import('./device-groups-dialog').then((module) => ({ default: module.DeviceGroupsDialog })));

const PHONE_HIDDEN_COLUMNS = ['DEVICE_ID', 'BUYER_ID', 'TYPE', 'houses', 'CREATE_DATE', 'LAST_CHANGE'] as const;

export function DeviceListPage() {
  const t = useT();
  const navigate = useNavigate();
  const devices = useDeviceList();
  const dates = useDateFormat();
  const options = useFilterOptions(devices.settled, devices.rows, devices.list.filters.houseUid);
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  const columns: GridColDef<DeviceListRow>[] = [
    { field: 'DEVICE_ID', headerName: t('devices.column.id'), width: 76, type: 'number' },
    {
      field: 'MAC',
      headerName: t('devices.column.mac'),
      width: phone ? 152 : 178,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={cardPath(row.MAC)} aria-label={t('devices.open', { mac: row.MAC })} sx={{ fontFamily: 'monospace', fontSize: phone ? 12 : 14 }}>
          {row.MAC}
        </Link>
      ),
    },
    { field: 'TYPE', headerName: t('devices.column.type'), width: 165, valueGetter: (_value, row) => typeName(row.TYPE) },
    { field: 'STATUS_CODE', headerName: t('devices.column.status'), width: phone ? 114 : 115, renderCell: ({ row }) => <DeviceStatusBadge code={row.STATUS_CODE} /> },
    {
      field: 'live',
      headerName: t('devices.column.live'),
      width: phone ? 46 : 192,
      sortable: false,
      renderCell: ({ row }) => <DeviceLiveStatus status={devices.statuses[row.MAC]} compact={phone} />,
    },
    {
      field: 'houses',
      headerName: t('devices.column.houses'),
      minWidth: 200,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => <DeviceHousesCell houses={rowHouses(row)} />,
    },
    // An operator sees only the devices of their own buyer: the column is for the superuser.
    ...(devices.isSuperuser ? [{ field: 'BUYER_ID', headerName: t('devices.column.buyer'), width: 110, type: 'number' } satisfies GridColDef<DeviceListRow>] : []),
    { field: 'CREATE_DATE', headerName: t('devices.column.created'), width: 165, valueFormatter: (value: string) => dates.dateTime(value) },
    { field: 'LAST_CHANGE', headerName: t('devices.column.changed'), width: 165, valueFormatter: (value: string) => dates.dateTime(value) },
    ...(devices.isInstaller
      ? [
          {
            field: 'actions',
            headerName: t('devices.column.actions'),
            width: 90,
            sortable: false,
            renderCell: ({ row }) => (
              <IconButton component={RouterLink} to={wizardPath(row.MAC)} aria-label={t('devices.wizard', { mac: row.MAC })} size="small">
                <BuildOutlined fontSize="small" />
              </IconButton>
            ),
          } satisfies GridColDef<DeviceListRow>,
        ]
      : []),
  ];

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

  return (
    <>
      <PageHeader
        title={t('devices.title')}
        actions={
          devices.canEdit && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              {t('devices.create')}
            </Button>
          )
        }
      />
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
          hiddenOnPhone={PHONE_HIDDEN_COLUMNS}
          selection={
            devices.canEdit
              ? {
                  ids: devices.selection,
                  onChange: devices.setSelection,
                  actions: () => (
                    <Button variant="contained" startIcon={<GroupAdd />} onClick={() => setAssigning(true)}>
                      {t('devices.groups')}
                    </Button>
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
    </>
  );
}
