import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BlockedFlat } from '@contract/flat-blocks';
import { useT } from '@/features/access/messages';
import { useDateFormat } from '@/lib/dates';
import { flatCardPath, flatLabel, housePath } from '../model';
import type { BlockedFlats } from '../use-blocked-flats';
import { BlockedFlatCard } from './blocked-flat-card';

const WRAP = { overflowWrap: 'anywhere' } as const;
/** A router link looking like MUI's Link, without its chunk (the route's budget). */
const LINK = { color: 'primary.main', textDecoration: 'underline', textDecorationColor: 'rgba(27, 79, 138, 0.4)', '&:hover': { textDecorationColor: 'inherit' } } as const;

interface BlockedFlatsListProps {
  blocked: BlockedFlats;
  /** The selection's actions; without them the list has no checkboxes (readers). */
  actions?: ReactNode;
}

/**
 * The blocked flats of one server page: a dense table from 900 px, a card per flat below (no
 * sideways scroll on a phone); checkboxes select across pages, the bar above names the count.
 * Built on the plain table rather than the data grid, which alone would exceed the route's budget.
 */
export function BlockedFlatsList({ blocked, actions }: BlockedFlatsListProps) {
  const t = useT();
  const dates = useDateFormat();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const selectable = actions !== undefined;
  const { rows, selected } = blocked;

  const flatText = (row: BlockedFlat) => t('access.blocked.flat', { flat: flatLabel(row) });
  const since = (row: BlockedFlat) => (row.blockedAt ? dates.dateTime(row.blockedAt) : t('access.blocked.sinceUnknown'));
  const who = (row: BlockedFlat) => row.blockedBy ?? t('access.blocked.byNobody');
  const houseLink = (row: BlockedFlat) => (
    <Typography component={RouterLink} to={housePath(row.houseUid)} aria-label={t('access.blocked.openHouse', { address: row.address })} variant="inherit" sx={{ ...LINK, ...WRAP }}>
      {row.address}
    </Typography>
  );
  const flatLink = (row: BlockedFlat, children: ReactNode) => (
    <Typography component={RouterLink} to={flatCardPath(row.houseUid, row.flatNum)} aria-label={t('access.blocked.openFlat', { flat: flatLabel(row), address: row.address })} variant="inherit" sx={LINK}>
      {children}
    </Typography>
  );
  const rowCheckbox = (row: BlockedFlat) => (
    <Checkbox
      size="small"
      checked={selected.has(row.flatId)}
      onChange={() => blocked.toggle(row)}
      slotProps={{ input: { 'aria-label': t('access.blocked.select', { flat: flatLabel(row), address: row.address }) } }}
    />
  );
  const pageCheckbox = (
    <Checkbox
      size="small"
      checked={rows.length > 0 && blocked.pageSelected === rows.length}
      indeterminate={blocked.pageSelected > 0 && blocked.pageSelected < rows.length}
      onChange={blocked.togglePage}
      slotProps={{ input: { 'aria-label': t('access.blocked.selectPage') } }}
    />
  );

  return (
    <Box aria-busy={blocked.loading}>
      {selectable && selected.size > 0 && (
        <Paper
          role="toolbar"
          aria-label={t('table.selected', { count: selected.size })}
          variant="outlined"
          sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1, mb: 1, bgcolor: 'action.selected' }}
        >
          <Typography sx={{ flex: 1, fontWeight: 500 }}>{t('table.selected', { count: selected.size })}</Typography>
          {actions}
          <Button onClick={blocked.clearSelection}>{t('table.clearSelection')}</Button>
        </Paper>
      )}
      {blocked.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('table.loadError')}: {blocked.error}
        </Alert>
      )}
      <Box sx={{ opacity: blocked.loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
        {wide ? (
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('access.blocked.table')}>
              <TableHead>
                <TableRow>
                  {selectable && <TableCell padding="checkbox">{pageCheckbox}</TableCell>}
                  <TableCell>{t('access.blocked.column.address')}</TableCell>
                  <TableCell sx={{ width: 110 }}>{t('access.blocked.column.flat')}</TableCell>
                  <TableCell sx={{ width: 180 }}>{t('access.blocked.column.since')}</TableCell>
                  <TableCell sx={{ width: 150 }}>{t('access.blocked.column.by')}</TableCell>
                  <TableCell sx={{ width: '28%' }}>{t('access.blocked.column.reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.flatId} hover selected={selected.has(row.flatId)}>
                    {selectable && <TableCell padding="checkbox">{rowCheckbox(row)}</TableCell>}
                    <TableCell>{houseLink(row)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{flatLink(row, flatText(row))}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', color: row.blockedAt ? 'text.primary' : 'text.secondary' }}>{since(row)}</TableCell>
                    <TableCell sx={{ ...WRAP, color: row.blockedBy ? 'text.primary' : 'text.secondary' }}>{who(row)}</TableCell>
                    <TableCell sx={{ ...WRAP, color: row.reason ? 'text.primary' : 'text.secondary' }}>{row.reason ?? t('access.notSet')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        ) : (
          <>
            {selectable && rows.length > 0 && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
                {pageCheckbox}
                <Typography variant="body2" color="text.secondary">
                  {t('access.blocked.selectPage')}
                </Typography>
              </Box>
            )}
            <Box component="ul" aria-label={t('access.blocked.table')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))' }}>
              {rows.map((row) => (
                <Paper component="li" key={row.flatId} variant="outlined" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, p: 1.5, pl: selectable ? 0.5 : 1.5, minWidth: 0 }}>
                  {selectable && rowCheckbox(row)}
                  <BlockedFlatCard flat={flatLink(row, flatText(row))} house={houseLink(row)} since={since(row)} by={who(row)} reason={row.reason} />
                </Paper>
              ))}
            </Box>
          </>
        )}
      </Box>
      {rows.length === 0 && blocked.loading && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('app.loading')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('table.displayedRows', { from: blocked.range.from, to: blocked.range.to, count: blocked.totalCount })}
        </Typography>
        <IconButton aria-label={t('access.page.previous')} title={t('access.page.previous')} disabled={!blocked.hasPrevious} onClick={blocked.previousPage}>
          <ChevronLeft />
        </IconButton>
        <IconButton aria-label={t('access.page.next')} title={t('access.page.next')} disabled={!blocked.hasNext} onClick={blocked.nextPage}>
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}
