import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef } from 'react';
import { useFocusFirstInvalid } from '@/components/wizard/step-checks';
import { WizardActionBar } from '@/components/wizard/wizard-action-bar';
import { WizardStepper } from '@/components/wizard/wizard-stepper';
import { useT, type MessageKey } from '@/features/replace-wizard/messages';
import { REPLACE_STEPS, stepIndex, type ReplaceStep } from '../model';
import { useReplaceWizard, type ReplaceStart } from '../use-replace-wizard';
import { OldDeviceStep } from './old-device-step';

// The first step is eager; later steps and the job panel load when shown (route budget 250 KB gzip).
const NewDeviceStep = lazy(() => import('./new-device-step').then((m) => ({ default: m.NewDeviceStep })));
const AccessStep = lazy(() => import('./access-step').then((m) => ({ default: m.AccessStep })));
const ReviewStep = lazy(() => import('./review-step').then((m) => ({ default: m.ReviewStep })));
const JobStatus = lazy(() => import('./job-status').then((m) => ({ default: m.JobStatus })));

const STEP_LABELS: Record<ReplaceStep, MessageKey> = {
  old: 'replaceWizard.step.old',
  new: 'replaceWizard.step.new',
  access: 'replaceWizard.step.access',
  review: 'replaceWizard.step.review',
};

const STEP_HEADINGS: Record<ReplaceStep, MessageKey> = {
  old: 'replaceWizard.heading.old',
  new: 'replaceWizard.heading.new',
  access: 'replaceWizard.heading.access',
  review: 'replaceWizard.heading.review',
};

interface ReplaceScreenProps {
  start: ReplaceStart;
  onStartNew: () => void;
}

/** The four steps in one column on a phone, with the large buttons kept in reach at the bottom. */
export function ReplaceScreen({ start, onStartNew }: ReplaceScreenProps) {
  const t = useT();
  const wizard = useReplaceWizard(start);
  const index = stepIndex(wizard.step);
  const last = index === REPLACE_STEPS.length - 1;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(wizard.checkAttempts, formRef);

  // A refused move stays on the step: the focus goes to its first wrong field instead of the top.
  const go = (step: ReplaceStep) => {
    if (wizard.goTo(step)) window.scrollTo({ top: 0 });
  };

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (last) void wizard.submit();
        else go(REPLACE_STEPS[index + 1]);
      }}
    >
      <WizardStepper
        label={t('replaceWizard.steps')}
        errorText={t('replaceWizard.stepError')}
        steps={REPLACE_STEPS.map((step) => ({ id: step, label: t(STEP_LABELS[step]), error: wizard.stepError(step) }))}
        active={wizard.step}
        onSelect={go}
      />

      {wizard.view.state !== 'none' && (
        <Suspense fallback={null}>
          <JobStatus wizard={wizard} onStartNew={onStartNew} />
        </Suspense>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h2" component="h2" sx={{ mb: 2, fontSize: { xs: '1.15rem', sm: '1.35rem' } }}>
          {t(STEP_HEADINGS[wizard.step])}
        </Typography>
        {wizard.step === 'old' && <OldDeviceStep wizard={wizard} />}
        <Suspense fallback={<CircularProgress size={24} aria-label={t('app.loading')} />}>
          {wizard.step === 'new' && <NewDeviceStep wizard={wizard} />}
          {wizard.step === 'access' && <AccessStep wizard={wizard} />}
          {wizard.step === 'review' && <ReviewStep wizard={wizard} onEdit={go} />}
        </Suspense>
      </Paper>

      <WizardActionBar
        back={{ label: t('replaceWizard.back'), disabled: index === 0, onClick: () => go(REPLACE_STEPS[index - 1]) }}
        action={
          wizard.view.state === 'sent'
            ? { kind: 'start-new', label: t('replaceWizard.startNew'), onClick: onStartNew, done: true }
            : last
              ? {
                  kind: 'submit',
                  label: wizard.view.state === 'needs-attention' ? t('replaceWizard.submitAgain') : t('replaceWizard.submit'),
                  icon: <SwapHoriz />,
                  busy: wizard.submitting,
                  disabled: !wizard.editable || !wizard.canSubmit,
                }
              : { kind: 'next', label: t('replaceWizard.next') }
        }
      />
    </Box>
  );
}
