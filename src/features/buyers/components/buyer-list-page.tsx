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
import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Buyer } from '@contract/buyers';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/paged-list/list-skeleton';
import { PagedList } from '@/components/paged-list/paged-list';
import { useT } from '@/features/buyers/messages';
import { useDateFormat } from '@/lib/dates';
import { buyerPath } from '../model';
import { useBuyerList, type BuyerListModel } from '../use-buyer-list';
import { BuyerFilters } from './buyer-filters';
import { BuyerStatus } from './buyer-status';

// The dialog loads with its first opening: the list's first view stays within its route budget.
const BuyerCreateDialog = lazy(() => import('./buyer-create-dialog').then((module) => ({ default: module.BuyerCreateDialog })));

/** `/buyers` (superuser): buyers 20 a page with the name and state filters in the URL; a table, cards below 900 px. */
export function BuyerListPage() {
  const t = useT();
  const model = useBuyerList();
  const { list } = model;
  const [creating, setCreating] = useState(false);
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <PageHeader
        title={t('buyers.title')}
        actions={
          <Button variant="contained" startIcon={<Add />} disabled={!model.online} onClick={() => setCreating(true)} sx={{ minHeight: 40 }}>
            {t('buyers.create')}
          </Button>
        }
      />
      {!model.online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('buyers.offline')}
        </Alert>
      )}
      <BuyerFilters key={`${list.filters.name}|${list.filters.active}`} filters={list.filters} onApply={list.setFilters} onClear={list.clearFilters} />
      <BuyerRows model={model} cards={cards} />
      <Suspense>{creating && <BuyerCreateDialog online={model.online} onClose={() => setCreating(false)} onSubmit={async (values) => void (await model.create.mutateAsync(values))} />}</Suspense>
    </Box>
  );
}

function BuyerRows({ model, cards }: { model: BuyerListModel; cards: boolean }) {
  const t = useT();
  return (
    <PagedList
      rowCount={model.rows.length}
      loading={model.loading}
      error={model.error}
      errorText={(error) => t('buyers.loadError', { error })}
      retry={{ label: t('buyers.retry'), onRetry: model.retry }}
      firstLoad={{ pending: model.pending, skeleton: <ListSkeleton rowHeight={cards ? 96 : 40} /> }}
      emptyText={model.filtered ? t('buyers.noneFound') : t('buyers.none')}
      pager={{
        list: model.list,
        totalCount: model.totalCount,
        pageSize: model.pageSize,
        navLabel: t('buyers.title'),
      }}
    >
      {cards ? <BuyerCards rows={model.rows} /> : <BuyerTable rows={model.rows} loading={model.loading} />}
    </PagedList>
  );
}

/** Below 900 px: a card per buyer, the whole card opening it. */
function BuyerCards({ rows }: { rows: readonly Buyer[] }) {
  const t = useT();
  const { date } = useDateFormat();
  return (
    <Box component="ul" aria-label={t('buyers.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((buyer) => (
        <Paper component="li" key={buyer.id} variant="outlined" sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={buyerPath(buyer.id)}
            aria-label={t('buyers.open', { name: buyer.name })}
            underline="none"
            color="inherit"
            sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{buyer.name}</Typography>
              <BuyerStatus active={buyer.active} />
            </Box>
            {buyer.inn && <Typography variant="body2">{t('buyers.card.inn', { inn: buyer.inn })}</Typography>}
            {buyer.contact && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {buyer.contact}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('buyers.card.created', { date: date(buyer.dateCreated) })}
            </Typography>
          </Link>
        </Paper>
      ))}
    </Box>
  );
}

/** 900 px and wider: a plain table (the data grid would double the route's JS). */
function BuyerTable({ rows, loading }: { rows: readonly Buyer[]; loading: boolean }) {
  const t = useT();
  const { date } = useDateFormat();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('buyers.title')} aria-busy={loading}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '26%' }}>{t('buyers.column.name')}</TableCell>
            <TableCell>{t('buyers.column.inn')}</TableCell>
            <TableCell sx={{ width: '44%' }}>{t('buyers.column.contact')}</TableCell>
            <TableCell>{t('buyers.column.active')}</TableCell>
            <TableCell>{t('buyers.column.created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((buyer) => (
            <TableRow key={buyer.id} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={buyerPath(buyer.id)} aria-label={t('buyers.open', { name: buyer.name })}>
                  {buyer.name}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{buyer.inn ?? ''}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{buyer.contact ?? ''}</TableCell>
              <TableCell>
                <BuyerStatus active={buyer.active} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(buyer.dateCreated)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
