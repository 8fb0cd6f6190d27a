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
import { useId } from 'react';
import { useT } from '@/features/access/messages';
import type { StatusResult } from '../use-blocked-flats';

/** What a bulk block / unblock did, flat by flat: the failed first, each with the server's reason. */
export function StatusResultDialog({ result, onClose }: { result: StatusResult; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const done = result.change === 'block' ? t('access.result.blocked') : t('access.result.unblocked');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{result.change === 'block' ? t('access.result.block') : t('access.result.unblock')}</DialogTitle>
      <DialogContent>
        <Alert severity={result.failed === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'} sx={{ mb: 2 }}>
          {t('access.result.summary', { succeeded: result.succeeded, failed: result.failed })}
        </Alert>
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
                <TableRow key={`${row.houseUid}:${row.flatNum}`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.address ?? row.houseUid}</TableCell>
                  <TableCell>{row.flatNum}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', color: row.result ? 'success.main' : 'error.main' }}>
                      {row.result ? <CheckCircle fontSize="small" aria-hidden /> : <ErrorOutline fontSize="small" aria-hidden />}
                      <Box component="span" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
                        {row.result ? done : `${t('access.result.failed')}: ${row.message ?? t('access.result.noReason')}`}
                      </Box>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
