import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface SectionProps {
  title: string;
  /** The server's message of the last failed write, shown above the form. */
  error?: string | null;
  actions?: ReactNode;
  children: ReactNode;
}

/** One card of the device card: a named region (tests and screen readers find it by its title). */
export function Section({ title, error, actions, children }: SectionProps) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      )}
      {children}
    </Paper>
  );
}

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
