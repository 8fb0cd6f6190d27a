import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useT } from '@/features/access/messages';

interface EntryRow {
  id: number;
  name: string;
  description: string | null;
}

interface EntryTableProps<R extends EntryRow> {
  label: string;
  rows: readonly R[];
  /** One more column (the services' type): its header and cell. */
  extra?: { header: string; cell: (row: R) => ReactNode };
  /** The row's controls (edit, delete); left out for readers. */
  actions?: (row: R) => ReactNode;
}

/**
 * A catalogue list: number, name, description. On a phone the description goes under the name
 * and the number is left out, so the table fits 390 px without scrolling sideways.
 */
export function EntryTable<R extends EntryRow>({ label, rows, extra, actions }: EntryTableProps<R>) {
  const t = useT();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {!phone && <TableCell sx={{ width: 56 }}>{t('access.catalogue.column.id')}</TableCell>}
            <TableCell>{t('access.catalogue.column.name')}</TableCell>
            {!phone && <TableCell>{t('access.catalogue.column.description')}</TableCell>}
            {extra && <TableCell>{extra.header}</TableCell>}
            {actions && (
              <TableCell align="right" sx={{ width: 96 }}>
                {t('access.catalogue.column.actions')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              {!phone && <TableCell>{row.id}</TableCell>}
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {row.name}
                {phone && row.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {row.description}
                  </Typography>
                )}
              </TableCell>
              {!phone && (
                <TableCell sx={{ overflowWrap: 'anywhere', color: row.description ? 'text.primary' : 'text.secondary' }}>{row.description ?? t('access.notSet')}</TableCell>
              )}
              {extra && <TableCell>{extra.cell(row)}</TableCell>}
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                  {actions(row)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
