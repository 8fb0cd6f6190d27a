import LockOutlined from '@mui/icons-material/LockOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/outbox/messages';
import { useLanguage } from '@/lib/preferences';
import type { StorageStatus } from '@/offline/storage';
import { formatBytes } from '../model';

/** How much the app stores on this device, and whether the browser may evict it. */
export function StorageNote({ status, loading }: { status: StorageStatus | null | undefined; loading: boolean }) {
  const t = useT();
  const language = useLanguage();
  if (loading) return null;
  const usage =
    status && status.usage !== null
      ? status.quota !== null
        ? t('outbox.storage.usage', { used: formatBytes(status.usage, language), quota: formatBytes(status.quota, language) })
        : t('outbox.storage.usageOnly', { used: formatBytes(status.usage, language) })
      : t('outbox.storage.unknown');
  const persisted = status?.persisted ?? false;
  return (
    <Box
      role="group"
      aria-label={t('outbox.storage.title')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, color: 'text.secondary', mb: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <StorageOutlined fontSize="small" />
        <Typography variant="body2">
          {t('outbox.storage.title')}: {usage}
        </Typography>
      </Box>
      {status && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: persisted ? 'success.main' : 'warning.dark' }}>
          {persisted ? <LockOutlined fontSize="small" /> : <WarningAmberOutlined fontSize="small" />}
          <Typography variant="body2">{t(persisted ? 'outbox.storage.persistent' : 'outbox.storage.notPersistent')}</Typography>
        </Box>
      )}
    </Box>
  );
}
