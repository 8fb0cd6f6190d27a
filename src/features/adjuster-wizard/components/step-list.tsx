import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';

interface StepListProps<S extends string> {
  label: string;
  steps: readonly { id: S; label: string; disabled: boolean }[];
  active: S;
  onSelect: (step: S) => void;
}

/** Numbered steps on one line, each a large button; a step after the first unfinished one is disabled. */
export function StepList<S extends string>({ label, steps, active, onSelect }: StepListProps<S>) {
  return (
    <Box component="ol" aria-label={label} sx={{ display: 'flex', listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {steps.map((step, index) => {
        const current = step.id === active;
        return (
          <Box component="li" key={step.id} sx={{ flex: 1, minWidth: 0, overflow: 'visible' }}>
            <ButtonBase
              onClick={() => onSelect(step.id)}
              disabled={step.disabled}
              aria-current={current ? 'step' : undefined}
              aria-label={step.label}
              sx={{ width: '100%', minHeight: 56, flexDirection: 'column', justifyContent: 'flex-start', py: 1, borderRadius: 2, opacity: step.disabled ? 0.5 : 1 }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 26,
                  height: 26,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 13,
                  fontWeight: 600,
                  color: 'common.white',
                  bgcolor: current ? 'primary.main' : 'grey.500',
                }}
              >
                {index + 1}
              </Box>
              <Typography
                variant="caption"
                sx={{
                  mt: 0.5,
                  fontSize: { xs: '0.8rem', sm: '0.875rem' },
                  fontWeight: current ? 600 : 400,
                  color: current ? 'text.primary' : 'text.secondary',
                  whiteSpace: 'nowrap',
                  // A phone shows only the current step's name (six names do not fit); it may overflow its column.
                  display: { xs: current ? 'block' : 'none', sm: 'block' },
                }}
              >
                {step.label}
              </Typography>
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}
