import { validate } from 'superstruct';
import { WizardSaveResponse } from '@contract/wizard';
import { OutboxJobPanel } from '@/components/wizard/outbox-job-panel';
import { useT } from '@/features/device-wizard/messages';
import type { OutboxJob } from '@/offline/db';
import type { DeviceWizard } from '../use-device-wizard';

/** The server's message for the accepted save, when the stored answer reads as the save's. */
function acceptedMessage(job: OutboxJob): string | null {
  const [failure, answer] = validate(job.response, WizardSaveResponse);
  return failure ? null : (answer.message ?? null);
}

/** Where the save is: queued, sending, sent, needs attention (with the server's message) or paused. */
export function JobStatus({ wizard, onStartNew }: { wizard: DeviceWizard; onStartNew: () => void }) {
  const t = useT();
  return (
    <OutboxJobPanel
      wizard={wizard}
      t={t}
      prefix="deviceWizard"
      sent={acceptedMessage}
      sentLink={() => ({ to: `/devices/${encodeURIComponent(wizard.draft.mac)}/update`, label: t('deviceWizard.job.openCard') })}
      onStartNew={onStartNew}
    />
  );
}
