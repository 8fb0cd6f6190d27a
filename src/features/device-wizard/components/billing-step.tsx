import { useT } from '@/features/device-wizard/messages';
import { useDictionary } from '@/lib/dictionaries';
import type { DeviceWizard } from '../use-device-wizard';
import { Choice, FieldGrid, TextInput } from './fields';

/** Step 5: billing data and the executor (billing {bsName, bsPort, fiasId, porchNum, devicePurpose, executorId, deviceOwner}). */
export function BillingStep({ wizard }: { wizard: DeviceWizard }) {
  const t = useT();
  const { draft, act, touch, shownError } = wizard;
  const { billing } = draft;
  const disabled = !wizard.editable;
  const purposes = useDictionary('device_purposes');
  const purposeKey = String(billing.devicePurpose);
  const purposeOptions = purposes.options.map((option) => ({ value: option.key, label: option.label }));
  // The default (1) stays selectable even before the dictionary has arrived (offline on first use).
  if (!purposeOptions.some((option) => option.value === purposeKey)) purposeOptions.unshift({ value: purposeKey, label: purposes.label(purposeKey) === t('common.notDefined') ? purposeKey : purposes.label(purposeKey) });
  const executorKey = billing.executorId === null ? '' : String(billing.executorId);
  const executorOptions = wizard.executors.map((executor) => ({ value: String(executor.id), label: executor.text }));
  if (executorKey !== '' && !executorOptions.some((option) => option.value === executorKey)) {
    executorOptions.push({ value: executorKey, label: t('deviceWizard.field.executor.unknown', { id: executorKey }) });
  }
  const text = (field: 'bsName' | 'bsPort' | 'fiasId' | 'porchNum' | 'deviceOwner', label: string, helper?: string) => (
    <TextInput
      label={label}
      code={field !== 'deviceOwner'}
      disabled={disabled}
      value={billing[field]}
      onChange={(value) => act({ type: 'billing', patch: { [field]: value } })}
      onBlur={() => touch(field)}
      error={shownError(field)}
      helper={helper}
    />
  );
  return (
    <FieldGrid>
      {text('bsName', t('deviceWizard.field.bsName'))}
      {text('bsPort', t('deviceWizard.field.bsPort'))}
      {text('fiasId', t('deviceWizard.field.fiasId'))}
      {text('porchNum', t('deviceWizard.field.porchNum'))}
      <Choice
        label={t('deviceWizard.field.devicePurpose')}
        disabled={disabled}
        value={purposeKey}
        options={purposeOptions}
        onChange={(value) => act({ type: 'billing', patch: { devicePurpose: Number(value) } })}
        error={shownError('devicePurpose')}
      />
      <Choice
        label={t('deviceWizard.field.executor')}
        disabled={disabled}
        value={executorKey}
        placeholder={t('deviceWizard.field.executor.none')}
        options={executorOptions}
        onChange={(value) => act({ type: 'billing', patch: { executorId: value === '' ? null : Number(value) } })}
      />
      {text('deviceOwner', t('deviceWizard.field.deviceOwner'), t('deviceWizard.field.deviceOwner.helper'))}
    </FieldGrid>
  );
}
