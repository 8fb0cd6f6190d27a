import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { DEVICE_TYPE_NAMES } from '@contract/devices';
import type { CodedText } from '@contract/server-texts';
import { useT } from '@/features/adjuster-wizard/messages';
import { useServerText } from '@/i18n/i18n';
import { setupErrors } from '../model';
import type { AdjusterWizard } from '../use-adjuster-wizard';
import { Field, SelectField } from './fields';
import { CallFailure, NetworkNote } from './network-note';

/**
 * DDNS set-up and preset upload, each with its completion flag. A button pressed with a
 * wrong field says so at the field rather than being disabled without a word.
 */
export function SetupStep({ wizard }: { wizard: AdjusterWizard }) {
  const t = useT();
  const { draft } = wizard;
  const [touched, setTouched] = useState({ ip: false, presetUrl: false });
  const errors = setupErrors(draft);
  const shown = (field: 'ip' | 'presetUrl') => ((touched[field] || wizard.stepChecked('setup')) && errors[field] ? t(errors[field]) : undefined);
  const ready = draft.device !== null && wizard.online;

  if (!draft.device) return <Typography color="warning.main">{t('adjusterWizard.need.device')}</Typography>;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <NetworkNote online={wizard.online} />
      <Task title={t('adjusterWizard.setup.ddns')} done={draft.ddnsDone} doneLabel={t('adjusterWizard.setup.ddns.done')} message={draft.ddnsMessage}>
        <Field
          label={t('adjusterWizard.field.ip')}
          value={draft.ip}
          onChange={(value) => wizard.setField('ip', value)}
          onBlur={() => setTouched((value) => ({ ...value, ip: true }))}
          error={shown('ip')}
          required
          inputMode="decimal"
        />
        <Button
          variant={draft.ddnsDone ? 'outlined' : 'contained'}
          size="large"
          startIcon={wizard.busy.ddns ? <CircularProgress size={18} color="inherit" /> : undefined}
          disabled={!ready || wizard.busy.ddns}
          onClick={() => (errors.ip ? setTouched((value) => ({ ...value, ip: true })) : void wizard.setupDdns())}
          sx={{ minHeight: 48, whiteSpace: 'nowrap' }}
        >
          {draft.ddnsDone ? t('adjusterWizard.setup.again') : t('adjusterWizard.setup.ddns.run')}
        </Button>
      </Task>
      <CallFailure text={wizard.failures.ddns} />
      <Task title={t('adjusterWizard.setup.preset')} done={draft.presetDone} doneLabel={t('adjusterWizard.setup.preset.done')} message={draft.presetMessage}>
        <SelectField label={t('adjusterWizard.field.deviceType')} value={String(draft.deviceType)} onChange={(value) => wizard.setField('deviceType', Number(value))}>
          {DEVICE_TYPE_NAMES.map((name, id) => (
            <option key={name} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('adjusterWizard.field.presetUrl')}
          value={draft.presetUrl}
          onChange={(value) => wizard.setField('presetUrl', value)}
          onBlur={() => setTouched((value) => ({ ...value, presetUrl: true }))}
          error={shown('presetUrl')}
          required
          inputMode="url"
        />
        <Button
          variant={draft.presetDone ? 'outlined' : 'contained'}
          size="large"
          startIcon={wizard.busy.preset ? <CircularProgress size={18} color="inherit" /> : undefined}
          disabled={!ready || wizard.busy.preset}
          onClick={() => (errors.presetUrl ? setTouched((value) => ({ ...value, presetUrl: true })) : void wizard.uploadPreset())}
          sx={{ minHeight: 48, whiteSpace: 'nowrap' }}
        >
          {draft.presetDone ? t('adjusterWizard.setup.again') : t('adjusterWizard.setup.preset.run')}
        </Button>
      </Task>
      <CallFailure text={wizard.failures.preset} />
    </Box>
  );
}

interface TaskProps {
  title: string;
  done: boolean;
  doneLabel: string;
  message: CodedText | string | null;
  children: ReactNode;
}

function Task({ title, done, doneLabel, message, children }: TaskProps) {
  const t = useT();
  const serverText = useServerText();
  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        {done ? <CheckCircle color="success" aria-hidden /> : <RadioButtonUnchecked color="disabled" aria-hidden />}
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {title}
        </Typography>
        <Typography role="status" variant="body2" color={done ? 'success.main' : 'text.secondary'} sx={{ ml: 'auto', fontWeight: 600 }}>
          {done ? doneLabel : t('adjusterWizard.setup.notDone')}
        </Typography>
      </Box>
      {done && message && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {serverText(message)}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, alignItems: 'start' }}>{children}</Box>
    </Box>
  );
}
