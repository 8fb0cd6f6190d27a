import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';

interface StepBarProps<S extends string> {
  label: string;
  steps: readonly { id: S; label: string; error: boolean }[];
  active: S;
  onSelect: (step: S) => void;
}

/** Numbered steps in one row, each a large button: any step can be opened, the draft is saved whatever its state. */
export function StepBar<S extends string>({ label, steps, active, onSelect }: StepBarProps<S>) {
  return (
    <Box component="ol" aria-label={label} sx={{ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', gap: 0.5, listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {steps.map((step, index) => {
        const current = step.id === active;
        const color = step.error ? 'error.main' : current ? 'primary.main' : 'grey.500';
        return (
          <Box component="li" key={step.id} sx={{ minWidth: 0 }}>
            <ButtonBase
              onClick={() => onSelect(step.id)}
              aria-current={current ? 'step' : undefined}
              sx={{
                width: '100%',
                minHeight: 56,
                flexDirection: { xs: 'column', sm: 'row' },
                gap: { xs: 0.25, sm: 1 },
                px: 0.5,
                borderRadius: '8px 8px 0 0',
                borderBottom: 3,
                borderColor: current || step.error ? color : 'divider',
              }}
            >
              <Box
                aria-hidden
                sx={{ width: 24, height: 24, flexShrink: 0, borderRadius: '50%', display: 'grid', placeItems: 'center', fontSize: 13, fontWeight: 600, color: 'common.white', bgcolor: color }}
              >
                {step.error ? '!' : index + 1}
              </Box>
              <Typography variant="body2" noWrap sx={{ maxWidth: '100%', fontSize: { xs: '0.8rem', sm: '0.875rem' }, fontWeight: current ? 600 : 400, color: step.error ? 'error.main' : current ? 'text.primary' : 'text.secondary' }}>
                {step.label}
              </Typography>
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}
