import LockOpen from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BlockedFlat } from '@contract/flat-blocks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { ListCardConfig } from '@/components/list-table/list-cards';
import { ListTable } from '@/components/list-table/list-table';
import { useT } from '@/features/access/messages';
import { useDateFormat } from '@/lib/dates';
import { flatCardPath, flatLabel, housePath } from '../model';
import { useBlockForm } from '../use-block-form';
import { useBlockedFlats } from '../use-blocked-flats';
import { BlockDialog } from './block-dialog';
import { BlockedFlatCard } from './blocked-flat-card';
import { BlockedFlatsFilters } from './blocked-flats-filters';
import { StatusResultDialog } from './status-result-dialog';

const WRAP = { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4 } as const;

interface TabProps {
  canWrite: boolean;
  online: boolean;
}

export function BlockedFlatsTab({ canWrite, online }: TabProps) {
  const t = useT();
  const dates = useDateFormat();
  const blocked = useBlockedFlats();
  const blockForm = useBlockForm(blocked.block);
  const [confirming, setConfirming] = useState(false);

  const flatText = (row: BlockedFlat) => t('access.blocked.flat', { flat: flatLabel(row) });
  const since = (row: BlockedFlat) => (row.blockedAt ? dates.dateTime(row.blockedAt) : t('access.blocked.sinceUnknown'));
  const who = (row: BlockedFlat) => row.blockedBy ?? t('access.blocked.byNobody');

  const columns: GridColDef<BlockedFlat>[] = [
    {
      field: 'address',
      headerName: t('access.blocked.column.address'),
      minWidth: 240,
      flex: 2,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={housePath(row.houseUid)} aria-label={t('access.blocked.openHouse', { address: row.address })} sx={WRAP}>
          {row.address}
        </Link>
      ),
    },
    {
      field: 'flatNum',
      headerName: t('access.blocked.column.flat'),
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={flatCardPath(row.houseUid, row.flatNum)} aria-label={t('access.blocked.openFlat', { flat: flatLabel(row), address: row.address })}>
          {flatText(row)}
        </Link>
      ),
    },
    { field: 'blockedAt', headerName: t('access.blocked.column.since'), width: 170, sortable: false, renderCell: ({ row }) => since(row) },
    { field: 'blockedBy', headerName: t('access.blocked.column.by'), width: 150, sortable: false, renderCell: ({ row }) => <Box sx={WRAP}>{who(row)}</Box> },
    {
      field: 'reason',
      headerName: t('access.blocked.column.reason'),
      minWidth: 180,
      flex: 1.5,
      sortable: false,
      renderCell: ({ row }) => <Box sx={WRAP}>{row.reason ?? t('access.notSet')}</Box>,
    },
  ];

  const card: ListCardConfig<BlockedFlat> = {
    render: (row) => <BlockedFlatCard flat={flatText(row)} address={row.address} since={since(row)} by={who(row)} reason={row.reason} />,
    link: (row) => ({ to: flatCardPath(row.houseUid, row.flatNum), label: t('access.blocked.openFlat', { flat: flatLabel(row), address: row.address }) }),
    selectLabel: (row) => t('access.blocked.select', { flat: flatLabel(row), address: row.address }),
  };

  return (
    <>
      {canWrite && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<LockOutlined />} onClick={blockForm.openDialog}>
            {t('access.block.open')}
          </Button>
        </Box>
      )}
      <BlockedFlatsFilters filters={blocked.list.filters} onApply={blocked.list.setFilters} onClear={blocked.list.clearFilters} />
      {blocked.empty && blocked.list.page === blocked.list.config.firstPage ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{blocked.filtered ? t('access.blocked.emptyFiltered') : t('access.blocked.empty')}</Typography>
        </Paper>
      ) : (
        <ListTable
          label={t('access.blocked.table')}
          rows={blocked.rows}
          columns={columns}
          getRowId={(row) => row.flatId}
          rowCount={blocked.totalCount}
          pageSize={blocked.pageSize}
          loading={blocked.loading}
          error={blocked.error}
          list={blocked.list}
          card={card}
          cardsBelow="md"
          autoRowHeight
          selection={
            canWrite
              ? {
                  ids: blocked.selection,
                  onChange: blocked.setSelection,
                  actions: () => (
                    <Button variant="contained" startIcon={<LockOpen />} disabled={!online || blocked.pending} onClick={() => setConfirming(true)}>
                      {t('access.unblock')}
                    </Button>
                  ),
                }
              : undefined
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        busy={blocked.pending}
        title={t('access.unblock.title')}
        text={t('access.unblock.text', { count: blocked.selection.length })}
        confirmLabel={t('access.unblock')}
        onConfirm={() => blocked.unblock(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
      />
      {canWrite && <BlockDialog form={blockForm} online={online} />}
      <StatusResultDialog result={blocked.result} onClose={blocked.closeResult} />
    </>
  );
}
