import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Item {
  key: string | number;
  primary: ReactNode;
  secondary?: ReactNode;
  action?: ReactNode;
}

/** A section's entries, one a row, the action at the end: the same at 390 px and at 1440 px. */
export function ItemList({ label, items }: { label: string; items: readonly Item[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.key}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, minWidth: 0, '& + &': { borderTop: 1, borderColor: 'divider' } }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
              {item.primary}
            </Typography>
            {item.secondary && (
              <Typography component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {item.secondary}
              </Typography>
            )}
          </Box>
          {item.action}
        </Box>
      ))}
    </Box>
  );
}
