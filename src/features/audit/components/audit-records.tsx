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
import type { AuditRecord } from '@contract/audit';
import { AuditSummary } from '@/components/recent-audit/audit-changes';
import { isRefused } from '@/components/recent-audit/audit-model';
import { StatusChip } from '@/components/status-chip';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';

interface RecordsProps {
  rows: AuditRecord[];
  busy: boolean;
  onOpen: (record: AuditRecord) => void;
}

function Result({ record }: { record: AuditRecord }) {
  return <StatusChip tone={isRefused(record) ? 'bad' : 'good'}>{record.status}</StatusChip>;
}

function OpenButton({ record, onOpen }: { record: AuditRecord; onOpen: (record: AuditRecord) => void }) {
  const t = useT();
  return (
    <Button size="small" aria-label={t('audit.openOf', { id: record.id })} onClick={() => onOpen(record)}>
      {t('audit.open')}
    </Button>
  );
}

const mono = { fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' } as const;

/** The records as a table (from 900 px). */
export function AuditTable({ rows, busy, onOpen }: RecordsProps) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('audit.title')} aria-busy={busy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('audit.column.when')}</TableCell>
            <TableCell>{t('audit.column.who')}</TableCell>
            <TableCell sx={{ width: '45%' }}>{t('audit.column.what')}</TableCell>
            <TableCell>{t('audit.column.result')}</TableCell>
            <TableCell>{t('audit.column.from')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((record) => (
            <TableRow key={record.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(record.at)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{record.userLogin ?? t('audit.dash')}</TableCell>
              <TableCell>
                <AuditSummary record={record} />
              </TableCell>
              <TableCell>
                <Result record={record} />
              </TableCell>
              <TableCell sx={mono}>{record.ip ?? t('audit.dash')}</TableCell>
              <TableCell align="right">
                <OpenButton record={record} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The records as cards (a phone). */
export function AuditCards({ rows, onOpen }: RecordsProps) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (
    <Box component="ul" aria-label={t('audit.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((record) => (
        <Paper component="li" key={record.id} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2">{dateTime(record.at)}</Typography>
            <Result record={record} />
          </Box>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{record.userLogin ?? t('audit.dash')}</Typography>
          <AuditSummary record={record} />
          <Box>
            <OpenButton record={record} onOpen={onOpen} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
