import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { HouseFlatRow } from '@contract/houses';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListTable } from '@/components/list-table/list-table';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/houses/messages';
import { flatCardPath, isBlocked, isFlatSearch } from '../house-page-model';
import type { HousePageModel } from '../use-house-page';
import { FlatCreateDialog } from './flat-create-dialog';

function flatName(row: HouseFlatRow): string {
  return row.letter ? `${row.flatNum} ${row.letter}` : String(row.flatNum);
}

function StatusChip({ status }: { status: number }) {
  const t = useT();
  return isBlocked(status) ? (
    <Chip size="small" color="error" label={t('house.flats.status.blocked')} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={t('house.flats.status.active')} />
  );
}

function FlatSearch({ value, onApply }: { value: string; onApply: (flatNum: string) => void }) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ flatNum: string }>({ values: { flatNum: value } });
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('house.flats.search')}
      noValidate
      onSubmit={handleSubmit((values) => onApply(values.flatNum.trim()))}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 1.5 }}
    >
      <TextField
        {...register('flatNum', { validate: (text) => isFlatSearch(text.trim()) || t('house.flats.search.digits') })}
        label={t('house.flats.search')}
        type="search"
        size="small"
        error={Boolean(errors.flatNum)}
        helperText={errors.flatNum?.message ?? t('house.flats.search.helper')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ flex: '1 1 220px', maxWidth: 360 }}
      />
      <Button type="submit" variant="outlined" sx={{ height: 40 }}>
        {t('house.flats.find')}
      </Button>
      {value !== '' && (
        <Button type="button" onClick={() => onApply('')} sx={{ height: 40 }}>
          {t('house.flats.reset')}
        </Button>
      )}
    </Box>
  );
}

/** The house's flats: server paging and the number search in the URL, each opening the flat card. */
export function HouseFlats({ houseUid, model }: { houseUid: string; model: HousePageModel }) {
  const t = useT();
  const { flats, canEdit, online } = model;
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<HouseFlatRow | null>(null);

  const columns: GridColDef<HouseFlatRow>[] = [
    {
      field: 'flatNum',
      headerName: t('house.flats.column.flatNum'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={flatCardPath(houseUid, row.flatNum)} aria-label={t('house.flats.open', { flat: flatName(row) })}>
          {row.flatNum}
        </Link>
      ),
    },
    { field: 'letter', headerName: t('house.flats.column.letter'), width: 90, sortable: false, valueGetter: (value: string | null) => value ?? '' },
    { field: 'status', headerName: t('house.flats.column.status'), width: 150, sortable: false, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    { field: 'usersCount', headerName: t('house.flats.column.users'), width: 100, sortable: false, type: 'number' },
    { field: 'keysCount', headerName: t('house.flats.column.keys'), width: 100, sortable: false, type: 'number' },
    {
      field: 'entrances',
      headerName: t('house.flats.column.entrances'),
      minWidth: 200,
      flex: 1,
      sortable: false,
      valueGetter: (value: string[]) => value.join(', '),
    },
    ...(canEdit
      ? [
          {
            field: 'actions',
            type: 'actions',
            headerName: t('house.flats.column.actions'),
            width: 100,
            sortable: false,
            getActions: ({ row }) => [
              <GridActionsCellItem
                key="delete"
                icon={<DeleteOutline />}
                label={t('house.flats.delete', { flat: flatName(row) })}
                disabled={!online}
                onClick={() => setPendingDelete(row)}
              />,
            ],
          } satisfies GridColDef<HouseFlatRow>,
        ]
      : []),
  ];

  return (
    <PageSection
      title={t('house.section.flats')}
      actions={
        canEdit && (
          <Button variant="contained" startIcon={<Add />} disabled={!online} onClick={() => setCreating(true)}>
            {t('house.flats.add')}
          </Button>
        )
      }
    >
      <FlatSearch value={flats.list.filters.flatNum} onApply={(flatNum) => flats.list.setFilters({ flatNum })} />
      <ListTable
        label={t('house.section.flats')}
        rows={flats.rows}
        columns={columns}
        getRowId={(row) => row.id}
        rowCount={flats.totalCount}
        pageSize={flats.pageSize}
        loading={flats.loading}
        error={flats.error}
        list={flats.list}
        autoRowHeight
        card={{
          link: (row) => ({ to: flatCardPath(houseUid, row.flatNum), label: t('house.flats.open', { flat: flatName(row) }) }),
          render: (row) => (
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{t('house.flats.name', { flat: flatName(row) })}</Typography>
                <StatusChip status={row.status} />
              </Box>
              <Typography variant="body2">{t('house.flats.counts', { users: row.usersCount, keys: row.keysCount })}</Typography>
              {row.entrances.length > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.entrances.join(', ')}
                </Typography>
              )}
            </Box>
          ),
          actions: canEdit
            ? (row) => (
                <IconButton aria-label={t('house.flats.delete', { flat: flatName(row) })} disabled={!online} onClick={() => setPendingDelete(row)}>
                  <DeleteOutline />
                </IconButton>
              )
            : undefined,
        }}
      />
      {canEdit && <FlatCreateDialog open={creating} online={online} onClose={() => setCreating(false)} onSubmit={(values) => model.addFlat.mutateAsync(values)} />}
      <ConfirmDialog
        open={pendingDelete !== null}
        danger
        busy={model.removeFlat.isPending}
        title={t('house.flats.delete.title')}
        text={t('house.flats.delete.text', { flat: pendingDelete ? flatName(pendingDelete) : '' })}
        confirmLabel={t('confirm.delete')}
        onConfirm={() => pendingDelete && model.removeFlat.mutate(pendingDelete.flatNum, { onSettled: () => setPendingDelete(null) })}
        onClose={() => setPendingDelete(null)}
      />
    </PageSection>
  );
}
