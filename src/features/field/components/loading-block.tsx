import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** A first load's place holder: a progress bar in a block of the content's height. */
export function LoadingBlock({ label, height }: { label: string; height: number }) {
  return (
    <Box aria-busy="true" sx={{ minHeight: height }}>
      <LinearProgress aria-label={label} />
    </Box>
  );
}
