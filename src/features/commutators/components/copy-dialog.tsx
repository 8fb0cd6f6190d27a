import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { CommutatorsResponse } from '@contract/commutators';
import { useT } from '../messages';
import type { MatrixState } from '../model';
import { useCopyTargets, type CopyOutcome } from '../use-copy';

interface CopyDialogProps {
  source: CommutatorsResponse;
  state: MatrixState;
  onClose: () => void;
}

/** Copy the matrix to the other entrances of the device's houses whose panels have the same model; each is checked and saved on its own. */
export function CopyDialog({ source, state, onClose }: CopyDialogProps) {
  const t = useT();
  const titleId = useId();
  const copy = useCopyTargets(source, state);
  const [shift, setShift] = useState(true);
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const offered = copy.targets.data?.offered ?? [];
  const selected = chosen ?? new Set(offered.map((target) => target.mac));
  const toggle = (mac: string) => {
    const next = new Set(selected);
    if (next.has(mac)) next.delete(mac);
    else next.add(mac);
    setChosen(next);
  };

  return (
    <Dialog open onClose={copy.running ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('commutators.copy.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {copy.targets.isPending && <LinearProgress aria-label={t('commutators.copy.searching')} />}
          {copy.targets.isError && <Alert severity="error">{t('commutators.copy.searchError', { error: copy.searchError ?? '' })}</Alert>}
          {copy.targets.data && offered.length === 0 && <Alert severity="info">{t('commutators.copy.none')}</Alert>}
          {copy.targets.data && copy.targets.data.otherModels > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('commutators.copy.otherModels', { count: copy.targets.data.otherModels })}
            </Typography>
          )}
          {offered.map((target) => (
            <FormControlLabel
              key={target.mac}
              control={<Checkbox checked={selected.has(target.mac)} disabled={copy.running} onChange={() => toggle(target.mac)} />}
              label={
                target.flatRange
                  ? t('commutators.copy.target', { mac: target.mac, first: target.flatRange.firstFlat, last: target.flatRange.lastFlat })
                  : t('commutators.copy.targetNoRange', { mac: target.mac })
              }
            />
          ))}
          {offered.length > 0 && (
            <FormControlLabel control={<Checkbox checked={shift} disabled={copy.running} onChange={() => setShift(!shift)} />} label={t('commutators.copy.shift')} />
          )}
          {copy.running && <LinearProgress aria-label={t('commutators.copy.running')} />}
          {copy.outcomes.map((outcome) => (
            <OutcomeLine key={outcome.mac} outcome={outcome} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={copy.running}>
          {t('common.close')}
        </Button>
        <Button
          variant="contained"
          disabled={copy.running || selected.size === 0}
          onClick={() => void copy.run(offered.filter((target) => selected.has(target.mac)), shift)}
        >
          {t('commutators.copy.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OutcomeLine({ outcome }: { outcome: CopyOutcome }) {
  const t = useT();
  return outcome.saved ? (
    <Alert severity="success">{t('commutators.copy.saved', { mac: outcome.mac })}</Alert>
  ) : (
    <Alert severity="error">{t('commutators.copy.refused', { mac: outcome.mac, reason: outcome.reason })}</Alert>
  );
}
