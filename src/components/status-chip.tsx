import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** `good` green outline (active), `bad` filled red (blocked), `off` filled grey (disabled). */
export type StatusTone = 'good' | 'bad' | 'off';

const TONES = {
  good: { borderColor: 'success.main', bgcolor: 'transparent', color: 'success.dark' },
  bad: { borderColor: 'error.main', bgcolor: 'error.main', color: 'error.contrastText' },
  off: { borderColor: 'text.disabled', bgcolor: 'action.selected', color: 'text.secondary' },
} as const;

/** A state in words as a small badge (a badge of its own: MUI's Chip would cost the route its code). */
export function StatusChip({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 3,
        fontSize: '0.8125rem',
        lineHeight: 1.5,
        border: 1,
        whiteSpace: 'nowrap',
        ...TONES[tone],
      }}
    >
      {children}
    </Box>
  );
}
