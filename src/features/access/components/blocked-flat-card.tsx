import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '@/features/access/messages';

interface BlockedFlatCardProps {
  flat: ReactNode;
  house: ReactNode;
  since: string;
  by: string;
  reason: string | null;
}

/** A blocked flat as a phone shows it: the flat and its house (each a link), then since when, by whom and why. */
export function BlockedFlatCard({ flat, house, since, by, reason }: BlockedFlatCardProps) {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0, flex: 1 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {flat}
      </Typography>
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        {house}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('access.blocked.cardSince', { date: since })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('access.blocked.cardBy', { who: by })}
      </Typography>
      {reason && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('access.blocked.cardReason', { reason })}
        </Typography>
      )}
    </Box>
  );
}
