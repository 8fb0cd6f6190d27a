import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useDateFormat } from '@/lib/dates';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import type { HistoryRow } from '../model';
import { useBlockHistory, type HistoryFilter } from '../use-block-history';
import { DeviceLink } from './device-link';
import { EmptyNote, Section } from './section';

const FILTERS: readonly HistoryFilter[] = ['all', 'flat', 'cms'];

export function HistorySection() {
  const t = useT();
  const { dateTime } = useDateFormat();
  const history = useBlockHistory();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const who = (row: HistoryRow) => row.login ?? t(row.scheduled ? 'flat.history.schedule' : 'flat.history.system');
  const what = (row: HistoryRow) => {
    if (row.blocked === null) return t('flat.history.unknown');
    if (row.kind === 'cms') return t(row.blocked ? 'flat.history.cmsBlocked' : 'flat.history.cmsUnblocked');
    return t(row.blocked ? 'flat.history.blocked' : 'flat.history.unblocked');
  };
  const device = (row: HistoryRow) => (row.mac ? <DeviceLink mac={row.mac} /> : t('flat.history.wholeFlat'));
  const tone = (row: HistoryRow) => (row.blocked ? 'error.main' : row.blocked === false ? 'success.main' : 'text.primary');

  let body;
  if (history.error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={history.retry}>
            {t('flat.retry')}
          </Button>
        }
      >
        {t('flat.history.error', { error: errorMessage(history.error) })}
      </Alert>
    );
  } else if (history.pending) {
    body = <Skeleton variant="rounded" height={96} />;
  } else if (history.rows.length === 0) {
    body = <EmptyNote>{t('flat.history.none')}</EmptyNote>;
  } else if (wide) {
    body = (
      <Box sx={{ overflowX: 'auto', maxHeight: 420, overflowY: 'auto' }}>
        <Table size="small" stickyHeader aria-label={t('flat.section.history')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('flat.history.date')}</TableCell>
              <TableCell>{t('flat.history.what')}</TableCell>
              <TableCell>{t('flat.history.who')}</TableCell>
              <TableCell>{t('flat.history.device')}</TableCell>
              <TableCell>{t('flat.history.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{dateTime(row.date)}</TableCell>
                <TableCell sx={{ color: tone(row), whiteSpace: 'nowrap' }}>{what(row)}</TableCell>
                <TableCell>{who(row)}</TableCell>
                <TableCell>{device(row)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.reason ?? t('flat.dash')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  } else {
    body = (
      <Box component="ul" aria-label={t('flat.section.history')} sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 480, overflowY: 'auto' }}>
        {history.rows.map((row) => (
          <Box component="li" key={row.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ color: tone(row), fontWeight: 500 }}>{what(row)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {dateTime(row.date)}
              </Typography>
            </Box>
            <Typography variant="body2" component="div">
              {who(row)} · {device(row)}
            </Typography>
            {row.reason && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {row.reason}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Section
      id="history"
      title={t('flat.section.history')}
      count={history.pending || history.error ? undefined : history.rows.length}
      actions={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={history.filter}
          onChange={(_event, next: HistoryFilter | null) => next && history.setFilter(next)}
          aria-label={t('flat.history.filter')}
        >
          {FILTERS.map((filter) => (
            <ToggleButton key={filter} value={filter} sx={{ px: 1.5, py: 0.25 }}>
              {t(`flat.history.filter.${filter}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {body}
    </Section>
  );
}
