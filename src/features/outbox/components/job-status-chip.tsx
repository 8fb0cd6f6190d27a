import Chip from '@mui/material/Chip';
import type { OutboxStatus } from '@/offline/db';
import { useOfflineT } from '@/offline/offline-strings';

const COLORS: Record<OutboxStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  'needs-attention': 'error',
  paused: 'warning',
};

export function JobStatusChip({ status }: { status: OutboxStatus }) {
  const offlineT = useOfflineT();
  return <Chip size="small" color={COLORS[status]} variant={status === 'queued' ? 'outlined' : 'filled'} label={offlineT(`offline.status.${status}`)} />;
}
