import Box from '@mui/material/Box';
import type { DoorCode } from '@contract/door-codes';
import { StatusChip } from '@/components/status-chip';
import { useT } from '../messages';

/**
 * A code stored but not yet on the device, marked as the keyless page marks its devices: «ждёт
 * отправки» and the device's reason (or that it was not tried yet). Nothing for a written code.
 */
export function CodeOwed({ code }: { code: Pick<DoorCode, 'owed'> }) {
  const t = useT();
  if (!code.owed) return null;
  const reason = code.owed.reason ? t('doorCodes.owed.reason', { reason: code.owed.reason }) : t('doorCodes.owed.notTried');
  return (
    <Box component="span" data-testid="code-owed" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <StatusChip tone="bad">{t('doorCodes.owed')}</StatusChip>
      <Box component="span" sx={{ fontSize: '0.8125rem', color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {reason}
      </Box>
    </Box>
  );
}
