import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { OutboxJobPanel } from '@/components/wizard/outbox-job-panel';
import { useT, type MessageKey } from '@/features/replace-wizard/messages';
import { replaceOutcome, type ReplaceOutcome } from '../model';
import type { ReplaceWizard } from '../use-replace-wizard';

const ITEM_NAMES: Record<string, MessageKey> = { keys: 'replaceWizard.result.item.keys', sipAccount: 'replaceWizard.result.item.sipAccount' };

/** What the server moved and, item by item, what stayed on the old device and why. */
function Outcome({ outcome }: { outcome: ReplaceOutcome }) {
  const t = useT();
  const { moved, notMoved } = outcome;
  if (!moved) return <Typography variant="body2">{outcome.message ?? t('replaceWizard.result.unknown')}</Typography>;
  const counts: [MessageKey, string][] = [
    ['replaceWizard.result.houses', String(moved.houses)],
    ['replaceWizard.result.relays', String(moved.relays)],
    ['replaceWizard.result.keys', String(moved.keys)],
    ['replaceWizard.result.groups', String(moved.groups)],
    ['replaceWizard.result.sip', moved.sipAccount ? t('replaceWizard.result.yes') : t('replaceWizard.result.no')],
  ];
  return (
    <Box>
      <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
        {t('replaceWizard.result.moved')}:
      </Typography>
      <Box component="ul" aria-label={t('replaceWizard.result.moved')} sx={{ m: 0, pl: 2.5 }}>
        {counts.map(([key, value]) => (
          <li key={key}>
            <Typography variant="body2">
              {t(key)}: {value}
            </Typography>
          </li>
        ))}
      </Box>
      {notMoved === null ? (
        outcome.message && <Typography variant="body2">{outcome.message}</Typography>
      ) : notMoved.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('replaceWizard.result.everything')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" component="p" sx={{ fontWeight: 600, mt: 1 }}>
            {t('replaceWizard.result.notMoved')}:
          </Typography>
          <Box component="ul" aria-label={t('replaceWizard.result.notMoved')} sx={{ m: 0, pl: 2.5 }}>
            {notMoved.map((item) => (
              <li key={item.item}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {ITEM_NAMES[item.item] ? t(ITEM_NAMES[item.item]) : item.item}: {item.values.join(', ')} — {item.reason}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

/** Where the replacement is: queued, sending, done (with what moved), refused (with the server's message) or paused. */
export function JobStatus({ wizard, onStartNew }: { wizard: ReplaceWizard; onStartNew: () => void }) {
  const t = useT();
  return (
    <OutboxJobPanel
      wizard={wizard}
      t={t}
      prefix="replaceWizard"
      sent={(job) => <Outcome outcome={replaceOutcome(job.response)} />}
      sentLink={(job) => (typeof job.target?.mac === 'string' ? { to: `/devices/${encodeURIComponent(job.target.mac)}/update`, label: t('replaceWizard.job.openCard') } : null)}
      onStartNew={onStartNew}
    />
  );
}
