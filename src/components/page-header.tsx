import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The title row every screen starts with: the h1 and, on the right, the screen's main actions. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Typography variant="h1" sx={{ flex: 1, minWidth: 200 }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
