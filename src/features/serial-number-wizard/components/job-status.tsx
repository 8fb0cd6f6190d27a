import { validate } from 'superstruct';
import { PrepareDeviceResponse } from '@contract/adjuster';
import { OutboxJobPanel } from '@/components/wizard/outbox-job-panel';
import { useT, type Translate } from '@/features/serial-number-wizard/messages';
import type { OutboxJob } from '@/offline/db';
import type { SerialNumberWizard } from '../use-serial-number-wizard';

/** The server's answer to the accepted attempt (its message, the device's number), when it reads as prepare-device's. */
function acceptedText(job: OutboxJob, t: Translate): string {
  const [failure, answer] = validate(job.response, PrepareDeviceResponse);
  if (failure) return '';
  const deviceId = answer.data?.deviceId ?? null;
  return [answer.message ?? null, deviceId !== null ? t('serialWizard.job.deviceId', { id: deviceId }) : null].filter(Boolean).join('. ');
}

/** Where the submission is: queued, sending, sent, needs attention (with the server's message) or paused. */
export function JobStatus({ wizard, onStartNew }: { wizard: SerialNumberWizard; onStartNew: () => void }) {
  const t = useT();
  return <OutboxJobPanel wizard={wizard} t={t} prefix="serialWizard" sent={(job) => acceptedText(job, t)} onStartNew={onStartNew} />;
}
