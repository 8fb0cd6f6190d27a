import Box from '@mui/material/Box';
import type { DoorCode } from '@contract/door-codes';
import { StatusChip } from '@/components/status-chip';
import { useServerText } from '@/i18n/i18n';
import { useT } from '../messages';

/**
 * A code stored but not yet on the device, marked as the keyless page marks its devices: «ждёт
 * отправки» and the device's reason in the reader's language (or that it was not tried yet).
 * Nothing for a written code.
 */
export function CodeOwed({ code }: { code: Pick<DoorCode, 'owed'> }) {
  const t = useT();
  const serverText = useServerText();
  if (!code.owed) return null;
  const { reason: message, reasonCode, reasonParams } = code.owed;
  const reason = message ? t('doorCodes.owed.reason', { reason: serverText({ message, messageCode: reasonCode, messageParams: reasonParams }) }) : t('doorCodes.owed.notTried');
  return (
    <Box component="span" data-testid="code-owed" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <StatusChip tone="bad">{t('doorCodes.owed')}</StatusChip>
      <Box component="span" sx={{ fontSize: '0.8125rem', color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {reason}
      </Box>
    </Box>
  );
}
