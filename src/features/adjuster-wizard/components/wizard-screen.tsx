import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef } from 'react';
import { useFocusFirstInvalid } from '@/components/wizard/step-checks';
import { WizardActionBar } from '@/components/wizard/wizard-action-bar';
import { WizardStepper } from '@/components/wizard/wizard-stepper';
import { useT, type MessageKey } from '@/features/adjuster-wizard/messages';
import { stepIndex, WIZARD_STEPS, type WizardStep } from '../model';
import { useAdjusterWizard, type WizardStart } from '../use-adjuster-wizard';
import { PortStep } from './port-step';

// The wizard opens on the port step; the later steps load when shown (route budget 250 KB gzip).
const EntranceStep = lazy(() => import('./entrance-step').then((m) => ({ default: m.EntranceStep })));
const JobsStep = lazy(() => import('./jobs-step').then((m) => ({ default: m.JobsStep })));
const DeviceStep = lazy(() => import('./device-step').then((m) => ({ default: m.DeviceStep })));
const SetupStep = lazy(() => import('./setup-step').then((m) => ({ default: m.SetupStep })));
const BindStep = lazy(() => import('./bind-step').then((m) => ({ default: m.BindStep })));

const STEP_LABELS: Record<WizardStep, MessageKey> = {
  port: 'adjusterWizard.step.port',
  entrance: 'adjusterWizard.step.entrance',
  jobs: 'adjusterWizard.step.jobs',
  device: 'adjusterWizard.step.device',
  setup: 'adjusterWizard.step.setup',
  bind: 'adjusterWizard.step.bind',
};

/** One column on a phone, with the back / next bar kept in reach at the bottom. */
export function WizardScreen({ start, onStartNew }: { start: WizardStart; onStartNew: () => void }) {
  const t = useT();
  const wizard = useAdjusterWizard(start);
  const index = stepIndex(wizard.step);
  const last = index === WIZARD_STEPS.length - 1;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(wizard.checkAttempts, formRef);

  const go = (step: WizardStep) => {
    wizard.goTo(step);
    window.scrollTo({ top: 0 });
  };

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A refused move stays on the step: the focus goes to its first wrong field instead of the top.
        if (!last && wizard.next()) window.scrollTo({ top: 0 });
      }}
    >
      <WizardStepper
        label={t('adjusterWizard.steps')}
        errorText={t('adjusterWizard.stepError')}
        steps={WIZARD_STEPS.map((step) => ({ id: step, label: t(STEP_LABELS[step]), error: wizard.stepError(step), disabled: !wizard.reachable(step) }))}
        active={wizard.step}
        onSelect={go}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          {t(STEP_LABELS[wizard.step])}
        </Typography>
        {wizard.step === 'port' && <PortStep wizard={wizard} />}
        <Suspense fallback={<CircularProgress size={24} aria-label={t('app.loading')} />}>
          {wizard.step === 'entrance' && <EntranceStep wizard={wizard} />}
          {wizard.step === 'jobs' && <JobsStep wizard={wizard} />}
          {wizard.step === 'device' && <DeviceStep wizard={wizard} />}
          {wizard.step === 'setup' && <SetupStep wizard={wizard} />}
          {wizard.step === 'bind' && <BindStep wizard={wizard} />}
        </Suspense>
        {wizard.showNeed && wizard.need && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t(wizard.need)}
          </Alert>
        )}
      </Paper>
      <WizardActionBar
        back={{ label: t('adjusterWizard.back'), disabled: index === 0, onClick: () => go(WIZARD_STEPS[index - 1]) }}
        action={last ? { kind: 'start-new', label: t('adjusterWizard.startNew'), onClick: onStartNew, done: wizard.bound } : { kind: 'next', label: t('adjusterWizard.next') }}
      />
    </Box>
  );
}
