import Box from '@mui/material/Box';
import type { FieldInstaller } from '@contract/field';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { useT, type FeatureMessageKey } from '../messages';
import { installerBadges, type FieldBadge } from '../model';

const BADGES: Record<FieldBadge, { tone: StatusTone; label: FeatureMessageKey }> = {
  attention: { tone: 'bad', label: 'field.badge.attention' },
  stale: { tone: 'off', label: 'field.badge.stale' },
  never: { tone: 'off', label: 'field.badge.never' },
  storage: { tone: 'off', label: 'field.badge.storage' },
  ok: { tone: 'good', label: 'field.badge.ok' },
};

/** An installer's state as badges: needs attention, stale (or never reported), storage not persistent. */
export function FieldBadges({ row }: { row: Pick<FieldInstaller, 'needsAttention' | 'stale' | 'storageNotPersistent' | 'lastReportAt'> }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {installerBadges(row).map((badge) => (
        <StatusChip key={badge} tone={BADGES[badge].tone}>
          {t(BADGES[badge].label)}
        </StatusChip>
      ))}
    </Box>
  );
}
