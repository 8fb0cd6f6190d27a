import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef } from 'react';
import { useFocusFirstInvalid } from '@/components/wizard/step-checks';
import { WizardActionBar } from '@/components/wizard/wizard-action-bar';
import { WizardStepper } from '@/components/wizard/wizard-stepper';
import type { MessageKey } from '@/features/serial-number-wizard/messages';
import { useT } from '@/features/serial-number-wizard/messages';
import { WIZARD_STEPS, stepIndex, type WizardStep } from '../model';
import { useSerialNumberWizard, type WizardStart } from '../use-serial-number-wizard';
import { DeviceStep } from './device-step';
import { ReviewStep } from './review-step';
import type { HouseOfflineSlot } from './serial-number-wizard-page';

// The wizard opens on the device step; the address and access steps and the job panel load when shown
// (route budget 250 KB gzip). The review step stays eager: jumping to it must show its checks at once.
const AddressStep = lazy(() => import('./address-step').then((m) => ({ default: m.AddressStep })));
const AccessStep = lazy(() => import('./access-step').then((m) => ({ default: m.AccessStep })));
const JobStatus = lazy(() => import('./job-status').then((m) => ({ default: m.JobStatus })));

const STEP_LABELS: Record<WizardStep, MessageKey> = {
  device: 'serialWizard.step.device',
  address: 'serialWizard.step.address',
  access: 'serialWizard.step.access',
  review: 'serialWizard.step.review',
};

interface WizardScreenProps {
  start: WizardStart;
  houseOffline?: HouseOfflineSlot;
  onStartNew: () => void;
}

/** The wizard's steps, one column on a phone, with a bar of large buttons kept in reach at the bottom. */
export function WizardScreen({ start, houseOffline, onStartNew }: WizardScreenProps) {
  const t = useT();
  const wizard = useSerialNumberWizard(start);
  const index = stepIndex(wizard.step);
  const last = index === WIZARD_STEPS.length - 1;
  const submitLabel = wizard.view.state === 'needs-attention' ? t('serialWizard.submitAgain') : t('serialWizard.submit');
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(wizard.checkAttempts, formRef);

  // A refused move stays on the step: the focus goes to its first wrong field instead of the top.
  const go = (step: WizardStep) => {
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
        else go(WIZARD_STEPS[index + 1]);
      }}
    >
      <WizardStepper
        label={t('serialWizard.steps')}
        errorText={t('serialWizard.stepError')}
        steps={WIZARD_STEPS.map((step) => ({ id: step, label: t(STEP_LABELS[step]), error: wizard.stepError(step) }))}
        active={wizard.step}
        onSelect={go}
      />

      {wizard.view.state !== 'none' && (
        <Suspense fallback={null}>
          <JobStatus wizard={wizard} onStartNew={onStartNew} />
        </Suspense>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          {t(STEP_LABELS[wizard.step])}
        </Typography>
        {wizard.step === 'device' && <DeviceStep wizard={wizard} />}
        {wizard.step === 'review' && <ReviewStep wizard={wizard} onEdit={go} />}
        <Suspense fallback={<CircularProgress size={24} aria-label={t('app.loading')} />}>
          {wizard.step === 'address' && <AddressStep wizard={wizard} houseOffline={houseOffline} />}
          {wizard.step === 'access' && <AccessStep wizard={wizard} />}
        </Suspense>
      </Paper>

      <WizardActionBar
        back={{ label: t('serialWizard.back'), disabled: index === 0, onClick: () => go(WIZARD_STEPS[index - 1]) }}
        action={
          wizard.view.state === 'sent'
            ? { kind: 'start-new', label: t('serialWizard.startNew'), onClick: onStartNew, done: true }
            : last
              ? { kind: 'submit', label: submitLabel, icon: <Send />, busy: wizard.submitting, disabled: !wizard.editable || !wizard.canSubmit }
              : { kind: 'next', label: t('serialWizard.next') }
        }
      />
    </Box>
  );
}
