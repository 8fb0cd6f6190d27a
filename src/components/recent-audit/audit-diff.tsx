import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditRecord } from '@contract/audit';
import { diffValue, isRefused } from './audit-model';
import { useT } from './messages';

const cell = { overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.8125rem', verticalAlign: 'top' } as const;

/** A record's changed fields before and after (secrets already masked by the server). */
export function AuditDiff({ record }: { record: Pick<AuditRecord, 'diff' | 'diffSource' | 'status'> }) {
  const t = useT();
  if (isRefused(record) || record.diff === null) return <Typography color="text.secondary">{t('recentAudit.diff.refused')}</Typography>;
  if (record.diff.length === 0) return <Typography color="text.secondary">{t('recentAudit.diff.empty')}</Typography>;
  const none = t('recentAudit.diff.none');
  return (
    <Box sx={{ minWidth: 0 }}>
      {record.diffSource === 'request' && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('recentAudit.diff.request')}
        </Typography>
      )}
      <Table size="small" sx={{ tableLayout: 'fixed', width: '100%' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: { xs: '40%', sm: '30%' } }}>{t('recentAudit.diff.field')}</TableCell>
            <TableCell>{t('recentAudit.diff.before')}</TableCell>
            <TableCell>{t('recentAudit.diff.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.diff.map((change) => (
            <TableRow key={change.field}>
              <TableCell sx={cell}>{change.field}</TableCell>
              <TableCell sx={cell}>{diffValue(change.before, none)}</TableCell>
              <TableCell sx={cell}>{diffValue(change.after, none)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
