import { DEVICE_TYPE_NAMES } from '@contract/devices';
import { useT } from '@/features/device-wizard/messages';
import type { DeviceWizard } from '../use-device-wizard';
import { Choice, FieldGrid, NumberInput, TextInput } from './fields';

const TYPE_OPTIONS = DEVICE_TYPE_NAMES.map((name, type) => ({ value: String(type), label: `${type} — ${name}` }));

/** Step 1: the device itself (draft: type, login, password, url, shift, vendor). */
export function DeviceStep({ wizard }: { wizard: DeviceWizard }) {
  const t = useT();
  const { draft, act, touch, shownError } = wizard;
  const disabled = !wizard.editable;
  return (
    <FieldGrid>
      <TextInput label={t('deviceWizard.field.mac')} value={draft.mac} onChange={() => undefined} readOnly code error={shownError('mac')} />
      <Choice
        label={t('deviceWizard.field.type')}
        required
        disabled={disabled}
        value={draft.type === null ? '' : String(draft.type)}
        placeholder={t('deviceWizard.field.type.none')}
        options={TYPE_OPTIONS}
        onChange={(value) => act({ type: 'device', patch: { type: value === '' ? null : Number(value) } })}
        onBlur={() => touch('type')}
        error={shownError('type')}
      />
      <TextInput
        label={t('deviceWizard.field.login')}
        required
        code
        disabled={disabled}
        value={draft.login}
        onChange={(login) => act({ type: 'device', patch: { login } })}
        onBlur={() => touch('login')}
        error={shownError('login')}
      />
      <TextInput
        label={t('deviceWizard.field.password')}
        code
        secret
        disabled={disabled}
        value={draft.password}
        onChange={(password) => act({ type: 'device', patch: { password } })}
        onBlur={() => touch('password')}
        error={shownError('password')}
        // The factory password is the default of a new device only.
        helper={draft.base ? undefined : t('deviceWizard.field.password.helper')}
      />
      <TextInput
        label={t('deviceWizard.field.url')}
        code
        inputMode="url"
        disabled={disabled}
        value={draft.url}
        onChange={(url) => act({ type: 'device', patch: { url } })}
        onBlur={() => touch('url')}
        error={shownError('url')}
        helper={t('deviceWizard.field.url.helper')}
      />
      <NumberInput
        label={t('deviceWizard.field.shift')}
        allowNegative
        disabled={disabled}
        value={draft.shift}
        invalidText={t('deviceWizard.error.number')}
        onChange={(shift) => act({ type: 'device', patch: { shift: shift ?? 0 } })}
        onReadChange={(read) => wizard.setNumberRead('shift', read)}
        onBlur={() => touch('shift')}
        error={shownError('shift')}
      />
      <TextInput
        label={t('deviceWizard.field.vendor')}
        disabled={disabled}
        value={draft.vendor}
        onChange={(vendor) => act({ type: 'device', patch: { vendor } })}
        onBlur={() => touch('vendor')}
        error={shownError('vendor')}
      />
    </FieldGrid>
  );
}
