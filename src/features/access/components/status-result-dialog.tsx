import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useT } from '@/features/access/messages';
import type { StatusResult } from '../use-blocked-flats';

type Outcome = StatusResult['rows'][number];

/** What a bulk block / unblock did, flat by flat: the failed first, each with the server's reason; a list on a phone. */
export function StatusResultDialog({ result, onClose }: { result: StatusResult; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const done = result.change === 'block' ? t('access.result.blocked') : t('access.result.unblocked');
  const outcome = (row: Outcome) => (
    <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', color: row.result ? 'success.main' : 'error.main' }}>
      {row.result ? <CheckCircle fontSize="small" aria-hidden /> : <ErrorOutline fontSize="small" aria-hidden />}
      <Box component="span" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
        {row.result ? done : `${t('access.result.failed')}: ${row.message ?? t('access.result.noReason')}`}
      </Box>
    </Box>
  );
  const key = (row: Outcome) => `${row.houseUid}:${row.flatNum}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{result.change === 'block' ? t('access.result.block') : t('access.result.unblock')}</DialogTitle>
      <DialogContent>
        <Alert severity={result.failed === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'} sx={{ mb: 2 }}>
          {t('access.result.summary', { succeeded: result.succeeded, failed: result.failed })}
        </Alert>
        {phone ? (
          <Box component="ul" aria-label={t('access.result.table')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {result.rows.map((row) => (
              <Box component="li" key={key(row)} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, display: 'grid', gap: 0.25 }}>
                <Typography sx={{ fontWeight: 600 }}>{t('access.result.flat', { flat: row.flatNum })}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.address ?? row.houseUid}
                </Typography>
                {outcome(row)}
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer sx={{ maxHeight: '50vh' }}>
            <Table size="small" stickyHeader aria-label={t('access.result.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('access.result.column.house')}</TableCell>
                  <TableCell>{t('access.result.column.flat')}</TableCell>
                  <TableCell>{t('access.result.column.result')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rows.map((row) => (
                  <TableRow key={key(row)}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.address ?? row.houseUid}</TableCell>
                    <TableCell>{row.flatNum}</TableCell>
                    <TableCell>{outcome(row)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
