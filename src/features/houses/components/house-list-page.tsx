import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { House } from '@contract/houses';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { GridAction, ListTable } from '@/components/list-table/list-table';
import { PageHeader } from '@/components/page-header';
import { useT } from '@/features/houses/messages';
import { useSession, type AuthItemMap } from '@/lib/session';
import { houseCardPath } from '../model';
import { useHouseList } from '../use-house-list';
import { HouseFilters } from './house-filters';

// The dialog (and its form library) loads when it is first opened.
const HouseCreateDialog = lazy(() => import('./house-create-dialog').then((m) => ({ default: m.HouseCreateDialog })));

const PHONE_HIDDEN_COLUMNS = ['id', 'fias'] as const;
/** With the offline column an installer needs on site, the region gives way on a phone. */
const PHONE_HIDDEN_WITH_OFFLINE = ['id', 'fias', 'region'] as const;

type PendingDelete = { uids: string[]; address: string | null } | null;

/** Where the app plugs in "take this house offline" (the house-snapshot feature; composed in src/app). */
export type HouseOfflineAction = ComponentType<{ house: House }>;
/** Who may open a house's page (the app's `housing` rule): the others get the address without a link. */
export type HouseOpenRule = (access: { permissions: AuthItemMap; roles: AuthItemMap }) => boolean;

interface HouseListPageProps {
  offlineAction?: HouseOfflineAction;
  opensHouse?: HouseOpenRule;
}

/** The whole address on every screen: an installer tells one street from another by its end. */
const ADDRESS_SX = { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35 } as const;

export function HouseListPage({ offlineAction: OfflineAction, opensHouse }: HouseListPageProps = {}) {
  const t = useT();
  const houses = useHouseList();
  const session = useSession();
  const linked = opensHouse?.(session) ?? false;
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  const columns: GridColDef<House>[] = [
    { field: 'id', headerName: t('houses.column.id'), minWidth: 140, flex: 1, sortable: false },
    {
      field: 'address',
      headerName: t('houses.column.address'),
      minWidth: OfflineAction && phone ? 160 : 260,
      flex: 3,
      sortable: false,
      renderCell: ({ row }) =>
        linked ? (
          <Link component={RouterLink} to={houseCardPath(row.id)} sx={ADDRESS_SX}>
            {row.address}
          </Link>
        ) : (
          <Box component="span" sx={ADDRESS_SX}>
            {row.address}
          </Box>
        ),
    },
    { field: 'region', headerName: t('houses.column.region'), width: 100, sortable: false, type: 'number' },
    { field: 'fias', headerName: t('houses.column.fias'), minWidth: 200, flex: 2, sortable: false, valueGetter: (value: string | null | undefined) => value ?? '' },
    ...(OfflineAction
      ? [
          {
            field: 'offline',
            headerName: t('houses.column.offline'),
            minWidth: phone ? 170 : 190,
            flex: 1.5,
            sortable: false,
            filterable: false,
            renderCell: ({ row }) => <OfflineAction house={row} />,
          } satisfies GridColDef<House>,
        ]
      : []),
    ...(houses.canEdit
      ? [
          {
            field: 'actions',
            type: 'actions',
            headerName: t('houses.column.actions'),
            width: 110,
            getActions: ({ row }) => [
              <GridAction
                key="delete"
                icon={<DeleteOutline />}
                label={t('houses.delete', { address: row.address })}
                onClick={() => setPendingDelete({ uids: [row.id], address: row.address })}
              />,
            ],
          } satisfies GridColDef<House>,
        ]
      : []),
  ];

  const confirmDelete = () => {
    if (!pendingDelete) return;
    houses.remove.mutate(pendingDelete.uids, { onSettled: () => setPendingDelete(null) });
  };

  return (
    <>
      <PageHeader
        title={t('houses.title')}
        actions={
          houses.canEdit && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              {t('houses.create')}
            </Button>
          )
        }
      />
      <HouseFilters filters={houses.list.filters} onApply={houses.list.setFilters} onClear={houses.list.clearFilters} />
      <ListTable
        label={t('houses.title')}
        rows={houses.houses}
        columns={columns}
        getRowId={(row) => row.id}
        rowCount={houses.totalCount}
        countCapped={houses.countCapped}
        pageSize={houses.pageSize}
        loading={houses.loading}
        error={houses.error}
        list={houses.list}
        hiddenOnPhone={OfflineAction ? PHONE_HIDDEN_WITH_OFFLINE : PHONE_HIDDEN_COLUMNS}
        autoRowHeight
        selection={
          houses.canEdit
            ? {
                ids: houses.selection,
                onChange: houses.setSelection,
                actions: (ids) => (
                  <Button color="error" startIcon={<DeleteOutline />} onClick={() => setPendingDelete({ uids: ids.map(String), address: null })}>
                    {t('houses.deleteSelected')}
                  </Button>
                ),
              }
            : undefined
        }
      />
      {creating && (
        <Suspense fallback={null}>
          <HouseCreateDialog open onClose={() => setCreating(false)} onSubmit={(values) => houses.create.mutateAsync(values)} />
        </Suspense>
      )}
      <LazyConfirmDialog
        open={pendingDelete !== null}
        danger
        busy={houses.remove.isPending}
        title={pendingDelete?.address ? t('houses.delete.title') : t('houses.deleteSelected.title')}
        text={
          pendingDelete?.address
            ? t('houses.delete.text', { address: pendingDelete.address })
            : t('houses.deleteSelected.text', { count: pendingDelete?.uids.length ?? 0 })
        }
        confirmLabel={t('confirm.delete')}
        onConfirm={confirmDelete}
        onClose={() => setPendingDelete(null)}
      />
    </>
  );
}

/** The house list with the "take offline" column, linking each house to its page for those `opensHouse` lets in. */
export function withOfflineAction(offlineAction: HouseOfflineAction, opensHouse: HouseOpenRule): ComponentType {
  return function HouseListRoute() {
    return <HouseListPage offlineAction={offlineAction} opensHouse={opensHouse} />;
  };
}
