import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef } from 'react';
import { useFocusFirstInvalid } from '@/components/wizard/step-checks';
import { WizardActionBar } from '@/components/wizard/wizard-action-bar';
import { WizardStepper } from '@/components/wizard/wizard-stepper';
import { useT, type MessageKey } from '@/features/device-wizard/messages';
import { FIRST_STEP, LAST_STEP, STEP_NAMES, STEPS, type Step, type StepName } from '../model';
import { useDeviceWizard, type WizardStart } from '../use-device-wizard';
import type { HouseOfflineSlot } from './device-wizard-page';
import { DeviceStep } from './device-step';
import { OriginNotice } from './origin-notice';

// The wizard opens on step 1; the later steps and the job panel load when shown (route budget 250 KB gzip).
const HousesStep = lazy(() => import('./houses-step').then((m) => ({ default: m.HousesStep })));
const RelaysStep = lazy(() => import('./relays-step').then((m) => ({ default: m.RelaysStep })));
const SipStep = lazy(() => import('./sip-step').then((m) => ({ default: m.SipStep })));
const BillingStep = lazy(() => import('./billing-step').then((m) => ({ default: m.BillingStep })));
const ReviewStep = lazy(() => import('./review-step').then((m) => ({ default: m.ReviewStep })));
const JobStatus = lazy(() => import('./job-status').then((m) => ({ default: m.JobStatus })));

/** A phone's stepper names the open step just above: its heading stays for screen readers only. */
const NAMED_BY_STEPPER_ON_PHONE = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clipPath: { xs: 'inset(50%)', sm: 'none' },
  whiteSpace: { xs: 'nowrap', sm: 'normal' },
} as const;

const STEP_LABELS: Record<StepName, MessageKey> = {
  device: 'deviceWizard.step.device',
  houses: 'deviceWizard.step.houses',
  relays: 'deviceWizard.step.relays',
  sip: 'deviceWizard.step.sip',
  billing: 'deviceWizard.step.billing',
  review: 'deviceWizard.step.review',
};

interface WizardScreenProps {
  start: WizardStart;
  onStartNew: () => void;
  houseOffline?: HouseOfflineSlot;
}

/** The wizard's steps, one column on a phone, with a bar of large buttons kept in reach at the bottom. */
export function WizardScreen({ start, onStartNew, houseOffline }: WizardScreenProps) {
  const t = useT();
  const wizard = useDeviceWizard(start);
  const { step } = wizard;
  const labels = Object.fromEntries(STEPS.map((item) => [item, t(STEP_LABELS[STEP_NAMES[item]])])) as Record<Step, string>;
  const last = step === LAST_STEP;
  const submitLabel = wizard.view.state === 'needs-attention' ? t('deviceWizard.submitAgain') : t('deviceWizard.submit');

  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(wizard.refusals, form);

  /** Back always; forward only past steps without errors (the first wrong one opens and shows them). */
  const go = (next: Step) => {
    if (wizard.moveTo(next) === next) window.scrollTo({ top: 0 });
  };

  return (
    <Box
      component="form"
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (last) void wizard.submit();
        else go((step + 1) as Step);
      }}
    >
      <OriginNotice wizard={wizard} start={start} onStartNew={onStartNew} />
      <WizardStepper
        label={t('deviceWizard.steps')}
        errorText={t('deviceWizard.stepError')}
        steps={STEPS.map((item) => ({ id: item, label: labels[item], error: wizard.stepShowsError(item) }))}
        active={step}
        onSelect={go}
      />

      {wizard.view.state !== 'none' && (
        <Suspense fallback={null}>
          <JobStatus wizard={wizard} onStartNew={onStartNew} />
        </Suspense>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h2" component="h2" sx={{ mb: 2, fontSize: '1.5rem', ...NAMED_BY_STEPPER_ON_PHONE }}>
          {labels[step]}
        </Typography>
        {step === 1 && <DeviceStep wizard={wizard} />}
        <Suspense fallback={<CircularProgress size={24} aria-label={t('app.loading')} />}>
          {step === 2 && <HousesStep wizard={wizard} houseOffline={houseOffline} />}
          {step === 3 && <RelaysStep wizard={wizard} />}
          {step === 4 && <SipStep wizard={wizard} />}
          {step === 5 && <BillingStep wizard={wizard} />}
          {step === 6 && <ReviewStep wizard={wizard} stepLabels={labels} />}
        </Suspense>
      </Paper>

      <WizardActionBar
        back={{ label: t('deviceWizard.back'), disabled: step === FIRST_STEP, onClick: () => go((step - 1) as Step) }}
        action={
          wizard.view.state === 'sent'
            ? { kind: 'start-new', label: t('deviceWizard.startNew'), onClick: onStartNew, done: true }
            : last
              ? { kind: 'submit', label: submitLabel, icon: <Save />, busy: wizard.submitting, disabled: !wizard.editable }
              : { kind: 'next', label: t('deviceWizard.next') }
        }
      />
    </Box>
  );
}
