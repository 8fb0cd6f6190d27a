import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useT } from './wizard-messages';

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
  /** Shown under the steps before the names of those with an error, and read after each one's name; «Есть поля для исправления» by default. */
  errorText?: string;
  steps: readonly WizardStep<S>[];
  active: S;
  onSelect: (step: S) => void;
}

/** Names that fit a 390 px phone in one row; with more steps a phone shows their numbers and, under them, the open one's name. */
const NAMED_ON_PHONE = 4;

/** The red circle with "!" that marks a step with an error, in the stepper and before the line that names them. */
const ERROR_MARK = '!';

/**
 * Every wizard's numbered steps, in one row of large buttons named "n. label". A step with an
 * error shows a red "!" and its name in red, and a line under the steps names every such step.
 * Drawn here rather than with MUI's Stepper, which is heavier than this.
 */
export function WizardStepper<S extends string | number>({ label, errorText, steps, active, onSelect }: WizardStepperProps<S>) {
  const t = useT();
  const errorId = useId();
  const namedOnPhone = steps.length <= NAMED_ON_PHONE;
  const activeIndex = steps.findIndex((step) => step.id === active);
  const wrong = steps.filter((step) => step.error);
  return (
    <Box sx={{ mb: 2 }}>
      <Box component="ol" aria-label={label} sx={{ display: 'flex', listStyle: 'none', p: 0, m: 0, gap: { xs: 0.5, sm: 0 } }}>
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
                aria-describedby={step.error ? errorId : undefined}
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
                <Mark color={color} size={28}>
                  {step.error ? ERROR_MARK : index + 1}
                </Mark>
                <Typography
                  variant="caption"
                  aria-hidden
                  sx={{
                    display: { xs: namedOnPhone ? 'block' : 'none', sm: 'block' },
                    mt: 0.5,
                    fontSize: { xs: '0.75rem', sm: '0.875rem' },
                    fontWeight: current || step.error ? 600 : 400,
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
      {!namedOnPhone && activeIndex >= 0 && (
        <Typography variant="body2" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5, textAlign: 'center', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {t('wizardSteps.stepOf', { number: activeIndex + 1, total: steps.length, label: steps[activeIndex].label })}
        </Typography>
      )}
      {wrong.length > 0 && (
        <Typography variant="body2" color="error" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>
          <Mark color="error.main" size={20}>
            {ERROR_MARK}
          </Mark>
          <span>
            <span id={errorId}>{errorText ?? t('wizardSteps.error')}</span>: {wrong.map((step) => step.label).join(', ')}
          </span>
        </Typography>
      )}
    </Box>
  );
}

function Mark({ color, size, children }: { color: string; size: number; children: ReactNode }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: Math.max(12, size / 2),
        fontWeight: 600,
        color: 'common.white',
        bgcolor: color,
      }}
    >
      {children}
    </Box>
  );
}
