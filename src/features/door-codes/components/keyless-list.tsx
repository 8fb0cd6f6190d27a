import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { KeylessCode } from '@contract/door-codes';
import { PagedList } from '@/components/paged-list/paged-list';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { serviceKey } from '../model';
import type { KeylessCodesModel } from '../use-keyless-codes';
import { CodeExpiry } from './code-expiry';
import { KeylessCounts } from './keyless-counts';
import { LoadingBlock } from './loading-block';

/** The keyless codes, 20 a page: a table from 900 px, cards below; «Подробнее» opens one. */
export function KeylessList({ model }: { model: KeylessCodesModel }) {
  const t = useT();
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  return (
    <PagedList
      rowCount={model.rows.length}
      loading={model.loading}
      loadingLabel={t('keyless.loading')}
      error={model.error}
      errorText={(error) => t('keyless.loadError', { error })}
      retry={{ label: t('keyless.retry'), onRetry: model.retryList }}
      firstLoad={{ pending: model.pending, skeleton: <LoadingBlock label={t('keyless.loading')} height={200} /> }}
      emptyText={model.filtered ? t('keyless.noneFound') : t('keyless.none')}
      pager={{ list: model.list, totalCount: model.totalCount, pageSize: model.pageSize, navLabel: t('keyless.title') }}
    >
      {cards ? <KeylessCards model={model} /> : <KeylessTable model={model} />}
    </PagedList>
  );
}

function OpenButton({ code, model }: { code: KeylessCode; model: KeylessCodesModel }) {
  const t = useT();
  return (
    <Button size="small" aria-label={t('keyless.openOf', { code: code.code, service: t(serviceKey(code.service)) })} onClick={() => model.open(code.id)} sx={{ minHeight: 40 }}>
      {t('keyless.open')}
    </Button>
  );
}

function KeylessTable({ model }: { model: KeylessCodesModel }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('keyless.title')} aria-busy={model.loading}>
        <TableHead>
          <TableRow>
            <TableCell>{t('keyless.column.service')}</TableCell>
            <TableCell>{t('keyless.column.code')}</TableCell>
            <TableCell>{t('keyless.column.expires')}</TableCell>
            <TableCell>{t('keyless.column.devices')}</TableCell>
            <TableCell>{t('keyless.column.author')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {model.rows.map((code) => (
            <TableRow key={code.id} hover selected={code.id === model.openedId}>
              <TableCell>{t(serviceKey(code.service))}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{code.code}</TableCell>
              <TableCell>
                <CodeExpiry expiresAt={code.expiresAt} expired={code.expired} />
              </TableCell>
              <TableCell>
                <KeylessCounts devices={code.devices} />
              </TableCell>
              <TableCell>{t('doorCodes.author', { who: code.createdBy ?? t('doorCodes.unknownAuthor'), when: dateTime(code.createdAt) })}</TableCell>
              <TableCell sx={{ py: 0 }}>
                <OpenButton code={code} model={model} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function KeylessCards({ model }: { model: KeylessCodesModel }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (
    <Box component="ul" aria-label={t('keyless.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {model.rows.map((code) => (
        <Paper component="li" key={code.id} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{t(serviceKey(code.service))}</Typography>
            <Typography sx={{ fontFamily: 'monospace' }}>{code.code}</Typography>
          </Box>
          <Typography variant="body2">
            {t('keyless.column.expires')}: <CodeExpiry expiresAt={code.expiresAt} expired={code.expired} />
          </Typography>
          <Typography variant="body2" component="div">
            <KeylessCounts devices={code.devices} />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('doorCodes.author', { who: code.createdBy ?? t('doorCodes.unknownAuthor'), when: dateTime(code.createdAt) })}
          </Typography>
          <Box>
            <OpenButton code={code} model={model} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
