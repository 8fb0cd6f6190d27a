import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { secondsToWeeks, type ManagementCompany } from '@contract/mc';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/paged-list/list-skeleton';
import { PagedList } from '@/components/paged-list/paged-list';
import { useT } from '@/features/management-companies/messages';
import { useDateFormat } from '@/lib/dates';
import { MC_CREATE_PATH, mcPath } from '../model';
import { useMcList, type McListModel } from '../use-mc-list';
import { McFilters } from './mc-filters';
import { McStatus } from './mc-status';

/** `/mc`: companies 20 a page with the five filters in the URL; a table, cards below 900 px. */
export function McListPage() {
  const t = useT();
  const model = useMcList();
  const { list } = model;
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <PageHeader
        title={t('mc.list.title')}
        actions={
          model.canCreate && (
            <Button component={RouterLink} to={MC_CREATE_PATH} variant="contained" startIcon={<Add />} sx={{ minHeight: 40 }}>
              {t('mc.list.create')}
            </Button>
          )
        }
      />
      {!model.online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('mc.list.offline')}
        </Alert>
      )}
      <McFilters key={JSON.stringify(list.filters)} filters={list.filters} withBuyer={model.superuser} onApply={list.setFilters} onClear={list.clearFilters} />
      <McRows model={model} cards={cards} />
    </Box>
  );
}

function McRows({ model, cards }: { model: McListModel; cards: boolean }) {
  const t = useT();
  return (
    <PagedList
      rowCount={model.rows.length}
      loading={model.loading}
      error={model.error}
      errorText={(error) => t('mc.loadError', { error })}
      retry={{ label: t('mc.retry'), onRetry: model.retry }}
      firstLoad={{ pending: model.pending, skeleton: <ListSkeleton rowHeight={cards ? 96 : 40} /> }}
      emptyText={model.filtered ? t('mc.noneFound') : t('mc.none')}
      pager={{
        list: model.list,
        totalCount: model.totalCount,
        pageSize: model.pageSize,
        navLabel: t('mc.list.title'),
      }}
    >
      {cards ? <McCards rows={model.rows} /> : <McTable rows={model.rows} loading={model.loading} />}
    </PagedList>
  );
}

function useIntervalText(): (seconds: number) => string {
  const t = useT();
  return (seconds) => (seconds === 0 ? '—' : t('mc.weeks', { weeks: secondsToWeeks(seconds) }));
}

/** Below 900 px: a card per company, the whole card opening it. */
function McCards({ rows }: { rows: readonly ManagementCompany[] }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const interval = useIntervalText();
  return (
    <Box component="ul" aria-label={t('mc.list.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((company) => (
        <Paper component="li" key={company.id} variant="outlined" sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={mcPath(company.id)}
            aria-label={t('mc.open', { name: company.name })}
            underline="none"
            color="inherit"
            sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{company.name}</Typography>
              <McStatus active={company.active} />
            </Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('mc.card.ids', { internalId: company.internalId, buyerId: company.buyerId })}
            </Typography>
            {company.codeAccess && <Typography variant="body2">{t('mc.card.code', { code: company.codeAccess })}</Typography>}
            {company.flatNum !== null && <Typography variant="body2">{t('mc.card.flat', { flat: company.flatNum })}</Typography>}
            <Typography variant="body2" color="text.secondary">
              {interval(company.interval)}
              {company.nextExecute && ` · ${t('mc.card.next', { date: dateTime(company.nextExecute) })}`}
            </Typography>
          </Link>
        </Paper>
      ))}
    </Box>
  );
}

/** 900 px and wider: a plain table (the data grid would double the route's JS). */
function McTable({ rows, loading }: { rows: readonly ManagementCompany[]; loading: boolean }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const interval = useIntervalText();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('mc.list.title')} aria-busy={loading}>
        <TableHead>
          <TableRow>
            <TableCell>{t('mc.column.internalId')}</TableCell>
            <TableCell sx={{ width: '30%' }}>{t('mc.column.name')}</TableCell>
            <TableCell align="right">{t('mc.column.buyerId')}</TableCell>
            <TableCell>{t('mc.column.codeAccess')}</TableCell>
            <TableCell align="right">{t('mc.column.flatNum')}</TableCell>
            <TableCell>{t('mc.column.interval')}</TableCell>
            <TableCell>{t('mc.column.nextExecute')}</TableCell>
            <TableCell>{t('mc.column.active')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((company) => (
            <TableRow key={company.id} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{company.internalId}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={mcPath(company.id)} aria-label={t('mc.open', { name: company.name })}>
                  {company.name}
                </Link>
              </TableCell>
              <TableCell align="right">{company.buyerId}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{company.codeAccess ?? ''}</TableCell>
              <TableCell align="right">{company.flatNum ?? ''}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{interval(company.interval)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{company.nextExecute ? dateTime(company.nextExecute) : ''}</TableCell>
              <TableCell>
                <McStatus active={company.active} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
