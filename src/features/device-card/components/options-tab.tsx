import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { BILLING_OPTION_KEYS, HARDWARE_REVISIONS } from '@contract/devices';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { PageSection } from '@/components/page-section';
import { useT, type FeatureMessageKey } from '@/features/device-card/messages';
import { useDictionary } from '@/lib/dictionaries';
import { setOptions } from '../api';
import {
  EDITABLE_MAIN_OPTIONS,
  INTEGER_OPTION_KEYS,
  applyOptions,
  changedOptions,
  checkField,
  normalisedPatch,
  optionField,
  optionFormValues,
  optionRule,
  type DeviceCard,
  type OptionFormValues,
} from '../model';
import { deviceCardQueries } from '../queries';
import { useCardUpdate } from '../use-card-update';
import { FormActions, FormSelect, FormText, type SelectChoice } from './fields';
import { FieldGrid, SectionGrid } from './section';

type OptionKey = (typeof EDITABLE_MAIN_OPTIONS)[number] | (typeof BILLING_OPTION_KEYS)[number];

const labelKey = (key: OptionKey): FeatureMessageKey => `card.option.${key}`;

interface OptionsFormProps {
  card: DeviceCard;
  canEdit: boolean;
  title: string;
  keys: readonly OptionKey[];
  selects?: Partial<Record<OptionKey, SelectChoice[]>>;
}

/** One options form: sends only the changed keys in PUT …/options. */
function OptionsForm({ card, canEdit, title, keys, selects = {} }: OptionsFormProps) {
  const t = useT();
  const mac = card.device.mac;
  const rows = [...card.mainOptions, ...card.billingOptions];
  const initial = optionFormValues(rows, keys);
  const form = useForm<OptionFormValues>({ values: initial, mode: 'onTouched' });
  const reasonText = useFieldReasonText();
  const update = useCardUpdate({
    mac,
    send: (patch: ReturnType<typeof changedOptions>) => setOptions(mac, patch),
    apply: (old, patch) => applyOptions(old, normalisedPatch(patch)),
    form: {
      setError: form.setError,
      fieldOf: (path) => {
        const key = keys.find((name) => path === `options.${name}`);
        return key ? optionField(key) : null;
      },
      reasonText,
    },
  });
  const readOnly = !canEdit;
  const disabled = update.pending;
  /** Only what the operator changed is sent, so only that is checked: a value stored before stays as it is. */
  const checkOf = (key: OptionKey) => {
    const rule = optionRule(key);
    const field = optionField(key);
    return rule ? (value: string) => (value === initial[field] ? null : checkField(rule, value)) : undefined;
  };

  const rangeHint = (key: OptionKey) => {
    const rule = optionRule(key);
    return rule?.kind === 'integer' ? t('card.range', { min: rule.min, max: rule.max }) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    const patch = changedOptions(initial, values);
    if (Object.keys(patch).length > 0) await update.run(patch);
  });

  return (
    <PageSection title={title} error={update.error}>
      <form onSubmit={submit} noValidate>
        <FieldGrid>
          {keys.map((key) => {
            const choices = selects[key];
            return choices ? (
              <FormSelect
                key={key}
                control={form.control}
                name={optionField(key)}
                label={t(labelKey(key))}
                choices={choices}
                emptyLabel={t('card.option.none')}
                readOnly={readOnly}
                disabled={disabled}
              />
            ) : (
              <FormText
                key={key}
                control={form.control}
                name={optionField(key)}
                label={t(labelKey(key))}
                secret={key === 'password'}
                numeric={INTEGER_OPTION_KEYS.has(key)}
                check={checkOf(key)}
                helperText={rangeHint(key)}
                readOnly={readOnly}
                disabled={disabled}
              />
            );
          })}
        </FieldGrid>
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} />
      </form>
    </PageSection>
  );
}

export function OptionsTab({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const t = useT();
  const purposes = useDictionary('device_purposes');
  const executors = useQuery(deviceCardQueries.executors());
  const mainKeys = EDITABLE_MAIN_OPTIONS.filter((key) => key !== 'systemInfo.revision' || card.mainOptions.some((row) => row.name === key && row.value !== null));
  return (
    <SectionGrid>
      <OptionsForm
        card={card}
        canEdit={canEdit}
        title={t('card.mainOptions')}
        keys={mainKeys}
        selects={{
          devicePurpose: purposes.options.map((option) => ({ value: option.key, label: option.label })),
          'systemInfo.revision': HARDWARE_REVISIONS.map((revision) => ({ value: String(revision), label: String(revision) })),
        }}
      />
      <OptionsForm
        card={card}
        canEdit={canEdit}
        title={t('card.billingOptions')}
        keys={BILLING_OPTION_KEYS}
        selects={{ billing_executorId: (executors.data ?? []).map((executor) => ({ value: String(executor.id), label: executor.text })) }}
      />
    </SectionGrid>
  );
}
