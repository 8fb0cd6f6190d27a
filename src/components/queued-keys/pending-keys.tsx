import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { StatusChip } from '@/components/status-chip';
import type { OutboxStatus } from '@/offline/db';
import type { PendingKey } from './key-jobs';
import { useT, type FeatureMessageKey } from './messages';
import { useServerText } from '@/i18n/i18n';

const STATUS_TEXT: Record<OutboxStatus, FeatureMessageKey> = {
  queued: 'queuedKeys.status.queued',
  sending: 'queuedKeys.status.sending',
  // Shown only until the screen reads its data again.
  sent: 'queuedKeys.status.sending',
  paused: 'queuedKeys.status.paused',
  'needs-attention': 'queuedKeys.status.needs-attention',
};

interface PendingKeysProps {
  keys: readonly PendingKey[];
  /** The queue screen's path, for those who may open it. */
  outboxPath?: string;
}

/** The keys added with no signal and not yet confirmed by the server, each with its job's state. */
export function PendingKeys({ keys, outboxPath }: PendingKeysProps) {
  const t = useT();
  const serverText = useServerText();
  if (keys.length === 0) return null;
  return (
    <Box component="section" aria-label={t('queuedKeys.list')} sx={{ border: 1, borderColor: 'warning.main', borderRadius: 1, p: 1.5, mb: 2, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h2">
        {t('queuedKeys.title', { count: keys.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('queuedKeys.hint')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {keys.map((key) => (
          <Box component="li" key={key.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5, borderTop: 1, borderColor: 'divider', minWidth: 0 }}>
            <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>{key.value}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {key.mac}
            </Typography>
            <StatusChip tone={key.status === 'needs-attention' ? 'bad' : 'off'}>{t(STATUS_TEXT[key.status])}</StatusChip>
            {key.status === 'needs-attention' && key.error && (
              <Typography variant="body2" color="error" sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
                {serverText(key.error)}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      {outboxPath && (
        <Link component={RouterLink} to={outboxPath} variant="body2">
          {t('queuedKeys.outbox')}
        </Link>
      )}
    </Box>
  );
}
