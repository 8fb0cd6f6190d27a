import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { CARD_TYPES, KEY_TYPES, KEY_VALUE_LENGTHS } from '@contract/keys';
import { NfcReadButton } from '@/components/nfc-read-button/nfc-read-button';
import { useT } from '../messages';
import { checkKeyValue, describeLengths, type FlatKeyKind, type KeyValueProblem } from '../model';
import type { useFlatKeys } from '../use-flat-keys';

interface KeyAddDialogProps {
  flatLabel: string;
  keys: ReturnType<typeof useFlatKeys>;
  disabled: boolean;
  onClose: () => void;
}

/** A new key: its type and value, checked here, written to every device of the flat, reported device by device. */
export function KeyAddDialog({ flatLabel, keys, disabled, onClose }: KeyAddDialogProps) {
  const t = useT();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { kind, value } = keys.draft;
  const setKind = (next: FlatKeyKind) => keys.setDraft((current) => ({ ...current, kind: next }));
  const setValue = (next: string) => keys.setDraft((current) => ({ ...current, value: next }));
  const [touched, setTouched] = useState(value !== '');
  const problem = checkKeyValue(kind, value);
  const problemText = (found: KeyValueProblem) =>
    found.kind === 'required' ? t('flat.keys.check.required') : found.kind === 'hex' ? t('flat.keys.check.hex') : t('flat.keys.check.length', { lengths: found.lengths });
  const outcomes = keys.outcomes;

  const submit = async () => {
    setTouched(true);
    if (problem || keys.devices.length === 0) return;
    keys.clearOutcomes();
    // A key written everywhere closes the dialog; otherwise it stays open to say where it failed.
    if ((await keys.addKey({ kind, value })) === 'all') onClose();
  };

  return (
    <Dialog open onClose={keys.add.pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('flat.keys.add.title', { flat: flatLabel })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '180px minmax(0, 1fr)' } }}>
          <TextField select label={t('flat.keys.type')} value={kind} onChange={(event) => setKind(event.target.value as FlatKeyKind)}>
            <ListSubheader>{t('flat.keys.type.keys')}</ListSubheader>
            {KEY_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
            <ListSubheader>{t('flat.keys.type.cards')}</ListSubheader>
            {CARD_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('flat.keys.field')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => setTouched(value !== '')}
            error={touched && problem !== null}
            helperText={touched && problem ? problemText(problem) : t('flat.keys.fieldHint', { lengths: describeLengths(KEY_VALUE_LENGTHS[kind]) })}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false, style: { fontFamily: 'monospace' } } }}
            autoFocus
            required
          />
        </Box>
        <Box sx={{ mt: 1.5 }}>
          <NfcReadButton
            kind={kind}
            value={value}
            onValue={(read) => {
              setValue(read);
              setTouched(true);
            }}
            disabled={keys.add.pending}
          />
        </Box>
        {keys.queueing && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('flat.keys.offlineQueue')}
          </Alert>
        )}
        {keys.add.error && outcomes === null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {keys.add.error}
          </Alert>
        )}
        {keys.devices.length === 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('flat.keys.noDevices')}
          </Alert>
        ) : (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('flat.keys.targets', { count: keys.devices.length })}
            </Typography>
            <Box component="ul" aria-label={t('flat.keys.devices')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
              {keys.devices.map((device) => {
                const outcome = outcomes?.find((entry) => entry.mac === device.mac);
                return (
                  <Box component="li" key={device.mac} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.25 }}>
                    {outcome && (outcome.error === null ? <CheckIcon color="success" fontSize="small" /> : <ErrorIcon color="error" fontSize="small" />)}
                    <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }} color={outcome?.error ? 'error' : undefined}>
                      {outcome
                        ? outcome.error === null
                          ? t('flat.keys.deviceOk', { mac: device.mac })
                          : t('flat.keys.deviceFailed', { mac: device.mac, error: outcome.error })
                        : device.mac}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={keys.add.pending}>
          {t('flat.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={disabled || keys.add.pending || keys.devices.length === 0}>
          {t(keys.queueing ? 'flat.keys.queueSubmit' : 'flat.keys.addSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
