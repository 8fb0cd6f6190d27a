import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { deviceTypeName } from '@contract/devices';
import { SecretText } from '@/components/secret';
import { useT, type MessageKey } from '@/features/device-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import { useDictionary } from '@/lib/dictionaries';
import { compareSettings, type Change, type ChangeField } from '../changes';
import { entranceChoices, settingsOf, stepOfField, type FieldName, type Step } from '../model';
import type { DeviceWizard } from '../use-device-wizard';

const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

const FIELD_LABELS: Record<Exclude<ChangeField, 'house' | 'relay'>, MessageKey> = {
  type: 'deviceWizard.field.type',
  login: 'deviceWizard.field.login',
  password: 'deviceWizard.field.password',
  url: 'deviceWizard.field.url',
  shift: 'deviceWizard.field.shift',
  vendor: 'deviceWizard.field.vendor',
  sipDomain: 'deviceWizard.field.sipDomain',
  sipPort: 'deviceWizard.field.sipPort',
  sipType: 'deviceWizard.field.sipType',
  bsName: 'deviceWizard.field.bsName',
  bsPort: 'deviceWizard.field.bsPort',
  fiasId: 'deviceWizard.field.fiasId',
  porchNum: 'deviceWizard.field.porchNum',
  devicePurpose: 'deviceWizard.field.devicePurpose',
  executorId: 'deviceWizard.field.executor',
  deviceOwner: 'deviceWizard.field.deviceOwner',
};

const SECTIONS: { step: Step; title: MessageKey }[] = [
  { step: 1, title: 'deviceWizard.review.device' },
  { step: 2, title: 'deviceWizard.review.houses' },
  { step: 3, title: 'deviceWizard.review.relays' },
  { step: 4, title: 'deviceWizard.review.sip' },
  { step: 5, title: 'deviceWizard.review.billing' },
];

interface Row {
  change: Change;
  label: string;
  before: ReactNode;
  after: ReactNode;
}

/** One line: the label above its value on a phone, beside it from 600 px; a change reads "now → after". */
function RowView({ row, compared }: { row: Row; compared: boolean }) {
  const t = useT();
  const changed = compared && row.change.changed;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
        columnGap: 1.5,
        py: 0.5,
        px: changed ? 1 : 0,
        mx: changed ? -1 : 0,
        borderLeft: changed ? 3 : 0,
        borderColor: 'warning.main',
        bgcolor: changed ? 'action.hover' : undefined,
        borderRadius: changed ? 1 : 0,
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {row.label}
      </Typography>
      <Typography component="div" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {changed ? (
          <>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {t('deviceWizard.review.now')}:{' '}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {row.before}
            </Box>
            <Box component="span" aria-hidden sx={{ mx: 0.75 }}>
              →
            </Box>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              , {t('deviceWizard.review.after')}:{' '}
            </Box>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {row.after}
            </Box>
          </>
        ) : (
          row.after
        )}
      </Typography>
    </Box>
  );
}

function RowList({ rows, compared }: { rows: Row[]; compared: boolean }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {rows.map((row) => (
        <RowView key={row.change.id} row={row} compared={compared} />
      ))}
    </Box>
  );
}

interface SectionProps {
  title: string;
  stepLabel: string;
  onEdit: () => void;
  rows: Row[];
  /** Rows are compared with the device: unchanged ones fold under a summary. */
  compared: boolean;
}

function Section({ title, stepLabel, onEdit, rows, compared }: SectionProps) {
  const t = useT();
  const changed = compared ? rows.filter((row) => row.change.changed) : rows;
  const same = compared ? rows.filter((row) => !row.change.changed) : [];
  return (
    <Box component="section" aria-label={title} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        <Button size="small" startIcon={<Edit />} onClick={onEdit} aria-label={t('deviceWizard.review.edit', { step: stepLabel })} sx={{ minHeight: 40 }}>
          {t('deviceWizard.review.editShort')}
        </Button>
      </Box>
      {changed.length > 0 && <RowList rows={changed} compared={compared} />}
      {same.length > 0 && (
        // A native disclosure (its triangle says it opens): the unchanged fields are a tap away and cost no script.
        <Box component="details" sx={{ mt: changed.length > 0 ? 1 : 0, '& > summary': { cursor: 'pointer', py: 1.25, color: 'text.secondary' } }}>
          <Typography component="summary" variant="body2">
            {t('deviceWizard.review.unchanged', { count: same.length })}
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <RowList rows={same} compared={compared} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** Step 6: what the save changes on the device (or everything it sends, for a new one), what is still missing, and the save. */
export function ReviewStep({ wizard, stepLabels }: { wizard: DeviceWizard; stepLabels: Record<Step, string> }) {
  const t = useT();
  const format = useDateFormat();
  const { draft, state, comparison } = wizard;
  const purposes = useDictionary('device_purposes');
  const empty = t('deviceWizard.review.empty');
  const missing = (Object.entries(wizard.errors) as [FieldName, MessageKey][]).filter(([, key]) => key !== undefined);
  const compared = comparison.kind === 'device';
  const after = settingsOf(draft);
  const changes = compareSettings(compared ? comparison.base.settings : after, after);
  const changedCount = compared ? changes.filter((change) => change.changed).length : 0;

  const entranceLabel = new Map(entranceChoices(state.entrances, draft.houses, wizard.addressOf).map((choice) => [choice.id, choice.label]));
  const show = (value: string) => (value.trim() === '' ? empty : value);
  const valueOf = (change: Change, side: 'before' | 'after'): ReactNode => {
    const value = change[side];
    switch (change.field) {
      case 'type':
        return typeof value === 'number' ? `${value} — ${deviceTypeName(value) ?? '?'}` : empty;
      case 'password':
        // The device's password is never shown beside a new one: only that it changes; the one sent can be read with the eye.
        return side === 'before' && change.changed ? t('deviceWizard.review.passwordOld') : <SecretText value={String(value ?? '')} empty={empty} />;
      case 'house':
        if (!compared) return wizard.addressOf(String(value));
        return value === null ? t('deviceWizard.review.houseOff') : t('deviceWizard.review.houseOn');
      case 'relay':
        if (value === null) return t('deviceWizard.review.noRelay');
        if (value === '') return t('deviceWizard.field.entrance.none');
        return entranceLabel.get(String(value)) ?? wizard.entranceTitleOf(String(value)) ?? (wizard.entrancesLoading ? t('deviceWizard.review.entranceLoading') : t('deviceWizard.review.entranceUnknown'));
      case 'sipDomain':
        return value === null ? t('deviceWizard.review.noSip') : String(value);
      case 'sipType':
        return value === null ? empty : String(value).toUpperCase();
      case 'devicePurpose':
        return value === null ? empty : purposes.label(value);
      case 'executorId': {
        if (value === null) return empty;
        const executor = wizard.executors.find((item) => item.id === value);
        return executor?.text ?? t('deviceWizard.field.executor.unknown', { id: value });
      }
      default:
        return value === null ? empty : show(String(value));
    }
  };
  const labelOf = (change: Change): string => {
    if (change.field === 'house') return compared ? wizard.addressOf(String(change.after ?? change.before)) : t('deviceWizard.review.house');
    if (change.field === 'relay') return t('deviceWizard.field.relay', { n: change.item ?? 0 });
    return t(FIELD_LABELS[change.field]);
  };
  const rows: Row[] = changes
    // No SIP account on either side: its port and transport say nothing.
    .filter((change) => !((change.field === 'sipPort' || change.field === 'sipType') && change.before === null && change.after === null))
    .map((change) => ({ change, label: labelOf(change), before: valueOf(change, 'before'), after: valueOf(change, 'after') }));
  const rowsOf = (step: Step): Row[] => {
    const own = rows.filter((row) => row.change.step === step);
    if (own.length > 0 || step !== 2) return own;
    return [{ change: { id: 'houses', step: 2, field: 'house', before: null, after: null, changed: false }, label: t('deviceWizard.field.houses'), before: empty, after: empty }];
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {missing.length > 0 ? (
        <Alert severity="warning">
          <Typography sx={{ mb: 1 }}>{t('deviceWizard.review.missing')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {missing.map(([field, key]) => (
              <Button key={field} variant="outlined" color="inherit" onClick={() => wizard.goTo(stepOfField(field))} sx={{ minHeight: 44 }}>
                {t(key)}
              </Button>
            ))}
          </Box>
        </Alert>
      ) : (
        wizard.view.state === 'none' && <Alert severity="success">{t('deviceWizard.review.ready')}</Alert>
      )}

      {comparison.kind === 'device' && (
        <Box role="status" sx={{ display: 'grid', gap: 0.25 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {changedCount === 0 ? t('deviceWizard.review.nothingChanges') : t('deviceWizard.review.changeCount', { count: changedCount })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(comparison.live ? 'deviceWizard.review.against' : 'deviceWizard.review.againstSaved', { date: format.dateTime(comparison.base.readAt) })}
          </Typography>
        </Box>
      )}
      {comparison.kind === 'new' && <Alert severity="info">{t('deviceWizard.review.new')}</Alert>}
      {comparison.kind === 'unknown' && <Alert severity="warning">{t('deviceWizard.review.unknown')}</Alert>}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        {SECTIONS.map(({ step, title }) => (
          <Section
            key={step}
            title={t(title)}
            stepLabel={stepLabels[step]}
            onEdit={() => wizard.goTo(step)}
            rows={rowsOf(step)}
            compared={compared}
          />
        ))}
      </Box>
    </Box>
  );
}
