import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT, type FeatureMessageKey } from '@/features/device-card/messages';
import { useDictionary } from '@/lib/dictionaries';
import { errorMessage } from '@/lib/http';
import { notify } from '@/components/notifications/notify';
import type { DisplaySettings } from '@contract/devices';
import { getDisplayOption, setAudio, setDisplay, setDisplayOption, setEchoCancellation, setLevels, type DisplayOption } from '../api';
import {
  AUDIO_KEYS,
  LEVEL_KEYS,
  applyOptions,
  canUse,
  numberFormValues,
  optionText,
  parseInteger,
  parseNumberForm,
  type DeviceCard,
} from '../model';
import { useCardUpdate } from '../use-card-update';
import { FormActions, FormSelect, FormText } from './fields';
import { FieldGrid, Section, SectionGrid } from './section';

interface TabProps {
  card: DeviceCard;
  canEdit: boolean;
}

function AudioSection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const form = useForm({ values: numberFormValues(AUDIO_KEYS, card.device.options.audio) });
  const update = useCardUpdate({ mac, send: (audio: Record<(typeof AUDIO_KEYS)[number], number>) => setAudio(mac, audio), apply: (old, audio) => applyOptions(old, { audio }) });
  const submit = form.handleSubmit(async (values) => {
    const parsed = parseNumberForm(AUDIO_KEYS, values);
    if (!parsed.ok) form.setError(parsed.invalid, { message: t('card.integer') });
    else await update.run(parsed.value);
  });
  return (
    <Section title={t('card.audio')} error={update.error}>
      <form onSubmit={submit} noValidate>
        <FieldGrid>
          {AUDIO_KEYS.map((key) => (
            <FormText key={key} control={form.control} name={key} label={t(`card.audio.${key}`)} numeric required helperText={t('card.range', { min: 0, max: 100 })} disabled={!canEdit || update.pending} />
          ))}
        </FieldGrid>
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </Section>
  );
}

interface DisplayForm {
  welcomeText: string;
  infoText: string;
  brightness: string;
}

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
  const form = useForm<DisplayForm>({ values: initial });
  const [reading, setReading] = useState(false);
  const update = useCardUpdate({
    mac,
    send: ({ display, changed }: { display: DisplaySettings; changed: DisplayOption[] }) =>
      changed.length === 1 ? setDisplayOption(mac, changed[0], display[changed[0]]) : setDisplay(mac, display),
    apply: (old, { display }) => applyOptions(old, { display }),
  });
  const submit = form.handleSubmit(async (values) => {
    const brightness = parseInteger(values.brightness);
    if (brightness === null) {
      form.setError('brightness', { message: t('card.integer') });
      return;
    }
    const display: DisplaySettings = { welcomeText: values.welcomeText, infoText: values.infoText, brightness };
    const changed = (['welcomeText', 'infoText', 'brightness'] as const).filter((key) => values[key] !== initial[key]);
    if (changed.length > 0) await update.run({ display, changed });
  });
  const read = async () => {
    setReading(true);
    try {
      const names: DisplayOption[] = ['welcomeText', 'infoText', 'brightness'];
      const values = await Promise.all(names.map((name) => getDisplayOption(mac, name)));
      names.forEach((name, index) => form.setValue(name, optionText(values[index]), { shouldDirty: true }));
    } catch (error) {
      notify(errorMessage(error), { variant: 'error' });
    } finally {
      setReading(false);
    }
  };
  const disabled = !canEdit || update.pending;
  return (
    <Section
      title={t('card.display')}
      error={update.error}
      actions={
        <Button size="small" variant="outlined" onClick={() => void read()} disabled={reading}>
          {t('card.display.read')}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate>
        <FieldGrid>
          <FormText control={form.control} name="welcomeText" label={t('card.display.welcomeText')} disabled={disabled} />
          <FormText control={form.control} name="brightness" label={t('card.display.brightness')} numeric required helperText={t('card.range', { min: 0, max: 100 })} disabled={disabled} />
        </FieldGrid>
        <FormText control={form.control} name="infoText" label={t('card.display.infoText')} multiline disabled={disabled} />
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </Section>
  );
}

type LevelsForm = Record<(typeof LEVEL_KEYS)[number] | 'streamType', string>;

function LevelsSection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const streams = useDictionary('stream_type');
  const form = useForm<LevelsForm>({ values: { ...numberFormValues(LEVEL_KEYS, card.device.options.voltage), streamType: optionText(card.device.options.streamType) } });
  const update = useCardUpdate({
    mac,
    send: ({ levels, streamType }: { levels: Record<(typeof LEVEL_KEYS)[number], number>; streamType: number }) => setLevels(mac, levels, streamType),
    apply: (old, { levels, streamType }) => applyOptions(old, { voltage: levels, streamType }),
  });
  const submit = form.handleSubmit(async (values) => {
    const parsed = parseNumberForm(LEVEL_KEYS, values);
    if (!parsed.ok) {
      form.setError(parsed.invalid, { message: t('card.integer') });
      return;
    }
    const streamType = parseInteger(values.streamType);
    if (streamType === null) {
      form.setError('streamType', { message: t('card.required') });
      return;
    }
    await update.run({ levels: parsed.value, streamType });
  });
  const disabled = !canEdit || update.pending;
  return (
    <Section title={t('card.levels')} error={update.error ?? form.formState.errors.streamType?.message}>
      <form onSubmit={submit} noValidate>
        <FieldGrid>
          {LEVEL_KEYS.map((key) => (
            <FormText key={key} control={form.control} name={key} label={t(`card.levels.${key}` as FeatureMessageKey)} numeric required disabled={disabled} />
          ))}
          <FormSelect
            control={form.control}
            name="streamType"
            label={t('card.levels.streamType')}
            choices={streams.options.map((option) => ({ value: option.key, label: option.label }))}
            emptyLabel={t('common.notDefined')}
            disabled={disabled}
          />
        </FieldGrid>
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </Section>
  );
}

function EchoSection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const types = useDictionary('echo_cancellation_type');
  const form = useForm({ values: { echoCancellationType: optionText(card.device.options.echoCancellationType) } });
  const update = useCardUpdate({
    mac,
    send: (echoCancellationType: number) => setEchoCancellation(mac, echoCancellationType),
    apply: (old, echoCancellationType) => applyOptions(old, { echoCancellationType }),
  });
  const submit = form.handleSubmit(async (values) => {
    const type = parseInteger(values.echoCancellationType);
    if (type !== null) await update.run(type);
  });
  return (
    <Section title={t('card.echo')} error={update.error}>
      <form onSubmit={submit} noValidate>
        <FormSelect
          control={form.control}
          name="echoCancellationType"
          label={t('card.echo.type')}
          choices={types.options.map((option) => ({ value: option.key, label: option.label }))}
          emptyLabel={t('common.notDefined')}
          disabled={!canEdit || update.pending}
        />
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </Section>
  );
}

/** Audio, display, levels with stream type, echo cancellation: each shown only when the device can (spec §6). */
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
