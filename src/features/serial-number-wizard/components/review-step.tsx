import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { deviceTypeName } from '@contract/devices';
import { SecretText } from '@/components/secret';
import { useT } from '@/features/serial-number-wizard/messages';
import { STEP_FIELDS, type WizardStep } from '../model';
import type { SerialNumberWizard } from '../use-serial-number-wizard';
import { AddressResult } from './address-result';

interface ReviewStepProps {
  wizard: SerialNumberWizard;
  onEdit: (step: WizardStep) => void;
}

type Row = readonly [label: string, value: ReactNode];

function Section({ title, rows, onEdit, editLabel, editText }: { title: string; rows: readonly Row[]; onEdit?: () => void; editLabel: string; editText: string }) {
  return (
    <Box component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {onEdit && (
          <Button size="small" startIcon={<EditOutlined />} onClick={onEdit} aria-label={editLabel} sx={{ minHeight: 40 }}>
            {editText}
          </Button>
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1.4fr)', sm: '220px minmax(0, 1fr)' }, columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Everything at a glance before sending, with what is still missing and a way back to each step. */
export function ReviewStep({ wizard, onEdit }: ReviewStepProps) {
  const t = useT();
  const { draft } = wizard;
  const empty = t('serialWizard.result.empty');
  const text = (value: string) => (value.trim() === '' ? empty : value);
  const missing = (['device', 'address', 'access'] as const).flatMap((step) =>
    STEP_FIELDS[step].flatMap((field) => {
      const key = wizard.errors[field];
      return key ? [{ step, message: t(key) }] : [];
    }),
  );
  const edit = (step: 'device' | 'address' | 'access', title: string) => ({
    onEdit: wizard.editable ? () => onEdit(step) : undefined,
    editLabel: t('serialWizard.edit.step', { step: title }),
    editText: t('serialWizard.edit'),
  });

  return (
    <Stack spacing={2.5}>
      {missing.length > 0 && wizard.editable && (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('serialWizard.review.missing')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {missing.map((item) => (
              <li key={item.message}>
                <Button size="small" color="inherit" onClick={() => onEdit(item.step)} sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left' }}>
                  {item.message}
                </Button>
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Section
        title={t('serialWizard.step.device')}
        {...edit('device', t('serialWizard.step.device'))}
        rows={[
          [t('serialWizard.field.serialNumber'), text(draft.serialNumber)],
          [t('serialWizard.field.mac'), text(draft.mac)],
          [t('serialWizard.field.deviceType'), `${draft.deviceType} — ${deviceTypeName(draft.deviceType) ?? empty}`],
          [t('serialWizard.field.deviceRevision'), String(draft.deviceRevision)],
          [t('serialWizard.field.model'), text(draft.model)],
        ]}
      />
      <Section
        title={t('serialWizard.step.address')}
        {...edit('address', t('serialWizard.step.address'))}
        rows={[
          [t('serialWizard.field.relayNum'), String(draft.relayNum)],
          [t('serialWizard.field.commutators'), draft.commutators === 0 ? t('serialWizard.field.commutators.none') : String(draft.commutators)],
          [t('serialWizard.review.borders'), `${draft.leftBorder} – ${draft.rightBorder}`],
        ]}
      />
      <AddressResult result={wizard.addressResult} />
      <Section
        title={t('serialWizard.step.access')}
        {...edit('access', t('serialWizard.step.access'))}
        rows={[
          [t('serialWizard.field.dns'), text(draft.dns)],
          [t('serialWizard.field.login'), text(draft.login)],
          [t('serialWizard.field.pass'), <SecretText key="pass" value={draft.pass} empty={empty} />],
          [t('serialWizard.field.deviceOwner'), draft.deviceOwner ?? t('serialWizard.review.noOwner')],
        ]}
      />
      {wizard.view.state === 'none' && (
        <Typography variant="body2" color="text.secondary">
          {wizard.online ? t('serialWizard.review.hintOnline') : t('serialWizard.review.hintOffline')}
        </Typography>
      )}
    </Stack>
  );
}
