import Box from '@mui/material/Box';
import { StatusChip } from '@/components/status-chip';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';

/** «до 31.12.2026, 21:00» or «Бессрочно», with the «истёк» badge once it has passed. */
export function CodeExpiry({ expiresAt, expired }: { expiresAt: string | null; expired: boolean }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span>{expiresAt === null ? t('doorCodes.never') : dateTime(expiresAt)}</span>
      {expired && <StatusChip tone="bad">{t('doorCodes.expired')}</StatusChip>}
    </Box>
  );
}
