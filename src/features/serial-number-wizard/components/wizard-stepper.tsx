import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';

interface WizardStepperProps<S extends string> {
  label: string;
  steps: readonly { id: S; label: string; error: boolean }[];
  active: S;
  onSelect: (step: S) => void;
}

/**
 * Numbered steps on one line, each a large button (any step can be opened: the draft is saved
 * whatever its state). Drawn here rather than with MUI's Stepper, which is heavier than this.
 */
export function WizardStepper<S extends string>({ label, steps, active, onSelect }: WizardStepperProps<S>) {
  return (
    <Box component="ol" aria-label={label} sx={{ display: 'flex', listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {steps.map((step, index) => {
        const current = step.id === active;
        return (
          <Box component="li" key={step.id} sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
            {index > 0 && (
              <Box
                aria-hidden
                sx={{ position: 'absolute', top: 22, left: 'calc(-50% + 20px)', right: 'calc(50% + 20px)', borderTop: 1, borderColor: 'divider' }}
              />
            )}
            <ButtonBase
              onClick={() => onSelect(step.id)}
              aria-current={current ? 'step' : undefined}
              sx={{ width: '100%', minHeight: 56, flexDirection: 'column', py: 1, borderRadius: 2 }}
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
                  bgcolor: step.error ? 'error.main' : current ? 'primary.main' : 'grey.500',
                }}
              >
                {step.error ? '!' : index + 1}
              </Box>
              <Typography
                variant="caption"
                sx={{
                  mt: 0.5,
                  fontSize: { xs: '0.75rem', sm: '0.875rem' },
                  fontWeight: current ? 600 : 400,
                  color: step.error ? 'error.main' : current ? 'text.primary' : 'text.secondary',
                  maxWidth: '100%',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
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
