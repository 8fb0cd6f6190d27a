import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/device-wizard/messages';
import { STEPS, type Step } from '../model';

interface WizardStepperProps {
  labels: Record<Step, string>;
  active: Step;
  errors: (step: Step) => boolean;
  onSelect: (step: Step) => void;
}

/**
 * Six numbered steps. On a phone only the numbers show (each a 44 px target) with "Step n of 6"
 * and the step's name above them; from 600 px each number carries its name. Any step can be
 * opened: the draft is saved whatever its state.
 */
export function WizardStepper({ labels, active, errors, onSelect }: WizardStepperProps) {
  const t = useT();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, mb: 0.5 }}>
        {t('deviceWizard.stepOf', { step: active, count: STEPS.length })}
      </Typography>
      <Box component="ol" aria-label={t('deviceWizard.steps')} sx={{ display: 'flex', listStyle: 'none', p: 0, m: 0, gap: { xs: 0.5, sm: 0 } }}>
        {STEPS.map((step, index) => {
          const current = step === active;
          const error = errors(step);
          return (
            <Box component="li" key={step} sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
              {index > 0 && (
                <Box
                  aria-hidden
                  sx={{
                    display: { xs: 'none', sm: 'block' },
                    position: 'absolute',
                    top: 22,
                    left: 'calc(-50% + 20px)',
                    right: 'calc(50% + 20px)',
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                />
              )}
              <ButtonBase
                onClick={() => onSelect(step)}
                aria-current={current ? 'step' : undefined}
                aria-label={`${step}. ${labels[step]}`}
                sx={{
                  width: '100%',
                  minHeight: { xs: 44, sm: 56 },
                  flexDirection: 'column',
                  py: { xs: 0.5, sm: 1 },
                  borderRadius: 2,
                  bgcolor: { xs: current ? 'action.selected' : 'transparent', sm: 'transparent' },
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
                    bgcolor: error ? 'error.main' : current ? 'primary.main' : step < active ? 'primary.light' : 'grey.500',
                  }}
                >
                  {error ? '!' : step}
                </Box>
                <Typography
                  variant="caption"
                  aria-hidden
                  sx={{
                    display: { xs: 'none', sm: 'block' },
                    mt: 0.5,
                    fontSize: '0.875rem',
                    fontWeight: current ? 600 : 400,
                    color: error ? 'error.main' : current ? 'text.primary' : 'text.secondary',
                    maxWidth: '100%',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {labels[step]}
                </Typography>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
