import { validate } from 'superstruct';
import { PrepareDeviceResponse } from '@contract/adjuster';
import type { CodedText } from '@contract/server-texts';
import { OutboxJobPanel } from '@/components/wizard/outbox-job-panel';
import { useT, type Translate } from '@/features/serial-number-wizard/messages';
import { useServerText } from '@/i18n/i18n';
import type { OutboxJob } from '@/offline/db';
import type { SerialNumberWizard } from '../use-serial-number-wizard';

/** The server's answer to the accepted attempt (its message in the user's language, the device's number), when it reads as prepare-device's. */
export function acceptedText(job: OutboxJob, t: Translate, serverText: (text: CodedText) => string): string {
  const [failure, answer] = validate(job.response, PrepareDeviceResponse);
  if (failure) return '';
  const deviceId = answer.data?.deviceId ?? null;
  const said = answer.message ? serverText({ message: answer.message, messageCode: answer.messageCode, messageParams: answer.messageParams }) : null;
  return [said, deviceId !== null ? t('serialWizard.job.deviceId', { id: deviceId }) : null].filter(Boolean).join('. ');
}

/** Where the submission is: queued, sending, sent, needs attention (with the server's message) or paused. */
export function JobStatus({ wizard, onStartNew }: { wizard: SerialNumberWizard; onStartNew: () => void }) {
  const t = useT();
  const serverText = useServerText();
  return <OutboxJobPanel wizard={wizard} t={t} prefix="serialWizard" sent={(job) => acceptedText(job, t, serverText)} onStartNew={onStartNew} />;
}
