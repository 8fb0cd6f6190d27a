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
import { Link as RouterLink } from 'react-router-dom';
import { isInnerKey, type DeviceKeyRow } from '@contract/keys';
import { StatusChip } from '@/components/status-chip';
import { phoneTapTarget } from '@/components/tap-target';
import { deviceKeysPath } from '@/lib/device-paths';
import { useT } from '../messages';

interface KeyRowsProps {
  rows: readonly DeviceKeyRow[];
  /** MAC → house address (the list's `addresses`). */
  addresses: Record<string, string>;
}

const rowId = (row: DeviceKeyRow) => `${row.MAC}|${row.VALUE}|${row.INNER}|${row.KEY_ID ?? ''}`;
// A key bound to a flat is at that flat's house; any other at its device's (the list's `addresses`).
const addressOf = (row: DeviceKeyRow, addresses: Record<string, string>) => row.ADDRESS ?? addresses[row.MAC] ?? null;

/** A device's MAC opening its keys. */
export function DeviceLink({ mac }: { mac: string }) {
  const t = useT();
  return (
    <Link component={RouterLink} to={deviceKeysPath(mac)} aria-label={t('keys.deviceKeys', { mac })} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', ...phoneTapTarget }}>
      {mac}
    </Link>
  );
}

/** From 900 px: one row per key on a device. */
export function KeyTable({ rows, addresses, loading }: KeyRowsProps & { loading: boolean }) {
  const t = useT();
  const flag = (on: boolean) => (on ? t('keys.yes') : t('keys.no'));
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('keys.title')} aria-busy={loading}>
        <TableHead>
          <TableRow>
            <TableCell>{t('keys.column.value')}</TableCell>
            <TableCell>{t('keys.column.device')}</TableCell>
            <TableCell sx={{ width: '30%' }}>{t('keys.column.address')}</TableCell>
            <TableCell align="right">{t('keys.column.flat')}</TableCell>
            <TableCell>{t('keys.column.inner')}</TableCell>
            <TableCell>{t('keys.column.security')}</TableCell>
            <TableCell>{t('keys.column.authentic')}</TableCell>
            <TableCell>{t('keys.column.blocked')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowId(row)} hover>
              <TableCell>
                <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {row.VALUE}
                </Box>
                {row.KEY_TYPE && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {row.KEY_TYPE}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <DeviceLink mac={row.MAC} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{addressOf(row, addresses) ?? '—'}</TableCell>
              <TableCell align="right">{row.FLAT_NUM ?? '—'}</TableCell>
              <TableCell>{isInnerKey(row.INNER) ? t('keys.inner') : t('keys.outer')}</TableCell>
              <TableCell>{flag(row.IS_SECURITY === 1)}</TableCell>
              <TableCell>{flag(row.AUTHENTIC === 1)}</TableCell>
              <TableCell>{row.BLOCKED === 1 ? <StatusChip tone="bad">{t('keys.yes')}</StatusChip> : t('keys.no')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below 900 px: a card per key, its states as badges only when they are not the usual ones. */
export function KeyCards({ rows, addresses }: KeyRowsProps) {
  const t = useT();
  return (
    <Box component="ul" aria-label={t('keys.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Paper component="li" key={rowId(row)} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
            <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}>{row.VALUE}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[row.KEY_TYPE, isInnerKey(row.INNER) ? t('keys.inner') : t('keys.outer'), row.FLAT_NUM === null ? null : t('keys.card.flat', { flat: row.FLAT_NUM })].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <Box>
            <DeviceLink mac={row.MAC} />
          </Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} color={addressOf(row, addresses) ? undefined : 'text.secondary'}>
            {addressOf(row, addresses) ?? t('keys.noAddress')}
          </Typography>
          {(row.IS_SECURITY === 1 || row.AUTHENTIC !== 1 || row.BLOCKED === 1) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {row.IS_SECURITY === 1 && <StatusChip tone="good">{t('keys.card.security')}</StatusChip>}
              {row.AUTHENTIC !== 1 && <StatusChip tone="off">{t('keys.card.notAuthentic')}</StatusChip>}
              {row.BLOCKED === 1 && <StatusChip tone="bad">{t('keys.card.blocked')}</StatusChip>}
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
