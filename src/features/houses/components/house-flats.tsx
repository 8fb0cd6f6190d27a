import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, lazy, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { HouseFlatRow } from '@contract/houses';
import { FlatImportButtons } from '@/components/import-dialog/import-buttons';
import { OutlinedField } from '@/components/outlined-field';
import { PagedList } from '@/components/paged-list/paged-list';
import { PageSection } from '@/components/page-section';
import { StatusChip } from '@/components/status-chip';
import { useT } from '@/features/houses/messages';
import { flatCardPath, isBlocked, isFlatSearch } from '../house-page-model';
import type { HousePageModel } from '../use-house-page';

function flatName(row: HouseFlatRow): string {
  return row.letter ? `${row.flatNum} ${row.letter}` : String(row.flatNum);
}

/** Blocked in words, filled red; active in a green outline. */
function FlatStatus({ status }: { status: number }) {
  const t = useT();
  const blocked = isBlocked(status);
  return <StatusChip tone={blocked ? 'bad' : 'good'}>{blocked ? t('house.flats.status.blocked') : t('house.flats.status.active')}</StatusChip>;
}

function FlatSearch({ value, onApply }: { value: string; onApply: (flatNum: string) => void }) {
  const t = useT();
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const flatNum = text.trim();
    if (!isFlatSearch(flatNum)) return setError(t('house.flats.search.digits'));
    setError(undefined);
    onApply(flatNum);
  };
  return (
    <Box component="form" role="search" aria-label={t('house.flats.search')} noValidate onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 1.5 }}>
      <OutlinedField
        name="flatNum"
        value={text}
        onChange={(event) => setText(event.target.value)}
        label={t('house.flats.search')}
        type="search"
        size="small"
        inputMode="numeric"
        error={error}
        helperText={t('house.flats.search.helper')}
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

// Dialogs load with their first opening: the house page stays within its route budget (250 KB gzip).
const FlatCreateDialog = lazy(() => import('./flat-create-dialog').then((module) => ({ default: module.FlatCreateDialog })));
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));

/** The house's flats: server paging and the number search in the URL, each opening the flat card. */
export function HouseFlats({ houseUid, model }: { houseUid: string; model: HousePageModel }) {
  const t = useT();
  const { flats, canEdit, online } = model;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<HouseFlatRow | null>(null);
  const empty = flats.list.filters.flatNum ? t('house.flats.noneFound') : t('house.flats.none');
  const actions = canEdit
    ? (row: HouseFlatRow) => (
        <IconButton aria-label={t('house.flats.delete', { flat: flatName(row) })} disabled={!online} onClick={() => setPendingDelete(row)}>
          <DeleteOutline />
        </IconButton>
      )
    : undefined;

  return (
    <PageSection
      title={t('house.section.flats')}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {online && <FlatImportButtons house={houseUid} canImport={canEdit} />}
          {canEdit && (
            <Button variant="contained" startIcon={<Add />} disabled={!online} onClick={() => setCreating(true)}>
              {t('house.flats.add')}
            </Button>
          )}
        </Stack>
      }
    >
      <FlatSearch key={flats.list.filters.flatNum} value={flats.list.filters.flatNum} onApply={(flatNum) => flats.list.setFilters({ flatNum })} />
      <PagedList
        rowCount={flats.rows.length}
        loading={flats.loading}
        error={flats.error}
        errorText={(error) => t('house.flats.error', { error })}
        emptyText={empty}
        pager={{
          list: flats.list,
          totalCount: flats.totalCount,
          pageSize: flats.pageSize,
          displayed: (range) => t('house.flats.displayed', range),
          previousLabel: t('house.flats.page.previous'),
          nextLabel: t('house.flats.page.next'),
        }}
      >
        {phone ? <FlatCards houseUid={houseUid} rows={flats.rows} actions={actions} /> : <FlatsTable houseUid={houseUid} rows={flats.rows} loading={flats.loading} actions={actions} />}
      </PagedList>
      <Suspense>
        {creating && <FlatCreateDialog open online={online} onClose={() => setCreating(false)} onSubmit={(values) => model.addFlat.mutateAsync(values)} />}
        {pendingDelete && (
          <ConfirmDialog
            open
            danger
            busy={model.removeFlat.isPending}
            title={t('house.flats.delete.title')}
            text={t('house.flats.delete.text', { flat: flatName(pendingDelete) })}
            confirmLabel={t('confirm.delete')}
            onConfirm={() => model.removeFlat.mutate(pendingDelete.flatNum, { onSettled: () => setPendingDelete(null) })}
            onClose={() => setPendingDelete(null)}
          />
        )}
      </Suspense>
    </PageSection>
  );
}

interface FlatRowsProps {
  houseUid: string;
  rows: readonly HouseFlatRow[];
  actions?: (row: HouseFlatRow) => ReactNode;
}

/** A phone: a card per flat, the whole card opening the flat card, its delete beside it. */
function FlatCards({ houseUid, rows, actions }: FlatRowsProps) {
  const t = useT();
  return (
    <Box component="ul" aria-label={t('house.section.flats')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} variant="outlined" sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={flatCardPath(houseUid, row.flatNum)}
            aria-label={t('house.flats.open', { flat: flatName(row) })}
            underline="none"
            color="inherit"
            sx={{ flex: 1, minWidth: 0, p: 1.5, display: 'grid', gap: 0.5 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{t('house.flats.name', { flat: flatName(row) })}</Typography>
              <FlatStatus status={row.status} />
            </Box>
            <Typography variant="body2">{t('house.flats.counts', { users: row.usersCount, keys: row.keysCount })}</Typography>
            {row.entrances.length > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {row.entrances.join(', ')}
              </Typography>
            )}
          </Link>
          {actions && <Box sx={{ pr: 0.5 }}>{actions(row)}</Box>}
        </Paper>
      ))}
    </Box>
  );
}

/** Wider screens: a plain table (the data grid would double the route's JS). */
function FlatsTable({ houseUid, rows, loading, actions }: FlatRowsProps & { loading: boolean }) {
  const t = useT();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('house.section.flats')} aria-busy={loading}>
        <TableHead>
          <TableRow>
            <TableCell>{t('house.flats.column.flatNum')}</TableCell>
            <TableCell>{t('house.flats.column.letter')}</TableCell>
            <TableCell>{t('house.flats.column.status')}</TableCell>
            <TableCell align="right">{t('house.flats.column.users')}</TableCell>
            <TableCell align="right">{t('house.flats.column.keys')}</TableCell>
            <TableCell sx={{ width: '40%' }}>{t('house.flats.column.entrances')}</TableCell>
            {actions && <TableCell align="right">{t('house.flats.column.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell>
                <Link component={RouterLink} to={flatCardPath(houseUid, row.flatNum)} aria-label={t('house.flats.open', { flat: flatName(row) })}>
                  {row.flatNum}
                </Link>
              </TableCell>
              <TableCell>{row.letter ?? ''}</TableCell>
              <TableCell>
                <FlatStatus status={row.status} />
              </TableCell>
              <TableCell align="right">{row.usersCount}</TableCell>
              <TableCell align="right">{row.keysCount}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.entrances.join(', ')}</TableCell>
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
