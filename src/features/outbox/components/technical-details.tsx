import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/outbox/messages';

interface TechnicalDetailsProps {
  /** Label and value pairs; a null value is left out. */
  rows: ReadonlyArray<readonly [string, string | null]>;
}

/**
 * What a job or draft is in the app's own terms (kind, request, key), for support staff: folded
 * by default, so the installer reads the queue in words.
 */
export function TechnicalDetails({ rows }: TechnicalDetailsProps) {
  const t = useT();
  const shown = rows.filter((row): row is readonly [string, string] => row[1] !== null);
  return (
    <Box
      component="details"
      sx={{
        mt: 0.5,
        color: 'text.secondary',
        '& > summary': { cursor: 'pointer', width: 'fit-content', typography: 'caption', minHeight: 24, display: 'list-item' },
      }}
    >
      <summary>{t('outbox.details')}</summary>
      <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gap: 0.25, '& dd': { m: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' } }}>
        {shown.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" sx={{ display: 'block' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="caption" sx={{ display: 'block', color: 'text.primary' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
