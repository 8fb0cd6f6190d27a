import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, type Dispatch, type SetStateAction } from 'react';
import { KEY_VALUE_LENGTHS } from '@contract/keys';
import { FormDialog } from '@/components/form-dialog';
import { KeyKindSelect } from '@/components/key-value/key-kind-select';
import { NfcReadButton } from '@/components/nfc-read-button/nfc-read-button';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '../messages';
import { describeLengths, type KeyCreateDraft, type KeyTarget } from '../model';
import { useKeyCreate } from '../use-key-create';
import { DevicePicker } from './device-picker';

interface KeyCreateDialogProps {
  /** Kept by the page: what was typed survives closing the dialog and a lost connection. */
  draft: KeyCreateDraft;
  setDraft: Dispatch<SetStateAction<KeyCreateDraft>>;
  online: boolean;
  onCreated: () => unknown;
  onClose: () => void;
}

/** «Добавить ключ»: one value to one or several devices, on a panel code or on the controller, reported device by device. */
export function KeyCreateDialog({ draft, setDraft, online, onCreated, onClose }: KeyCreateDialogProps) {
  const t = useT();
  const targetId = useId();
  const form = useKeyCreate({ draft, setDraft, onCreated, onClose });
  const { update, errorOf } = form;

  return (
    <FormDialog
      title={t('keys.create.title')}
      submitLabel={t('keys.create.submit')}
      busy={form.busy}
      submitDisabled={!online}
      notice={!online && <Alert severity="warning">{t('keys.offline')}</Alert>}
      maxWidth="sm"
      phoneFullScreen
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <DevicePicker
        macs={draft.macs}
        onChange={(macs) => update({ macs })}
        macText={draft.macText}
        onMacText={(macText) => update({ macText })}
        error={errorOf('macs')}
        disabled={form.busy}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '170px minmax(0, 1fr)' } }}>
        <KeyKindSelect value={draft.kind} onChange={(kind) => update({ kind })} />
        <OutlinedField
          name="value"
          code
          required
          value={draft.value}
          onChange={(event) => update({ value: event.target.value })}
          label={t('keys.create.value')}
          error={errorOf('value')}
          helperText={t('keys.create.valueHint', { lengths: describeLengths(KEY_VALUE_LENGTHS[draft.kind]) })}
          sx={{ '& input': { fontFamily: 'monospace' } }}
        />
      </Box>
      <NfcReadButton kind={draft.kind} value={draft.value} onValue={(value) => update({ value })} disabled={form.busy} />
      <FormControl>
        <FormLabel id={targetId}>{t('keys.create.target')}</FormLabel>
        <RadioGroup aria-labelledby={targetId} value={draft.target} onChange={(event) => update({ target: event.target.value as KeyTarget })}>
          <FormControlLabel value="panel" control={<Radio />} label={t('keys.create.target.panel')} />
          <FormControlLabel value="controller" control={<Radio />} label={t('keys.create.target.controller')} />
        </RadioGroup>
      </FormControl>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {draft.target === 'panel' && (
          <OutlinedField
            name="panelCode"
            required
            inputMode="numeric"
            value={draft.panelCode}
            onChange={(event) => update({ panelCode: event.target.value })}
            label={t('keys.create.panelCode')}
            error={errorOf('panelCode')}
          />
        )}
        <OutlinedField
          name="flatNum"
          inputMode="numeric"
          value={draft.flatNum}
          onChange={(event) => update({ flatNum: event.target.value })}
          label={t('keys.create.flatNum')}
          error={errorOf('flatNum')}
          helperText={draft.target === 'panel' ? t('keys.create.flatNum.hint') : t('keys.create.flatNum.controllerHint')}
        />
      </Box>
      <FormControlLabel control={<Checkbox checked={draft.inner} onChange={(event) => update({ inner: event.target.checked })} />} label={t('keys.create.inner')} />
      {form.outcomes && (
        <Box>
          <Typography variant="subtitle2">{t('keys.create.results')}</Typography>
          <Box component="ul" aria-label={t('keys.create.results')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
            {form.outcomes.map((outcome) => (
              <Box component="li" key={outcome.mac} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.25 }}>
                {outcome.error === null ? <CheckIcon color="success" fontSize="small" /> : <ErrorIcon color="error" fontSize="small" />}
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }} color={outcome.error ? 'error' : undefined}>
                  {outcome.error === null ? t('keys.create.deviceOk', { mac: outcome.mac }) : t('keys.create.deviceFailed', { mac: outcome.mac, error: outcome.error })}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </FormDialog>
  );
}
