import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface PageSectionProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  /** How many entries the section lists, beside its title. */
  count?: number;
  /** The server's message of the last failed write, shown above the content. */
  error?: string | null;
  /** The element id a section bar jumps to. */
  anchor?: string;
  /** The content runs to the frame's edges (a table), under a header with a divider. */
  flush?: boolean;
}

/** One framed part of a screen: a region named by its h2 (tests and screen readers find it by the title). */
export function PageSection({ title, actions, children, count, error, anchor, flush = false }: PageSectionProps) {
  const id = useId();
  return (
    <Paper
      component="section"
      id={anchor}
      variant="outlined"
      aria-labelledby={id}
      // The sticky section bar must not cover the title after a jump.
      sx={{ p: flush ? 0 : { xs: 1.5, sm: 2 }, minWidth: 0, scrollMarginTop: anchor ? 120 : undefined }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          // As tall with or without a button, so side-by-side sections start their content level.
          minHeight: 40,
          ...(flush ? { px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' } : { mb: 1.5 }),
        }}
      >
        <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, flex: 1, minWidth: 120 }}>
          {title}
          {count !== undefined && (
            <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 400 }}>
              {count}
            </Box>
          )}
        </Typography>
        {actions}
      </Box>
      {error && (
        <Alert severity="error" sx={flush ? { m: 2 } : { mb: 1.5 }}>
          {error}
        </Alert>
      )}
      {children}
    </Paper>
  );
}
