import Box from '@mui/material/Box';
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
import { Link as RouterLink } from 'react-router-dom';
import type { FieldInstaller } from '@contract/field';
import { PagedList } from '@/components/paged-list/paged-list';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import type { FieldListModel } from '../use-field-list';
import { FieldBadges } from './field-badges';
import { LoadingBlock } from './loading-block';

export function installerPath(userId: number): string {
  return `/field/${userId}`;
}

/** The installers, 20 a page: a table from 900 px, cards below. */
export function FieldList({ model }: { model: FieldListModel }) {
  const t = useT();
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  return (
    <PagedList
      rowCount={model.rows.length}
      loading={model.loading}
      loadingLabel={t('field.loading')}
      error={model.error}
      errorText={(error) => t('field.loadError', { error })}
      retry={{ label: t('field.retry'), onRetry: model.retry }}
      firstLoad={{ pending: model.pending, skeleton: <LoadingBlock label={t('field.loading')} height={240} /> }}
      emptyText={model.filtered ? t('field.noneFound') : t('field.none')}
      pager={{ list: model.list, totalCount: model.totalCount, pageSize: model.pageSize, navLabel: t('field.title') }}
    >
      {model.rows.length > 0 && (cards ? <FieldCards rows={model.rows} /> : <FieldTable rows={model.rows} busy={model.loading} />)}
    </PagedList>
  );
}

function InstallerLink({ row }: { row: FieldInstaller }) {
  const t = useT();
  return (
    <Link component={RouterLink} to={installerPath(row.userId)} aria-label={t('field.openOf', { login: row.login })} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {row.login}
    </Link>
  );
}

function FieldTable({ rows, busy }: { rows: FieldInstaller[]; busy: boolean }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const when = (value: string | null) => (value === null ? t('field.never') : dateTime(value));
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('field.title')} aria-busy={busy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('field.column.installer')}</TableCell>
            <TableCell>{t('field.column.state')}</TableCell>
            <TableCell>{t('field.column.lastReport')}</TableCell>
            <TableCell>{t('field.column.lastSync')}</TableCell>
            <TableCell align="right">{t('field.column.waiting')}</TableCell>
            <TableCell align="right">{t('field.column.attention')}</TableCell>
            <TableCell align="right">{t('field.column.drafts')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.userId} hover>
              <TableCell>
                <InstallerLink row={row} />
                {row.name && (
                  <Typography variant="body2" color="text.secondary">
                    {row.name}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <FieldBadges row={row} />
              </TableCell>
              <TableCell>{when(row.lastReportAt)}</TableCell>
              <TableCell>{when(row.lastSyncAt)}</TableCell>
              <TableCell align="right">{row.waiting}</TableCell>
              <TableCell align="right" sx={{ fontWeight: row.needsAttention > 0 ? 700 : undefined }}>
                {row.needsAttention}
              </TableCell>
              <TableCell align="right">{row.idleDrafts}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function FieldCards({ rows }: { rows: FieldInstaller[] }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const when = (value: string | null) => (value === null ? t('field.never') : dateTime(value));
  return (
    <Box component="ul" aria-label={t('field.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.userId} aria-label={row.login} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}>
          <Box>
            <InstallerLink row={row} />
            {row.name && (
              <Typography variant="body2" color="text.secondary">
                {row.name}
              </Typography>
            )}
          </Box>
          <FieldBadges row={row} />
          <Typography variant="body2">{t('field.card.attention', { count: row.needsAttention })}</Typography>
          <Typography variant="body2">{t('field.card.waiting', { count: row.waiting })}</Typography>
          <Typography variant="body2">{t('field.card.drafts', { count: row.idleDrafts })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('field.card.lastReport', { when: when(row.lastReportAt) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('field.card.lastSync', { when: when(row.lastSyncAt) })}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
