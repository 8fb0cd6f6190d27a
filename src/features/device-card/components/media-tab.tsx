import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { PageSection } from '@/components/page-section';
import { useT, type FeatureMessageKey } from '@/features/device-card/messages';
import { useDictionary } from '@/lib/dictionaries';
import { errorMessage } from '@/lib/http';
import { notify } from '@/components/notifications/notify';
import { AUDIO_RULE, DISPLAY_RULES, LEVEL_RULE, type FieldRule } from '@contract/device-card-settings';
import type { DisplaySettings } from '@contract/devices';
import { getDisplayOption, setAudio, setDisplay, setDisplayOption, setEchoCancellation, setLevels, type DisplayOption } from '../api';
import {
  AUDIO_KEYS,
  LEVEL_KEYS,
  applyOptions,
  canUse,
  checkField,
  fieldUnder,
  numberFormValues,
  numbersOf,
  optionText,
  parseInteger,
  type DeviceCard,
} from '../model';
import { useCardUpdate } from '../use-card-update';
import { FormActions, FormSelect, FormText } from './fields';
import { FieldGrid, SectionGrid } from './section';

interface TabProps {
  card: DeviceCard;
  canEdit: boolean;
}

/** The check of a field by its contract rule. */
const checkBy = (rule: FieldRule) => (value: string) => checkField(rule, value);

type AudioForm = Record<(typeof AUDIO_KEYS)[number], string>;

function AudioSection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const reasonText = useFieldReasonText();
  const form = useForm<AudioForm>({ values: numberFormValues(AUDIO_KEYS, card.device.options.audio), mode: 'onTouched' });
  const update = useCardUpdate({
    mac,
    send: (audio: Record<(typeof AUDIO_KEYS)[number], number>) => setAudio(mac, audio),
    apply: (old, audio) => applyOptions(old, { audio }),
    form: { setError: form.setError, fieldOf: fieldUnder('audio.', AUDIO_KEYS), reasonText },
  });
  const submit = form.handleSubmit((values) => update.run(numbersOf(AUDIO_KEYS, values)));
  return (
    <PageSection title={t('card.audio')} error={update.error}>
      <form onSubmit={submit} noValidate>
        <FieldGrid>
          {AUDIO_KEYS.map((key) => (
            <FormText
              key={key}
              control={form.control}
              name={key}
              label={t(`card.audio.${key}`)}
              numeric
              required
              check={checkBy(AUDIO_RULE)}
              helperText={t('card.range', { min: AUDIO_RULE.min, max: AUDIO_RULE.max })}
              readOnly={!canEdit}
              disabled={update.pending}
            />
          ))}
        </FieldGrid>
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </PageSection>
  );
}

interface DisplayForm {
  welcomeText: string;
  infoText: string;
  brightness: string;
}

const DISPLAY_KEYS = ['welcomeText', 'infoText', 'brightness'] as const;

function displayFormValues(display: DisplaySettings | null | undefined): DisplayForm {
  return { welcomeText: display?.welcomeText ?? '', infoText: display?.infoText ?? '', brightness: optionText(display?.brightness) };
}

/**
 * One changed setting goes through POST …/display {option, data}; several through PUT …/display.
 * "Read from the device" asks GET …/display?optionName= for each setting.
 */
function DisplaySection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const initial = displayFormValues(card.device.options.display);
  const form = useForm<DisplayForm>({ values: initial, mode: 'onTouched' });
  const reasonText = useFieldReasonText();
  const [reading, setReading] = useState(false);
  const update = useCardUpdate({
    mac,
    send: ({ display, changed }: { display: DisplaySettings; changed: DisplayOption[] }) =>
      changed.length === 1 ? setDisplayOption(mac, changed[0], display[changed[0]]) : setDisplay(mac, display),
    apply: (old, { display }) => applyOptions(old, { display }),
    // PUT names `display.brightness`, the one-option POST just `brightness`.
    form: { setError: form.setError, fieldOf: (path) => fieldUnder('display.', DISPLAY_KEYS)(path) ?? fieldUnder('', DISPLAY_KEYS)(path), reasonText },
  });
  const submit = form.handleSubmit(async (values) => {
    const display: DisplaySettings = { welcomeText: values.welcomeText, infoText: values.infoText, brightness: parseInteger(values.brightness) ?? Number.NaN };
    const changed = DISPLAY_KEYS.filter((key) => values[key] !== initial[key]);
    if (changed.length > 0) await update.run({ display, changed });
  });
  const read = async () => {
    setReading(true);
    try {
      const values = await Promise.all(DISPLAY_KEYS.map((name) => getDisplayOption(mac, name)));
      DISPLAY_KEYS.forEach((name, index) => form.setValue(name, optionText(values[index]), { shouldDirty: true }));
    } catch (error) {
      notify(errorMessage(error), { variant: 'error' });
    } finally {
      setReading(false);
    }
  };
  const readOnly = !canEdit;
  const disabled = update.pending;
  return (
    <PageSection
      title={t('card.display')}
      error={update.error}
      actions={
        // Reading fills the form to be saved: a reader has nothing to do with it.
        canEdit && (
          <Button size="small" variant="outlined" onClick={() => void read()} disabled={reading}>
            {t('card.display.read')}
          </Button>
        )
      }
    >
      <form onSubmit={submit} noValidate>
        <FieldGrid>
          <FormText
            control={form.control}
            name="welcomeText"
            label={t('card.display.welcomeText')}
            check={checkBy(DISPLAY_RULES.welcomeText)}
            readOnly={readOnly}
            disabled={disabled}
          />
          <FormText
            control={form.control}
            name="brightness"
            label={t('card.display.brightness')}
            numeric
            required
            check={checkBy(DISPLAY_RULES.brightness)}
            helperText={t('card.range', { min: DISPLAY_RULES.brightness.min, max: DISPLAY_RULES.brightness.max })}
            readOnly={readOnly}
            disabled={disabled}
          />
        </FieldGrid>
        <FormText
          control={form.control}
          name="infoText"
          label={t('card.display.infoText')}
          multiline
          check={checkBy(DISPLAY_RULES.infoText)}
          readOnly={readOnly}
          disabled={disabled}
        />
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </PageSection>
  );
}

type LevelsForm = Record<(typeof LEVEL_KEYS)[number] | 'streamType', string>;

function LevelsSection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const streams = useDictionary('stream_type');
  const reasonText = useFieldReasonText();
  const form = useForm<LevelsForm>({
    values: { ...numberFormValues(LEVEL_KEYS, card.device.options.voltage), streamType: optionText(card.device.options.streamType) },
    mode: 'onTouched',
  });
  const update = useCardUpdate({
    mac,
    send: ({ levels, streamType }: { levels: Record<(typeof LEVEL_KEYS)[number], number>; streamType: number }) => setLevels(mac, levels, streamType),
    apply: (old, { levels, streamType }) => applyOptions(old, { voltage: levels, streamType }),
    form: { setError: form.setError, fieldOf: (path) => (path === 'streamType' ? 'streamType' : fieldUnder('levels.', LEVEL_KEYS)(path)), reasonText },
  });
  const submit = form.handleSubmit(async (values) => {
    const streamType = parseInteger(values.streamType);
    if (streamType === null) form.setError('streamType', { message: reasonText({ kind: 'required' }) });
    else await update.run({ levels: numbersOf(LEVEL_KEYS, values), streamType });
  });
  const readOnly = !canEdit;
  const disabled = update.pending;
  return (
    <PageSection title={t('card.levels')} error={update.error}>
      <form onSubmit={submit} noValidate>
        <FieldGrid>
          {LEVEL_KEYS.map((key) => (
            <FormText
              key={key}
              control={form.control}
              name={key}
              label={t(`card.levels.${key}` as FeatureMessageKey)}
              numeric
              required
              check={checkBy(LEVEL_RULE)}
              helperText={t('card.range', { min: LEVEL_RULE.min, max: LEVEL_RULE.max })}
              readOnly={readOnly}
              disabled={disabled}
            />
          ))}
          <FormSelect
            control={form.control}
            name="streamType"
            label={t('card.levels.streamType')}
            choices={streams.options.map((option) => ({ value: option.key, label: option.label }))}
            emptyLabel={t('common.notDefined')}
            readOnly={readOnly}
            disabled={disabled}
          />
        </FieldGrid>
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </PageSection>
  );
}

function EchoSection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const types = useDictionary('echo_cancellation_type');
  const reasonText = useFieldReasonText();
  const form = useForm({ values: { echoCancellationType: optionText(card.device.options.echoCancellationType) } });
  const update = useCardUpdate({
    mac,
    send: (echoCancellationType: number) => setEchoCancellation(mac, echoCancellationType),
    apply: (old, echoCancellationType) => applyOptions(old, { echoCancellationType }),
    form: { setError: form.setError, fieldOf: (path) => (path === 'echoCancellationType' ? 'echoCancellationType' : null), reasonText },
  });
  const submit = form.handleSubmit(async (values) => {
    const type = parseInteger(values.echoCancellationType);
    if (type === null) form.setError('echoCancellationType', { message: reasonText({ kind: 'required' }) });
    else await update.run(type);
  });
  return (
    <PageSection title={t('card.echo')} error={update.error}>
      <form onSubmit={submit} noValidate>
        <FormSelect
          control={form.control}
          name="echoCancellationType"
          label={t('card.echo.type')}
          choices={types.options.map((option) => ({ value: option.key, label: option.label }))}
          emptyLabel={t('common.notDefined')}
          readOnly={!canEdit}
          disabled={update.pending}
        />
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </PageSection>
  );
}

/** Audio, display, levels with stream type, echo cancellation: each shown only when the device can. */
export function MediaTab({ card, canEdit }: TabProps) {
  const device = card.device;
  return (
    <SectionGrid>
      {canUse(device, 'audio') && <AudioSection card={card} canEdit={canEdit} />}
      {canUse(device, 'display') && <DisplaySection card={card} canEdit={canEdit} />}
      {canUse(device, 'levels') && <LevelsSection card={card} canEdit={canEdit} />}
      {canUse(device, 'echoCancellation') && <EchoSection card={card} canEdit={canEdit} />}
    </SectionGrid>
  );
}
