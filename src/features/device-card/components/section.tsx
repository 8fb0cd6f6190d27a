import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A chip whose label wraps instead of being cut (a long address on a phone). */
export const WRAPPING_CHIP = { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 } } as const;

/** Sections side by side on a desktop, one column on a phone. */
export function SectionGrid({ children, columns = 2 }: { children: ReactNode; columns?: 1 | 2 | 3 }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', lg: `repeat(${columns}, minmax(0, 1fr))` } }}>{children}</Box>
  );
}

/** Form fields: one column on a phone, two from 600 px. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}
