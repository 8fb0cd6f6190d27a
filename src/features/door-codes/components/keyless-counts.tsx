import Box from '@mui/material/Box';
import type { KeylessCode, KeylessTarget } from '@contract/door-codes';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { useT } from '../messages';

const TONE: Record<KeylessTarget['status'], StatusTone> = { written: 'good', failed: 'bad', pending: 'off' };

/** Where a code went, in words: «записан 3 из 4 · ошибок 1 · ожидает 0» (the zero parts left out). */
export function KeylessCounts({ devices }: { devices: KeylessCode['devices'] }) {
  const t = useT();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <span>{t('keyless.devices', { written: devices.written, total: devices.total })}</span>
      {devices.failed > 0 && <StatusChip tone="bad">{t('keyless.devicesFailed', { failed: devices.failed })}</StatusChip>}
      {devices.pending > 0 && <StatusChip tone="off">{t('keyless.devicesPending', { pending: devices.pending })}</StatusChip>}
    </Box>
  );
}

export function TargetStatus({ status }: { status: KeylessTarget['status'] }) {
  const t = useT();
  return <StatusChip tone={TONE[status]}>{t(`keyless.target.${status}`)}</StatusChip>;
}
