import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Read-only values as a definition list: a label and its value per row, two columns when there is room. */
export function Facts({ items, label }: { items: { term: string; value: ReactNode }[]; label?: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      {items.map((item) => (
        <Box key={item.term} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The empty state of a section: a quiet line, not a blank box. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
      {children}
    </Typography>
  );
}

/** A grey block where content will be (MUI's Skeleton would cost the route its own chunk). */
export function Placeholder({ height }: { height: number }) {
  return <Box aria-hidden sx={{ height, borderRadius: 1, bgcolor: 'action.hover' }} />;
}
