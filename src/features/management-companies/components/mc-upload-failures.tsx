import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { McUploadFailure } from '@contract/mc';
import { useT } from '@/features/management-companies/messages';
import { useServerText } from '@/i18n/i18n';

/** The devices the upload could not reach: MAC and the device's reason. */
export function McUploadFailures({ failures }: { failures: readonly McUploadFailure[] }) {
  const t = useT();
  const serverText = useServerText();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label={t('mc.upload.failures')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 180 }}>{t('mc.upload.column.mac')}</TableCell>
            <TableCell>{t('mc.upload.column.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {failures.map((failure) => (
            <TableRow key={failure.deviceId}>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{failure.mac}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{serverText({ message: failure.reason, messageCode: failure.reasonCode, messageParams: failure.reasonParams })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
