import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { OutcomeTone } from '../model';

const TONES: Record<OutcomeTone, object> = {
  success: { borderColor: 'success.main', color: 'success.dark' },
  warning: { borderColor: 'warning.main', color: 'warning.dark' },
  error: { borderColor: 'error.main', bgcolor: 'error.main', color: 'error.contrastText' },
  neutral: { borderColor: 'text.disabled', bgcolor: 'action.selected', color: 'text.secondary' },
};

/** An outcome in words in its colour (a badge of its own: MUI's Chip would cost the route its code). */
export function ToneBadge({ tone, children }: { tone: OutcomeTone; children: ReactNode }) {
  return (
    <Box
      component="span"
      data-tone={tone}
      sx={{ display: 'inline-block', px: 1, py: 0.25, borderRadius: 3, fontSize: '0.8125rem', lineHeight: 1.5, border: 1, whiteSpace: 'nowrap', ...TONES[tone] }}
    >
      {children}
    </Box>
  );
}
