import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { normalizeMac } from '@contract/common';
import { deviceTypeName } from '@contract/devices';
import { FACTORY_PASSWORD } from '@contract/wizard';
import { SecretText } from '@/components/secret';
import { useT, type MessageKey } from '@/features/replace-wizard/messages';
import { STEP_FIELDS, type ReplaceStep } from '../model';
import type { ReplaceWizard } from '../use-replace-wizard';
import { CheckedDevice, Rows, type Row } from './checked-device';

const STEP_NAMES: Record<Exclude<ReplaceStep, 'review'>, MessageKey> = {
  old: 'replaceWizard.review.old',
  new: 'replaceWizard.review.new',
  access: 'replaceWizard.review.access',
};

interface ReviewStepProps {
  wizard: ReplaceWizard;
  onEdit: (step: ReplaceStep) => void;
}

/** Old → new at a glance, what will move, and what is still missing, each with a way back to its step. */
export function ReviewStep({ wizard, onEdit }: ReviewStepProps) {
  const t = useT();
  const { draft } = wizard;
  const empty = t('replaceWizard.review.empty');
  const text = (value: string) => (value.trim() === '' ? empty : value.trim());
  const mac = (value: string) => normalizeMac(value) ?? text(value);
  const sections: [Exclude<ReplaceStep, 'review'>, Row[]][] = [
    [
      'old',
      [
        [t('replaceWizard.review.serial'), text(draft.oldSerialNumber)],
        [t('replaceWizard.review.mac'), mac(draft.oldMac)],
      ],
    ],
    [
      'new',
      [
        [t('replaceWizard.review.serial'), text(draft.newSerialNumber)],
        [t('replaceWizard.review.mac'), mac(draft.newMac)],
        [t('replaceWizard.review.type'), draft.type === null ? empty : `${draft.type} — ${deviceTypeName(draft.type) ?? '?'}`],
        [t('replaceWizard.review.revision'), draft.revision === null ? empty : String(draft.revision)],
      ],
    ],
    [
      'access',
      [
        [t('replaceWizard.review.url'), text(draft.url)],
        [t('replaceWizard.review.login'), text(draft.login)],
        [
          t('replaceWizard.review.password'),
          <span key="password">
            <SecretText value={draft.password} empty={empty} />
            {draft.password === FACTORY_PASSWORD && ` (${t('replaceWizard.review.password.factory')})`}
          </span>,
        ],
      ],
    ],
  ];
  const missing = (['old', 'new', 'access'] as const).flatMap((step) =>
    STEP_FIELDS[step].flatMap((field) => {
      const key = wizard.errors[field];
      return key ? [{ step, message: t(key) }] : [];
    }),
  );

  return (
    <Stack spacing={2.5}>
      {missing.length > 0 && (
        <Alert severity="warning">
          <Typography variant="subtitle2" component="p">
            {t('replaceWizard.review.missing')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {missing.map((item) => (
              <li key={item.message}>{item.message}</li>
            ))}
          </Box>
        </Alert>
      )}
      {sections.map(([step, rows]) => (
        <Box component="section" key={step}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
              {t(STEP_NAMES[step])}
            </Typography>
            {wizard.editable && (
              <Button
                size="small"
                startIcon={<EditOutlined />}
                onClick={() => onEdit(step)}
                aria-label={t('replaceWizard.edit.step', { step: t(STEP_NAMES[step]) })}
                sx={{ minHeight: 40 }}
              >
                {t('replaceWizard.edit')}
              </Button>
            )}
          </Box>
          <Rows rows={rows} />
        </Box>
      ))}
      {draft.oldDevice ? <CheckedDevice device={draft.oldDevice} /> : <Alert severity="info">{t('replaceWizard.check.notChecked')}</Alert>}
      <Typography variant="body2" color="text.secondary">
        {t('replaceWizard.review.moves')}
      </Typography>
    </Stack>
  );
}
