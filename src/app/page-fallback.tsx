import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useT } from '@/i18n/i18n';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/** Shown while the first route's code loads; a CSS spinner keeps MUI's CircularProgress out of the entry chunk. */
export function PageFallback() {
  const t = useT();
  return (
    <Box role="progressbar" aria-label={t('app.loading')} sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: 4,
          borderColor: 'primary.main',
          borderTopColor: 'transparent',
          animation: `${spin} 0.9s linear infinite`,
        }}
      />
    </Box>
  );
}
