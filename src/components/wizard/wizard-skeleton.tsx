import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** A wizard's place while its draft is read. */
export function WizardSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={280} />
    </Stack>
  );
}
