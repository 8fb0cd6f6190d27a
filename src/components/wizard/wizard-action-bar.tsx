import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** The bar's main button: the next step, the submission on the last step, or a new wizard once done. */
export type WizardAction =
  | { kind: 'next'; label: string }
  | { kind: 'submit'; label: string; icon: ReactNode; busy: boolean; disabled: boolean }
  | { kind: 'start-new'; label: string; onClick: () => void; done: boolean };

interface WizardActionBarProps {
  back: { label: string; disabled: boolean; onClick: () => void };
  action: WizardAction;
}

/**
 * Every wizard's large buttons, kept in reach at the bottom of a phone's screen. "Next" and the
 * submission are the form's submit buttons, so Enter in a field does the same.
 */
export function WizardActionBar({ back, action }: WizardActionBarProps) {
  return (
    <Paper
      elevation={3}
      sx={{ position: 'sticky', bottom: 0, zIndex: 2, display: 'flex', gap: 1, p: 1.5, mx: { xs: -1.5, sm: 0 }, borderRadius: { xs: 0, sm: 2 } }}
    >
      <Button size="large" startIcon={<ArrowBack />} disabled={back.disabled} onClick={back.onClick} sx={{ minHeight: 48 }}>
        {back.label}
      </Button>
      <Box sx={{ flex: 1 }} />
      {/* Keys keep the three buttons apart: a reused one would fade between enabled and disabled. */}
      {action.kind === 'start-new' && (
        <Button
          key="new"
          size="large"
          variant={action.done ? 'contained' : 'outlined'}
          color={action.done ? 'success' : 'primary'}
          startIcon={<Add />}
          onClick={action.onClick}
          sx={{ minHeight: 48, minWidth: 160, whiteSpace: 'nowrap' }}
        >
          {action.label}
        </Button>
      )}
      {action.kind === 'submit' && (
        <Button
          key="submit"
          type="submit"
          size="large"
          variant="contained"
          startIcon={action.busy ? <CircularProgress size={18} color="inherit" /> : action.icon}
          disabled={action.disabled || action.busy}
          sx={{ minHeight: 48, minWidth: 160 }}
        >
          {action.label}
        </Button>
      )}
      {action.kind === 'next' && (
        <Button key="next" type="submit" size="large" variant="contained" endIcon={<ArrowForward />} sx={{ minHeight: 48, minWidth: 140 }}>
          {action.label}
        </Button>
      )}
    </Paper>
  );
}
