import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isInnerKey, type MultipleKeyAction, type MultipleKeyFailure } from '@contract/keys';
import { FormDialog } from '@/components/form-dialog';
import { OutlinedSelect } from '@/components/outlined-field';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import { SCENARIOS, needsScenario } from '../model';
import type { KeyActionRun } from '../use-device-keys';

interface KeyActionDialogProps {
  action: MultipleKeyAction;
  /** Keys picked now. */
  count: number;
  online: boolean;
  run: UseMutationResult<{ processed: number; failed: MultipleKeyFailure[]; owed?: string }, Error, KeyActionRun>;
  onClose: () => void;
}

/** One action on every picked key (a scenario 1–16 to add or remove where it needs one), then how many went through and why the others did not. */
export function KeyActionDialog({ action, count, online, run, onClose }: KeyActionDialogProps) {
  const t = useT();
  const [scenario, setScenario] = useState(String(SCENARIOS[0]));
  // The selection shrinks to the failed keys once done: «из M» is the count that was sent.
  const [sent, setSent] = useState<number | null>(null);
  const outcome = run.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!online || outcome) return;
    setSent(count);
    run.mutate({ action, scenario: needsScenario(action) ? Number(scenario) : null });
  };

  return (
    <FormDialog
      title={t(`deviceKeys.bulk.title.${action}`)}
      submitLabel={t('deviceKeys.bulk.run')}
      cancelLabel={outcome ? t('common.close') : undefined}
      busy={run.isPending}
      submitDisabled={!online || outcome !== undefined || count === 0}
      error={run.error ? errorMessage(run.error) : null}
      notice={!online && <Alert severity="warning">{t('deviceKeys.offline')}</Alert>}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={submit}
    >
      {outcome ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Alert severity={outcome.failed.length === 0 ? 'success' : 'warning'} role="status">
            {t('deviceKeys.bulk.processed', { processed: outcome.processed, total: sent ?? count })}
          </Alert>
          {outcome.owed !== undefined && <Alert severity="warning">{t('deviceKeys.bulk.owed', { reason: outcome.owed || '—' })}</Alert>}
          {outcome.failed.length > 0 && (
            <>
              <Typography variant="subtitle2">{t('deviceKeys.bulk.failed')}</Typography>
              <Box component="ul" aria-label={t('deviceKeys.bulk.failed')} sx={{ m: 0, pl: 2.5 }}>
                {outcome.failed.map((failure) => (
                  <Typography component="li" variant="body2" key={`${failure.inner}:${failure.value}`} sx={{ overflowWrap: 'anywhere' }}>
                    {t('deviceKeys.bulk.failedItem', {
                      value: failure.value,
                      side: t(isInnerKey(failure.inner) ? 'deviceKeys.side.inner' : 'deviceKeys.side.outer'),
                      message: failure.message,
                    })}
                  </Typography>
                ))}
              </Box>
            </>
          )}
        </Box>
      ) : (
        <>
          <Typography>{t('deviceKeys.bulk.text', { count })}</Typography>
          {needsScenario(action) && (
            <OutlinedSelect label={t('deviceKeys.bulk.scenario')} value={scenario} onChange={(event) => setScenario(event.target.value)}>
              {SCENARIOS.map((number) => (
                <option key={number} value={number}>
                  {number}
                </option>
              ))}
            </OutlinedSelect>
          )}
        </>
      )}
    </FormDialog>
  );
}
