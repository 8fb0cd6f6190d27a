import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Four grey rows where a list's first page will be (a file of its own: a list without it carries no Skeleton). */
export function ListSkeleton({ rowHeight }: { rowHeight: number }) {
  return (
    <Box aria-busy="true" sx={{ display: 'grid', gap: 1 }}>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} variant="rounded" height={rowHeight} />
      ))}
    </Box>
  );
}
