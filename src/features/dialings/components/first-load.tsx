import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** Stands in for a section until its first answer, as tall as what comes (no jump when it arrives). */
export function FirstLoad({ label, minHeight }: { label: string; minHeight: number }) {
  return (
    <Box aria-busy="true" sx={{ minHeight }}>
      <LinearProgress aria-label={label} />
    </Box>
  );
}
