import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { deviceTypeName } from '@contract/devices';
import { useT, type MessageKey } from '@/features/device-wizard/messages';
import { useDictionary } from '@/lib/dictionaries';
import { entranceChoices, stepOfField, type FieldName, type Step } from '../model';
import type { DeviceWizard } from '../use-device-wizard';

interface SectionProps {
  title: string;
  step: Step;
  stepLabel: string;
  onEdit: (step: Step) => void;
  rows: [string, ReactNode][];
}

function Section({ title, step, stepLabel, onEdit, rows }: SectionProps) {
  const t = useT();
  return (
    <Box component="section" aria-label={title} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        <Button size="small" startIcon={<Edit />} onClick={() => onEdit(step)} aria-label={t('deviceWizard.review.edit', { step: stepLabel })} sx={{ minHeight: 40 }}>
          {t('deviceWizard.review.editShort')}
        </Button>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 1.5, rowGap: 0.5 }}>
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

/** Step 6: everything that will be sent, what is still missing, and the save. */
export function ReviewStep({ wizard, stepLabels }: { wizard: DeviceWizard; stepLabels: Record<Step, string> }) {
  const t = useT();
  const { draft, houses, state } = wizard;
  const purposes = useDictionary('device_purposes');
  const empty = t('deviceWizard.review.empty');
  const show = (value: string) => (value.trim() === '' ? empty : value);
  const entranceLabel = new Map(entranceChoices(state.entrances, draft.houses, houses.addressOf).map((choice) => [choice.id, choice.label]));
  const executor = wizard.executors.find((item) => item.id === draft.billing.executorId);
  const missing = (Object.entries(wizard.errors) as [FieldName, MessageKey][]).filter(([, key]) => key !== undefined);
  const edit = wizard.goTo;
  const typeName = draft.type === null ? null : deviceTypeName(draft.type);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {missing.length > 0 ? (
        <Alert severity="warning">
          <Typography sx={{ mb: 1 }}>{t('deviceWizard.review.missing')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {missing.map(([field, key]) => (
              <Button key={field} variant="outlined" color="inherit" onClick={() => edit(stepOfField(field))} sx={{ minHeight: 44 }}>
                {t(key)}
              </Button>
            ))}
          </Box>
        </Alert>
      ) : (
        wizard.view.state === 'none' && <Alert severity="success">{t('deviceWizard.review.ready')}</Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Section
          title={t('deviceWizard.review.device')}
          step={1}
          stepLabel={stepLabels[1]}
          onEdit={edit}
          rows={[
            [t('deviceWizard.field.mac'), draft.mac],
            [t('deviceWizard.field.type'), typeName === null ? empty : `${draft.type} — ${typeName}`],
            [t('deviceWizard.field.login'), show(draft.login)],
            [t('deviceWizard.field.password'), show(draft.password)],
            [t('deviceWizard.field.url'), show(draft.url)],
            [t('deviceWizard.field.shift'), String(draft.shift)],
            [t('deviceWizard.field.vendor'), show(draft.vendor)],
          ]}
        />
        <Section
          title={t('deviceWizard.review.houses')}
          step={2}
          stepLabel={stepLabels[2]}
          onEdit={edit}
          rows={draft.houses.length === 0 ? [[t('deviceWizard.field.houses'), empty]] : draft.houses.map((uid, index) => [`${index + 1}`, houses.addressOf(uid)])}
        />
        <Section
          title={t('deviceWizard.review.relays')}
          step={3}
          stepLabel={stepLabels[3]}
          onEdit={edit}
          rows={draft.relays.map((relay) => [
            t('deviceWizard.field.relay', { n: relay.id }),
            relay.entrance === '' ? t('deviceWizard.field.entrance.none') : (entranceLabel.get(relay.entrance) ?? relay.entrance),
          ])}
        />
        <Section
          title={t('deviceWizard.review.sip')}
          step={4}
          stepLabel={stepLabels[4]}
          onEdit={edit}
          rows={
            draft.sipAccount.domain.trim() === ''
              ? [[t('deviceWizard.field.sipDomain'), t('deviceWizard.review.noSip')]]
              : [
                  [t('deviceWizard.field.sipDomain'), draft.sipAccount.domain],
                  [t('deviceWizard.field.sipPort'), draft.sipAccount.port === null ? empty : String(draft.sipAccount.port)],
                  [t('deviceWizard.field.sipType'), draft.sipAccount.type.toUpperCase()],
                ]
          }
        />
        <Section
          title={t('deviceWizard.review.billing')}
          step={5}
          stepLabel={stepLabels[5]}
          onEdit={edit}
          rows={[
            [t('deviceWizard.field.bsName'), show(draft.billing.bsName)],
            [t('deviceWizard.field.bsPort'), show(draft.billing.bsPort)],
            [t('deviceWizard.field.fiasId'), show(draft.billing.fiasId)],
            [t('deviceWizard.field.porchNum'), show(draft.billing.porchNum)],
            [t('deviceWizard.field.devicePurpose'), purposes.label(draft.billing.devicePurpose)],
            [t('deviceWizard.field.executor'), executor?.text ?? (draft.billing.executorId === null ? empty : t('deviceWizard.field.executor.unknown', { id: draft.billing.executorId }))],
            [t('deviceWizard.field.deviceOwner'), show(draft.billing.deviceOwner)],
          ]}
        />
      </Box>
    </Box>
  );
}
