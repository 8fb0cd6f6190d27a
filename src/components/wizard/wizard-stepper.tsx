import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface WizardStep<S extends string | number> {
  id: S;
  label: string;
  /** A field of this step needs correcting: the number turns into a red "!". */
  error?: boolean;
  /** Not reachable yet: a step after the first unfinished one. */
  disabled?: boolean;
}

interface WizardStepperProps<S extends string | number> {
  label: string;
  /** Read after a step's name when it has an error (the red "!" is not read). */
  errorText?: string;
  steps: readonly WizardStep<S>[];
  active: S;
  onSelect: (step: S) => void;
}

const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

/** Names that fit a 390 px phone in one row; with more steps a phone shows their numbers, and the screen's heading names the open one. */
const NAMED_ON_PHONE = 4;

/**
 * Every wizard's numbered steps, in one row of large buttons named "n. label". Drawn here rather
 * than with MUI's Stepper, which is heavier than this.
 */
export function WizardStepper<S extends string | number>({ label, errorText, steps, active, onSelect }: WizardStepperProps<S>) {
  const errorId = useId();
  const namedOnPhone = steps.length <= NAMED_ON_PHONE;
  const activeIndex = steps.findIndex((step) => step.id === active);
  return (
    <>
      <Box component="ol" aria-label={label} sx={{ display: 'flex', listStyle: 'none', p: 0, m: 0, mb: 2, gap: { xs: 0.5, sm: 0 } }}>
        {steps.map((step, index) => {
          const current = index === activeIndex;
          const color = step.error ? 'error.main' : current ? 'primary.main' : index < activeIndex ? 'primary.light' : 'grey.500';
          return (
            <Box component="li" key={step.id} sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
              {index > 0 && (
                <Box
                  aria-hidden
                  sx={{ display: { xs: 'none', sm: 'block' }, position: 'absolute', top: 22, left: 'calc(-50% + 20px)', right: 'calc(50% + 20px)', borderTop: 1, borderColor: 'divider' }}
                />
              )}
              <ButtonBase
                onClick={() => onSelect(step.id)}
                disabled={step.disabled}
                aria-current={current ? 'step' : undefined}
                aria-label={`${index + 1}. ${step.label}`}
                aria-describedby={step.error && errorText ? errorId : undefined}
                sx={{
                  width: '100%',
                  minHeight: { xs: namedOnPhone ? 56 : 44, sm: 56 },
                  flexDirection: 'column',
                  py: { xs: namedOnPhone ? 1 : 0.5, sm: 1 },
                  borderRadius: 2,
                  opacity: step.disabled ? 0.5 : 1,
                  bgcolor: { xs: current && !namedOnPhone ? 'action.selected' : 'transparent', sm: 'transparent' },
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: 14,
                    fontWeight: 600,
                    color: 'common.white',
                    bgcolor: color,
                  }}
                >
                  {step.error ? '!' : index + 1}
                </Box>
                <Typography
                  variant="caption"
                  aria-hidden
                  sx={{
                    display: { xs: namedOnPhone ? 'block' : 'none', sm: 'block' },
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
      {errorText && (
        <Box component="span" id={errorId} sx={VISUALLY_HIDDEN}>
          {errorText}
        </Box>
      )}
    </>
  );
}
